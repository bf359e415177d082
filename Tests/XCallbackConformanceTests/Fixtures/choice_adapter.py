#!/usr/bin/env python3
"""A correct implementation that declares choices other than the reference's, for the fuzzer's own tests.

    python3 choice_adapter.py [POINT=VALUE ...]     (default: duplicate-reserved=first invalid-escape=reject)

It is the example adapter (Vectors/protocol/example_adapter.py, imported, not copied) with its parser's
query step redone for the declared values:

    duplicate-reserved   reject | first | last     a repeated x-source/x-success/x-error/x-cancel
    duplicate-parameter  keep-all | first | last   a repeated action parameter
    flag-parameter       no-value | empty-value | drop
    invalid-escape       reject | literal          ('%' without two hex digits kept as written)
    plus                 literal | space           (a '+' in the query)
    trailing-slash       keep | strip              (every trailing '/' of the decoded action)

Every piece of the query is decoded, whichever piece a choice then keeps: a malformed escape or
ill-formed UTF-8 in a discarded duplicate or a dropped flag still rejects the URL.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

SUPPORTED = {
    "duplicate-reserved": ("reject", "first", "last"),
    "duplicate-parameter": ("keep-all", "first", "last"),
    "flag-parameter": ("no-value", "empty-value", "drop"),
    "invalid-escape": ("reject", "literal"),
    "plus": ("literal", "space"),
    "trailing-slash": ("keep", "strip"),
}
CHOICES = dict(base.CHOICES)
for argument in sys.argv[1:] or ["duplicate-reserved=first", "invalid-escape=reject"]:
    point, _, value = argument.partition("=")
    if value not in SUPPORTED.get(point, ()):
        print("choice_adapter: unsupported choice %r" % argument, file=sys.stderr)
        sys.exit(2)
    CHOICES[point] = value

strict_decode = base.decode


def lenient_decode(text):
    """Decodes like the example adapter, but keeps a '%' without two hex digits as a literal '%'."""
    out = bytearray()
    raw = text.encode("utf-8")
    i = 0
    while i < len(raw):
        pair = raw[i + 1:i + 3]
        if raw[i] == 0x25 and len(pair) == 2 and all(chr(b) in base.HEX for b in pair):
            out.append(int(pair, 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise base.Rejection("invalid-utf8", "percent-decoded bytes are not UTF-8")


decode = lenient_decode if CHOICES["invalid-escape"] == "literal" else strict_decode
original_parse = base.parse_url


def parse_url(data):
    """Parses with the example adapter up to the query, then reads the query under CHOICES."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise base.Rejection("invalid-utf8", "the input bytes are not UTF-8")
    for position, char in enumerate(data):
        if ord(char) < 0x20 or ord(char) == 0x7F:
            raise base.Rejection("invalid-character", "control character U+%04X at %d" % (ord(char), position))
    before_fragment, hash_mark, fragment = data.partition("#")
    head, question, query = before_fragment.partition("?")
    base.decode = decode
    try:
        result = original_parse(head)  # scheme, authority and action, as the example adapter reads them
        pieces = []
        for piece in query.split("&"):
            if not piece:
                continue
            name, equals, value = piece.partition("=")
            if CHOICES["plus"] == "space":
                name, value = name.replace("+", "%20"), value.replace("+", "%20")
            pieces.append((decode(name), decode(value) if equals else None))  # every piece decoded
        fragment_text = decode(fragment) if hash_mark else None
    finally:
        base.decode = strict_decode
    reserved = {}
    parameters = []
    for name, value in pieces:
        if name in base.RESERVED:
            if value is None and CHOICES["flag-parameter"] == "drop":
                continue  # a reserved flag is dropped like any other, before duplicates are counted
            value = value if value is not None else ""
            if name in reserved:
                if CHOICES["duplicate-reserved"] == "reject":
                    raise base.Rejection("duplicate-reserved-parameter", "%s appears twice" % name)
                if CHOICES["duplicate-reserved"] == "first":
                    continue
            reserved[name] = value
            continue
        if value is None and CHOICES["flag-parameter"] == "drop":
            continue
        if value is None and CHOICES["flag-parameter"] == "empty-value":
            value = ""
        parameters.append([name, value])
    for name, value in reserved.items():
        result[base.RESERVED[name]] = value
    if CHOICES["duplicate-parameter"] != "keep-all":
        order = parameters if CHOICES["duplicate-parameter"] == "first" else list(reversed(parameters))
        seen, kept = set(), []
        for parameter in order:
            if parameter[0] not in seen:
                seen.add(parameter[0])
                kept.append(parameter)
        kept_ids = {id(parameter) for parameter in kept}
        parameters = [parameter for parameter in parameters if id(parameter) in kept_ids]
    result["parameters"] = parameters
    result["fragment"] = fragment_text
    if CHOICES["trailing-slash"] == "strip":
        result["action"] = result["action"].rstrip("/")
    return result


base.parse_url = parse_url
base.CHOICES = CHOICES
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="choice-adapter")

if __name__ == "__main__":
    sys.exit(base.main())
