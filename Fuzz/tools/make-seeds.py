#!/usr/bin/env python3
"""Generate the fuzzing seed corpus, Corpus/seeds/, from the conformance vectors (Vectors/*.json).

One file per URL found in a vector, named `<vector id>-<n>` (raw bytes: `urlHex` inputs are decoded):
parse inputs, the URLs that build-request vectors expect (built here with the reference's encoding),
build-callback callbacks and their expected results. Then a few synthetic seeds: every parse URL that
the vectors accept nested once under x-success of a carrier request (encoded the reference's way),
and `0x01` / `0x02`-prefixed inputs that start the differential driver's build modes.
The folder is emptied first, so the command is idempotent.

Usage: python3 Fuzz/tools/make-seeds.py [VECTORS_DIR] [OUTPUT_DIR]
"""
import glob
import json
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
KEEP = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")


def encode_value(text: str) -> str:
    return "".join(chr(b) if b in KEEP else "%%%02X" % b for b in text.encode("utf-8"))


def encode_action(text: str) -> str:
    return "".join(chr(b) if b in KEEP and b != ord("?") else "%%%02X" % b for b in text.encode("utf-8"))


def build_request(request: dict) -> str:
    pieces = []
    for name, key in (("x-source", "source"), ("x-success", "success"), ("x-error", "error"), ("x-cancel", "cancel")):
        if request.get(key) is not None:
            pieces.append(name + "=" + encode_value(request[key]))
    for name, value in request.get("parameters", []):
        pieces.append(encode_value(name) + ("" if value is None else "=" + encode_value(value)))
    url = request["scheme"] + "://x-callback-url/" + encode_action(request["action"])
    return url + ("?" + "&".join(pieces) if pieces else "")


def urls_of(vector: dict):
    """Yields (bytes, accepted_by_reference) for every URL in one vector."""
    op, data, expect = vector.get("operation"), vector.get("input", {}), vector.get("expect", {})
    accepted = "accept" in expect
    if op == "parse":
        if "url" in data:
            yield data["url"].encode("utf-8"), accepted
        elif "urlHex" in data:
            yield bytes.fromhex(data["urlHex"].replace(" ", "")), accepted
    elif op == "build-request" and "request" in data:
        try:
            yield build_request(data["request"]).encode("utf-8"), False
        except (KeyError, TypeError):
            pass
    elif op == "build-callback":
        if "callback" in data:
            yield data["callback"].encode("utf-8"), False
        if isinstance(expect.get("accept"), dict) and "url" in expect["accept"]:
            yield expect["accept"]["url"].encode("utf-8"), False


def main() -> None:
    vectors = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Vectors")
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "Corpus", "seeds")
    os.makedirs(output, exist_ok=True)
    for old in glob.glob(os.path.join(output, "*")):
        os.remove(old)
    seeds, nested = {}, []
    for path in sorted(glob.glob(os.path.join(vectors, "*.json"))):
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        if not isinstance(document, dict) or not isinstance(document.get("vectors"), list):
            continue
        for vector in document["vectors"]:
            for index, (url, accepted) in enumerate(urls_of(vector)):
                if url in seeds.values():
                    continue
                seeds["%s-%d" % (vector.get("id", "vector"), index)] = url
                if accepted and len(nested) < 40:
                    nested.append(url)
    for index, url in enumerate(nested):
        inner = encode_value(url.decode("utf-8", "replace"))
        seeds["nested-%02d" % index] = ("carrier://x-callback-url/run?x-success=" + inner + "&k=v").encode("utf-8")
    for index, body in enumerate([b"\x01", b"\x01\x03app\x05hello\x03", b"\x02", b"\x02\x01\x04\x07done?x#"]):
        seeds["build-mode-%d" % index] = body
    for name in sorted(seeds):
        with open(os.path.join(output, name), "wb") as handle:
            handle.write(seeds[name])
    print("wrote %d seeds to %s" % (len(seeds), os.path.relpath(output, ROOT)))


if __name__ == "__main__":
    main()
