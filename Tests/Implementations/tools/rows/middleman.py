"""The audit of ValentinWalter/Middleman: the app-facing rows, receive (middleman) and run (middleman-run). The row of the
CallbackURL value beneath them (middleman-callbackurl), which the README never shows, was retired in issue 37."""
from audit_rules import accepted, all_of, any_of, answered, behaviour, cause, detail, kind, op, tagged, vector_rule
from rows.shared import leading_slash_lost, shared


MM_REPO = "https://github.com/ValentinWalter/Middleman"
MM_COMMIT = "290398e1a834478935159ff7357b20b79a852304"
MM_PATCH = ("`patches/Middleman.patch` removes the MiddlemanCLI target and its network dependency, takes StringCase "
            "by path from a pinned checkout, and replaces `String.init`/`type.init` passed as a String-to-String "
            "transform in the decoder (ambiguous on Swift 6.x) by the identity closure, which every candidate "
            "initialiser equals. No line the adapter reaches changes behaviour: `Middleman.receive`, `ResponseURL`, "
            "`CallbackURL` and `toXCallbackURL` are untouched.")
MM_SCHEME_TRAP_PLATFORM = ("Middleman has no gate before it sets the scheme on `URLComponents`; on Apple platforms "
                           "`NSURLComponents` refuses an invalid scheme by raising an exception, so the app crashes "
                           "there too.")
RECEIVE_REFUSAL = answered(r"ResponseURL\(from:\) refused")

MIDDLEMAN = {
    "key": "middleman",
    "folder": "swift-libraries",
    "title": "ValentinWalter/Middleman (receive)",
    "implementation": "ValentinWalter/Middleman",
    "repository": MM_REPO,
    "commit": MM_COMMIT,
    "entryPoints": "Middleman.receiver set to the app's Receiver (its own scheme, receivingActions), then "
                   "Middleman.receive(url) for every incoming URL, the action's Input decoded by the library",
    "calls": "As the README does (\"Receiving urls\", \"Manually defining your url scheme\", \"Apps and Receivers\", "
             "\"Receiving Actions\"): the app sets `Middleman.receiver` to its `Receiver` (its scheme, and "
             "`receivingActions` holding the action asked for, named as the README names actions, without a `/`) and "
             "calls `Middleman.receive(url)`; what the action's `receive(input:)` gets, decoded by the library, is the "
             "answer. The URL `receive` is given is the value the app is opened with: a text `URL(string:)` refuses or "
             "rewrites (a raw space, control or non-ASCII character, a lone `%`, an invalid scheme) never reaches an "
             "app as written and is skipped. The row claims recognise and decode: what an app that receives does. "
             "Sending requests is the middleman-run row (Action.run), a separate entry point, as Advanced URI's "
             "routes are separate rows.",
    "patch": MM_PATCH,
    "platform": MM_SCHEME_TRAP_PLATFORM,
    "causes": [
        cause("refuses-third-party-requests", ["Sources/Middleman/Public/Middleman.swift:38", "Sources/Middleman/Public/ResponseURL.swift:30-32"],
              "`Middleman.receive` first reads every URL as a response to a request Middleman sent: `ResponseURL` "
              "throws unless the query holds `__middleman_response_type_identifier` (success, error or cancel) and "
              "`__middleman_response_id_identifier` (a UUID), so every request from another app is refused and "
              "no action is called",
              all_of(op("parse"), RECEIVE_REFUSAL)),
        cause("action-path-compared-with-slash", ["Sources/Middleman/Public/App/Receiver+receive.swift:13"],
              "a request that carries Middleman's own two identifiers passes `ResponseURL` and reaches "
              "`Receiver.receive`, which compares each receiving action's path (`act`, as the README names actions) "
              "with the URL's path (`/act`): no action is found, and the request is refused with `noActionFound`",
              all_of(op("parse"), answered(r"noActionFound"))),
    ],
    "behaviours": [
        behaviour("library-audit", "`Middleman.receive` refuses every URL without Middleman's own response identifiers, "
                  "so an app cannot receive a single third-party request (cause refuses-third-party-requests)",
                  ["XCU-JPJ3", "XCU-T64H", "XCU-UM5R", "XCU-2X2B", "XCU-FAPA"], "fail"),
        behaviour("library-audit", "`Receiver.receive` compares an action's path (`act`, as the README names actions) "
                  "with the URL's path (`/act`), so even a URL that passes `ResponseURL` reaches no action (cause "
                  "action-path-compared-with-slash)", ["XCU-38YD"], "fail"),
        behaviour("library-audit", "the decoder drops keys without `=` and values that are not UTF-8 "
                  "(CallbackURLDecoder.swift:26-29) and looks keys up snake-cased (KeyedContainer.swift:141)",
                  no_vector="the decoder runs only after both refusals above, i.e. for a response to a request the app "
                            "sent itself, which is the source app reading a callback; no vector operation covers it"),
        behaviour("D10", "host never compared: `ResponseURL` requires only some host (ResponseURL.swift:28), and "
                  "`CallbackURL(from:)` compares neither scheme nor host (CallbackURL.swift:36-45)",
                  ["XCU-3XVJ", "XCU-PKPN"], "masked"),
        behaviour("issue 37", "the public `CallbackURL(from:)` value beneath `receive`, which the README never shows, keeps "
                  "an item without a value as `(name, nil)` and a non-UTF-8 value as nil (CallbackURL.swift:40), reports "
                  "the scheme as written (:37) and keeps one of two equal reserved names (:15, :72-74); on the README's "
                  "path `receive` refuses every third-party request first (cause refuses-third-party-requests) and the "
                  "decoder drops items without a value (CallbackURLDecoder.swift:26-29), so no app sees those answers",
                  no_vector="the row that judged `CallbackURL(from:)` on its own (middleman-callbackurl) was retired in "
                            "issue 37: it judged a layer no documented path exposes"),
        behaviour("D18", "errorCode and errorMessage are read from a response to the app's own request (ResponseURL.swift:35-36)",
                  no_vector="that is the source app reading a callback, which no vector operation covers"),
        behaviour("issue 28", "a URL `URL(string:)` refuses or rewrites never reaches `receive` as written: the app is "
                  "opened with a URL value (swift-foundation, and Apple's Foundation from the iOS 17 / macOS 14 SDKs, "
                  "percent-encode raw controls, spaces and non-ASCII; earlier ones refuse them)",
                  ["XCU-4NZL", "XCU-9GQU", "XCU-EDBQ", "XCU-7XWX"], "skipped"),
    ],
}

MIDDLEMAN_RUN = {
    "key": "middleman-run",
    "folder": "swift-libraries",
    "title": "ValentinWalter/Middleman (run)",
    "implementation": "ValentinWalter/Middleman",
    "repository": MM_REPO,
    "commit": MM_COMMIT,
    "entryPoints": "requests through Action.run's toXCallbackURL(app:input:hasCallback:).url, an Input whose "
                   "properties are the parameters",
    "calls": "As the README does (\"Running an Action\"): requests are what `App.run(action:with:)` opens: "
             "`Action._run` builds the URL with `toXCallbackURL` and hands it to NSWorkspace/UIApplication "
             "(`Action+run.swift:24-45`); the adapter calls `toXCallbackURL` itself (`@testable import`, the debug "
             "build enables testing) and reads its `url`. The `Input` has one property per parameter, as `Mirror` sees "
             "a struct. Skipped, as inputs the API cannot take: x-source, x-success, x-error, x-cancel (Middleman sends "
             "no x-source and writes its own callbacks when run with a closure), a flag (a nil property is left out), "
             "an empty or repeated name (no type has such properties), and a name that is no Swift identifier (`a b`, "
             "`100%`, `x-success`: no property of an app's `Input` has it; only a Swift 6.2 raw identifier, after the "
             "library's swift-tools-version 5.4, could spell it). The row claims build-request only: receiving is the "
             "middleman row.",
    "patch": MM_PATCH,
    "platform": MM_SCHEME_TRAP_PLATFORM,
    "causes": [
        shared("adds-response-id", ["Sources/Middleman/Public/CallbackURL.swift:58", "Sources/Middleman/Public/CallbackURL.swift:62-69"]),
        cause("names-snake-cased", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:57"],
              "parameter names are the Input's property names passed through StringCase's `snakeCased()`, which "
              "keeps letters alone: the property `p1` is sent as `p`, `😀` as the empty name (`excludeTrashed` as "
              "`exclude_trashed`, as the README's Bear example wants)",
              all_of(op("build-request"), kind("wrong-result"), detail(r"parameters \(compared"))),
        cause("action-slash-kept", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:20",
                                    "Sources/Middleman/Internal/Convenience Extensions/String+prefixed.swift:13-19"],
              "the action's path is prefixed with `/` only when it lacks one, so the action `/open` is sent as the "
              "path `/open`, which reads back as the action `open`",
              any_of(all_of(op("build-request"), vector_rule("build-request-action-leading-slash"), accepted()),
                     leading_slash_lost)),
        shared("invalid-scheme-traps", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:82"]),
        shared("raw-plus-written", ["Sources/Middleman/Public/CallbackURL.swift:58"]),
        shared("builder-empty-action", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:20"]),
    ],
    "behaviours": [
        behaviour("D2", "the builder writes `+` raw (cause raw-plus-written)", ["XCU-WXWB"], "fail"),
        behaviour("D7", "a flag cannot be built: a nil property is left out (Action+toXCallbackURL.swift:63-65)",
                  no_vector="the flag vectors (XCU-Y4PU, XCU-A74S) are skipped: the API has no way to ask for a name without a value"),
        behaviour("D6", "repeated parameters cannot be built: no type has two properties of one name",
                  no_vector="XCU-TQS4 is skipped: the input cannot be expressed"),
        behaviour("D13", "a reserved name cannot be asked for: `x-success` and `x-foo` are no Swift identifiers, and the "
                  "property `xSuccess` is sent snake-cased as `x_success`",
                  no_vector="the vectors that ask for such a name (XCU-EJZU, XCU-G9QU) are skipped: no property of an app's "
                            "`Input` has it"),
        behaviour("D15", "x-success, x-error and x-cancel are Middleman's own URLs to `Middleman.receiver`, encoded by `URLComponents.queryItems`",
                  no_vector="a caller cannot choose them, so the nested-callback build vectors are skipped"),
        behaviour("D19", "every built URL carries `__middleman_response_id_identifier=<UUID>` (cause adds-response-id)",
                  [tagged("extra-parameters", "build-request")], None,
                  no_vector="the extra-parameters vectors were retired in suite 5.0.0 (the spec neither requires nor forbids more parameters); the run reports the name under extraParameters (declared or detected)"),
        behaviour("D20", "parameters are a Set and come out in no set order (declared `parameter-order: unordered`)", ["XCU-DUAX"], "pass"),
        behaviour("library-audit", "an invalid scheme traps in `URLComponents` when building (cause invalid-scheme-traps)", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "fail"),
        behaviour("library-audit", "the library never builds a callback on the target side",
                  no_vector="build-callback is not declared for this row: `receive(input:)` has no way to answer"),
        behaviour("this audit", "parameter names are snake-cased Input property names (cause names-snake-cased)", ["XCU-63AY", "XCU-5P4M"], "fail"),
        behaviour("issue 28", "a name that is no Swift identifier (`a b`, `100%`, `a&b`, `x-success`) names no property of "
                  "an app's `Input`; the adapter once made up such properties through `customMirror`",
                  ["XCU-DDPR", "XCU-3ZAK", "XCU-B96Q", "XCU-8LUH", "XCU-BCAM", "XCU-99Z7", "XCU-VQEY"], "skipped"),
    ],
}


ROWS = [MIDDLEMAN, MIDDLEMAN_RUN]
