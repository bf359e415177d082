#!/usr/bin/env python3
"""The example adapter with one realistic builder bug switched on, for the fuzzer's own tests.

    python3 buggy_builder_adapter.py BUG

The parser and everything else is the example adapter's (Vectors/protocol/example_adapter.py, imported,
not copied); only the builders are wrapped. BUG is one of:

    raw-amp          '&' and '=' are written unencoded in parameter values (both builders)
    raw-nested       a callback value that is itself a URL is written unencoded into x-success,
                     x-error or x-cancel ("a URL is already encoded")
    second-question  appending to a callback URL that already has a query adds a second '?' instead of '&'
    error-code       the error code is appended as 'error-Code' instead of 'errorCode'
    raw-source       the x-source value is written unencoded (both builders)
    none             no bug: the example adapter as it is
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

BUGS = ("raw-amp", "raw-nested", "second-question", "error-code", "raw-source", "none")
BUG = sys.argv[1] if len(sys.argv) > 1 else "none"
if BUG not in BUGS:
    print("buggy_builder_adapter: unknown bug %r; one of %s" % (BUG, ", ".join(BUGS)), file=sys.stderr)
    sys.exit(2)

original_encode_pairs = base.encode_pairs
original_build_callback = base.build_callback
CALLBACK_NAMES = ("x-success", "x-error", "x-cancel")


def looks_like_url(text):
    """Whether text starts with a valid scheme and ':', as a builder that trusts URLs would check."""
    colon = text.find(":")
    return colon > 0 and base.is_scheme(text[:colon])


def buggy_encode_pairs(pairs):
    """The example adapter's encode_pairs with the bug of the raw-* modes."""
    if BUG not in ("raw-amp", "raw-nested", "raw-source"):
        return original_encode_pairs(pairs)
    if any(name == "" for name, _ in pairs):
        raise base.Rejection("empty-parameter-name", "a parameter needs a non-empty name")
    written = []
    for name, value in pairs:
        if value is None:
            written.append(base.encode(name))
            continue
        if BUG == "raw-amp":
            text = base.encode(value, base.KEEP | set(b"&="))
        elif BUG == "raw-nested" and name in CALLBACK_NAMES and looks_like_url(value):
            text = value
        elif BUG == "raw-source" and name == "x-source":
            text = value
        else:
            text = base.encode(value)
        written.append(base.encode(name) + "=" + text)
    return "&".join(written)


def buggy_build_callback(response):
    """The example adapter's build_callback, then the separator or the error code name made wrong."""
    url = original_build_callback(response)
    callback = response["callback"]
    head = callback.partition("#")[0]
    if url == callback or not url.startswith(head):
        return url
    if BUG == "second-question" and "?" in head and url[len(head):len(head) + 1] == "&":
        # The example adapter joined with '&' because the callback has a query; this one always writes '?'.
        return head + "?" + url[len(head) + 1:]
    if BUG == "error-code" and response.get("outcome") == "error":
        tail = url[len(head):].replace("errorCode=", "error-Code=", 1)
        return head + tail
    return url


base.encode_pairs = buggy_encode_pairs
base.build_callback = buggy_build_callback
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="buggy-builder-" + BUG)

if __name__ == "__main__":
    sys.exit(base.main())
