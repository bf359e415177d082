#!/usr/bin/env python3
"""A decoder that recognises nothing, and says so: the example adapter claiming the roles decode, build-request and
build-callback, whose parser takes any host as x-callback-url's (what a value type holding a URL does, as the
Middleman CallbackURL row). A run of `fuzz --target` must neither ask it nor judge it on a recognise URL.

    python3 decoder_only_adapter.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

original_parse = base.parse_url


def any_host(text):
    """The example adapter's reading of `text` with its host replaced by x-callback-url (scheme case kept lowered)."""
    if not isinstance(text, str):  # bytes that are not UTF-8: the example adapter's own refusal
        return original_parse(text)
    colon = text.find(":")
    if colon > 0 and text[colon + 1:colon + 3] == "//":
        rest = text[colon + 3:]
        end = min([index for index in (rest.find(d) for d in "/?#") if index != -1] or [len(rest)])
        text = text[:colon].lower() + "://x-callback-url" + rest[end:]
    return original_parse(text)


base.parse_url = any_host
base.ROLES = ["decode", "build-request", "build-callback"]
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="decoder-only")

if __name__ == "__main__":
    sys.exit(base.main())
