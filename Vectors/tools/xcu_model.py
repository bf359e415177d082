"""A small, independent model of the x-callback-url rules the vectors rest on.

The generator uses it to compute the expected result of vector *families* (every ASCII byte, every
nesting depth, ...) and to cross-check every hand-written expectation. It is written from the spec,
RFC 3986 and the reference positions in the design document -- never from the Swift reference's output.

Choice points (implementation-defined behaviour) are parameters; the first value of each is the
reference's. `strict_raw` is a pseudo-choice: a parser that rejects raw characters RFC 3986 does not
allow (space, `"<>\\^`{|}[]`, non-ASCII). Such vectors get an `anyOf` instead of a `choice`.
`undecoded` is another: the components (of `UNDECODED`) a parser keeps as written. The spec asks values
to be URL encoded ("All values should be URL encoded strings") and says nothing of the action, the names
or the fragment, so a parser that reads those as written is within the text; decoding them twice is not.
"""

import codecs
import re

CHOICES = {
    "plus": ["literal", "space"],
    "invalid-escape": ["reject", "literal"],
    "non-utf8-escape": ["reject", "replacement", "literal"],
    "flag-parameter": ["no-value", "empty-value", "drop"],
    "duplicate-parameter": ["keep-all", "first", "last"],
    "duplicate-reserved": ["reject", "first", "last"],
    "trailing-slash": ["keep", "strip"],
    "parameter-order": ["preserved", "unordered"],
    "fragment": ["reported", "not-reported"],
}
# Components a parser may keep as written (never decoded): the spec asks only values to be encoded.
UNDECODED = ("action", "names", "fragment")
# Choice points the comparator applies (how results are compared), not the parser: never varied by the model.
COMPARATOR_CHOICES = ("parameter-order", "fragment")
REFERENCE = {name: values[0] for name, values in CHOICES.items()}
RESERVED = {"x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel"}
UNSAFE_SCHEMES = {"javascript", "data", "file", "vbscript"}
SCHEME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*\Z")  # \Z: "$" would also match before a final newline
HEX = "0123456789ABCDEFabcdef"
# RFC 3986 §2: unreserved / reserved / '%'. Anything else raw is outside the URI character set.
URI_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'()*+,;=%")  # no IP literals, so no [ ]
# A C0 control or DEL; any other character outside URI_CHARS.
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
OUTSIDE = re.compile("[^" + re.escape("".join(sorted(URI_CHARS))) + r"\x00-\x1f\x7f]")
# What the reference leaves raw inside an encoded name or value (design: PercentEncoding.encodeValue).
VALUE_KEEP = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")


class Reject(Exception):
    """A rejection with its category."""

    def __init__(self, category):
        super().__init__(category)
        self.category = category


def encode_value(text):
    """Percent-encodes a name or value the way the design's builder does (uppercase hex, UTF-8)."""
    out = []
    for byte in text.encode("utf-8"):
        ch = chr(byte)
        out.append(ch if byte < 0x80 and ch in VALUE_KEEP else "%%%02X" % byte)
    return "".join(out)


def first_unreserved_escape(text):
    """The first escape in `text` of an unreserved character (RFC 3986 section 2.3: producers should not create
    one), or None; the comparator's `unreserved-raw` check, which the generator holds the model's builds to."""
    for match in re.finditer(r"%([0-9A-Fa-f]{2})", text):
        octet = int(match.group(1), 16)
        if octet < 0x80 and (chr(octet).isalnum() or chr(octet) in "-._~"):
            return match.group(0)
    return None


def _literal_handler_factory(origins):
    def handler(error):
        parts = []
        for k in range(error.start, error.end):
            parts.append(origins[k] if origins[k] is not None else chr(error.object[k]))
        return ("".join(parts), error.end)
    return handler


# What `decode` reads in turn: an escape, a run of other characters, or one '%' or '+'.
DECODE_TOKENS = re.compile(r"%[0-9A-Fa-f]{2}|[^%+]+|[%+]", re.S)


def decode(text, choices, plus_space=False):
    """Decodes `%XX` once as UTF-8 (RFC 3986 §2.1, §2.4); `+` is a space only when asked."""
    if "%" not in text and not (plus_space and "+" in text):
        text.encode("utf-8")  # raises as the loop below would on a lone surrogate
        return text
    out = bytearray()
    origins = []  # the escape text a decoded byte came from, None for raw bytes
    for token in DECODE_TOKENS.finditer(text):
        piece = token.group(0)
        if piece[0] == "%" and len(piece) == 3:
            out.append(int(piece[1:], 16))
            origins.append(piece)
            continue
        if piece == "%" and choices["invalid-escape"] == "reject":
            raise Reject("invalid-percent-encoding")
        if piece == "+" and plus_space:
            out.append(0x20)
            origins.append(None)
        else:
            encoded = piece.encode("utf-8")
            out.extend(encoded)
            origins.extend([None] * len(encoded))
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        mode = choices["non-utf8-escape"]
        if mode == "reject":
            raise Reject("invalid-utf8")
        if mode == "replacement":
            return out.decode("utf-8", "replace")
        name = "xcu-literal-%d" % id(origins)
        codecs.register_error(name, _literal_handler_factory(origins))
        return out.decode("utf-8", name)


def has_bad_escape(text):
    return re.search(r"%(?![0-9A-Fa-f]{2})", text) is not None


def request(scheme, action, source=None, success=None, error=None, cancel=None, parameters=(), fragment=None):
    """The canonical REQUEST object of the vector format."""
    return {
        "scheme": scheme, "action": action, "source": source, "success": success, "error": error,
        "cancel": cancel, "parameters": [[n, v] for n, v in parameters], "fragment": fragment,
    }


def parse(data, choices=None, strict_raw=False, undecoded=frozenset()):
    """Parses URL bytes; returns ("accept", REQUEST) or ("reject", [categories that apply]).

    `undecoded` names the components (of UNDECODED) read as written instead of decoded once.
    """
    choices = dict(REFERENCE, **(choices or {}))
    rejects = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        rejects.append("invalid-utf8")
        text = data.decode("utf-8", "replace")
    if CONTROL.search(text):
        rejects.append("invalid-character")
    # A strict parser also refuses a second '#': the fragment holds no '#' (RFC 3986 §3.5).
    outside = OUTSIDE.search(text) is not None or text.count("#") > 1
    if strict_raw and not rejects and outside:
        rejects.append("invalid-character")
    if choices["invalid-escape"] == "reject" and has_bad_escape(text):
        rejects.append("invalid-percent-encoding")
    try:
        result = _parse_structure(text, choices, undecoded)
    except Reject as rejection:
        rejects.append(rejection.category)
        result = None
    if rejects:
        seen = []
        for r in rejects:
            if r not in seen:
                seen.append(r)
        return ("reject", seen)
    return ("accept", result)


def _parse_structure(text, choices, undecoded=frozenset()):
    colon = text.find(":")
    if colon < 0:
        raise Reject("no-colon")  # the generator turns this into anyOf(invalid-scheme, not-x-callback-url)
    scheme = text[:colon]
    if not SCHEME_RE.match(scheme):
        raise Reject("invalid-scheme")
    rest = text[colon + 1:]
    if not rest.startswith("//"):
        raise Reject("not-x-callback-url")
    rest = rest[2:]
    end = len(rest)
    for delimiter in "/?#":
        at = rest.find(delimiter)
        if 0 <= at < end:
            end = at
    authority, rest = rest[:end], rest[end:]
    if "@" in authority or ":" in authority:
        raise Reject("invalid-authority")
    host = decode(authority, choices)
    if host.lower() != "x-callback-url" or len(host.encode("utf-8")) != 14:
        raise Reject("not-x-callback-url")
    end = len(rest)
    for delimiter in "?#":
        at = rest.find(delimiter)
        if 0 <= at < end:
            end = at
    path, rest = rest[:end], rest[end:]
    raw_action = path[1:] if path.startswith("/") else path
    if raw_action == "":
        raise Reject("missing-action")
    query = None
    fragment = None
    if rest.startswith("?"):
        hash_at = rest.find("#")
        if hash_at < 0:
            query, rest = rest[1:], ""
        else:
            query, rest = rest[1:hash_at], rest[hash_at:]
    if rest.startswith("#"):
        fragment = rest[1:]
    action = raw_action if "action" in undecoded else decode(raw_action, choices)
    if choices["trailing-slash"] == "strip" and action.endswith("/") and len(action) > 1:
        action = action[:-1]
    reserved = {}
    parameters = []
    plus = choices["plus"] == "space"
    for piece in (query.split("&") if query is not None else []):
        if piece == "":
            continue
        if "=" in piece:
            raw_name, raw_value = piece.split("=", 1)
            name = raw_name if "names" in undecoded else decode(raw_name, choices, plus)
            value = decode(raw_value, choices, plus)
        else:
            name = piece if "names" in undecoded else decode(piece, choices, plus)
            flag = choices["flag-parameter"]
            if flag == "drop":
                continue
            value = "" if flag == "empty-value" else None
        if name in RESERVED:
            slot = RESERVED[name]
            if slot in reserved:
                mode = choices["duplicate-reserved"]
                if mode == "reject":
                    raise Reject("duplicate-reserved-parameter")
                if mode == "first":
                    continue
            reserved[slot] = value if value is not None else ""
        else:
            parameters.append((name, value))
    mode = choices["duplicate-parameter"]
    if mode != "keep-all":
        first, last = {}, {}
        for index, (name, _) in enumerate(parameters):
            first.setdefault(name, index)
            last[name] = index
        kept = first if mode == "first" else last
        parameters = [(name, value) for index, (name, value) in enumerate(parameters) if kept[name] == index]
    return request(scheme.lower(), action, parameters=parameters,
                   fragment=None if fragment is None else fragment if "fragment" in undecoded else decode(fragment, choices),
                   **reserved)


def build_request(req):
    """The expected REQUEST after a round trip through a correct builder and the reference parser."""
    if not SCHEME_RE.match(req["scheme"] or ""):
        return ("reject", ["invalid-scheme"])
    if req["action"] == "":
        return ("reject", ["missing-action"])
    for name, _ in req["parameters"]:
        if name.startswith("x-"):
            return ("reject", ["reserved-parameter-name"])
    out = dict(req)
    out["scheme"] = req["scheme"].lower()
    out["fragment"] = None
    return ("accept", out)


def build_callback(callback, outcome, source=None, parameters=(), code=None, message=None):
    """The callback URL a correct target opens (design: reference positions, build callback)."""
    match = re.match(r"^([^:]*):", callback)
    if not match or not SCHEME_RE.match(match.group(1)):
        return ("reject", ["invalid-callback-url"])
    if match.group(1).lower() in UNSAFE_SCHEMES:
        return ("reject", ["unsafe-callback-scheme"])
    appended = []
    if source is not None:
        appended.append(("x-source", source))
    if outcome == "error":
        appended += [("errorCode", code), ("errorMessage", message)]
    appended += list(parameters)
    if not appended:
        return ("accept", {"url": callback})
    base, hash_sign, fragment = callback.partition("#")
    query = "&".join(encode_value(n) + ("" if v is None else "=" + encode_value(v)) for n, v in appended)
    if "?" not in base:
        base += "?" + query
    elif base.partition("?")[2] == "" or base.endswith("&"):
        base += query
    else:
        base += "&" + query
    return ("accept", {"url": base + hash_sign + fragment})
