"""What phimage/CallbackURLKit's author is told, cause by cause (rows/callbackurlkit.py holds the causes)."""
from upstream import deliberate, issue, searched, thread
from upstream.shared import SCHEME_CASE_SEARCH, shared

REPO = "https://github.com/phimage/CallbackURLKit"

LIBRARY = {
    "name": "phimage/CallbackURLKit",
    "tracker": REPO + "/issues",
    "search": searched(
        ["phimage/CallbackURLKit issue", "CallbackURLKit host case-sensitive X-Callback-URL handleOpen",
         "Middleman x-callback-url Swift receive ResponseURL (returned CallbackURLKit threads)"],
        related=[
            thread(REPO + "/issues/3", "closed", "unencoded '&' in nested callbacks lost requestID; fixed in df27538"),
            thread(REPO + "/pull/5", "closed", "a fix attempt for #3 that encoded '&' three times"),
            thread(REPO + "/pull/7", "closed", "requestID added to the returned URL, withdrawn as a workaround for #6"),
            thread(REPO + "/issues/12", "closed", "question: two-way communication"),
            thread(REPO + "/issues/13", "closed", "macOS 10.13: callbacks not received"),
            thread(REPO + "/issues/20", "closed", "onSuccess never called: the app's own scheme was not set"),
            thread(REPO + "/pull/24", "merged", "README: callbacks need the app's own scheme"),
            thread(REPO + "/pull/29", "merged", "error-Code renamed errorCode (3.0.0)"),
            thread(REPO + "/issues/30", "closed", "question: explicit success and error handlers"),
            thread(REPO + "/issues/31", "closed", "Swift package does not build in Xcode 13 (app extension API)"),
        ]),
}

HEADLINE = "host-compared-exactly"

CAUSES = {
    "host-compared-exactly": shared(
        "host-compared-exactly",
        title="`Manager.handleOpen(url:)` refuses `X-Callback-URL`: the host is compared case-sensitively",
        fix="In `handleOpen(url:)`, compare `url.host?.lowercased()` with `kXCUHost` instead of `url.host`.",
        search=searched(["CallbackURLKit host case-sensitive X-Callback-URL handleOpen",
                         "CallbackURLKit Manager handleOpen returns false url.host kXCUHost uppercase"])),
    "scheme-compared-exactly": shared(
        "scheme-compared-exactly",
        title="`Manager.handleOpen(url:)` refuses `TargetApp://` when the app registered `targetapp`",
        fix="Compare `url.scheme?.lowercased()` with `callbackURLScheme?.lowercased()` in `handleOpen(url:)`.",
        file=True,
        search=SCHEME_CASE_SEARCH),
    "only-the-host-is-checked": shared("only-the-host-is-checked"),
    "host-mapped-by-foundation": shared("host-mapped-by-foundation"),
    "adds-x-source": issue(
        "Every request carries `x-source` with the app's display name, asked for or not",
        "Add x-source only when the caller asks for it, or document that every request names the app: the spec "
        "makes x-source optional.",
        ["xcu-optional", "xcu-x-source", "silent-extra-parameters"],
        "Make the x-source a `Client` property the caller can set to nil.",
        design=deliberate("`Manager.send(request:)` sets `query[kXCUSource] = Manager.appName` before anything "
                          "else, with \"CallbackURLKit\" as the fallback name.",
                          "Is every request meant to name the sending app, even when the caller would rather not?")),
    "bare-query-joined-with-ampersand": issue(
        "A callback ending in `?` or `&` gets an empty query piece: `done?` becomes `done?&word=Hola`",
        "Join returned parameters to the callback's query with `&` only when that query is not empty and does not "
        "already end in `&`, so the target returns the callback the source wrote plus its parameters.",
        ["xcu-x-success", "rfc3986-6.2.3", "silent-callback-append"],
        "In `URLComponents.addToQuery(_:)`, skip the `&` when `percentEncodedQuery` is empty or ends with `&`.",
        file=True,
        search=searched(["CallbackURLKit x-success callback url query parameters appended ?& empty"])),
    "error-callback-code-and-message-only": shared(
        "error-callback-code-and-message-only",
        fix="Add an optional parameters argument to `FailureCallback`, appended after `error.XCUErrorQuery`."),
    "cancel-callback-takes-nothing": shared("cancel-callback-takes-nothing"),
    "schemeless-callback-opened": shared("schemeless-callback-opened"),
    "unsafe-callback-opened": shared("unsafe-callback-opened"),
    "reserved-and-library-names-dropped": issue(
        "Is dropping every `x-` parameter (and `requestID`, `responseType`) before the handler sees them intended?",
        "Hand the action its parameters as sent, or document which names are removed: the spec reserves the `x-` "
        "prefix for the spec's own parameters, but an app's `x-foo` or a misspelt `x-Success` is silently lost.",
        ["xcu-reserved-prefix", "xcu-action-parameters"],
        "Remove only the parameters the library consumes (x-source, x-success, x-error, x-cancel and its own "
        "request names) and pass the rest to the handler.",
        file=True,
        design=deliberate("`Manager.action(parameters:)` filters out every name with the `x-` prefix and the "
                          "library's protocol keys.",
                          "Should an action see `x-` names the library does not consume, and should `requestID` "
                          "sent by another library reach it?"),
        search=searched(["CallbackURLKit parameters starting with x- removed action handler missing parameter"])),
    "unusable-callback-dropped": issue(
        "An empty or unreadable callback is dropped unseen, and the parameters hide that it was sent",
        "Tell the app that a callback was given but cannot be opened, rather than read `x-success=` as no "
        "x-success.",
        ["xcu-x-success", "silent-empty-callback"],
        "Report an unusable callback to the handler (or answer the request with its error callback) instead of "
        "ignoring it in `openCallback`."),
    "raw-controls-read-as-data": shared("raw-controls-read-as-data"),
    "whole-query-reencoded-by-foundation": shared("whole-query-reencoded-by-foundation"),
    "undecodable-value-kept-whole": issue(
        "A value that is not valid UTF-8 keeps every escape undecoded (`%C3%28` stays `%C3%28`)",
        "Decode what decodes, or refuse the value: keeping the whole value encoded hands the app escapes it "
        "cannot tell from text.",
        ["rfc3629-3", "silent-non-utf8"],
        "Refuse a value whose decoding is not UTF-8, instead of `removingPercentEncoding ?? self`."),
    "undecodable-action-lost": issue(
        "An action path that does not decode as UTF-8 becomes the empty action",
        "Refuse such a URL with a clear error rather than look up the empty action.",
        ["rfc3629-3", "xcu-action"],
        "Refuse the URL when the action path does not decode."),
    "byte-order-mark-dropped": shared("byte-order-mark-dropped"),
    "builder-writes-x-names": shared("builder-writes-x-names"),
    "builder-empty-action": shared("builder-empty-action"),
}
