"""What kradenkov/swift-x-callback-url's author is told, cause by cause (rows/kradenkov.py holds the causes)."""
from upstream import deliberate, issue, searched
from upstream.shared import PLUS_SEARCH, shared

LIBRARY = {
    "name": "kradenkov/swift-x-callback-url",
    "tracker": "https://github.com/kradenkov/swift-x-callback-url/issues",
    "search": searched(["swift-x-callback-url kradenkov"]),
}

HEADLINE = "raw-plus-written"
# The row has no must-level cause; this is the should-level one its report leads with (a value another app reads
# otherwise, on ordinary input).
MOST_SERIOUS = {"kradenkov": "raw-plus-written"}

CAUSES = {
    "raw-plus-written": shared(
        "raw-plus-written",
        title="`URL.xCallbackURL` writes `+` raw in values, so receivers that read `+` as a space get another value",
        fix="After setting `queryItems` in `xCallbackURL(scheme:action:parameters:)` and `addQueryItems(from:)`, "
            "replace `+` with `%2B` in `percentEncodedQuery`.",
        file=True,
        search=PLUS_SEARCH),
    "byte-order-mark-dropped": shared("byte-order-mark-dropped"),
    "action-outside-url-path-allowed-refused": issue(
        "Is refusing actions outside `urlPathAllowed` (`écrire`, `new note`) intended, rather than percent-encoding them?",
        "Percent-encode the action's characters that a path cannot hold raw, as `URLComponents.path` does, so any "
        "action name can be sent: RFC 3986 gives every character an encoded form.",
        ["xcu-action", "rfc3986-2.1", "rfc3986-2.5"],
        "Drop the `urlPathAllowed` check in `Action.init` and let `URLComponents.path` encode the name; keep the "
        "empty-name check.",
        file=True,
        design=deliberate("`Action.init(name:parameters:)` documents it: \"Must not be empty and must only contain "
                          "valid URL path characters\".",
                          "Should an action such as `écrire` be refused, or sent percent-encoded?")),
    "leading-slash-folded": issue(
        "An action starting with `/` is folded into the path: `/open` is written as the action `open`",
        "Keep the action as given: encode its leading `/` or refuse it.",
        ["xcu-action"],
        "Always prefix the path with \"/\" (`\"/\" + actionName`) instead of testing `hasPrefix(\"/\")`."),
    "empty-value-dropped": issue(
        "An empty x-source or callback is silently left out",
        "Write what the caller asked for, or refuse it: an empty x-source is still a parameter the caller set.",
        ["xcu-optional", "silent-empty-callback"],
        "Drop the `!value.isEmpty` test in `addQueryItems(from:)`, or throw for an empty value."),
    "callback-needs-host": issue(
        "Is refusing a callback without a host (`com.myapp.callback://`) intended?",
        "Accept any absolute callback URL: `com.myapp.callback://` is the callback Chrome's x-callback-url "
        "documentation uses, and a scheme alone names the app to return to.",
        ["xcu-x-success", "rfc3986-3"],
        "Keep the scheme check in `Callback.init(url:)` and drop the host check.",
        file=True,
        design=deliberate("`Callback.InconsistencyReason.missingHost` is thrown by `Callback.init(url:)` "
                          "when `url.host()` is empty.",
                          "What does the host requirement protect against, given that some apps document "
                          "host-less callbacks?")),
}
