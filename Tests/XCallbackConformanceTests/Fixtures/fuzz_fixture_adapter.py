#!/usr/bin/env python3
"""The example adapter with one deliberate defect, for the fuzzer's own tests.

    python3 fuzz_fixture_adapter.py MODE [protocol1]

With `protocol1` the adapter never takes batches (its hello says protocol 1 whatever start offers).
MODE is one of:

    planted  the three-level nested-encoding bug of Sources/XCallbackFuzzing/PlantedBug.swift: when a
             callback holds a callback holding a callback with a parameter value containing both '&' and
             '=', the outer callback's value is decoded once too often (a double-decoding bug)
    crash    exit with status 1, without answering, on the URL TRIGGER below
    hang     never answer the URL TRIGGER below
    clean    no defect (the example adapter as it is)
    garble   answer the URL TRIGGER below with a line that is not JSON (alone or in a batch)
    short-batch    leave the last request of every batch unanswered (single requests are answered)
    garbled-batch  write a line that is not JSON in place of the second answer of every batch
"""

import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Vectors", "protocol"))
import example_adapter as base  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "clean"
TRIGGER = "s://x-callback-url/a?k=v#f"  # one of the fuzzer's built-in seeds
CALLBACKS = ("success", "error", "cancel")
original_parse = base.parse_url


def callbacks(parsed):
    return [(name, parsed[name]) for name in CALLBACKS if parsed.get(name) is not None]


def planted_shape(parsed):
    """The name of the level-1 callback whose level-3 descendant has a value with '&' and '='."""
    for name2, value2 in callbacks(parsed):
        try:
            level2 = original_parse(value2)
        except Exception:
            continue
        for _, value3 in callbacks(level2):
            try:
                level3 = original_parse(value3)
            except Exception:
                continue
            if any(v is not None and "&" in v and "=" in v for _, v in level3["parameters"]):
                return name2
    return None


def defective_parse(data):
    text = data if isinstance(data, str) else None
    if MODE == "crash" and text == TRIGGER:
        print("fixture: crashing on the trigger", file=sys.stderr, flush=True)
        os._exit(1)
    if MODE == "hang" and text == TRIGGER:
        time.sleep(3600)
    parsed = original_parse(data)
    if MODE == "planted":
        name = planted_shape(parsed)
        if name is not None:
            parsed[name] = urllib.parse.unquote(parsed[name])
    return parsed


original_reply = base.reply
original_batch_replies = base.batch_replies


def defective_reply(message):
    if MODE == "garble" and message.get("url") == TRIGGER:
        return "fixture: this is not JSON {"
    return original_reply(message)


def defective_batch_replies(requests):
    lines = original_batch_replies(requests)
    if MODE == "short-batch":
        return lines[:-1]
    if MODE == "garbled-batch" and len(lines) > 1:
        lines[1] = "fixture: not an answer"
    return lines


base.parse_url = defective_parse
base.reply = defective_reply
base.batch_replies = defective_batch_replies
base.IMPLEMENTATION = dict(base.IMPLEMENTATION, name="fuzz-fixture-" + MODE)
if "protocol1" in sys.argv[2:]:
    base.BATCH_PROTOCOL = None

if __name__ == "__main__":
    sys.exit(base.main())
