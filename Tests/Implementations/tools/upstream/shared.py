"""Issue texts more than one library shares, as rows/shared.py shares their causes; a library adds its own fix.

Most of these come from Foundation (`URL(string:)`, `URLComponents`, `queryItems`), which every Swift library
here sits on: they are Foundation's behaviour first, and worth a library author's time only where the library
could stop them reaching its users, so they are not filed (`file=False`) unless a library's entry says so.
"""
from upstream import issue, searched, thread

ACTIONS_URI_11 = thread("https://github.com/czottmann/obsidian-actions-uri/issues/11", "closed",
                        "Actions URI sent its callbacks' spaces as '%20' instead of '+', because URLComponents "
                        "receivers read '+' literally")
# The searches for a cause several libraries have, run once for all of them.
PLUS_SEARCH = searched(["x-callback-url builder plus sign not encoded query value receiver reads space"],
                       related=[ACTIONS_URI_11])
TILDE_SEARCH = searched(
    ["URLSearchParams encodes tilde ~ as %7E unreserved character",
     "form_urlencoded byte_serialize tilde %7E rust url crate query_pairs_mut"],
    related=[thread("https://github.com/nodejs/node/issues/33037", "closed",
                    "Node: `url.searchParams.toString()` writes `~` as `%7E`; the maintainers read it as what the URL "
                    "Standard's form serializer asks"),
             thread("https://github.com/whatwg/url/pull/394", "closed",
                    "a proposal to stop the URL Standard's form serializer escaping `~`, not taken")])
SCHEME_CASE_SEARCH = searched(
    ["CallbackURLKit scheme uppercase handleOpen url case insensitive",
     "XCallbackURL jasonnam scheme case sensitive handler notXCallbackURL"],
    related=[thread("https://github.com/openid/AppAuth-iOS/pull/275", "closed",
                    "AppAuth-iOS compared a callback's scheme case-sensitively and missed callbacks (superseded by #398)"),
             thread("https://github.com/giginet/Crossroad/pull/18", "merged",
                    "a Swift URL router made its scheme matching case-insensitive, citing RFC 3986")])
TRAP_SEARCH = searched(["URLComponents scheme setter crash invalid scheme x-callback-url builder fatal error"],
                       related=[thread("https://github.com/auth0/Auth0.swift/pull/786", "merged",
                                       "the same `URLComponents.scheme` trap fixed in another Swift library by "
                                       "checking the scheme first")])

SHARED = {
    "host-compared-exactly": issue(
        "The host is compared case-sensitively, so `X-Callback-URL` is refused",
        "Accept the host `x-callback-url` in any case: RFC 3986 makes the host case-insensitive, and an app that "
        "writes `X-Callback-URL` addresses the same action.",
        ["rfc3986-3.2.2", "xcu-host"],
        "Lowercase the host before comparing it with \"x-callback-url\"."),
    "scheme-compared-exactly": issue(
        "The scheme is compared case-sensitively, so `TargetApp://` does not reach the app that registered `targetapp`",
        "Compare the scheme without regard to case, as RFC 3986 asks of an implementation that compares schemes.",
        ["rfc3986-3.1", "rfc3986-3.1-produce-lowercase"],
        "Lowercase both the URL's scheme and the registered one before comparing them."),
    "only-the-host-is-checked": issue(
        "Userinfo and a port in the authority pass unseen (`user@x-callback-url`, `x-callback-url:80`)",
        "Refuse an x-callback-url whose authority holds anything but the host: the spec's URL has no userinfo or "
        "port, and RFC 3986 warns that userinfo before the host is used to disguise where a URL points.",
        ["xcu-structure", "rfc3986-7.6"],
        "Refuse the URL when its `user`, `password` or `port` is set."),
    "host-mapped-by-foundation": issue(
        "A host that Foundation maps to `x-callback-url` (a Kelvin sign, a fullwidth x) is accepted",
        "Compare the host as written in the URL, not as Foundation's IDNA mapping rewrites it, so only "
        "`x-callback-url` in some case is taken for it.",
        ["xcu-host", "silent-host-variants"],
        "Compare `URLComponents.percentEncodedHost`, lowercased, instead of `url.host`."),
    "error-callback-code-and-message-only": issue(
        "An error callback cannot carry anything but errorCode and errorMessage",
        "Let the target app add parameters to x-error as it can to x-success: the spec opens x-error with at least "
        "errorCode and errorMessage, which allows more.",
        ["xcu-x-error", "silent-error-parameters"],
        "Give the error closure an optional parameters argument, appended after errorCode and errorMessage."),
    "cancel-callback-takes-nothing": issue(
        "A cancel callback cannot carry parameters",
        "Let the target app add parameters to x-cancel, as the spec leaves open.",
        ["xcu-x-cancel", "silent-cancel-parameters"],
        "Give the cancel closure an optional parameters argument."),
    "schemeless-callback-opened": issue(
        "A callback without a scheme (`/done`, `done`, `//host/done`) is opened",
        "Open a callback only when it is an absolute URL: one without a scheme names no app to return to.",
        ["xcu-x-success", "rfc3986-3"],
        "Check that the callback's `URL.scheme` is non-empty before opening it, and report the request as failed "
        "otherwise."),
    "unsafe-callback-opened": issue(
        "`javascript:`, `data:`, `file:` and `vbscript:` callbacks are opened like any other",
        "Refuse callbacks whose scheme runs code or reads files rather than naming an app.",
        ["xcu-security", "silent-hardening"],
        "Refuse a callback whose scheme is javascript, data, file or vbscript (compared case-insensitively)."),
    "raw-controls-read-as-data": issue(
        "Raw control characters and line breaks in the URL reach the app as data",
        "Refuse a URL that holds a raw control character: it is not a URI, and the app cannot tell the characters "
        "the sender meant from ones a transport added.",
        ["rfc3986-2"],
        "Refuse the incoming string when it holds a byte below 0x20 or 0x7F, before handing it to Foundation."),
    "whole-query-reencoded-by-foundation": issue(
        "One character Foundation does not allow leaves every other escape of the query undecoded",
        "Decode each value exactly once, whatever else the query holds: a valid `%41` is `A` even next to a raw "
        "`é` or a brace. Foundation re-encodes the whole query in that case (swift-foundation#1190).",
        ["rfc3986-2.4", "rfc3986-2.1"],
        "Refuse a URL that holds characters RFC 3986 does not allow, or split and decode `percentEncodedQuery` "
        "yourself, instead of reading `queryItems` of a string `URL(string:)` has rewritten."),
    "byte-order-mark-dropped": issue(
        "A leading byte-order mark is dropped from a decoded value",
        "Keep every decoded character of a value, a leading U+FEFF included.",
        ["rfc3986-2.1", "rfc3986-2.5"],
        "Decode values with a decoder that keeps a leading U+FEFF (Foundation's drops it)."),
    "invalid-scheme-traps": issue(
        "Building a URL for an invalid scheme (`1app`, `my app`, `app:`, `\"\"`) crashes the app",
        "Refuse an invalid scheme with an error: Foundation's `URLComponents.scheme` setter traps on one, so the "
        "check has to come first.",
        ["rfc3986-3.1-syntax"],
        "Check the scheme against RFC 3986's `ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )` and throw before "
        "setting `URLComponents.scheme`."),
    "raw-plus-written": issue(
        "A `+` in a value is written raw, so receivers that read `+` as a space get another value",
        "Write a literal `+` as `%2B` in query values: `URLComponents.queryItems` leaves it raw, and form "
        "decoders (URLSearchParams, Go's `ParseQuery`, Python's `parse_qs`, the url crate) read a raw `+` as a space.",
        ["xcu-values-encoded", "rfc3986-2.2-producers", "silent-plus"],
        "After setting `queryItems`, replace `+` with `%2B` in `percentEncodedQuery`, as the `queryItems` "
        "documentation suggests."),
    "builder-writes-x-names": issue(
        "Action parameters named `x-…` are written next to the reserved ones",
        "Refuse, or at least warn about, action parameters whose names start with `x-`: the spec reserves the "
        "prefix, and a receiver may take `x-success` for the callback.",
        ["xcu-reserved-prefix"],
        "Throw when an action parameter's name starts with `x-` (compared case-insensitively)."),
    "tilde-escaped": issue(
        "`~` in an appended value is written `%7E`",
        "Leave unreserved characters (letters, digits, `-`, `.`, `_`, `~`) as they are: RFC 3986 section 2.3 says "
        "producers should not percent-encode them. The receiver decodes the same value either way, so this is about "
        "the URL's bytes, not its data.",
        ["rfc3986-2.3-producers"],
        "Percent-encode values with RFC 3986's unreserved set left alone (JavaScript's `encodeURIComponent`, Rust's "
        "`percent_encoding` with a set that excludes `~`) instead of the application/x-www-form-urlencoded "
        "serializer.",
        search=TILDE_SEARCH),
    "builder-empty-action": issue(
        "An empty action is written as the path `/`",
        "Refuse an empty action when building: the URL names no action for the target app.",
        ["xcu-action", "silent-empty-action"],
        "Throw when the action is empty."),
}


def shared(id, **changes):
    """The shared text for `id`, with this library's fix, file flag or search in place of the shared ones."""
    entry = dict(SHARED[id])
    entry.update(changes)
    return entry
