#!/usr/bin/env python3
"""The example adapter with one realistic parser bug switched on, for the fuzzer's own tests.

    python3 buggy_parser_adapter.py BUG

The builders and everything else are the example adapter's (Vectors/protocol/example_adapter.py, imported,
not copied); only the parser is wrapped. BUG is one of:

    port-accepted        a port on the host is accepted: 'x-callback-url:80' is read as x-callback-url
    userinfo-accepted    userinfo before the host is accepted: 'u@x-callback-url' is read as x-callback-url
    fragment-in-action   with no query, the path is cut at '?' only, so the fragment stays in the action
    host-case-sensitive  the host is compared byte for byte: 'X-Callback-URL' is refused
    double-decode        every value is percent-decoded twice ('%2526' reads as '&')
    split-after-decode   the query is decoded before it is split, so '%26' splits a value
    fragment-stripped    (5.1.0's grid) the decoded fragment is trimmed of surrounding whitespace and controls

Bugs in a row of the coverage grid that the vectors before the grid (5.0.0) did not catch, one per row:

    source-trimmed       x-source is trimmed of surrounding whitespace and controls, as an app name for display
    callbacks-trimmed    x-success, x-error and x-cancel are trimmed of surrounding whitespace and controls, as URLs
    callback-controls-dropped
                         (5.3.0's escaped controls) every control character is removed from x-success, x-error and
                         x-cancel once decoded, as a URL sanitiser does before opening one
    last-value-chomped   (5.3.0's escaped controls) the last parameter's decoded value loses one trailing line end
                         (CR LF, LF or CR), as a line read from a pipe does

Bugs in a row the vectors before 5.4.0 did not catch (5.4.0 places a refused control at each place alone, and
the vectors of 5.0.0 held no escaped control at a name's, a value's or the action's end):

    parsed-scheme-dollar  the scheme is checked with a '$'-anchored regular expression, which also matches before a
                         final newline, so a scheme ending in LF is accepted ('gd\n://x-callback-url/act')
    host-trimmed         the authority is trimmed of surrounding whitespace before it is compared with x-callback-url
    action-trimmed       the decoded action is trimmed of surrounding whitespace, as a router trims a path
    long-names-truncated a parameter name is cut at 255 bytes, as a fixed-size name buffer does
    none                 no bug: the example adapter as it is
"""

import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

BUGS = ("port-accepted", "userinfo-accepted", "fragment-in-action", "host-case-sensitive", "double-decode",
        "split-after-decode", "fragment-stripped", "source-trimmed", "callbacks-trimmed", "callback-controls-dropped",
        "last-value-chomped", "parsed-scheme-dollar", "host-trimmed", "action-trimmed", "long-names-truncated", "none")
BUG = sys.argv[1] if len(sys.argv) > 1 else "none"
if BUG not in BUGS:
    print("buggy_parser_adapter: unknown bug %r; one of %s" % (BUG, ", ".join(BUGS)), file=sys.stderr)
    sys.exit(2)

original_parse = base.parse_url
SLIPPED_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*$")  # the slip: '$' also matches before a final newline
original_decode = base.decode


def authority_of(text):
    """The authority of text after 'scheme://', and where it ends; None without '//'."""
    colon = text.find(":")
    if colon == -1 or not text[colon + 1:].startswith("//"):
        return None
    start = colon + 3
    end = len(text)
    for delimiter in "/?#":
        found = text.find(delimiter, start)
        if found != -1:
            end = min(end, found)
    return start, end


def buggy_parse(data):
    """The example adapter's parse_url, with the bug of the mode."""
    text = data
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return original_parse(data)
    colon = text.find(":")
    if BUG == "parsed-scheme-dollar" and colon > 1 and text[colon - 1] == "\n" and SLIPPED_SCHEME.match(text[:colon]):
        # The check passed, so the rest is parsed as if the scheme were plain; the scheme is the one checked.
        parsed = original_parse(text[:colon - 1] + text[colon:])
        parsed["scheme"] = text[:colon].lower()
        return parsed
    place = authority_of(text)
    if place is not None:
        start, end = place
        authority = text[start:end]
        if BUG == "host-trimmed" and authority.strip() != authority:
            text = text[:start] + authority.strip() + text[end:]
            place = authority_of(text)
            start, end = place
            authority = text[start:end]
        if BUG == "port-accepted" and ":" in authority and "@" not in authority:
            text = text[:start] + authority.rsplit(":", 1)[0] + text[end:]
        if BUG == "userinfo-accepted" and "@" in authority:
            text = text[:start] + authority.rsplit("@", 1)[1] + text[end:]
        if BUG == "host-case-sensitive" and authority != "x-callback-url":
            raise base.Rejection("not-x-callback-url", "the host is not x-callback-url, byte for byte")
    if BUG == "fragment-in-action" and "?" not in text and "#" in text and place is not None:
        # The path is cut at '?' alone: with no query, '#' and the fragment stay in the action.
        before, _, fragment = text.partition("#")
        parsed = original_parse(before)
        parsed["action"] = parsed["action"] + "#" + base.decode(fragment)
        return parsed
    if BUG == "split-after-decode":
        query_start = text.find("?")
        if query_start != -1:
            query, hash_mark, fragment = text[query_start + 1:].partition("#")
            text = text[:query_start + 1] + urllib.parse.unquote(query) + hash_mark + fragment
    parsed = original_parse(text)
    if BUG == "fragment-stripped" and parsed.get("fragment") is not None:
        parsed["fragment"] = parsed["fragment"].strip()
    if BUG == "action-trimmed":
        parsed["action"] = parsed["action"].strip()
    if BUG == "long-names-truncated":
        for pair in parsed["parameters"]:
            pair[0] = pair[0].encode("utf-8")[:255].decode("utf-8", "ignore")
    if BUG == "source-trimmed" and parsed.get("source") is not None:
        parsed["source"] = parsed["source"].strip()
    if BUG == "callbacks-trimmed":
        for key in ("success", "error", "cancel"):
            if parsed.get(key) is not None:
                parsed[key] = parsed[key].strip()
    if BUG == "callback-controls-dropped":
        for key in ("success", "error", "cancel"):
            if parsed.get(key) is not None:
                parsed[key] = "".join(ch for ch in parsed[key] if ord(ch) >= 0x20 and ord(ch) != 0x7F)
    if BUG == "last-value-chomped" and parsed["parameters"] and parsed["parameters"][-1][1] is not None:
        name, value = parsed["parameters"][-1]
        for end in ("\r\n", "\n", "\r"):
            if value.endswith(end):
                parsed["parameters"][-1] = [name, value[:-len(end)]]
                break
    return parsed


def twice(text):
    """decode, twice over (the double-decode bug)."""
    return original_decode(original_decode(text))


base.parse_url = buggy_parse
if BUG == "double-decode":
    base.decode = twice
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="buggy-parser-" + BUG)

if __name__ == "__main__":
    sys.exit(base.main())
