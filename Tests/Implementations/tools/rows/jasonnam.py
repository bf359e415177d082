"""The audit of jasonnam/XCallbackURL (row jasonnam): its causes with their lines, and its documented behaviours."""
from audit_rules import all_of, answered, behaviour, cause, detail, op, role, vector_rule
from rows.shared import shared


JN_REPO = "https://github.com/jasonnam/XCallbackURL"
HANDLER = "Sources/XCallbackURL/XCallbackURLHandler.swift"
JASONNAM = {
    "key": "jasonnam",
    "folder": "swift-libraries",
    "title": "jasonnam/XCallbackURL",
    "implementation": "jasonnam/XCallbackURL",
    "repository": JN_REPO,
    "commit": "5ff83f94a39b6f8ccea753a6ebcc30fb5521b76f",
    "entryPoints": "XCallbackURLHandler(scheme:) with the app's own registered scheme and a delegate; "
                   "xCallbackURL(fromURL:) then handle(_:) for every incoming URL; the delegate's successCallback(nil) / "
                   "successCallback([…]) / errorCallback(error) / cancelCallback() and openCallbackURL(_:); "
                   "XCallbackURL(scheme:action:parameters:successCallbackURL:errorCallbackURL:cancelCallbackURL:).url",
    "calls": "The README documents installation only, so the adapter makes the calls the public API leaves an app: "
             "an `XCallbackURLHandler` for the app's own scheme (the incoming scheme lowercased when it is an RFC 3986 "
             "scheme, as for CallbackURLKit) with a delegate; for each URL `xCallbackURL(fromURL:)`, then "
             "`handle(_:)`, which hands the delegate the action, the parameters and the callback closures. The URL is "
             "the value the app is opened with: a text `URL(string:)` refuses or rewrites never reaches the handler as "
             "written and is skipped. The answer is what the delegate gets: x-success, x-error and x-cancel as the "
             "value's callback URLs, every other name among the parameters. The delegate's `[String: String]` is the "
             "app's whole view of the request and the library has no other place for the source, so an app reads it as "
             "`parameters[\"x-source\"]`; the adapter reports that entry as the source, as the CallbackURLKit row reads "
             "the same shape of dictionary. Callbacks are built "
             "by the delegate calling one closure (`successCallback(nil)` when it returns nothing) and recording "
             "what `openCallbackURL(_:)` is given. Requests: `XCallbackURL(…).url`, x-source as a parameter (the "
             "type has no member for it). Skipped: a flag or a repeated name (`[String: String]`), a callback "
             "`URL(string:)` cannot read or rewrites, a non-`Int` error code, an error or a cancel with x-source or "
             "parameters (`errorCallback` takes an error, `cancelCallback` nothing).",
    "patch": "None: the library builds on Linux as it is.",
    "platform": "The library has no platform gate: `XCallbackURL.url` sets the scheme on `URLComponents` unchecked "
                "(`Sources/XCallbackURL/XCallbackURL+URL.swift:32`), which raises on Apple platforms too.",
    "causes": [
        shared("scheme-compared-exactly", [HANDLER + ":86"]),
        shared("host-compared-exactly", [HANDLER + ":91"]),
        cause("one-path-segment-only", [HANDLER + ":95-98"],
              "an action must be exactly one path segment, so `dropbox/addphoto`, `a/b/c`, `1.0/lookup`, `a/b/` "
              "and `../../etc/passwd` are refused (the scheme and host of these URLs pass lines 86-93: the path is "
              "what is refused)",
              all_of(role("decode"), answered(r"notXCallbackURL"))),
        cause("empty-path-segment-dropped", [HANDLER + ":95-96", HANDLER + ":136"],
              "Foundation's `url.pathComponents` leaves out the empty segment of `//open`, so the one-segment check "
              "passes and `url.lastPathComponent` gives the action `open`, not `/open`: the leading '/' of an action "
              "is lost",
              all_of(op("parse"), vector_rule("decode-action-leading-slash"))),
        cause("callback-reencoded-at-parse", [HANDLER + ":108"],
              "a callback value, already decoded, is percent-encoded again with `.urlQueryAllowed` before it becomes "
              "a URL: its inner escapes are doubled (`%26` becomes `%2526`) and its `#` becomes `%23`",
              all_of(op("parse"), detail(r"(success|error|cancel): expected"))),
        shared("invalid-scheme-traps", ["Sources/XCallbackURL/XCallbackURL+URL.swift:32"]),
        cause("callback-query-rebuilt", [HANDLER + ":48-51", HANDLER + ":58-62"],
              "the success and error closures rebuild the callback's query from Foundation's `queryItems` and set "
              "it back: with nothing to add `acceptTranslation` opens as `acceptTranslation?`, the empty piece of "
              "`id=7&` stays (`id=7&&word=Hola`), `%2B` comes back as a raw `+` and a raw space as `%20`",
              all_of(op("build-callback"), detail(r"has an empty piece|with nothing after it|does not start with the callback URL"))),
        shared("only-the-host-is-checked", [HANDLER + ":90-93"]),
        cause("unreadable-callback-fails-request", [HANDLER + ":107-127"],
              "a callback value that is no URL, the empty one included (a bare `x-success`, or `x-success=` after "
              "another), fails the whole request instead of that callback",
              all_of(op("parse"), answered(r"invalid(Success|Error|Cancel)CallbackURL"))),
        cause("empty-pieces-as-parameters", [HANDLER + ":105-107", HANDLER + ":129"],
              "the empty piece of `&&`, a leading or a trailing `&` becomes a parameter with an empty name and "
              "value",
              all_of(op("parse"), vector_rule("decode-empty-pieces"))),
        cause("non-utf8-value-becomes-empty", [HANDLER + ":105-107", HANDLER + ":136"],
              "Foundation's `queryItems` gives a value that does not decode as UTF-8 as nil, which the handler "
              "reads as \"\" (`:107`), and such a name as \"\", which the handler copies (`:106`); an action path that "
              "does not decode becomes the empty action",
              all_of(op("parse"), vector_rule("decode-non-utf8", "decode-never-latin1"))),
        shared("byte-order-mark-dropped", [HANDLER + ":105"]),
        shared("raw-plus-written", ["Sources/XCallbackURL/XCallbackURL+URL.swift:45", HANDLER + ":51"]),
        shared("schemeless-callback-opened", [HANDLER + ":46-55"]),
        shared("unsafe-callback-opened", [HANDLER + ":46-71"]),
        shared("builder-writes-x-names", ["Sources/XCallbackURL/XCallbackURL+URL.swift:35"]),
        shared("builder-empty-action", ["Sources/XCallbackURL/XCallbackURL+URL.swift:34"]),
    ],
    "behaviours": [
        behaviour("D1", "`+` is read as a literal plus", ["XCU-CJK5", "XCU-KQBC", "XCU-6UBQ"], "pass"),
        behaviour("D2", "the builder writes `+` raw (cause raw-plus-written)", ["XCU-WXWB", "XCU-JASB", "XCU-7FGF"], "fail"),
        behaviour("D4", "`%zz` and a lone `%` never reach the handler as written: `URL(string:)` encodes the `%` as `%25` "
                  "before any app is opened with the URL", ["XCU-9F2T", "XCU-N2Q5"], "skipped"),
        behaviour("D5", "a non-UTF-8 value becomes \"\" (cause non-utf8-value-becomes-empty)", ["XCU-BBJX", "XCU-XLXE"], "fail"),
        behaviour("D6", "of a repeated parameter the last is kept", ["XCU-2CXC", "XCU-3F7H"], "pass"),
        behaviour("D7", "a key without `=` is read as the empty string (`flag=`)", ["XCU-ZZUB", "XCU-59RH"], "pass"),
        behaviour("D7", "a bare x-success, x-error or x-cancel is the URL \"\", which fails the whole request (cause unreadable-callback-fails-request)", ["XCU-KGJA", "XCU-689L", "XCU-5UJV"], "fail"),
        behaviour("D10", "host case `X-Callback-URL` is refused (cause host-compared-exactly)", ["XCU-GGEF", "XCU-H725", "XCU-CMGE"], "fail"),
        behaviour("D12", "multi-segment actions are refused (cause one-path-segment-only)", ["XCU-AUDR", "XCU-4TQ5"], "fail"),
        behaviour("D13", "x- names are kept as action parameters", ["XCU-WD88", "XCU-FBAC"], "pass"),
        behaviour("D15", "callback values are re-encoded at parse, doubling their escapes (cause callback-reencoded-at-parse)", ["XCU-FAPA", "XCU-LG3X", "XCU-E75M"], "fail"),
        behaviour("D16", "a callback's query is re-serialised when parameters are appended (cause callback-query-rebuilt)", ["XCU-TSZL", "XCU-2DK7"], "fail"),
        behaviour("D17", "a received callback's `#` is turned into query text, `%23` (cause callback-reencoded-at-parse)", ["XCU-SAE9", "XCU-D52D", "XCU-7AAV"], "fail"),
        behaviour("D17", "when a callback is built, the parameters go before its fragment", ["XCU-K4YW"], "pass"),
        behaviour("D18", "errors are sent as errorCode and errorMessage", ["XCU-RBYB", "XCU-JM2Q"], "pass"),
        behaviour("D20", "parameters come out of a dictionary, in no set order (declared `parameter-order: unordered`)", ["XCU-DUAX", "XCU-6UGP"], "pass"),
        behaviour("library-audit", "an empty success callback opens `…?` (cause callback-query-rebuilt)", ["XCU-EAXL"], "fail"),
        behaviour("library-audit", "an error callback carries only errorCode and errorMessage and a cancel callback "
                  "nothing: `errorCallback` takes an error (`Sources/XCallbackURL/ErrorCallback.swift:26`, "
                  "`XCallbackURLHandler.swift:56-66`) and `cancelCallback` no arguments (`CancelCallback.swift:26`, "
                  "`:67-71`), so an error or a cancel with x-source or parameters cannot be asked for (skipped: the API "
                  "cannot take it; issue 28 found the adapter dropping them instead)",
                  ["XCU-5JMQ", "XCU-K3CK", "XCU-K7ZZ"], "skipped"),
        behaviour("library-audit", "`&&` gives a `[\"\", \"\"]` pair (cause empty-pieces-as-parameters)", ["XCU-5MGP", "XCU-44AS"], "fail"),
        behaviour("library-audit", "builds trap on an invalid scheme (cause invalid-scheme-traps)", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "fail"),
        behaviour("library-audit", "the scheme is compared exactly: a handler for `targetapp` refuses `TargetApp://` (cause scheme-compared-exactly)", ["XCU-B894"], "fail"),
        behaviour("library-audit", "x-source is left among the delegate's parameters, the one place an app can find it, as "
                  "CallbackURLKit's handler has it; read from there it is the source (issue 28: the two rows read one "
                  "shape of dictionary one way)", ["XCU-T64H", "XCU-JPJ3", "XCU-G674", "XCU-JRQ4", "XCU-QN7A", "XCU-AZR2"], "pass"),
        behaviour("library-audit", "a space in a callback's scheme (`source%20app://…`) fails the whole request", [], None,
                  proposed="parse `tgt://x-callback-url/act?x-success=source%20app%3A%2F%2Fx-callback-url%2Fok&a=1`, "
                           "expect anyOf [accept {scheme tgt, action act, success \"source app://x-callback-url/ok\", "
                           "parameters [[a, 1]]}, reject invalid-callback-url], should, cite xcu-x-success and "
                           "silent-nested-encoding: a receiver may refuse a callback that is no URL, but the action's own "
                           "parameters are not the callback's; jasonnam answers invalidSuccessCallbackURL for the whole "
                           "request (XCallbackURLHandler.swift:108-115), which the anyOf allows, so a stricter "
                           "expectation (accept only) would be what shows it"),
    ],
}

ROWS = [JASONNAM]
