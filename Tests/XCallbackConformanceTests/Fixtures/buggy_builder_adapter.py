#!/usr/bin/env python3
"""The example adapter with one realistic builder bug switched on, for the fuzzer's own tests.

    python3 buggy_builder_adapter.py BUG

The parser and everything else is the example adapter's (Vectors/protocol/example_adapter.py, imported,
not copied); only the builders are wrapped. BUG is one of:

    raw-amp              '&' and '=' are written unencoded in parameter values (both builders)
    raw-nested           a callback value that is itself a URL is written unencoded into x-success,
                         x-error or x-cancel ("a URL is already encoded")
    second-question      appending to a callback URL that already has a query adds a second '?' instead of '&'
    error-code           the error code is appended as 'error-Code' instead of 'errorCode'
    raw-source           the x-source value is written unencoded (both builders)
    raw-non-ascii        non-ASCII text is written as raw UTF-8 instead of escapes (both builders)
    double-ampersand     appending to a callback whose query ends in '&' writes another '&' ('a=1&&k=v')
    question-ampersand   appending to a callback ending in '?' writes '&' after it ('done?&k=v')
    query-normalised     the callback's own query goes through a query-item round trip, which decodes
                         '%2F' to '/' and '%3A' to ':' (and every escape a query may hold raw)
    unreserved-escaped   '~', '-', '.' and '_' are escaped (%7E, %2D, %2E, %5F) in every field (both builders)
    raw-names            parameter names are written unencoded (both builders)
    raw-error-message    the errorMessage value is written unencoded
    null-as-empty        a parameter with no value is written 'name=' instead of the bare name (both builders)
    lowercase-hex        escapes are written with lowercase hex digits (both builders)
    plus-for-space       a space in a parameter value is written '+' (form encoding) (both builders)
    raw-action           the action is written unencoded
    message-trimmed      (5.1.0's grid) the errorMessage value is trimmed of surrounding whitespace and controls, as for display

Bugs in a row of the coverage grid that the vectors before the grid (5.0.0) did not catch, one per row:

    code-trimmed         the errorCode value is trimmed of surrounding whitespace and controls
    result-names-trimmed the names of the results appended to a callback are trimmed of surrounding whitespace
    fragment-reescaped   the callback's own fragment is percent-encoded again ('#a%20b' becomes '#a%2520b')
    none                 no bug: the example adapter as it is
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

BUGS = ("raw-amp", "raw-nested", "second-question", "error-code", "raw-source", "raw-non-ascii", "double-ampersand",
        "question-ampersand", "query-normalised", "unreserved-escaped", "raw-names", "raw-error-message", "null-as-empty",
        "lowercase-hex", "plus-for-space", "raw-action", "message-trimmed", "code-trimmed", "result-names-trimmed",
        "fragment-reescaped", "none")
BUG = sys.argv[1] if len(sys.argv) > 1 else "none"
if BUG not in BUGS:
    print("buggy_builder_adapter: unknown bug %r; one of %s" % (BUG, ", ".join(BUGS)), file=sys.stderr)
    sys.exit(2)

original_encode = base.encode
original_encode_pairs = base.encode_pairs
original_build_request = base.build_request
original_build_callback = base.build_callback
CALLBACK_NAMES = ("x-success", "x-error", "x-cancel")
UNRESERVED_PUNCTUATION = set(b"-._~")
QUERY_RAW = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")


def looks_like_url(text):
    """Whether text starts with a valid scheme and ':', as a builder that trusts URLs would check."""
    colon = text.find(":")
    return colon > 0 and base.is_scheme(text[:colon])


def buggy_encode(text, keep=base.KEEP):
    """The example adapter's encode with the bug of the encoding modes."""
    if BUG == "raw-non-ascii":
        return "".join(char if ord(char) >= 0x80 else original_encode(char, keep) for char in text)
    if BUG == "unreserved-escaped":
        return original_encode(text, keep - UNRESERVED_PUNCTUATION)
    if BUG == "lowercase-hex":
        return "".join(chr(b) if b in keep else "%%%02x" % b for b in text.encode("utf-8"))
    return original_encode(text, keep)


def value_text(name, value):
    """A value as the buggy modes write it."""
    if BUG == "raw-amp":
        return buggy_encode(value, base.KEEP | set(b"&="))
    if BUG == "raw-nested" and name in CALLBACK_NAMES and looks_like_url(value):
        return value
    if (BUG == "raw-source" and name == "x-source") or (BUG == "raw-error-message" and name == "errorMessage"):
        return value
    if BUG == "plus-for-space":
        return buggy_encode(value).replace("%20", "+")
    if BUG == "message-trimmed" and name == "errorMessage":
        return buggy_encode(value.strip())
    if BUG == "code-trimmed" and name == "errorCode":
        return buggy_encode(value.strip())
    return buggy_encode(value)


def buggy_encode_pairs(pairs):
    """The example adapter's encode_pairs with the bugs of the value, name and null modes."""
    if any(name == "" for name, _ in pairs):
        raise base.Rejection("empty-parameter-name", "a parameter needs a non-empty name")
    written = []
    for name, value in pairs:
        written_name = name if BUG == "raw-names" else buggy_encode(name.strip() if RESULTS and BUG == "result-names-trimmed" else name)
        if value is None:
            written.append(written_name + ("=" if BUG == "null-as-empty" else ""))
        else:
            written.append(written_name + "=" + value_text(name, value))
    return "&".join(written)


def buggy_build_request(request):
    """The example adapter's build_request; the action written raw in raw-action mode."""
    url = original_build_request(request)
    if BUG != "raw-action":
        return url
    prefix = "%s://x-callback-url/" % request["scheme"].lower()
    encoded_action = buggy_encode(request["action"], base.KEEP - {ord("?")})
    return prefix + request["action"] + url[len(prefix) + len(encoded_action):]


def normalised(query):
    """A query after a query-item round trip: every escape of a character a query may hold raw is decoded."""
    out, i = [], 0
    raw = query.encode("utf-8")
    while i < len(raw):
        pair = raw[i + 1:i + 3]
        if raw[i] == 0x25 and len(pair) == 2 and all(chr(c) in base.HEX for c in pair):
            octet = int(pair, 16)
            if octet in QUERY_RAW:
                out.append(octet)
                i += 3
                continue
        out.append(raw[i])
        i += 1
    return bytes(out).decode("utf-8", "replace")


RESULTS = False  # whether the pairs being written are appended to a callback (result-names-trimmed)


def buggy_build_callback(response):
    """The example adapter's build_callback, then the separator, the error code name or the own query made wrong."""
    global RESULTS
    RESULTS = True
    try:
        url = original_build_callback(response)
    finally:
        RESULTS = False
    callback = response["callback"]
    head = callback.partition("#")[0]
    if url == callback or not url.startswith(head):
        return url
    tail = url[len(head):]
    if BUG == "second-question" and "?" in head and tail[:1] == "&":
        # The example adapter joined with '&' because the callback has a query; this one always writes '?'.
        return head + "?" + tail[1:]
    if BUG in ("double-ampersand", "question-ampersand") and "?" in head and tail[:1] != "&":
        # The example adapter wrote no separator after a trailing '&' or '?'; this one always writes '&'.
        if (BUG == "double-ampersand" and head.endswith("&")) or (BUG == "question-ampersand" and head.endswith("?")):
            return head + "&" + tail
    if BUG == "error-code" and response.get("outcome") == "error":
        return head + tail.replace("errorCode=", "error-Code=", 1)
    if BUG == "fragment-reescaped" and "#" in url:
        before, _, fragment = url.partition("#")
        return before + "#" + fragment.replace("%", "%25")
    if BUG == "query-normalised" and "?" in head:
        before, _, query = head.partition("?")
        return before + "?" + normalised(query) + tail
    return url


base.encode = buggy_encode
base.encode_pairs = buggy_encode_pairs
base.build_request = buggy_build_request
base.build_callback = buggy_build_callback
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="buggy-builder-" + BUG)

if __name__ == "__main__":
    sys.exit(base.main())
