"""The audit of kradenkov/swift-x-callback-url (row kradenkov, a builder only): its causes and behaviours."""
from audit_rules import accepted, all_of, any_of, answered, behaviour, cause, detail, kind, op, vector_rule
from rows.shared import leading_slash_lost, shared


KR_REPO = "https://github.com/kradenkov/swift-x-callback-url"
KRADENKOV = {
    "key": "kradenkov",
    "folder": "swift-libraries",
    "title": "kradenkov/swift-x-callback-url",
    "implementation": "kradenkov/swift-x-callback-url",
    "repository": KR_REPO,
    "commit": "a9a93964c56d504362fbdad20da874e29693d478",
    "entryPoints": "Action(name:parameters:), XCallbackParameters(source:onSuccess:onError:onCancel:) with Callback(url:) "
                   "values, URL.xCallbackURL(scheme:action:parameters:) (a builder only)",
    "calls": "As the README (\"Creating x-callback-url URLs\") does: an `Action` with the action's name and its "
             "parameters as `URLQueryItem`s, `XCallbackParameters` with the source and `Callback(url:)` values, then "
             "`URL.xCallbackURL(scheme:action:parameters:)`. A thrown error is a refusal. Skipped: a callback "
             "`URL(string:)` cannot read (the API takes `URL` values). The library has no receiving side, so parse "
             "and build-callback are not declared.",
    "patch": "None: the library builds on Linux as it is.",
    "platform": "",
    "causes": [
        shared("raw-plus-written", ["Sources/XCallbackURL/URL+XCallback.swift:36", "Sources/XCallbackURL/URL+XCallback.swift:85"]),
        shared("byte-order-mark-dropped", ["Sources/XCallbackURL/URL+XCallback.swift:81-85"],
               summary="the action's parameters are read back through Foundation's `queryItems`, which drops a leading "
              "byte-order mark when it decodes, and written again without it"),
        cause("action-outside-url-path-allowed-refused", ["Sources/XCallbackURL/Action.swift:28"],
              "an action with a character outside `CharacterSet.urlPathAllowed` (`écrire`, `new note`) is refused "
              "instead of percent-encoded",
              all_of(op("build-request"), answered(r"invalidAction"))),
        cause("leading-slash-folded", ["Sources/XCallbackURL/URL+XCallback.swift:60"],
              "an action that starts with `/` is taken as the path itself, so `/open` is written "
              "`app://x-callback-url/open`, which parses back as the action `open`",
              any_of(all_of(op("build-request"), vector_rule("build-request-action-leading-slash"), accepted()),
                     leading_slash_lost)),
        cause("empty-value-dropped", ["Sources/XCallbackURL/URL+XCallback.swift:74-79"],
              "an x-source or callback whose value is empty is left out (`guard let value, !value.isEmpty`), so a "
              "request asked with `x-source=` is built without it",
              # build-request-reserved-empty was retired in suite 5.0.0: a missing reserved field, where one was asked for
              all_of(op("build-request"), kind("wrong-result"), detail(r"^(x-source|x-success|x-error|x-cancel|source|success|error|cancel): expected \"\", got null"))),
        cause("callback-needs-host", ["Sources/XCallbackURL/Callback.swift:23-25"],
              "a callback URL must have a host, so Chrome's documented `com.myapp.callback://` is refused",
              all_of(op("build-request"), answered(r"missingHost"))),
    ],
    "behaviours": [
        behaviour("D2", "the builder writes `+` raw (cause raw-plus-written)", ["XCU-WXWB", "XCU-JASB"], "fail"),
        behaviour("D3", "a space is written %20", ["XCU-2NPG"], "pass"),
        behaviour("D7", "a flag is written as the bare name", ["XCU-Y4PU", "XCU-A74S"], "pass"),
        behaviour("D12", "an action outside `urlPathAllowed` is refused (cause action-outside-url-path-allowed-refused)", ["XCU-3CDW"], "fail"),
        behaviour("D12", "`new note` is refused too, which XCU-5CT4 accepts since 3.0.0 (no sentence requires accepting "
                  "every action name; a raw space must not be written)", ["XCU-5CT4"], "pass"),
        behaviour("D12", "a leading `/` in the action is folded into the path's own: `/open` is written "
                  "`app://x-callback-url/open`, which parses back as `open` (cause leading-slash-folded)", ["XCU-DGZ2"], "fail"),
        behaviour("D13", "action parameters starting with `x-` are refused, case-sensitively (Action.swift:32-36)", ["XCU-EJZU", "XCU-G9QU", "XCU-JCHH"], "pass"),
        behaviour("D15", "nested callbacks are encoded queryItems-style, which parses back", ["XCU-2NDX", "XCU-YSG8"], "pass"),
        behaviour("D15", "a raw `+` inside a nested callback is left raw (cause raw-plus-written)", ["XCU-GJ56", "XCU-SVBR"], "fail"),
        behaviour("D20", "parameters keep the order given", ["XCU-DUAX"], "pass"),
        behaviour("library-audit", "a callback needs a host: `com.myapp.callback://` is refused (cause callback-needs-host)", ["XCU-THFK"], "fail"),
        behaviour("library-audit", "the byte-order mark is dropped when the parameters are read back (cause byte-order-mark-dropped)", ["XCU-NJF9"], "fail"),
        behaviour("library-audit", "an empty x-source or callback is left out (cause empty-value-dropped)",
                  no_vector="the vectors of an empty reserved value built (XCU-43L4, XCU-NWV4) were retired in suite 5.0.0: "
                            "absent and empty leave the target with nothing to open alike"),
    ],
}

ROWS = [KRADENKOV]
