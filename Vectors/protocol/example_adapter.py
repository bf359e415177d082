#!/usr/bin/env python3
"""An example adapter for the x-callback-url conformance protocol, versions 1 and 2 (see PROTOCOL.md).

It wraps its own small x-callback-url implementation (the functions parse_url, build_request and
build_callback below) and speaks JSON Lines on stdin and stdout. Standard library only.

    xcallback-conformance --target "python3 Vectors/protocol/example_adapter.py"

To certify your own implementation, replace the three functions with calls into it and change
IMPLEMENTATION and CHOICES. When the runner offers protocol 2 (start lists 2 in "protocols"), the
hello says so and batch messages are answered one line per request (batch_replies), which is what
makes `xcallback-conformance fuzz` fast; nothing else changes.
"""

import json
import sys
import traceback

PROTOCOL = 1
BATCH_PROTOCOL = 2  # protocol 1 plus the batch message, used when the runner offers it
BATCH = 256  # the most requests this adapter takes in one batch message
IMPLEMENTATION = {
    "name": "example-python-adapter",
    "version": "1.0.0",
    "language": "python",
    "homepage": "https://github.com/x-callback-url/conformance/tree/main/Vectors/protocol",
}
OPERATIONS = ["parse", "build-request", "build-callback"]
# Every role of those operations (PROTOCOL.md section 2.1.1): a receiver that recognises and decodes, and both builders.
ROLES = ["recognise", "decode", "build-request", "build-callback"]
CHOICES = {
    "plus": "literal",
    "invalid-escape": "reject",
    "non-utf8-escape": "reject",
    "flag-parameter": "no-value",
    "duplicate-parameter": "keep-all",
    "duplicate-reserved": "reject",
    "trailing-slash": "keep",
    "parameter-order": "preserved",
    "fragment": "reported",
}

RESERVED = {"x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel"}
UNSAFE_SCHEMES = {"javascript", "data", "file", "vbscript"}
HEX = "0123456789abcdefABCDEF"
# Characters left raw when encoding a name or value: RFC 3986 unreserved plus "!$'()*,;:@/?".
KEEP = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")


class Rejection(Exception):
    """The input is not an acceptable x-callback-url; category is a protocol rejection category."""

    def __init__(self, category, message):
        super().__init__(message)
        self.category = category
        self.message = message


# -- Parsing ---------------------------------------------------------------------------------------

def decode(text):
    """Percent-decodes text exactly once as UTF-8; '+' stays '+'."""
    out = bytearray()
    raw = text.encode("utf-8")
    i = 0
    while i < len(raw):
        if raw[i] == 0x25:  # '%'
            pair = raw[i + 1:i + 3].decode("ascii", "replace")
            if len(pair) < 2 or pair[0] not in HEX or pair[1] not in HEX:
                raise Rejection("invalid-percent-encoding", "'%' not followed by two hex digits")
            out.append(int(pair, 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise Rejection("invalid-utf8", "percent-decoded bytes are not UTF-8")


def is_scheme(text):
    """Tells whether text is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986 section 3.1)."""
    if not text or not ("a" <= text[0].lower() <= "z"):
        return False
    return all(c.isascii() and (c.isalnum() or c in "+-.") for c in text)


def parse_url(data):
    """Parses a URL (str, or bytes that may not be UTF-8) into the protocol's request object.

    The steps follow RFC 3986 section 3: scheme, authority, path (the action), query, fragment; each
    component is cut out before it is percent-decoded, and decoded exactly once.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Rejection("invalid-utf8", "the input bytes are not UTF-8")
    # 0. Raw control characters are never part of a URI (RFC 3986 section 2).
    for position, char in enumerate(data):
        if ord(char) < 0x20 or ord(char) == 0x7F:
            raise Rejection("invalid-character", "control character U+%04X at %d" % (ord(char), position))
    # 1. Scheme (section 3.1): everything before the first ':'.
    colon = data.find(":")
    if colon == -1 or not is_scheme(data[:colon]):
        raise Rejection("invalid-scheme", "expected a scheme (a letter, then letters, digits, + - .) and ':'")
    scheme = data[:colon].lower()
    # 2. Authority (section 3.2): '//', then up to '/', '?' or '#'; the host must be x-callback-url.
    rest = data[colon + 1:]
    if not rest.startswith("//"):
        raise Rejection("not-x-callback-url", "expected '//x-callback-url' after the scheme")
    rest = rest[2:]
    end = len(rest)
    for delimiter in "/?#":
        found = rest.find(delimiter)
        if found != -1:
            end = min(end, found)
    authority, rest = rest[:end], rest[end:]
    if "@" in authority or ":" in authority:
        raise Rejection("invalid-authority", "userinfo or port in the authority")
    host = decode(authority)
    if len(host.encode("utf-8")) != 14 or host.lower() != "x-callback-url":
        raise Rejection("not-x-callback-url", "the host is not x-callback-url")
    # 3. Path: the action, without its leading '/', up to '?' or '#'.
    end = len(rest)
    for delimiter in "?#":
        found = rest.find(delimiter)
        if found != -1:
            end = min(end, found)
    path, rest = rest[:end], rest[end:]
    action = path[1:] if path.startswith("/") else path
    if not action:
        raise Rejection("missing-action", "no action after x-callback-url/")
    result = {"scheme": scheme, "action": decode(action), "source": None, "success": None,
              "error": None, "cancel": None, "parameters": [], "fragment": None}
    # 4. Query (section 3.4) up to the first '#', and 5. fragment (section 3.5).
    query, hash_mark, fragment = rest.partition("#")
    for piece in query[1:].split("&"):
        if not piece:
            continue
        name, equals, value = piece.partition("=")
        name = decode(name)
        value = decode(value) if equals else None
        if name in RESERVED:
            key = RESERVED[name]
            if result[key] is not None:
                raise Rejection("duplicate-reserved-parameter", "%s appears twice" % name)
            result[key] = value if value is not None else ""
        else:
            result["parameters"].append([name, value])
    if hash_mark:
        result["fragment"] = decode(fragment)
    return result


# -- Building --------------------------------------------------------------------------------------

def encode(text, keep=KEEP):
    """Percent-encodes every byte except unreserved characters and !$'()*,;:@/? with uppercase hex."""
    return "".join(chr(b) if b in keep else "%%%02X" % b for b in text.encode("utf-8"))


def encode_pairs(pairs):
    """Joins name/value pairs with '&'; a None value emits the bare name."""
    if any(name == "" for name, _ in pairs):
        raise Rejection("empty-parameter-name", "a parameter needs a non-empty name")
    return "&".join(encode(n) if v is None else encode(n) + "=" + encode(v) for n, v in pairs)


def build_request(request):
    """Builds scheme://x-callback-url/action?reserved...&parameters from a request object."""
    if not is_scheme(request["scheme"]):
        raise Rejection("invalid-scheme", "the scheme is not valid")
    if not request["action"]:
        raise Rejection("missing-action", "the action is empty")
    pairs = []
    for name in ("x-source", "x-success", "x-error", "x-cancel"):
        value = request[RESERVED[name]]
        if value is not None:
            pairs.append((name, value))
    for name, value in request["parameters"]:
        if name.startswith("x-"):
            raise Rejection("reserved-parameter-name", "action parameter %r uses the x- prefix" % name)
    pairs.extend((name, value) for name, value in request["parameters"])
    # The action keeps '/' between its segments and encodes '?' (it would start the query).
    action = encode(request["action"], KEEP - {ord("?")})
    url = "%s://x-callback-url/%s" % (request["scheme"].lower(), action)
    return url + ("?" + encode_pairs(pairs) if pairs else "")


def build_callback(response):
    """Appends x-source, errorCode/errorMessage and the parameters to the callback URL's query."""
    callback = response["callback"]
    colon = callback.find(":")
    if colon == -1 or not is_scheme(callback[:colon]):
        raise Rejection("invalid-callback-url", "the callback URL has no valid scheme")
    if callback[:colon].lower() in UNSAFE_SCHEMES:
        raise Rejection("unsafe-callback-scheme", "refusing a %s: callback" % callback[:colon].lower())
    pairs = []
    if response.get("source") is not None:
        pairs.append(("x-source", response["source"]))
    if response["outcome"] == "error":
        pairs.append(("errorCode", response["errorCode"]))
        pairs.append(("errorMessage", response["errorMessage"]))
    pairs.extend((name, value) for name, value in response["parameters"])
    if not pairs:
        return callback
    query = encode_pairs(pairs)
    base, hash_mark, fragment = callback.partition("#")
    if "?" not in base:
        base += "?"
    elif base.partition("?")[2] and not base.endswith("&"):  # a later "?" is query data
        base += "&"
    return base + query + hash_mark + fragment


# -- The protocol ----------------------------------------------------------------------------------

def answer(request):
    """Runs one request and returns its answer object (without seq)."""
    command = request["cmd"]
    try:
        if command == "parse":
            data = request["url"] if "url" in request else bytes.fromhex(request["urlHex"])
            return {"accepted": parse_url(data)}
        if command == "build-request":
            return {"accepted": {"url": build_request(request["request"])}}
        if command == "build-callback":
            return {"accepted": {"url": build_callback(request["response"])}}
        return {"skipped": {"reason": "unknown command %r" % command}}
    except Rejection as rejection:
        return {"rejected": {"category": rejection.category, "message": rejection.message}}
    except Exception as error:  # the adapter caught its own failure
        return {"errored": {"message": repr(error), "traceback": traceback.format_exc()}}


def send(message):
    """Writes one message as one line of JSON and flushes it."""
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def reply(message):
    """The answer line (without its newline) to one request."""
    answered = {"seq": message["seq"]}
    answered.update(answer(message))
    return json.dumps(answered, ensure_ascii=False)


def batch_replies(requests):
    """The answer lines of a batch message (without newlines), one per request, in order."""
    return [reply(request) for request in requests]


def main():
    """Reads requests line by line until stop or end of input."""
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        command = message.get("cmd")
        if command == "start":
            if message.get("protocol") != PROTOCOL:
                print("unsupported protocol %r" % message.get("protocol"), file=sys.stderr)
            hello = {"protocol": PROTOCOL, "implementation": IMPLEMENTATION,
                     "operations": OPERATIONS, "roles": ROLES, "choices": CHOICES}
            if BATCH_PROTOCOL in (message.get("protocols") or []):
                hello.update(protocol=BATCH_PROTOCOL, batch=BATCH)
            send(hello)
        elif command == "stop":
            return 0
        elif command == "batch":
            # One answer line per request, in order, flushed once at the end of the batch.
            sys.stdout.write("".join(line + "\n" for line in batch_replies(message["requests"])))
            sys.stdout.flush()
        else:
            sys.stdout.write(reply(message) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
