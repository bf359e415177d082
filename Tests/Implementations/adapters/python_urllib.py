#!/usr/bin/env python3
"""x-callback-url the way a typical Python app does it: urllib.parse and nothing else.

This is deliberately NOT a conformant parser. It is the code an app developer writes after
reading the urllib documentation, so that the suite shows what such code gets wrong:

    scheme, host, path, query, fragment = urlsplit(url)
    params = parse_qsl(query, keep_blank_values=True)   # '+' becomes a space, bad escapes kept
    url = base + "?" + urlencode(pairs)                 # quote_plus: space becomes '+'

urlencode takes (name, value) strings, so a parameter without a value (a flag, null in the protocol)
is written with the empty value in every operation: the encoder has no other way to write it, and an
app that has a flag to send writes that (`urlencode` would otherwise write the text `None`).

Protocol plumbing (JSON Lines on stdin/stdout) follows Vectors/protocol/PROTOCOL.md; no choices
are declared, so the report shows which way this code goes at every choice point. Roles: recognise,
decode, build-request, build-callback.
"""

import json
import platform
import sys
import traceback
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

RESERVED = {"x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel"}


class NotXCallback(Exception):
    """The URL is not an x-callback-url (the app would ignore it)."""


def parse_url(url):
    parts = urlsplit(url)
    if parts.netloc.lower() != "x-callback-url":
        raise NotXCallback("host is %r, not x-callback-url" % parts.netloc)
    action = unquote(parts.path.lstrip("/"))
    if not action:
        raise NotXCallback("no action")
    result = {"scheme": parts.scheme, "action": action, "source": None, "success": None,
              "error": None, "cancel": None, "parameters": [],
              "fragment": unquote(parts.fragment) if "#" in url else None}
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        if name in RESERVED:
            result[RESERVED[name]] = value
        else:
            result["parameters"].append([name, value])
    return result


def text_pairs(parameters):
    """The [name, value] pairs as urlencode takes them: a flag (None) is the empty value."""
    return [(name, "" if value is None else value) for name, value in parameters]


def build_request(request):
    pairs = [(key, request[field]) for key, field in
             (("x-source", "source"), ("x-success", "success"), ("x-error", "error"), ("x-cancel", "cancel"))
             if request[field] is not None]
    pairs += text_pairs(request["parameters"])
    url = "%s://x-callback-url/%s" % (request["scheme"], request["action"])
    return url + ("?" + urlencode(pairs) if pairs else "")


def build_callback(response):
    pairs = []
    if response.get("source") is not None:
        pairs.append(("x-source", response["source"]))
    if response["outcome"] == "error":
        pairs += [("errorCode", response["errorCode"]), ("errorMessage", response["errorMessage"])]
    pairs += text_pairs(response["parameters"])
    callback = response["callback"]
    if not pairs:
        return callback
    return callback + ("&" if "?" in callback else "?") + urlencode(pairs)


def answer(request):
    try:
        if request["cmd"] == "parse":
            if "url" not in request:
                return {"skipped": {"reason": "urllib.parse takes str URLs"}}
            return {"accepted": parse_url(request["url"])}
        if request["cmd"] == "build-request":
            return {"accepted": {"url": build_request(request["request"])}}
        return {"accepted": {"url": build_callback(request["response"])}}
    except NotXCallback as error:
        return {"rejected": {"message": str(error)}}
    except Exception as error:
        return {"errored": {"message": repr(error), "traceback": traceback.format_exc()}}


def main():
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "start":
            reply = {"protocol": 1, "operations": ["parse", "build-request", "build-callback"],
                     "roles": ["recognise", "decode", "build-request", "build-callback"],
                     "implementation": {"name": "python-urllib", "version": "Python " + platform.python_version(),
                                        "language": "Python",
                                        "homepage": "https://docs.python.org/3/library/urllib.parse.html"}}
        elif message["cmd"] == "stop":
            return 0
        else:
            reply = {"seq": message["seq"], **answer(message)}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
