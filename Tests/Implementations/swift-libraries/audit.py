#!/usr/bin/env python3
"""Writes the failure audit of each library row: ../audit/<key>.json and ../audit/<key>.md.

Each row's causes are written here once, with the library line that produces them and a rule that
picks the failures they explain out of ../results/<key>.json. Every failure of the results file must
fall to exactly one cause (the first whose rule matches); the script stops, listing them, when a must
failure falls to none, and lists should-level ones it cannot place. Each documented behaviour
(../../../../shared/research/divergences.md rows D1-D20 and the issue table, library-audit.md) names
the vectors that catch it and whether they fail or pass; the script checks that they do.

    ./audit.py                 every row
    ./audit.py callbackurlkit  one row
    ./audit.py --results DIR   read the result files from DIR instead of ../results
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "..", "results")
AUDIT = os.path.join(HERE, "..", "audit")
LEVELS = ["must", "should", "implementation-defined", "hardening"]


# MARK: - Rules

def ids(*names):
    wanted = set(names)
    return lambda r: r["id"] in wanted


def op(name):
    return lambda r: r["operation"] == name


def kind(*names):
    return lambda r: r["failureKind"] in names


def desc(pattern):
    return lambda r: re.search(pattern, r.get("description", "")) is not None


def tag(name):
    return lambda r: name in r.get("tags", [])


def answer_text(r):
    return json.dumps(r.get("answer"), ensure_ascii=False)


def answered(pattern):
    """The target's answer (as JSON text) matches the pattern."""
    return lambda r: re.search(pattern, answer_text(r)) is not None


def detail(pattern):
    return lambda r: re.search(pattern, r.get("detail", "")) is not None


def all_of(*rules):
    return lambda r: all(rule(r) for rule in rules)


def any_of(*rules):
    return lambda r: any(rule(r) for rule in rules)


def accepted_requests(expect):
    """Every REQUEST an expectation accepts, through anyOf and choice."""
    if "accept" in expect:
        yield expect["accept"]
    for alternative in expect.get("anyOf", []):
        yield from accepted_requests(alternative)
    for outcome in expect.get("outcomes", {}).values():
        yield from accepted_requests(outcome)


def same_request(got, want):
    fields = ["scheme", "action", "source", "success", "error", "cancel"]
    if any(got.get(f) != want.get(f) for f in fields):
        return False
    return sorted(map(tuple, got["parameters"]), key=repr) == sorted(map(tuple, want["parameters"]), key=repr)


def only_if_source_lifted(r):
    """The answer equals an accepted request once its x-source parameter is read as the source."""
    got = (r.get("answer") or {}).get("accepted")
    if not isinstance(got, dict) or "parameters" not in got:
        return False
    sources = [p for p in got["parameters"] if p[0] == "x-source"]
    if not sources:
        return False
    lifted = dict(got, source=sources[-1][1], parameters=[p for p in got["parameters"] if p[0] != "x-source"])
    return any(same_request(lifted, want) for want in accepted_requests(r.get("expected", {})))


CONTROL = r"raw (0x[01][0-9A-F]|NUL|CR|LF|TAB|DEL|CR LF)|line breaks|raw LF|\(control\)"
NON_UTF8 = r"not UTF-8|overlong|surrogate|above U\+10FFFF|lone (lead|continuation)|truncated four-byte|Latin-1"
UNSAFE = r"Refuse to open a (javascript|data|file|vbscript)"
SCHEMELESS = r"^Callback '.*' has no valid scheme"
RESERVED_BUILD = r"^Build with (an action parameter named x-|x-foo after)"
REENCODE = r"swift-foundation#1190|raw non-ASCII|Raw non-ASCII|raw braces|\{\{title\}\}|holds a '%' without two hex digits|red%20%text"


def cause(id, source, summary, match):
    return {"id": id, "source": source, "summary": summary, "match": match}


# Causes that more than one library has, said once: (summary, rule). A row names the library lines.
SHARED = {
    "adds-response-id": (
        "every URL it builds carries `__middleman_response_id_identifier=<UUID>`, asked for or not; the spec "
        "defines no request identifier and is silent on a builder adding one",
        tag("extra-parameters")),
    "host-compared-exactly": (
        "the host is compared byte for byte with \"x-callback-url\", so X-Callback-URL is refused although "
        "hosts are case-insensitive (RFC 3986 §3.2.2)",
        desc(r"^Host .* is x-callback-url: hosts are case-insensitive")),
    "only-the-host-is-checked": (
        "only the host is compared, so userinfo and a port pass unseen; Foundation reads "
        "`tgt://evil.example\\@x-callback-url/go` as userinfo `evil.example\\` before host x-callback-url, "
        "although a backslash is no URI character",
        any_of(ids("XCU-LHTD"), desc(r"userinfo or port"))),
    "host-mapped-by-foundation": (
        "the host compared is Foundation's after IDNA mapping (UTS #46), so a Kelvin sign or a fullwidth ｘ "
        "compares equal to x-callback-url",
        desc(r"Kelvin sign|fullwidth")),
    "scheme-compared-exactly": (
        "the scheme is compared byte for byte with the app's registered one, so `TargetApp://` does not reach "
        "the app that registered `targetapp`, although schemes are case-insensitive (RFC 3986 §3.1)",
        desc(r"^Scheme TargetApp")),
    "error-callback-code-and-message-only": (
        "the error closure takes an error alone and appends errorCode and errorMessage only, so an error "
        "callback cannot carry x-source or other parameters (the spec asks for \"at least\" those two)",
        all_of(op("build-callback"), desc(r"^Error with (extra parameters|x-source)"))),
    "cancel-callback-takes-nothing": (
        "the cancel closure takes no parameters and opens x-cancel as given, so x-source or a result "
        "parameter cannot be sent with it",
        desc(r"^Cancel with")),
    "schemeless-callback-opened": (
        "a callback is opened whenever Foundation reads it as a URL, so `/done`, `done`, `//host/done` and "
        "`:done`, which name no app, are opened",
        desc(SCHEMELESS)),
    "unsafe-callback-opened": (
        "javascript:, data:, file: and vbscript: callbacks are opened like any other",
        desc(UNSAFE)),
    "raw-controls-read-as-data": (
        "a raw control character or line break reaches the app as data: Foundation's `URL(string:)` "
        "percent-encodes it and the library decodes it",
        all_of(op("parse"), desc(CONTROL))),
    "whole-query-reencoded-by-foundation": (
        "one character `URL(string:)` does not allow (raw é, a brace, a lone '%') makes swift-foundation "
        "re-encode the whole query (swift-foundation#1190), so every valid escape next to it reaches the app "
        "still encoded",
        all_of(op("parse"), desc(REENCODE))),
    "byte-order-mark-dropped": (
        "Foundation's `queryItems` drops a leading byte-order mark when it decodes a value",
        desc(r"byte-order mark")),
    "invalid-scheme-traps": (
        "the scheme is set on `URLComponents` unchecked, and Foundation traps on `1app`, `my app`, `app:` or "
        "`\"\"`: the app crashes",
        all_of(op("build-request"), kind("crashed"))),
    "raw-plus-written": (
        "values go through `URLComponents.queryItems`, which leaves `+` raw (nested callbacks and results "
        "included); receivers that read `+` as a space get another value",
        all_of(kind("encoding-rule"), detail(r"raw '\+'"))),
    "builder-writes-x-names": (
        "action parameters are written as given, so a request gets parameters named x-success, x-source or "
        "x-foo",
        desc(RESERVED_BUILD)),
    "builder-empty-action": (
        "an empty action is written as the path `/`",
        all_of(op("build-request"), desc(r"empty action"))),
}


def shared(id, source, summary=None):
    """A cause of SHARED at this library's lines, with its own summary where it says more."""
    common, match = SHARED[id]
    return cause(id, source, summary or common, match)


VERDICTS = {"fail": "fail", "pass": "pass: an allowed behaviour",
            "masked": "pass, only because an earlier refusal stops every such URL"}


def behaviour(row, text, vectors=None, verdict=None, no_vector=None, proposed=None):
    """A documented behaviour: the vectors that catch it and whether they 'fail' or 'pass', or why none can."""
    return {"row": row, "behaviour": text, "vectors": vectors or [], "verdict": verdict,
            "noVector": no_vector, "proposed": proposed}


# MARK: - The rows

ROWS = {}  # one entry per result file


def tagged(name, operation=None):
    """Every vector of the results with this tag (and operation) that ran, resolved when the audit is written."""
    return ("tag", name, operation)


CUK_REPO = "https://github.com/phimage/CallbackURLKit"

ROWS["callbackurlkit"] = {
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
             "so `TargetApp://` meets the library's exact comparison and `://…`, `1app://…` are refused. A URL that "
             "names no action has no handler (no app registers a nameless action). The callbacks are read by "
             "calling each closure on its own and recording the URL `Manager.open(url:)` would open. Requests go "
             "through a `Client` (README \"Create a client class\", `Clients/GoogleChrome.swift`) whose "
             "`appInstalled` answers as `UIApplication.canOpenURL` does on a device where the target app is "
             "installed: yes for any RFC 3986 scheme, no for `1app`, `my app`, `app:` or `\"\"`. A caller's own "
             "x-success/x-error/x-cancel are parameters (the library writes its own only for the closures of "
             "`perform(…onSuccess:…)`). Skipped, as inputs the API cannot take: a request with x-source (always the "
             "app's display name), a flag or a repeated name (`Parameters` is `[String: String]`), an error code "
             "that is not an `Int`.",
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
        cause("adds-x-source", ["Sources/Manager.swift:200-201", "Sources/Manager.swift:269-274"],
              "every request it builds carries x-source with the app's display name (\"CallbackURLKit\" without one), "
              "asked for or not; the spec makes x-source optional and says nothing of a builder adding it",
              tag("extra-parameters")),
        shared("host-compared-exactly", ["Sources/Manager.swift:73"]),
        shared("only-the-host-is-checked", ["Sources/Manager.swift:73"]),
        shared("host-mapped-by-foundation", ["Sources/Manager.swift:73"]),
        shared("scheme-compared-exactly", ["Sources/Manager.swift:73"]),
        cause("bare-query-joined-with-ampersand", ["Sources/Extensions.swift:120-126"],
              "parameters are joined to a callback with '&' whenever it has a query, even an empty one or one "
              "ending in '&': `done?` becomes `done?&word=Hola`",
              detail(r"has an empty piece")),
        shared("error-callback-code-and-message-only", ["Sources/Manager.swift:110-113", "Sources/CallbackURLKit.swift:35"]),
        shared("cancel-callback-takes-nothing", ["Sources/Manager.swift:115-117", "Sources/CallbackURLKit.swift:36"]),
        cause("callback-reencoded-by-foundation", ["Sources/Manager.swift:140-143"],
              "the callback is rebuilt through `URL(string:)` and `URLComponents`, and Foundation percent-encodes "
              "the raw space of `done?q=a b`, so the callback's own query is not kept byte for byte",
              all_of(op("build-callback"), detail(r"does not start with the callback URL"))),
        shared("schemeless-callback-opened", ["Sources/Manager.swift:139-146"]),
        shared("unsafe-callback-opened", ["Sources/Manager.swift:139-146"]),
        cause("reserved-and-library-names-dropped", ["Sources/Manager.swift:234-237", "Sources/CallbackURLKit.swift:124-127"],
              "every name starting with `x-` (x-foo, x-Success, `x-success ` …) and the library's own requestID, "
              "responseType and response are removed before the handler sees the parameters",
              all_of(op("parse"), any_of(tag("D13"), tag("D19"), desc(r"^Name x-success%")))),
        cause("unusable-callback-dropped", ["Sources/Manager.swift:140"],
              "a callback value that `URL(string:)` cannot read (empty, or with raw braces) is never opened, and "
              "the parameters hide that it was sent: `x-success=` reads as no x-success",
              any_of(ids("XCU-KH7V", "XCU-CFPG"), all_of(op("parse"), desc(r"present and empty|with no value is present")))),
        shared("raw-controls-read-as-data", ["Sources/Manager.swift:286", "Sources/Extensions.swift:37"],
               summary="a raw control character or line break reaches the app as data: Foundation's `URL(string:)` (the "
              "library's own call on macOS; the system's on iOS) percent-encodes it and the library decodes it"),
        shared("whole-query-reencoded-by-foundation", ["Sources/Manager.swift:80", "Sources/Manager.swift:286"],
               summary="one character `URL(string:)` does not allow (raw é, a brace, a lone '%') makes swift-foundation "
              "re-encode the whole query (swift-foundation#1190), so every valid escape next to it reaches the "
              "app still encoded (`%41`, `%C3%A9`, `src%3A%2F%2Fok`)"),
        cause("undecodable-value-kept-whole", ["Sources/Extensions.swift:57-59"],
              "a value that does not decode as UTF-8 is kept wholly undecoded (`removingPercentEncoding ?? self`), "
              "its valid escapes too: `%C3%28` stays `%C3%28`",
              all_of(op("parse"), desc(r"%C3%28"))),
        cause("undecodable-action-lost", ["Sources/Manager.swift:76-78"],
              "an action path that does not decode as UTF-8 is empty in Foundation's `url.path`, so no handler is "
              "found and the URL is refused",
              all_of(op("parse"), desc(r"^Action with an overlong"))),
        shared("byte-order-mark-dropped", ["Sources/Extensions.swift:58"],
               summary="Foundation's `removingPercentEncoding` drops a leading byte-order mark from a value"),
        shared("builder-writes-x-names", ["Sources/Request.swift:44", "Sources/Extensions.swift:66-75"]),
        shared("builder-empty-action", ["Sources/Request.swift:43"]),
    ],
    "behaviours": [
        behaviour("D1", "`+` in a query is read as a literal plus (Foundation decoding)", [tagged("D1", "parse")], "pass"),
        behaviour("D2", "the builder writes `+` as %2B", [tagged("D2")], "pass"),
        behaviour("D4", "`%zz` and a lone `%` are kept as written", ["XCU-9F2T", "XCU-N2Q5", "XCU-UCML", "XCU-D77R"], "pass"),
        behaviour("D4", "next to a raw character Foundation does not allow, a bad escape makes swift-foundation re-encode "
                  "the whole query (cause whole-query-reencoded-by-foundation)", ["XCU-54UN", "XCU-8ZDF", "XCU-KVW9", "XCU-NT77"], "fail"),
        behaviour("D5", "a non-UTF-8 escape such as `%E9` is kept as written", ["XCU-BBJX", "XCU-XLXE", "XCU-VYN5"], "pass"),
        behaviour("D5", "a value holding a non-UTF-8 sequence keeps its valid escapes undecoded too", ["XCU-97Z3"], "fail"),
        behaviour("D6", "of a repeated parameter the last is kept", ["XCU-2CXC", "XCU-3F7H", "XCU-C34D"], "pass"),
        behaviour("D7", "a key without `=` is dropped", ["XCU-ZZUB", "XCU-59RH", "XCU-YYM8"], "pass"),
        behaviour("D8", "a value holding `=` is kept whole", [tagged("D8", "parse")], "pass"),
        behaviour("D9", "an unencoded nested callback is cut at its first `&`, as every splitter does", ["XCU-5TAS", "XCU-AHSW", "XCU-WXSH"], "pass"),
        behaviour("D10", "host case `X-Callback-URL` is refused (cause host-compared-exactly)", ["XCU-GGEF", "XCU-H725", "XCU-CMGE"], "fail"),
        behaviour("D11", "a percent-encoded host `x%2Dcallback-url` is accepted (Foundation's `url.host` decodes it)", ["XCU-J3SL", "XCU-NFK5"], "pass"),
        behaviour("D12", "`a/b` is the action `a/b`; an empty action finds no handler", ["XCU-AUDR", "XCU-ZSSY", "XCU-A2GA"], "pass"),
        behaviour("D13", "x- names other than x-source are removed before the handler sees them (cause reserved-and-library-names-dropped)", ["XCU-WD88", "XCU-9DBG", "XCU-FBAC"], "fail"),
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
                  no_vector="expiry is time and the stored requests are state of the sending app; no URL shows them"),
        behaviour("D20", "parameters come out of a dictionary, in no set order (declared `parameter-order: unordered`)", [tagged("D20")], "pass"),
        behaviour("library-audit", "every built request carries x-source, the app's display name or \"CallbackURLKit\" (cause adds-x-source)",
                  [tagged("extra-parameters", "build-request")], "fail",
                  proposed="the suite's `extra-parameters` build vectors (a request built without x-source has none), added with the extraParameters mechanism"),
        behaviour("library-audit", "a callback with no scheme is still opened when `URL(string:)` reads it (cause schemeless-callback-opened)", ["XCU-8WCF", "XCU-7Z9T"], "fail"),
        behaviour("library-audit", "an empty callback is not opened, as the research had it: `URL(string: \"\")` is nil, so it is dropped unseen (cause unusable-callback-dropped)", ["XCU-CKLQ", "XCU-CE4W"], "fail"),
        behaviour("library-audit", "an error callback carries only errorCode and errorMessage (cause error-callback-code-and-message-only)", ["XCU-5JMQ"], "fail"),
        behaviour("library-audit", "a success callback with nothing to add is opened unchanged (`success(nil)`)", ["XCU-EAXL", "XCU-79U2"], "pass"),
        behaviour("library-audit", "the scheme is compared exactly and case-sensitively: `Manager(\"targetapp\")` refuses `TargetApp://` (cause scheme-compared-exactly)", ["XCU-B894"], "fail"),
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

ROWS["middleman"] = {
    "title": "ValentinWalter/Middleman (receive)",
    "implementation": "ValentinWalter/Middleman",
    "repository": MM_REPO,
    "commit": MM_COMMIT,
    "entryPoints": "Middleman.receiver set to the app's Receiver (its own scheme, receivingActions), then "
                   "Middleman.receive(url) for every incoming URL, the action's Input decoded by the library; requests "
                   "through Action.run's toXCallbackURL(app:input:hasCallback:).url, an Input whose properties are the "
                   "parameters",
    "calls": "As the README does (\"Receiving urls\", \"Manually defining your url scheme\", \"Apps and Receivers\", "
             "\"Receiving Actions\", \"Running an Action\"): the app sets `Middleman.receiver` to its `Receiver` (its "
             "scheme, and `receivingActions` holding the action asked for, named as the README names actions, "
             "without a `/`) and calls `Middleman.receive(url)`; what the action's `receive(input:)` gets, decoded "
             "by the library, is the answer. Requests are what `App.run(action:with:)` opens: `Action._run` builds "
             "the URL with `toXCallbackURL` and hands it to NSWorkspace/UIApplication (`Action+run.swift:24-45`); "
             "the adapter calls `toXCallbackURL` itself (`@testable import`, the debug build enables testing) and "
             "reads its `url`. The `Input` has one property per parameter, as `Mirror` sees a struct. Skipped, as "
             "inputs the API cannot take: x-source, x-success, x-error, x-cancel (Middleman sends no x-source and "
             "writes its own callbacks when run with a closure), a flag (a nil property is left out), an empty or "
             "repeated name (no type has such properties). Build-callback is not declared: a receiving action "
             "returns nothing.",
    "patch": MM_PATCH,
    "platform": MM_SCHEME_TRAP_PLATFORM,
    "causes": [
        shared("adds-response-id", ["Sources/Middleman/Public/CallbackURL.swift:58", "Sources/Middleman/Public/CallbackURL.swift:62-69"]),
        cause("refuses-third-party-requests", ["Sources/Middleman/Public/Middleman.swift:38", "Sources/Middleman/Public/ResponseURL.swift:30-32"],
              "`Middleman.receive` first reads every URL as a response to a request Middleman sent: `ResponseURL` "
              "throws unless the query holds `__middleman_response_type_identifier` (success, error or cancel) and "
              "`__middleman_response_id_identifier` (a UUID), so every request from another app is refused and "
              "no action is called",
              all_of(op("parse"), RECEIVE_REFUSAL)),
        cause("names-snake-cased", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:57"],
              "parameter names are the Input's property names passed through StringCase's `snakeCased()`, which "
              "keeps letters alone: `a&b`, `a b`, `X-Success` become `a_b`, `a_b`, `x_success`; `p1` becomes `p`; "
              "`100%` and `😀` become the empty name",
              all_of(op("build-request"), kind("wrong-result"))),
        shared("invalid-scheme-traps", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:82"]),
        shared("raw-plus-written", ["Sources/Middleman/Public/CallbackURL.swift:58"]),
        shared("builder-writes-x-names", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:54-73"],
               summary="an Input property named like a reserved parameter is written, snake-cased (`x_success`, `x_foo`), "
              "never refused"),
        shared("builder-empty-action", ["Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:20"]),
    ],
    "behaviours": [
        behaviour("library-audit", "`Middleman.receive` refuses every URL without Middleman's own response identifiers, "
                  "so an app cannot receive a single third-party request (cause refuses-third-party-requests)",
                  ["XCU-JPJ3", "XCU-T64H", "XCU-UM5R", "XCU-2X2B", "XCU-FAPA"], "fail"),
        behaviour("library-audit", "`Receiver.receive` compares an action's path (`open`, as the README names actions) "
                  "with the URL's path (`/open`), so even a URL that passes `ResponseURL` reaches no action "
                  "(Receiver+receive.swift:13)", [], None,
                  proposed="parse `tgt://x-callback-url/act?__middleman_response_type_identifier=success&"
                           "__middleman_response_id_identifier=6F9619FF-8B86-D011-B42D-00C04FC964FF&a=1`, expect "
                           "accept {scheme tgt, action act, parameters [[__middleman_response_type_identifier, success], "
                           "[__middleman_response_id_identifier, 6F9619FF-8B86-D011-B42D-00C04FC964FF], [a, 1]]}, should, "
                           "cite silent-request-id and xcu-action-parameters: another library's identifiers are ordinary "
                           "parameters (as XCU-H7UL), and Middleman would refuse it with noActionFound"),
        behaviour("library-audit", "the decoder drops keys without `=` and values that are not UTF-8 "
                  "(CallbackURLDecoder.swift:26-29) and looks keys up snake-cased (KeyedContainer.swift:141)",
                  no_vector="the decoder runs only after both refusals above, i.e. for a response to a request the app "
                            "sent itself, which is the source app reading a callback; no vector operation covers it"),
        behaviour("D10", "host never compared: `ResponseURL` requires only some host (ResponseURL.swift:28); the "
                  "CallbackURL row shows it", ["XCU-3XVJ", "XCU-PKPN"], "masked"),
        behaviour("D2", "the builder writes `+` raw (cause raw-plus-written)", ["XCU-WXWB"], "fail"),
        behaviour("D7", "a flag cannot be built: a nil property is left out (Action+toXCallbackURL.swift:63-65)",
                  no_vector="the flag vectors (XCU-Y4PU, XCU-A74S) are skipped: the API has no way to ask for a name without a value"),
        behaviour("D6", "repeated parameters cannot be built: no type has two properties of one name",
                  no_vector="XCU-TQS4 is skipped: the input cannot be expressed"),
        behaviour("D13", "reserved-looking names are written, snake-cased (cause builder-writes-x-names)", ["XCU-EJZU", "XCU-G9QU"], "fail"),
        behaviour("D15", "x-success, x-error and x-cancel are Middleman's own URLs to `Middleman.receiver`, encoded by `URLComponents.queryItems`",
                  no_vector="a caller cannot choose them, so the nested-callback build vectors are skipped; the CallbackURL row builds them"),
        behaviour("D18", "errorCode and errorMessage are read from a response to the app's own request (ResponseURL.swift:35-36)",
                  no_vector="that is the source app reading a callback, which no vector operation covers"),
        behaviour("D19", "every built URL carries `__middleman_response_id_identifier=<UUID>` (cause adds-response-id)",
                  [tagged("extra-parameters", "build-request")], "fail",
                  proposed="the suite's `extra-parameters` build vectors, added with the extraParameters mechanism"),
        behaviour("D20", "parameters are a Set and come out in no set order (declared `parameter-order: unordered`)", ["XCU-DUAX"], "pass"),
        behaviour("library-audit", "an invalid scheme traps in `URLComponents` when building (cause invalid-scheme-traps)", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "fail"),
        behaviour("library-audit", "the library never builds a callback on the target side",
                  no_vector="build-callback is not declared for this row: `receive(input:)` has no way to answer"),
        behaviour("this audit", "parameter names are snake-cased Input property names (cause names-snake-cased)", ["XCU-DDPR", "XCU-63AY", "XCU-B96Q"], "fail"),
    ],
}

ROWS["middleman-callbackurl"] = {
    "title": "ValentinWalter/Middleman (CallbackURL)",
    "implementation": "ValentinWalter/Middleman",
    "repository": MM_REPO,
    "commit": MM_COMMIT,
    "entryPoints": "CallbackURL(from: URLComponents(url:resolvingAgainstBaseURL:)) and its public queryItems, the layer "
                   "beneath Middleman.receive; CallbackURL(scheme:host:path:queries:).url, the layer beneath Action.run",
    "calls": "The public `CallbackURL` value that `Middleman.receive` (through `ResponseURL`, `ResponseURL.swift:27, 38-44`) "
             "and `Action.run` (`Action+toXCallbackURL.swift:19-29`) sit on, for code that calls it directly: "
             "`CallbackURL(from:)` on the URL's components, reported from its public `scheme`, `path` and "
             "`queryItems` (a `Set<URLQueryItem>`); `CallbackURL(scheme:host:path:queries:).url` with the request's "
             "items, x-callback parameters included. This row shows the layer, not what an app receives: "
             "see the receive row.",
    "patch": MM_PATCH,
    "platform": MM_SCHEME_TRAP_PLATFORM,
    "causes": [
        shared("adds-response-id", ["Sources/Middleman/Public/CallbackURL.swift:58", "Sources/Middleman/Public/CallbackURL.swift:62-69"]),
        cause("host-never-compared", ["Sources/Middleman/Public/CallbackURL.swift:36-45"],
              "`CallbackURL(from:)` needs some scheme and some host and compares neither: `sourceapp://`, "
              "`app://example.com/open`, IP hosts, encoded look-alikes, userinfo and ports are all accepted",
              all_of(op("parse"), detail(r"expected rejection '(not-x-callback-url|invalid-authority)'"))),
        shared("invalid-scheme-traps", ["Sources/Middleman/Public/CallbackURL.swift:55"]),
        cause("empty-action-accepted", ["Sources/Middleman/Public/CallbackURL.swift:41"],
              "the path is taken as it is, so a URL without an action is accepted with the action \"\"",
              all_of(op("parse"), detail(r"expected rejection 'missing-action'"))),
        shared("raw-controls-read-as-data", ["Sources/Middleman/Public/CallbackURL.swift:40"]),
        shared("whole-query-reencoded-by-foundation", ["Sources/Middleman/Public/CallbackURL.swift:40"]),
        cause("non-utf8-value-becomes-nil", ["Sources/Middleman/Public/CallbackURL.swift:40"],
              "Foundation's `queryItems` gives a value (or name) that does not decode as UTF-8 as nil: the caller "
              "sees the name without a value; an action path that does not decode is empty",
              all_of(op("parse"), desc(NON_UTF8))),
        cause("empty-pieces-kept", ["Sources/Middleman/Public/CallbackURL.swift:40"],
              "Foundation's `queryItems` reports the empty piece of `&&`, a leading or a trailing `&` as an item "
              "with an empty name and no value, and the Set keeps it",
              all_of(op("parse"), desc(r"'&&'|leading '&'|trailing '&'|only '&&&'"))),
        cause("duplicate-reserved-arbitrary", ["Sources/Middleman/Public/CallbackURL.swift:15", "Sources/Middleman/Public/CallbackURL.swift:72-74"],
              "the query items are a Set, so of two x-success (or x-cancel) which one a caller meets first "
              "depends on hashing: some URLs give the first, others the last",
              kind("inconsistent-choice")),
        cause("scheme-reported-as-written", ["Sources/Middleman/Public/CallbackURL.swift:37"],
              "the scheme is reported as written (`TargetApp`), not lowercased; schemes are case-insensitive",
              desc(r"^Scheme TargetApp")),
        shared("byte-order-mark-dropped", ["Sources/Middleman/Public/CallbackURL.swift:40"]),
        shared("raw-plus-written", ["Sources/Middleman/Public/CallbackURL.swift:58"]),
        shared("builder-writes-x-names", ["Sources/Middleman/Public/CallbackURL.swift:58"]),
        shared("builder-empty-action", ["Sources/Middleman/Public/CallbackURL.swift:57"]),
    ],
    "behaviours": [
        behaviour("D1", "`+` is read as a literal plus", [tagged("D1", "parse")], "pass"),
        behaviour("D2", "the builder writes `+` raw (cause raw-plus-written)", ["XCU-WXWB", "XCU-JASB"], "fail"),
        behaviour("D4", "`%zz` and a lone `%` are kept as written", ["XCU-9F2T", "XCU-N2Q5", "XCU-UCML"], "pass"),
        behaviour("D5", "a non-UTF-8 value becomes nil, so the caller sees the name without a value (cause non-utf8-value-becomes-nil)", ["XCU-BBJX", "XCU-XLXE"], "fail"),
        behaviour("D6", "repeated action parameters are all kept (a Set of distinct items)", ["XCU-2CXC", "XCU-3F7H"], "pass"),
        behaviour("D6", "of two x-success the one a caller meets is arbitrary (cause duplicate-reserved-arbitrary)", ["XCU-EPGQ", "XCU-X5CA"], "fail"),
        behaviour("D7", "a key without `=` is an item without a value (the decoder, beneath receive, drops it)", ["XCU-ZZUB", "XCU-59RH"], "pass"),
        behaviour("D10", "the host is never compared (cause host-never-compared)", ["XCU-JJFQ", "XCU-3XVJ", "XCU-GXBN"], "fail"),
        behaviour("D11", "encoded hosts are whatever Foundation decodes them to, unchecked (cause host-never-compared)", ["XCU-UVKA", "XCU-5Y4Z"], "fail"),
        behaviour("D13", "x- names are kept as action parameters", ["XCU-WD88", "XCU-FBAC"], "pass"),
        behaviour("D15", "nested callbacks are encoded queryItems-style when building; only a raw `+` inside them fails", ["XCU-GJ56", "XCU-SVBR"], "fail"),
        behaviour("D19", "every built URL carries `__middleman_response_id_identifier=<UUID>` (cause adds-response-id)",
                  [tagged("extra-parameters", "build-request")], "fail",
                  proposed="the suite's `extra-parameters` build vectors, added with the extraParameters mechanism"),
        behaviour("D20", "items are a Set, in no set order (declared `parameter-order: unordered`)", ["XCU-6UGP", "XCU-DUAX"], "pass"),
        behaviour("library-audit", "an invalid scheme traps when building (cause invalid-scheme-traps)", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "fail"),
    ],
}

JN_REPO = "https://github.com/jasonnam/XCallbackURL"
HANDLER = "Sources/XCallbackURL/XCallbackURLHandler.swift"
ROWS["jasonnam"] = {
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
             "`handle(_:)`, which hands the delegate the action, the parameters and the callback closures. The "
             "answer is what the delegate gets: x-success, x-error and x-cancel as the value's callback URLs, every "
             "other name, x-source included, among the parameters, as the library leaves it. Callbacks are built "
             "by the delegate calling one closure (`successCallback(nil)` when it returns nothing) and recording "
             "what `openCallbackURL(_:)` is given. Requests: `XCallbackURL(…).url`, x-source as a parameter (the "
             "type has no member for it). Skipped: a flag or a repeated name (`[String: String]`), a callback "
             "`URL(string:)` cannot read, a non-`Int` error code.",
    "patch": "None: the library builds on Linux as it is.",
    "platform": "The library has no platform gate: `XCallbackURL.url` sets the scheme on `URLComponents` unchecked "
                "(`Sources/XCallbackURL/XCallbackURL+URL.swift:32`), which raises on Apple platforms too.",
    "causes": [
        shared("host-compared-exactly", [HANDLER + ":91"]),
        cause("one-path-segment-only", [HANDLER + ":95-98"],
              "an action must be exactly one path segment, so `dropbox/addphoto`, `a/b/c`, `1.0/lookup`, `a/b/` "
              "and `../../etc/passwd` are refused",
              all_of(op("parse"), answered(r"notXCallbackURL"), desc(r"^Action"))),
        cause("callback-reencoded-at-parse", [HANDLER + ":108"],
              "a callback value, already decoded, is percent-encoded again with `.urlQueryAllowed` before it becomes "
              "a URL: its inner escapes are doubled (`%26` becomes `%2526`) and its `#` becomes `%23`",
              all_of(op("parse"), detail(r"(success|error|cancel): expected"))),
        cause("x-source-is-an-action-parameter", [HANDLER + ":109-130"],
              "the handler singles out x-success, x-error and x-cancel only; x-source reaches the app among the "
              "action parameters, so no request's source is ever reported as one",
              only_if_source_lifted),
        shared("invalid-scheme-traps", ["Sources/XCallbackURL/XCallbackURL+URL.swift:32"]),
        cause("callback-query-rebuilt", [HANDLER + ":48-51", HANDLER + ":58-62"],
              "the success and error closures rebuild the callback's query from Foundation's `queryItems` and set "
              "it back: with nothing to add `acceptTranslation` opens as `acceptTranslation?`, the empty piece of "
              "`id=7&` stays (`id=7&&word=Hola`), `%2B` comes back as a raw `+` and a raw space as `%20`",
              any_of(all_of(op("build-callback"), detail(r"has an empty piece|does not start with the callback URL")))),
        shared("error-callback-code-and-message-only", [HANDLER + ":56-66", "Sources/XCallbackURL/ErrorCallback.swift:26"]),
        shared("cancel-callback-takes-nothing", [HANDLER + ":67-71", "Sources/XCallbackURL/CancelCallback.swift:26"]),
        shared("only-the-host-is-checked", [HANDLER + ":90-93"]),
        shared("host-mapped-by-foundation", [HANDLER + ":91"]),
        shared("scheme-compared-exactly", [HANDLER + ":86"]),
        cause("unreadable-callback-fails-request", [HANDLER + ":107-127"],
              "a callback value that is no URL, the empty one included (a bare `x-success`, or `x-success=` after "
              "another), fails the whole request instead of that callback",
              all_of(op("parse"), answered(r"invalid(Success|Error|Cancel)CallbackURL"))),
        cause("empty-pieces-as-parameters", [HANDLER + ":105-107", HANDLER + ":129"],
              "the empty piece of `&&`, a leading or a trailing `&` becomes a parameter with an empty name and "
              "value",
              all_of(op("parse"), desc(r"'&&'|leading '&'|trailing '&'|only '&&&'"))),
        cause("non-utf8-value-becomes-empty", [HANDLER + ":107", HANDLER + ":136"],
              "Foundation's `queryItems` gives a value that does not decode as UTF-8 as nil, which the handler "
              "reads as \"\"; an action path that does not decode becomes the empty action",
              all_of(op("parse"), desc(NON_UTF8))),
        shared("raw-controls-read-as-data", [HANDLER + ":105"]),
        shared("whole-query-reencoded-by-foundation", [HANDLER + ":105"]),
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
        behaviour("D4", "`%zz` and a lone `%` are kept as written", ["XCU-9F2T", "XCU-N2Q5"], "pass"),
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
        behaviour("library-audit", "`&&` gives a `[\"\", \"\"]` pair (cause empty-pieces-as-parameters)", ["XCU-5MGP", "XCU-44AS"], "fail"),
        behaviour("library-audit", "builds trap on an invalid scheme (cause invalid-scheme-traps)", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "fail"),
        behaviour("library-audit", "the scheme is compared exactly: a handler for `targetapp` refuses `TargetApp://` (cause scheme-compared-exactly)", ["XCU-B894"], "fail"),
        behaviour("library-audit", "x-source is left among the action parameters (cause x-source-is-an-action-parameter)", ["XCU-T64H", "XCU-JPJ3", "XCU-G674"], "fail"),
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

KR_REPO = "https://github.com/kradenkov/swift-x-callback-url"
ROWS["kradenkov"] = {
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
              all_of(op("build-request"), kind("unexpected-rejection"), desc(r"^Build a request for (the action|an action with)"))),
        cause("callback-needs-host", ["Sources/XCallbackURL/Callback.swift:23-25"],
              "a callback URL must have a host, so Chrome's documented `com.myapp.callback://` is refused",
              all_of(op("build-request"), answered(r"missingHost"))),
    ],
    "behaviours": [
        behaviour("D2", "the builder writes `+` raw (cause raw-plus-written)", ["XCU-WXWB", "XCU-JASB"], "fail"),
        behaviour("D3", "a space is written %20", ["XCU-2NPG"], "pass"),
        behaviour("D7", "a flag is written as the bare name", ["XCU-Y4PU", "XCU-A74S"], "pass"),
        behaviour("D12", "an action outside `urlPathAllowed` is refused (cause action-outside-url-path-allowed-refused)", ["XCU-3CDW", "XCU-5CT4"], "fail"),
        behaviour("D12", "a leading `/` in the action is tolerated: `/open` is written as `/open`, not `//open` (URL+XCallback.swift:60)", [], None,
                  proposed="build-request {scheme app, action \"/open\", no parameters}, expect anyOf [accept the same "
                           "REQUEST (action \"/open\"), reject with any category], should, cite xcu-action and "
                           "xcu-structure: the built URL must parse back to the action asked for, and kradenkov writes "
                           "`app://x-callback-url/open`, which parses back as `open`"),
        behaviour("D13", "action parameters starting with `x-` are refused, case-sensitively (Action.swift:32-36)", ["XCU-EJZU", "XCU-G9QU", "XCU-JCHH"], "pass"),
        behaviour("D15", "nested callbacks are encoded queryItems-style, which parses back", ["XCU-2NDX", "XCU-YSG8"], "pass"),
        behaviour("D15", "a raw `+` inside a nested callback is left raw (cause raw-plus-written)", ["XCU-GJ56", "XCU-SVBR"], "fail"),
        behaviour("D20", "parameters keep the order given", ["XCU-DUAX"], "pass"),
        behaviour("library-audit", "a callback needs a host: `com.myapp.callback://` is refused (cause callback-needs-host)", ["XCU-THFK"], "fail"),
        behaviour("library-audit", "the byte-order mark is dropped when the parameters are read back (cause byte-order-mark-dropped)", ["XCU-NJF9"], "fail"),
        behaviour("library-audit", "an empty x-source or callback is left out (URL+XCallback.swift:75)", [], None,
                  proposed="build-request {scheme app, action act, source \"\"}, expect accept {… source \"\" …} (the URL "
                           "carries `x-source=`), should, cite xcu-x-source and xcu-optional: a present, empty x-source is "
                           "not an absent one (as the parse vector XCU-RHTX has it); kradenkov leaves it out"),
    ],
}



# MARK: - Writing

def classify(row, results):
    assigned = {c["id"]: [] for c in row["causes"]}
    unplaced = []
    for r in results:
        if r["verdict"] != "failed":
            continue
        for c in row["causes"]:
            if c["match"](r):
                assigned[c["id"]].append(r)
                break
        else:
            unplaced.append(r)
    return assigned, unplaced


def level_of(failures):
    levels = {r.get("scoredLevel") or r["level"] for r in failures}
    return next(level for level in LEVELS if level in levels)


def check_behaviours(row, by_id, key):
    problems = []
    for b in row["behaviours"]:
        for v in b["vectors"]:
            r = by_id.get(v)
            if r is None:
                problems.append("%s: %s is not in the results" % (b["row"], v))
            elif b["verdict"] == "fail" and r["verdict"] != "failed":
                problems.append("%s: %s should fail, it %s" % (b["row"], v, r["verdict"]))
            elif b["verdict"] in ("pass", "masked") and r["verdict"] != "passed":
                problems.append("%s: %s should pass, it %s" % (b["row"], v, r["verdict"]))
    for p in problems:
        print("%s: behaviour check: %s" % (key, p), file=sys.stderr)
    return problems


def behaviour_json(b):
    text = b["behaviour"]
    entry = {"row": b["row"], "behaviour": text}
    if b["noVector"]:
        entry["noVector"] = b["noVector"]
    else:
        entry["vectors"] = b["vectors"]
        if b["proposed"] and not b["vectors"]:
            entry["proposed"] = b["proposed"]
    return entry


def resolve(row, results):
    """Expands the tagged(...) entries of each behaviour into the ids of the results that carry the tag."""
    for b in row["behaviours"]:
        vectors = []
        for v in b["vectors"]:
            if isinstance(v, tuple):
                _, name, operation = v
                vectors += [r["id"] for r in results if name in r.get("tags", []) and operation in (None, r["operation"])
                            and r["verdict"] != "skipped"]
            else:
                vectors.append(v)
        b["vectors"] = vectors


def write(key, results_dir=RESULTS):
    row = ROWS[key]
    report = json.load(open(os.path.join(results_dir, key + ".json")))
    results = report["results"]
    by_id = {r["id"]: r for r in results}
    resolve(row, results)
    assigned, unplaced = classify(row, results)
    musts = [r["id"] for r in unplaced if (r.get("scoredLevel") or r["level"]) == "must"]
    for r in unplaced:
        print("%s: unplaced %s failure %s %s %s: %s" % (key, r.get("scoredLevel") or r["level"], r["id"], r["operation"],
              r["failureKind"], r.get("description", "")), file=sys.stderr)
    if musts:
        sys.exit("%s: %d must failures have no cause: %s" % (key, len(musts), " ".join(musts)))
    causes = []
    for c in row["causes"]:
        failures = assigned[c["id"]]
        if not failures:
            print("%s: cause %s matches no failure, left out" % (key, c["id"]), file=sys.stderr)
            continue
        causes.append({"id": c["id"], "level": level_of(failures), "source": c["source"], "summary": c["summary"],
                       "vectors": [r["id"] for r in failures]})
    causes.sort(key=lambda c: LEVELS.index(c["level"]))
    problems = check_behaviours(row, by_id, key)
    audit = {"implementation": row["implementation"], "repository": row["repository"], "commit": row["commit"],
             "entryPoints": row["entryPoints"], "causes": causes,
             "behaviours": [behaviour_json(b) for b in row["behaviours"]]}
    os.makedirs(AUDIT, exist_ok=True)
    with open(os.path.join(AUDIT, key + ".json"), "w") as out:
        out.write(pretty(audit) + "\n")
    with open(os.path.join(AUDIT, key + ".md"), "w") as out:
        out.write(markdown(key, row, report, causes, by_id, unplaced))
    summary = report["summary"]["must"]
    print("%s: must %d/%d, %d causes (%d must), %d unplaced below must, %d behaviour problems" % (
        key, summary["passed"], summary["total"] - summary["skipped"], len(causes),
        sum(c["level"] == "must" for c in causes), len(unplaced), len(problems)))


def pretty(value, depth=0):
    """JSON with one member per line and every list of plain values on one line."""
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict):
        members = ["%s%s: %s" % (inner, json.dumps(k), pretty(v, depth + 1)) for k, v in value.items()]
        return "{\n" + ",\n".join(members) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + pretty(v, depth + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def link(row, source):
    path, _, lines = source.partition(":")
    anchor = "#L" + lines.replace("-", "-L") if lines else ""
    return "[`%s`](%s/blob/%s/%s%s)" % (source, row["repository"], row["commit"], path, anchor)


def vector_list(vectors, limit=12):
    shown = ", ".join(vectors[:limit])
    return shown + (" and %d more" % (len(vectors) - limit) if len(vectors) > limit else "")


def markdown(key, row, report, causes, by_id, unplaced):
    must = report["summary"]["must"]
    lines = ["### %s\n" % row["title"], ""]
    lines.append("Result file `results/%s.json`; library at [`%s`](%s/tree/%s). Must: %d passed of %d applicable (%d skipped).\n" % (
        key, row["commit"][:7], row["repository"], row["commit"], must["passed"], must["total"] - must["skipped"], must["skipped"]))
    lines.append("\n**How the adapter drives it.** " + row["calls"] + "\n")
    lines.append("\n**Patch.** " + row["patch"] + "\n")
    if row.get("platform"):
        lines.append("\n**On its own platforms.** " + row["platform"] + "\n")
    lines.append("\n**Causes of failure**, each once, highest level first (every must failure of the result file is listed under one):\n\n")
    lines.append("| level | cause | source | vectors |\n|---|---|---|---|\n")
    for c in causes:
        sources = "<br>".join(link(row, s) for s in c["source"])
        lines.append("| %s | **%s**: %s | %s | %d: %s |\n" % (
            c["level"], c["id"], c["summary"].replace("|", "\\|"), sources, len(c["vectors"]), vector_list(c["vectors"])))
    if unplaced:
        lines.append("\nNot placed (below must): %s.\n" % ", ".join(r["id"] for r in unplaced))
    lines.append("\n**Documented behaviours** (`divergences.md` rows and issue table, `library-audit.md`):\n\n")
    lines.append("| row | behaviour | caught by |\n|---|---|---|\n")
    for b in row["behaviours"]:
        if b["noVector"]:
            caught = "no URL vector can: " + b["noVector"]
        elif b["vectors"]:
            caught = "%s (%s)" % (", ".join(b["vectors"]), VERDICTS[b["verdict"]])
        else:
            caught = "no vector yet; proposed: " + (b["proposed"] or "")
        lines.append("| %s | %s | %s |\n" % (b["row"], b["behaviour"].replace("|", "\\|"), caught.replace("|", "\\|")))
    return "".join(lines)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    results_dir = RESULTS
    if arguments[:1] == ["--results"]:
        results_dir, arguments = arguments[1], arguments[2:]
    for key in arguments or list(ROWS):
        write(key, results_dir)
