"""The audit of phimage/CallbackURLKit (row callbackurlkit): its causes with their lines, and its documented behaviours."""
from audit_rules import accepted, all_of, answered, any_of, behaviour, cause, detail, lacks, op, rejected, tag, tagged, vector_rule
from rows.shared import shared


CUK_REPO = "https://github.com/phimage/CallbackURLKit"

CALLBACKURLKIT = {
    "key": "callbackurlkit",
    "folder": "swift-libraries",
    "title": "phimage/CallbackURLKit",
    "implementation": "phimage/CallbackURLKit",
    "repository": CUK_REPO,
    "commit": "5411bfc17cd0787ac80c46f312c7235783ff9421",
    "entryPoints": "Manager(callbackURLScheme:) set to the app's own registered scheme, one handler per action "
                   "(manager[action] = { parameters, success, failure, cancel in … }) and Manager.handleOpen(url:); the "
                   "handler answers with success(nil), success([…]), failure(error) or cancel() as the README shows; "
                   "requests through Client(urlScheme:).perform(action:parameters:) on that Manager",
    "calls": "As the README (\"Setup framework with URL scheme\", \"Handle incoming URLs\", \"Add new action\") and "
             "`SampleApp/CallbackURLKitDemo/AppDelegate.swift` do: a `Manager` with the app's own scheme, a handler per "
             "action, every incoming URL handed to `Manager.handleOpen(url:)`, and the handler's answer given through "
             "one closure (`success(nil)` when it returns nothing, as the README and the sample's `success` action "
             "do). The app's scheme is the incoming URL's scheme lowercased when it is an RFC 3986 scheme (every "
             "vector addresses the app under test; apps register lowercase schemes), else a scheme of the app's own, "
             "so `TargetApp://` meets the library's exact comparison and `://…` is refused. The URL is the value the app "
             "is opened with: a text `URL(string:)` refuses or rewrites (`1app://…`, a raw space, control or non-ASCII "
             "character, a lone `%`) never reaches `handleOpen(url:)` as written and is skipped. The handler's "
             "parameters are the app's view of the request: x-source is among them on purpose (`Manager.swift:239-241`) "
             "and is read as the source, as the jasonnam row reads its delegate's dictionary. A URL that "
             "names no action has no handler (no app registers a nameless action). The callbacks are read by "
             "calling each closure on its own and recording the URL `Manager.open(url:)` would open. Requests go "
             "through a `Client` (README \"Create a client class\", `Clients/GoogleChrome.swift`) whose "
             "`appInstalled` answers as `UIApplication.canOpenURL` does on a device where the target app is "
             "installed: yes for any RFC 3986 scheme, no for `1app`, `my app`, `app:` or `\"\"`. A caller's own "
             "x-success/x-error/x-cancel are parameters (the library writes its own only for the closures of "
             "`perform(…onSuccess:…)`). Skipped, as inputs the API cannot take: a request with x-source, as its own "
             "field or as a parameter of that name (always the app's display name, written over the caller's), a flag or a repeated name (`Parameters` is `[String: String]`), an error code "
             "that is not an `Int`, an error or a cancel with x-source or parameters (the failure closure takes an "
             "error, the cancel closure nothing).",
    "patch": "`patches/CallbackURLKit.patch` gives `Client.appInstalled` the `#else` branch it lacks outside "
             "iOS/tvOS/macOS (without one the getter does not compile) and makes it answer `false`: Linux has no app "
             "to open. The adapter never reaches that line (its `Client` overrides `appInstalled`, an `open` "
             "property), so the patch changes no behaviour under test. The earlier patch answered `true`, which let "
             "`\"\"` and `app:` through to the `URLComponents.scheme` trap and made XCU-MAZX and XCU-XULD crash.",
    "platform": "`Client.appInstalled` (`Sources/Client.swift:40-50`) asks `UIApplication.canOpenURL` or `NSWorkspace` "
                "whether an app handles the scheme, and `Manager.send` refuses the request when none does "
                "(`Sources/Manager.swift:196-198`), before `Request.URLComponents` sets the scheme "
                "(`Sources/Request.swift:41`), the setter that traps on an invalid scheme. No app can be installed "
                "for `1app`, `my app` or `\"\"`, so on iOS and macOS those requests are refused, not crashes: "
                "XCU-PZZD, XCU-MAZX, XCU-XS8F and XCU-XULD pass here as they do there. One caveat for `app:`: "
                "Darwin's `URL(string: \"app:://dummy\")` has the scheme `app`, so on a device where an app "
                "registered `app` the gate opens and the setter traps; the adapter's device has only the "
                "requested target app installed.",
    "causes": [
        shared("scheme-compared-exactly", ["Sources/Manager.swift:73"]),
        shared("host-compared-exactly", ["Sources/Manager.swift:73"]),
        cause("adds-x-source", ["Sources/Manager.swift:200-201", "Sources/Manager.swift:269-274"],
              "every request it builds carries x-source with the app's display name (\"CallbackURLKit\" without one), "
              "asked for or not; the spec makes x-source optional and says nothing of a builder adding it",
              # build-request-nothing-added was retired in suite 5.0.0; the runner still reports the name it adds
              all_of(op("build-request"), tag("extra-parameters"))),
        shared("only-the-host-is-checked", ["Sources/Manager.swift:73"]),
        cause("bare-query-joined-with-ampersand", ["Sources/Extensions.swift:120-126"],
              "parameters are joined to a callback with '&' whenever it has a query, even an empty one or one "
              "ending in '&': `done?` becomes `done?&word=Hola`",
              all_of(op("build-callback"), detail(r"has an empty piece"))),
        shared("schemeless-callback-opened", ["Sources/Manager.swift:139-146"]),
        shared("unsafe-callback-opened", ["Sources/Manager.swift:139-146"]),
        cause("reserved-and-library-names-dropped", ["Sources/Manager.swift:234-237", "Sources/CallbackURLKit.swift:124-127"],
              "every name starting with `x-` (x-foo, x-Success, `x-success ` …) and the library's own requestID, "
              "responseType and response are removed before the handler sees the parameters",
              all_of(op("parse"), any_of(vector_rule("decode-unknown-x", "decode-reserved-case", "decode-reserved-lookalike",
                                                     "decode-request-id"),
                                         # a finding graded by another rule of its input: such a name expected among
                                         # the parameters, and missing from the answer
                                         lacks('["x-'), lacks('["requestID"'), lacks('["responseType"'),
                                         lacks('["response"')))),
        cause("unusable-callback-dropped", ["Sources/Manager.swift:140"],
              "a callback value that `URL(string:)` cannot read (empty, with raw braces, or an invalid port) is never opened, and "
              "the parameters hide that it was sent: `x-success=` reads as no x-success, and of `x-success=good%3A%2F%2Fok"
              "&x-success=` the last, empty one wins and is dropped",
              any_of(all_of(op("parse"), any_of(vector_rule("decode-duplicate-reserved"),
                                                # a callback value that is no URL (`7:`) reported as never opened
                                                detail(r'^(success|error|cancel): expected "[^"]+", got null$'))),
                     # the same `URL(string:)` refusing a callback the source app sent (an invalid port, `r://:8k`):
                     # the handler ran and nothing was opened
                     all_of(op("build-callback"), rejected(), answered(r"no callback opened")))),
        cause("undecodable-action-lost", ["Sources/Manager.swift:76-78"],
              "an action path that does not decode as UTF-8 is empty in Foundation's `url.path`, so no handler is "
              "found and the URL is refused",
              all_of(op("parse"), vector_rule("decode-non-utf8"), rejected())),
        cause("undecodable-value-kept-whole", ["Sources/Extensions.swift:57-59"],
              "a value that does not decode as UTF-8 is kept wholly undecoded (`removingPercentEncoding ?? self`), "
              "its valid escapes too: `%C3%28` stays `%C3%28`",
              all_of(op("parse"), vector_rule("decode-non-utf8"), accepted())),
        shared("byte-order-mark-dropped", ["Sources/Extensions.swift:58"],
               summary="Foundation's `removingPercentEncoding` drops a leading byte-order mark from a value"),
        shared("builder-writes-x-names", ["Sources/Request.swift:44", "Sources/Extensions.swift:66-75"]),
        shared("builder-empty-action", ["Sources/Request.swift:43"]),
    ],
    "behaviours": [
        behaviour("D1", "`+` in a query is read as a literal plus (Foundation decoding)", [tagged("D1", "parse")], "pass"),
        behaviour("D2", "the builder writes `+` as %2B", [tagged("D2")], "pass"),
        behaviour("D4", "`%zz` and a lone `%` never reach `handleOpen(url:)` as written: `URL(string:)` encodes the `%` as "
                  "`%25` before any app is opened with the URL", ["XCU-9F2T", "XCU-N2Q5", "XCU-UCML", "XCU-D77R"], "skipped"),
        behaviour("D4", "a bad escape beside a raw character Foundation does not allow: `URL(string:)` re-encodes the whole "
                  "query before the app is opened (swift-foundation#1190), so the library never sees the text as written",
                  ["XCU-54UN", "XCU-8ZDF", "XCU-KVW9", "XCU-NT77"], "skipped"),
        behaviour("issue 28", "on macOS, `registerToURLEvent()` hands the library the Apple event's text, which it reads with "
                  "its own `URL(string:)` (Manager.swift:285-288), so there a raw control, space or non-ASCII character "
                  "is percent-encoded by the library's own call and then decoded as data",
                  no_vector="the adapter drives `handleOpen(url:)`, the iOS path the README shows, where the app is handed "
                            "a URL value; vectors whose text `URL(string:)` rewrites or refuses are skipped (XCU-4NZL, "
                            "XCU-9GQU, XCU-EDBQ …). What `URL(string:)` makes of them is the foundation-urlcomponents "
                            "row's finding"),
        behaviour("D5", "a non-UTF-8 escape such as `%E9` is kept as written", ["XCU-BBJX", "XCU-XLXE", "XCU-VYN5"], "pass"),
        behaviour("D5", "a value holding a non-UTF-8 sequence keeps its valid escapes undecoded too", ["XCU-97Z3"], "fail"),
        behaviour("D6", "of a repeated parameter the last is kept", ["XCU-2CXC", "XCU-3F7H", "XCU-C34D"], "pass"),
        behaviour("D7", "a key without `=` is dropped", ["XCU-ZZUB", "XCU-59RH", "XCU-YYM8"], "pass"),
        behaviour("D8", "a value holding `=` is kept whole", [tagged("D8", "parse")], "pass"),
        behaviour("D9", "an unencoded nested callback is cut at its first `&`, as every splitter does", ["XCU-5TAS", "XCU-AHSW", "XCU-WXSH"], "pass"),
        behaviour("D10", "host case `X-Callback-URL` is refused (cause host-compared-exactly)", ["XCU-GGEF", "XCU-H725", "XCU-CMGE"], "fail"),
        behaviour("D11", "a percent-encoded host `x%2Dcallback-url` is accepted (Foundation's `url.host` decodes it)", ["XCU-J3SL", "XCU-NFK5"], "pass"),
        behaviour("D12", "`a/b` is the action `a/b`; an empty action finds no handler", ["XCU-AUDR", "XCU-ZSSY", "XCU-A2GA"], "pass"),
        behaviour("D13", "x- names other than x-source are removed before the handler sees them (`Manager.swift:234-237`); "
                  "since suite 5.0.0 dropping an unknown or miscased x- name passes (decode-unknown-x widened, "
                  "decode-reserved-case hardening)", ["XCU-WD88", "XCU-9DBG", "XCU-FBAC"], "pass"),
        behaviour("D14", "an encoded name `x%2Dsource` is x-source", [tagged("D14", "parse")], "pass"),
        behaviour("D15", "nested callbacks are encoded partially when building (`%3A//…?…%26`), which parses back", [tagged("D15", "build-request")], "pass"),
        behaviour("D16", "parameters are joined to a callback's query with `&`, keeping it; a bare `?` gives `?&` (cause bare-query-joined-with-ampersand)", ["XCU-YVVK", "XCU-2DK7", "XCU-EGB8"], "fail"),
        behaviour("D17", "parameters go before the callback's fragment", ["XCU-K4YW", "XCU-79U2"], "pass"),
        behaviour("D18", "errors are sent as errorCode and errorMessage", ["XCU-RBYB", "XCU-UWLG", "XCU-JM2Q"], "pass"),
        behaviour("D18", "a non-numeric errorCode (QuickAdd's `choice-not-found`) cannot be sent: `FailureCallbackError.code` is an Int",
                  no_vector="the vectors that send one (XCU-GZF2, XCU-AJCV) are skipped: the API has no way to say it, so no URL comes out to judge"),
        behaviour("D18", "a non-numeric errorCode received by the source app becomes 3 (missingErrorCode, Client.swift:75-83)",
                  no_vector="this is the source app reading a response to its own request, which no vector operation covers (parse vectors address the target app)"),
        behaviour("D19", "requestID and responseType are the library's own names and are removed from a target app's parameters (cause reserved-and-library-names-dropped)", ["XCU-H7UL"], "fail"),
        behaviour("D19", "requests are never expired, and a response with an unknown responseType leaves the request stored (Manager.swift:85-100)",
                  no_vector="expiry is time and the stored requests are state of the sending app; no URL shows them. The "
                            "perform round trip (results/callbackurlkit-round-trip.md) shows a response whose "
                            "responseType is not one of the three leaving its request stored"),
        behaviour("README", "`perform(…onSuccess:onFailure:onCancel:)` round trip, source app to target app and back: `+`, "
                  "`&`, `=`, `%`, `#`, a space, `é` and a nested callback URL survive as a request value, as a result "
                  "value and as a result name, and `success(nil)` and `cancel()` call their closures "
                  "(Manager.swift:195-232, :102-119, :84-100; Extensions.swift:29-51, 66-75)",
                  no_vector="a trip between two Managers (a request, the target's answer, the response read by the source "
                            "app's Manager and its closure) is no URL operation of the protocol; "
                            "`swift-library-adapter callbackurlkit-round-trip` runs it (run.sh writes "
                            "results/callbackurlkit-round-trip.md): every success case is kept"),
        behaviour("README", "the source app's `onFailure` gets errorCode as `code` and errorMessage only as the NSError's "
                  "failure reason: `FailureCallbackError.message`, the library's own way to read it, is the NSError's "
                  "`localizedDescription`, a sentence built around it (`The operation could not be completed. a+b` on "
                  "Linux) (Client.swift:77-85, CallbackURLKit.swift:79-91)",
                  no_vector="that is the source app reading a response to its own request, which no vector operation "
                            "covers; the perform round trip shows it for every message it sends "
                            "(results/callbackurlkit-round-trip.md, the failure cases)"),
        behaviour("README", "a target app's result named `requestID` or `responseType` replaces the library's own in the "
                  "response URL (of two equal names the last is read, Extensions.swift:29-41): the source app's Manager "
                  "finds no request, or no response type, calls no closure and keeps the request stored "
                  "(Manager.swift:84-101)",
                  no_vector="that is the source app reading a response to its own request; the perform round trip shows "
                            "both (results/callbackurlkit-round-trip.md, the cases named `requestID` and `responseType`)"),
        behaviour("D20", "parameters come out of a dictionary, in no set order (declared `parameter-order: unordered`)", [tagged("D20")], "pass"),
        behaviour("library-audit", "every built request carries x-source, the app's display name or \"CallbackURLKit\" (cause adds-x-source)",
                  [tagged("extra-parameters", "build-request")], None,
                  no_vector="the extra-parameters vectors were retired in suite 5.0.0 (the spec neither requires nor forbids more parameters); the run reports the name under extraParameters (declared or detected)"),
        behaviour("library-audit", "a callback with no scheme is still opened when `URL(string:)` reads it (cause schemeless-callback-opened)", ["XCU-8WCF", "XCU-7Z9T"], "fail"),
        behaviour("library-audit", "an empty callback is not opened, as the research had it: `URL(string: \"\")` is nil, so it is dropped unseen",
                  no_vector="the vectors of an empty reserved value (XCU-CKLQ, XCU-CE4W) were retired in suite 5.0.0: absent, "
                            "empty and refused leave the app with nothing to open alike"),
        behaviour("library-audit", "an error callback carries only errorCode and errorMessage: the failure closure takes an "
                  "error alone (`Sources/CallbackURLKit.swift:35`, `Sources/Manager.swift:110-113`), and the cancel "
                  "closure nothing (`:36`, `Sources/Manager.swift:115-117`), so an error or a cancel with x-source or "
                  "parameters cannot be asked for (skipped: the API cannot take it; issue 28 found the adapter dropping "
                  "them instead)", ["XCU-5JMQ", "XCU-K3CK", "XCU-K7ZZ"], "skipped"),
        behaviour("library-audit", "a success callback with nothing to add is opened unchanged (`success(nil)`)", ["XCU-EAXL", "XCU-79U2"], "pass"),
        behaviour("library-audit", "the scheme is compared exactly and case-sensitively: `Manager(\"targetapp\")` refuses `TargetApp://` (cause scheme-compared-exactly)", ["XCU-Z4X7", "XCU-CZQ6", "XCU-B894"], "fail"),
        behaviour("library-audit", "a URL with an empty scheme is refused by an app's Manager", ["XCU-LKWC"], "pass"),
        behaviour("library-audit", "a request to an invalid scheme is refused by the `appInstalled` gate before the `URLComponents.scheme` trap", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "pass"),
        behaviour("library-audit", "a caller's own x-success is silently replaced by the library's when the request also has an onSuccess closure (Manager.swift:212-216, Request.swift:44)",
                  no_vector="it needs a callback closure and a caller's x-success in one request; a build-request vector carries only URLs, and with x-success as a parameter and no closure the library keeps it (XCU-YSG8 passes)"),
        behaviour("issue 3, PR 4, PR 5, issue 6", "unencoded `&` inside nested callbacks lost requestID; fixed in df27538 (2016), before the pinned commit: callbacks are built encoded", ["XCU-YSG8", "XCU-2NDX", "XCU-RRHH"], "pass"),
        behaviour("PR 29", "errorCode and errorMessage, not error-Code, since 3.0", ["XCU-RBYB", "XCU-UWLG", "XCU-JM2Q"], "pass"),
        behaviour("issue 20, PR 24", "callbacks need the app's own callbackURLScheme set (a usage pitfall)",
                  no_vector="it is how an app is set up, not what a URL does; the adapter sets the scheme as the README says"),
    ],
}

ROWS = [CALLBACKURLKIT]
