"""Causes more than one row has, said once: (summary, rule). A row names its own library lines with shared(...).

Most come from Foundation, which every Swift library here sits on (`URLComponents`, `queryItems`); the rest
are choices several libraries make alike. What `URL(string:)` does to a text before an app is opened with it
is not here: the adapters skip such texts (issue 28), and the foundation-urlcomponents row shows it.
"""
from audit_rules import accepted, all_of, any_of, cause, detail, expected_rejection, kind, lacks, op, rejected, tag, vector_rule

# Causes that more than one library has, said once: (summary, rule). A row names the library lines.
SHARED = {
    "adds-response-id": (
        "every URL it builds carries `__middleman_response_id_identifier=<UUID>`, asked for or not; the spec "
        "defines no request identifier and is silent on a builder adding one",
        # the vectors of rule build-request-nothing-added were retired in suite 5.0.0 (the spec neither requires nor
        # forbids more parameters); the runner still reports the names (extraParameters) and a fuzz finding may be tagged
        all_of(op("build-request"), tag("extra-parameters"))),
    "host-compared-exactly": (
        "the host is compared byte for byte with \"x-callback-url\", so X-Callback-URL is refused although "
        "hosts are case-insensitive (RFC 3986 §3.2.2): the app never receives the request",
        all_of(vector_rule("recognise-host-case"), rejected())),
    "only-the-host-is-checked": (
        "only the host is compared, so userinfo and a port pass unseen; Foundation reads "
        "`tgt://evil.example\\@x-callback-url/go` as userinfo `evil.example\\` before host x-callback-url, "
        "although a backslash is no URI character",
        # a port or userinfo beside another trait of the input (an encoded host), graded by that trait's rule: the
        # expectation is still the authority's refusal
        all_of(any_of(vector_rule("recognise-userinfo-port"), expected_rejection("invalid-authority")), accepted())),
    "scheme-compared-exactly": (
        "the scheme is compared byte for byte with the app's registered one, so `APP://` or `TargetApp://` does not "
        "reach the app that registered `app` or `targetapp`, although schemes are case-insensitive (RFC 3986 §3.1, "
        "§6.2.2.1): the app never receives the request",
        all_of(vector_rule("recognise-scheme-case", "decode-scheme-lowercase"), rejected())),
    "schemeless-callback-opened": (
        "a callback is opened whenever Foundation reads it as a URL, so `/done`, `done`, `//host/done` and "
        "`:done`, which name no app, are opened",
        all_of(vector_rule("build-callback-invalid"), accepted())),
    "unsafe-callback-opened": (
        "javascript:, data:, file: and vbscript: callbacks are opened like any other",
        all_of(vector_rule("build-callback-unsafe-scheme"), accepted())),
    "byte-order-mark-dropped": (
        "Foundation's `queryItems` drops a leading byte-order mark when it decodes a value",
        lacks("\ufeff")),
    "invalid-scheme-traps": (
        "the scheme is set on `URLComponents` unchecked, and Foundation traps on `1app`, `my app`, `app:` or "
        "`\"\"`: the app crashes (a scheme the app's developer writes, never one another app sends)",
        any_of(all_of(vector_rule("build-request-invalid-scheme"), kind("crashed")),
               # a fuzz finding graded by another rule of its input (its action, or none), whose scheme the
               # reference refuses as invalid
               all_of(op("build-request"), kind("crashed"), lambda r: r.get("expected") == {"reject": "invalid-scheme"}))),
    "raw-plus-written": (
        "values go through `URLComponents.queryItems`, which leaves `+` raw (nested callbacks and results "
        "included); receivers that read `+` as a space get another value",
        all_of(kind("encoding-rule"), detail(r"raw '\+'"))),
    "builder-writes-x-names": (
        "action parameters are written as given, so a request gets parameters named x-success, x-source or "
        "x-foo",
        any_of(all_of(vector_rule("build-request-refuse-reserved-names", "build-request-refuse-x-prefix"), accepted()),
               # A fuzz finding with such a name, graded by a trait of another field, still expects that refusal.
               all_of(op("build-request"), expected_rejection("reserved-parameter-name")))),
    "builder-empty-action": (
        "an empty action is written as the path `/`",
        all_of(vector_rule("build-request-empty-action"), accepted())),
    "tilde-escaped": (
        "values are written with the application/x-www-form-urlencoded serializer, which percent-encodes every "
        "byte but ASCII letters, digits and `*-._`: `~` is written `%7E`, an unreserved character RFC 3986 §2.3 "
        "says producers should not escape (the same value once decoded)",
        # the comparator's wording before and after it compared builders byte for byte (issue 36)
        all_of(kind("encoding-rule"), any_of(detail(r"writes %7E for the unreserved character"),
                                             detail(r"as '[^']*%7E[^']*' where the reference writes '[^']*~")))),
}


def leading_slash_lost(r):
    """A request whose action starts with `/` was built, and its URL reads back without that `/` (or with no action):
    the action's own `/` was taken as the path's. Read from the expectation and the runner's reading, so a fuzz
    finding graded by another rule of the same input (`build-request-action`) is placed as the vectors are."""
    action = ((r.get("expected") or {}).get("accept") or {}).get("action") or ""
    return (op("build-request")(r) and accepted()(r) and action.startswith("/")
            and detail(r'action: expected "/|missing-action: expected an action')(r))


def shared(id, source, summary=None):
    """A cause of SHARED at this library's lines, with its own summary where it says more."""
    common, match = SHARED[id]
    return cause(id, source, summary or common, match)
