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
    built-scheme-dollar  both builders check a scheme (the request's, a callback's own) with re.match and
                         '^[A-Za-z][A-Za-z0-9+.\\-]*$', whose '$' also matches before a final LF: 'app\\n' is kept
    action-escapes-kept  an escape of a reserved character ('%2F', '%3A') already in the action is written as is, as
                         a delimiter the caller escaped ("already encoded"); '%41' and '%25' are still encoded
    escapes-kept         build_request writes an escape of a reserved character ('%26', '%3D') already in a parameter's
                         name or value as is ("avoid double encoding"); not in x-source, x-success, x-error or x-cancel
    built-source-trimmed build_request trims the x-source value of surrounding whitespace and controls, as an app name
    callback-values-trimmed
                         build_request removes leading and trailing C0 controls and spaces from x-success, x-error
                         and x-cancel, as a WHATWG URL parser does to a URL
    path-normalised      the callback's own path goes through a path round trip, which decodes '%3A' to ':' and
                         '%40' to '@' (and every escape a path segment may hold raw)
    result-values-trimmed
                         the values of the results appended to a callback are trimmed of surrounding whitespace and
                         controls, as a command's output is
    invalid-utf8-replaced
                         the callback's own path, query and fragment are percent-decoded to text and encoded again:
                         an escaped sequence that is not UTF-8 comes out as %EF%BF%BD (U+FFFD)
    none                 no bug: the example adapter as it is
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

BUGS = ("raw-amp", "raw-nested", "second-question", "error-code", "raw-source", "raw-non-ascii", "double-ampersand",
        "question-ampersand", "query-normalised", "unreserved-escaped", "raw-names", "raw-error-message", "null-as-empty",
        "lowercase-hex", "plus-for-space", "raw-action", "message-trimmed", "code-trimmed", "result-names-trimmed",
        "fragment-reescaped", "built-scheme-dollar", "action-escapes-kept", "escapes-kept", "built-source-trimmed",
        "callback-values-trimmed", "path-normalised", "invalid-utf8-replaced", "result-values-trimmed", "none")
BUG = sys.argv[1] if len(sys.argv) > 1 else "none"
if BUG not in BUGS:
    print("buggy_builder_adapter: unknown bug %r; one of %s" % (BUG, ", ".join(BUGS)), file=sys.stderr)
    sys.exit(2)

original_is_scheme = base.is_scheme
original_encode = base.encode
original_encode_pairs = base.encode_pairs
original_build_request = base.build_request
original_build_callback = base.build_callback
CALLBACK_NAMES = ("x-success", "x-error", "x-cancel")
UNRESERVED_PUNCTUATION = set(b"-._~")
QUERY_RAW = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")
PATH_RAW = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")  # RFC 3986 pchar
RESERVED_OCTETS = set(b":/?#[]@!$&'()*+,;=")  # RFC 3986 gen-delims and sub-delims
ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
NOT_ESCAPED = ("x-source",) + CALLBACK_NAMES  # the reserved parameters, which escapes-kept encodes whole
C0_AND_SPACE = "".join(chr(byte) for byte in range(0x21))


def buggy_is_scheme(text):
    """The example adapter's is_scheme, or a regular expression whose '$' also matches before a final LF.

    The parser refuses raw controls before it asks, so only the builders see the difference."""
    if BUG == "built-scheme-dollar":
        return re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*$", text) is not None
    return original_is_scheme(text)


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


def escapes_kept(text, keep=base.KEEP):
    """text encoded with every escape of a reserved character already in it written as is ("already encoded")."""
    pieces, last = [], 0
    for match in ESCAPE.finditer(text):
        if int(match.group()[1:], 16) not in RESERVED_OCTETS:
            continue
        pieces.append(buggy_encode(text[last:match.start()], keep) + match.group())
        last = match.end()
    return "".join(pieces) + buggy_encode(text[last:], keep)


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
    if BUG == "escapes-kept" and name not in NOT_ESCAPED and not RESULTS:
        return escapes_kept(value)
    if BUG == "result-values-trimmed" and RESULTS and name not in ("x-source", "errorCode", "errorMessage"):
        return buggy_encode(value.strip())
    if BUG == "built-source-trimmed" and name == "x-source" and not RESULTS:
        return buggy_encode(value.strip())
    if BUG == "callback-values-trimmed" and name in CALLBACK_NAMES and not RESULTS:
        return buggy_encode(value.strip(C0_AND_SPACE))
    return buggy_encode(value)


def buggy_encode_pairs(pairs):
    """The example adapter's encode_pairs with the bugs of the value, name and null modes."""
    if any(name == "" for name, _ in pairs):
        raise base.Rejection("empty-parameter-name", "a parameter needs a non-empty name")
    written = []
    for name, value in pairs:
        if BUG == "raw-names":
            written_name = name
        elif BUG == "escapes-kept" and name not in NOT_ESCAPED and not RESULTS:
            written_name = escapes_kept(name)
        else:
            written_name = buggy_encode(name.strip() if RESULTS and BUG == "result-names-trimmed" else name)
        if value is None:
            written.append(written_name + ("=" if BUG == "null-as-empty" else ""))
        else:
            written.append(written_name + "=" + value_text(name, value))
    return "&".join(written)


def buggy_build_request(request):
    """The example adapter's build_request; the action written raw, or with its escapes kept."""
    url = original_build_request(request)
    if BUG not in ("raw-action", "action-escapes-kept"):
        return url
    prefix = "%s://x-callback-url/" % request["scheme"].lower()
    encoded_action = buggy_encode(request["action"], base.KEEP - {ord("?")})
    action = request["action"] if BUG == "raw-action" else escapes_kept(request["action"], base.KEEP - {ord("?")})
    return prefix + action + url[len(prefix) + len(encoded_action):]


def normalised(query, raw_set=QUERY_RAW):
    """A query (or path) after a round trip: every escape of a character it may hold raw is decoded."""
    out, i = [], 0
    raw = query.encode("utf-8")
    while i < len(raw):
        pair = raw[i + 1:i + 3]
        if raw[i] == 0x25 and len(pair) == 2 and all(chr(c) in base.HEX for c in pair):
            octet = int(pair, 16)
            if octet in raw_set:
                out.append(octet)
                i += 3
                continue
        out.append(raw[i])
        i += 1
    return bytes(out).decode("utf-8", "replace")


def utf8_round_trip(text):
    """text percent-decoded to text and encoded again: escapes not UTF-8 become U+FFFD, the rest come back."""
    def again(escapes):
        decoded = bytes.fromhex(escapes.group().replace("%", "")).decode("utf-8", "replace")
        return "".join("%%%02X" % byte for byte in decoded.encode("utf-8"))
    return ESCAPES.sub(again, text)


def round_tripped(callback):
    """The callback with its own path (path-normalised), or path, query and fragment (invalid-utf8-replaced),
    through a round trip; cut as the example adapter cuts it, at the first '#', then the first '?'."""
    head, hash_mark, fragment = callback.partition("#")
    head, question, query = head.partition("?")
    colon = head.find(":")
    if colon == -1:
        return callback
    start = colon + 1
    if head.startswith("//", start):  # the authority, up to the path's '/'
        slash = head.find("/", start + 2)
        start = len(head) if slash == -1 else slash
    prefix, path = head[:start], head[start:]
    if BUG == "path-normalised":
        return prefix + normalised(path, PATH_RAW) + question + query + hash_mark + fragment
    return prefix + utf8_round_trip(path) + question + utf8_round_trip(query) + hash_mark + utf8_round_trip(fragment)


RESULTS = False  # whether the pairs being written are appended to a callback (result-names-trimmed)


def buggy_build_callback(response):
    """The example adapter's build_callback, then the separator, the error code name or the own query made wrong."""
    global RESULTS
    if BUG in ("path-normalised", "invalid-utf8-replaced"):
        response = dict(response, callback=round_tripped(response["callback"]))
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


base.is_scheme = buggy_is_scheme
base.encode = buggy_encode
base.encode_pairs = buggy_encode_pairs
base.build_request = buggy_build_request
base.build_callback = buggy_build_callback
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="buggy-builder-" + BUG)

if __name__ == "__main__":
    sys.exit(base.main())
