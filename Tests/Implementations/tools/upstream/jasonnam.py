"""What jasonnam/XCallbackURL's author is told, cause by cause (rows/jasonnam.py holds the causes)."""
from upstream import deliberate, issue, searched, thread
from upstream.shared import PLUS_SEARCH, SCHEME_CASE_SEARCH, TRAP_SEARCH, shared

HANDLER = "`XCallbackURLHandler.xCallbackURL(fromURL:)`"

LIBRARY = {
    "name": "jasonnam/XCallbackURL",
    "tracker": "https://github.com/jasonnam/XCallbackURL/issues",
    "search": searched(["jasonnam XCallbackURL",
                        "XCallbackURL Swift package x-source treated as action parameter handler"]),
}

HEADLINE = "callback-reencoded-at-parse"


CAUSES = {
    "host-compared-exactly": shared(
        "host-compared-exactly",
        title=HANDLER + " refuses `X-Callback-URL`: the host is compared case-sensitively",
        fix="Compare `urlComponents.host?.lowercased()` with `XCallbackURL.host`.",
        search=searched(["jasonnam XCallbackURL", "CallbackURLKit host case-sensitive X-Callback-URL handleOpen"])),
    "one-path-segment-only": issue(
        "Actions with a `/` (`dropbox/addphoto`, `1.0/lookup`) are refused: only one path segment is allowed",
        "Take the whole path after the host as the action, as the spec describes it (\"the remaining portion of "
        "the URL path\"); apps such as LCP use `dropbox/addphoto`.",
        ["xcu-action"],
        "Drop the `pathComponents.count == 2` check and use the path without its leading \"/\" as the action.",
        design=deliberate("CHANGELOG 0.1.2 reads \"Use last path component for action\"; the check that the "
                          "path is exactly one segment came with commit b182189, \"Allow empty action\" (0.1.6, "
                          "2022-06-29).",
                          "Was the one-segment rule meant to refuse actions with a `/`, or only to take the last "
                          "component?"),
        search=searched(["x-callback-url action with slash two path segments rejected XCallbackURL handler"])),
    "callback-reencoded-at-parse": issue(
        "Is re-encoding x-success/x-error/x-cancel at parse intended? `%20` inside a callback becomes `%2520`, `#f` "
        "becomes `%23f`",
        "Use the decoded callback value as the URL to open: Foundation's `queryItems` has already decoded it once, "
        "and encoding it again doubles every escape the source app put inside it, so a nested callback returns "
        "with different values and a callback's fragment becomes part of its query.",
        ["rfc3986-2.4", "xcu-x-success", "xcu-example-legibility"],
        "Pass `queryItem.value` to `URL(string:)` unchanged; when that fails, fall back to encoding only the "
        "characters `URL(string:)` refuses. CallbackURLKit met the same class of bug, nested callbacks encoded "
        "once too often, in its issue 3 and pull request 5.",
        design=deliberate("CHANGELOG 0.1.1, under Fixed: \"Encode callback URLs with query allowed characters\" "
                          "(commit 906936c, 2019-08-04), which added the `addingPercentEncoding(withAllowedCharacters: "
                          ".urlQueryAllowed)` of each callback value in " + HANDLER + ".",
                          "The 0.1.1 change makes callbacks with raw characters readable, but it also encodes "
                          "callbacks that were already valid: could it encode only what `URL(string:)` refuses?"),
        search=searched(["XCallbackURLHandler callback URL percent encoded twice x-success %2520 urlQueryAllowed"],
                        related=[thread("https://github.com/phimage/CallbackURLKit/issues/3", "closed",
                                        "a sibling library's nested-callback encoding bug, fixed in df27538"),
                                 thread("https://github.com/phimage/CallbackURLKit/pull/5", "closed",
                                        "a fix attempt there that encoded '&' three times")])),
    "invalid-scheme-traps": shared(
        "invalid-scheme-traps",
        fix="Validate the scheme in `XCallbackURL.url` (RFC 3986 syntax) and return nil or throw before setting "
            "`URLComponents.scheme`.",
        search=TRAP_SEARCH),
    "callback-query-rebuilt": issue(
        "Callbacks are rebuilt through `queryItems`: `done` opens as `done?`, `id=7&` as `id=7&&…`, `%2B` comes back "
        "as `+`",
        "Append the result parameters to the callback the source app wrote and leave its own query as it is; "
        "with nothing to append, open it unchanged.",
        ["xcu-x-success", "rfc3986-6.2.3", "silent-callback-append"],
        "Append `&name=value` pairs (encoded) to the callback's `percentEncodedQuery` instead of setting "
        "`queryItems`, and skip it when there are none.",
        search=searched(["jasonnam XCallbackURL"])),
    "empty-path-segment-dropped": issue(
        "`//open` is read as the action `open`: the leading `/` of an action is lost",
        "Keep the action's own leading slash, or refuse the URL.",
        ["xcu-action"],
        "Use the raw path instead of `pathComponents` to find the action."),
    "error-callback-code-and-message-only": shared("error-callback-code-and-message-only"),
    "cancel-callback-takes-nothing": shared("cancel-callback-takes-nothing"),
    "only-the-host-is-checked": shared("only-the-host-is-checked"),
    "host-mapped-by-foundation": shared("host-mapped-by-foundation"),
    "scheme-compared-exactly": shared(
        "scheme-compared-exactly",
        fix="Compare `urlComponents.scheme?.lowercased()` with the handler's scheme lowercased.", file=True,
        search=SCHEME_CASE_SEARCH),
    "unreadable-callback-fails-request": issue(
        "One unreadable callback value fails the whole request",
        "Refuse or drop only the callback that cannot be opened; the action can still run.",
        ["xcu-x-success", "silent-empty-callback"],
        "Record the unreadable callback as absent (or report it) instead of returning "
        "`.invalidSuccessCallbackURL`."),
    "empty-pieces-as-parameters": issue(
        "`&&`, a leading or a trailing `&` give a parameter with an empty name",
        "Skip empty query pieces.",
        ["xcu-query-format", "silent-empty-name"],
        "Skip query items whose name is empty."),
    "non-utf8-value-becomes-empty": issue(
        "A value that is not valid UTF-8 reaches the app as \"\"",
        "Refuse the URL, or hand the app the value undecoded: an empty string is a value the sender never wrote.",
        ["rfc3629-3", "silent-non-utf8"],
        "Return a failure when `queryItem.value` is nil but the raw item has a value, instead of `?? \"\"`.",
        file=True),
    "raw-controls-read-as-data": shared("raw-controls-read-as-data"),
    "whole-query-reencoded-by-foundation": shared("whole-query-reencoded-by-foundation"),
    "byte-order-mark-dropped": shared("byte-order-mark-dropped"),
    "raw-plus-written": shared("raw-plus-written", file=True, search=PLUS_SEARCH),
    "schemeless-callback-opened": shared("schemeless-callback-opened"),
    "unsafe-callback-opened": shared("unsafe-callback-opened"),
    "builder-writes-x-names": shared("builder-writes-x-names"),
    "builder-empty-action": shared("builder-empty-action"),
}
