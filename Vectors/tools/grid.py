"""The coverage grid (issue 36, item 1): field x byte class x operation, computed from the vectors themselves.

Three axes:
- FIELDS: every field of every operation (parse, build-request, build-callback);
- CLASSES: every byte class (controls and space at the start, middle and end of a field; each reserved character
  raw and escaped; broken escapes; an escape of an escape; non-ASCII raw and escaped; invalid UTF-8; 64 KB);
- the expectation, which the model (xcu_model.py) gives for every vector the grid generates.

`cover(vectors)` splits each vector's input into its fields (a parse URL's raw pieces; a builder's request or
callback fields) and classifies the bytes of each field, so every (operation, field, class) cell lists the vectors
that hold it. A cell no vector covers is either filled by a generated vector (`fill`: a small template with the
class placed in the field, its rule and level from `rule_for`) or marked n/a with a one-line reason (`not_applicable`).
Generated vectors go into the files of their operation (parse-encoding.json, build-encoding.json, callbacks.json)
under keys `grid-...`, so their ids are stable. `table()` writes the README's coverage table and `document()` the
grid's data (tools/grid.json). Standard library only.
"""

import re

import xcu_model as model
from vectorlib import GeneratorError, R, accept, any_of, outcome_to_expect, parse_expectation, reject, substitute

# MARK: - Axis 1: fields

POSITIONS = ("first", "middle", "last")
PARSE_FIELDS = (["scheme", "host", "action"] + ["name-" + p for p in POSITIONS] + ["value-" + p for p in POSITIONS]
                + ["x-source", "x-success", "x-error", "x-cancel", "fragment"])
REQUEST_FIELDS = (["scheme", "action"] + ["name-" + p for p in POSITIONS] + ["value-" + p for p in POSITIONS]
                  + ["x-source", "x-success", "x-error", "x-cancel", "fragment"])
CALLBACK_FIELDS = ["callback-scheme", "callback-path", "callback-query-name", "callback-query-value",
                   "callback-fragment", "appended-name", "appended-value", "errorCode", "errorMessage"]
FIELDS = {"parse": PARSE_FIELDS, "build-request": REQUEST_FIELDS, "build-callback": CALLBACK_FIELDS}
FILES = {"parse": "parse-encoding.json", "build-request": "build-encoding.json", "build-callback": "callbacks.json"}
RESERVED_SLOTS = {"x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel"}

# MARK: - Axis 2: byte classes

# Controls and space are placed at the start, the middle and the end of a field; a cell of theirs is covered when
# the vectors hold the class at all three places (one generated vector holds all three: "\x01a\x1Bb\x1F").
POSITIONAL = [("nul", "NUL (0x00)", {0x00}), ("tab", "TAB (0x09)", {0x09}), ("lf", "LF (0x0A)", {0x0A}),
              ("cr", "CR (0x0D)", {0x0D}),
              ("c0", "another C0 control (0x01-0x08, 0x0B, 0x0C, 0x0E-0x1F; generated: 0x01, 0x1B, 0x1F)",
               set(range(0x01, 0x20)) - {0x09, 0x0A, 0x0D}),
              ("del", "DEL (0x7F)", {0x7F}), ("space", "space (0x20)", {0x20})]
POSITIONAL_BYTES = {"nul": "\x00\x00\x00", "tab": "\t\t\t", "lf": "\n\n\n", "cr": "\r\r\r", "c0": "\x01\x1b\x1f",
                    "del": "\x7f\x7f\x7f", "space": "   "}
GEN_DELIMS = ":/?#[]@"
SUB_DELIMS = "!$&'()*+,;="
RESERVED = GEN_DELIMS + SUB_DELIMS
NAMES = {":": "colon", "/": "slash", "?": "question", "#": "hash", "[": "open-bracket", "]": "close-bracket",
         "@": "at", "!": "bang", "$": "dollar", "&": "amp", "'": "apostrophe", "(": "open-paren",
         ")": "close-paren", "*": "star", "+": "plus", ",": "comma", ";": "semicolon", "=": "equals"}
OTHER = [("pct-lone", "'%' alone (at the end of the field)", "%"),
         ("pct-truncated", "'%' and one hex digit ('%2')", "%2g"),
         ("pct-bad-hex", "'%' and a non-hex character ('%zz')", "%zz"),
         ("pct-escape-of-escape", "an escape of an escape ('%2541')", "%2541"),
         ("raw-non-ascii", "raw non-ASCII ('é')", "é"),
         ("utf8-2", "escaped UTF-8 of 2 bytes ('%C3%A9')", "%C3%A9"),
         ("utf8-3", "escaped UTF-8 of 3 bytes ('%E2%82%AC')", "%E2%82%AC"),
         ("utf8-4", "escaped UTF-8 of 4 bytes ('%F0%9F%98%80')", "%F0%9F%98%80"),
         ("bad-utf8-truncated", "invalid UTF-8: a truncated sequence ('%E2%82')", "%E2%82g"),
         ("bad-utf8-overlong", "invalid UTF-8: an overlong form ('%C0%AF')", "%C0%AF"),
         ("bad-utf8-surrogate", "invalid UTF-8: a surrogate ('%ED%A0%80')", "%ED%A0%80"),
         ("bad-utf8-above-max", "invalid UTF-8: above U+10FFFF ('%F4%90%80%80')", "%F4%90%80%80"),
         ("long", "a field of 64 KB (65,536 characters or more)", None)]
CLASSES = ([(id_, label) for id_, label, _ in POSITIONAL]
           + [("raw-" + NAMES[c], "'%s' raw" % c) for c in RESERVED]
           + [("pct-" + NAMES[c], "'%s' escaped (%%%02X)" % (c, ord(c))) for c in RESERVED]
           + [(id_, label) for id_, label, _ in OTHER])
CLASS_IDS = [id_ for id_, _ in CLASSES]
SNIPPET = dict([("raw-" + NAMES[c], c) for c in RESERVED] + [("pct-" + NAMES[c], "%%%02X" % ord(c)) for c in RESERVED]
               + [(id_, text) for id_, _, text in OTHER])
LONG = 65536
ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def classify(text):
    """The byte classes in one field's text: {class: set of places}; places are start/middle/end for controls
    and space, and {"in"} for every other class."""
    found = {}
    if len(text) >= LONG:
        found["long"] = {"in"}
    last = len(text) - 1
    for index, ch in enumerate(text):
        for id_, _, codes in POSITIONAL:
            if ord(ch) in codes:
                places = found.setdefault(id_, set())
                if index == 0:
                    places.add("start")
                if index == last:
                    places.add("end")
                if 0 < index < last:
                    places.add("middle")
        if ch in RESERVED:
            found.setdefault("raw-" + NAMES[ch], set()).add("in")
        if 0x80 <= ord(ch) and not 0xDC80 <= ord(ch) <= 0xDCFF:  # surrogateescape stands for a raw invalid byte
            found.setdefault("raw-non-ascii", set()).add("in")
    for match in re.finditer(r"%(?![0-9A-Fa-f]{2})(.?)", text):
        following = match.group(1)
        kind = ("pct-lone" if following == "" else "pct-truncated" if following in model.HEX else "pct-bad-hex")
        found.setdefault(kind, set()).add("in")
    for match in ESCAPE.finditer(text):
        octet = int(match.group(1), 16)
        if chr(octet) in RESERVED:
            found.setdefault("pct-" + NAMES[chr(octet)], set()).add("in")
    if re.search(r"%25[0-9A-Fa-f]{2}", text):
        found.setdefault("pct-escape-of-escape", set()).add("in")
    for run in re.finditer(r"(?:%[0-9A-Fa-f]{2})+", text):
        for kind in utf8_classes(bytes(int(h, 16) for h in ESCAPE.findall(run.group(0)))):
            found.setdefault(kind, set()).add("in")
    return found


def utf8_classes(octets):
    """The UTF-8 classes of a run of escaped octets (RFC 3629 section 3): well-formed sequences by length, and the
    ill-formed kinds the grid names."""
    kinds = set()
    i = 0
    while i < len(octets):
        b = octets[i]
        nxt = octets[i + 1] if i + 1 < len(octets) else None
        if b < 0x80 or 0x80 <= b < 0xC0:
            i += 1
            continue
        if b in (0xC0, 0xC1) or (b == 0xE0 and nxt is not None and nxt < 0xA0) or \
                (b == 0xF0 and nxt is not None and nxt < 0x90):
            kinds.add("bad-utf8-overlong")
            i += 2
            continue
        if b == 0xED and nxt is not None and 0xA0 <= nxt <= 0xBF:
            kinds.add("bad-utf8-surrogate")
            i += 3
            continue
        if (b == 0xF4 and nxt is not None and nxt >= 0x90) or 0xF5 <= b <= 0xF7:
            kinds.add("bad-utf8-above-max")
            i += 4
            continue
        if b >= 0xF8:
            i += 1
            continue
        size = 2 if b < 0xE0 else 3 if b < 0xF0 else 4
        tail = octets[i + 1:i + size]
        if len(tail) == size - 1 and all(0x80 <= t < 0xC0 for t in tail):
            kinds.add("utf8-%d" % size)
            i += size
        else:
            kinds.add("bad-utf8-truncated")
            i += 1  # one octet; the rest is read again
    return kinds


# MARK: - Splitting a vector's input into its fields

def expanded(vector, value):
    """`value` (a vector's input) with the vector's placeholders expanded."""
    expand = vector.get("expand")
    if not expand:
        return value
    return substitute(value, {name: entry["text"] * entry["times"] for name, entry in expand.items()})


def parse_fields(url):
    """A parse URL's raw fields: {field: text}; names and values by position among the action parameters."""
    fields = {}
    colon = url.find(":")
    if colon < 0:
        return fields
    fields["scheme"] = url[:colon]
    rest = url[colon + 1:]
    if not rest.startswith("//"):
        return fields
    rest = rest[2:]
    end = min([i for i in (rest.find(d) for d in "/?#") if i >= 0] or [len(rest)])
    fields["host"], rest = rest[:end], rest[end:]
    hash_at = rest.find("#")
    if hash_at >= 0:
        fields["fragment"], rest = rest[hash_at + 1:], rest[:hash_at]
    question = rest.find("?")
    path, query = (rest, None) if question < 0 else (rest[:question], rest[question + 1:])
    fields["action"] = path[1:] if path.startswith("/") else path
    pieces = [piece.partition("=") for piece in (query.split("&") if query else []) if piece]
    action_pieces = []
    for name, equals, value in pieces:
        if name in RESERVED_SLOTS:
            fields.setdefault(name, []).append(value)
        else:
            action_pieces.append((name, value if equals else None))
    for index, (name, value) in enumerate(action_pieces):
        for place in places_of(index, len(action_pieces)):
            fields.setdefault("name-" + place, []).append(name)
            if value is not None:
                fields.setdefault("value-" + place, []).append(value)
    return fields


def places_of(index, count):
    """The positions a parameter at `index` of `count` stands at: a lone one is the first and the last."""
    places = []
    if index == 0:
        places.append("first")
    if index == count - 1:
        places.append("last")
    if 0 < index < count - 1:
        places.append("middle")
    return places


def request_fields(request):
    fields = {"scheme": request["scheme"], "action": request["action"]}
    for slot, name in (("source", "x-source"), ("success", "x-success"), ("error", "x-error"), ("cancel", "x-cancel")):
        if request[slot] is not None:
            fields[name] = request[slot]
    if request["fragment"] is not None:
        fields["fragment"] = request["fragment"]
    parameters = request["parameters"]
    for index, (name, value) in enumerate(parameters):
        for place in places_of(index, len(parameters)):
            fields.setdefault("name-" + place, []).append(name)
            if value is not None:
                fields.setdefault("value-" + place, []).append(value)
    return fields


def callback_fields(input_):
    fields = {}
    callback = input_["callback"]
    match = re.match(r"^([^:/?#]*):", callback)
    if match:
        fields["callback-scheme"] = match.group(1)
        rest = callback[match.end():]
    else:
        rest = callback
    base, hash_sign, fragment = rest.partition("#")
    if hash_sign:
        fields["callback-fragment"] = fragment
    path, question, query = base.partition("?")
    if path.startswith("//"):
        slash = path.find("/", 2)
        path = "" if slash < 0 else path[slash:]
    fields["callback-path"] = path
    for piece in (query.split("&") if question else []):
        name, equals, value = piece.partition("=")
        fields.setdefault("callback-query-name", []).append(name)
        if equals:
            fields.setdefault("callback-query-value", []).append(value)
    for name, value in input_["parameters"]:
        fields.setdefault("appended-name", []).append(name)
        if value is not None:
            fields.setdefault("appended-value", []).append(value)
    if input_.get("source") is not None:
        fields.setdefault("appended-value", []).append(input_["source"])
    if input_["outcome"] == "error":
        fields["errorCode"] = input_["errorCode"]
        fields["errorMessage"] = input_["errorMessage"]
    return fields


def only_rejects(expect):
    """Whether every outcome the expectation allows is a refusal, and which categories."""
    alternatives = expect.get("anyOf") or [expect]
    if "choice" in expect:
        return None
    categories = [alt.get("reject") for alt in alternatives]
    return None if None in categories else set(categories)


def vector_fields(vector):
    """The fields of a vector's input that its outcome depends on, each with its text(s)."""
    input_ = expanded(vector, vector["input"])
    operation = vector["operation"]
    if operation == "parse":
        if "url" in input_:
            url = input_["url"]
        else:
            url = bytes.fromhex(input_["urlHex"].replace(" ", "")).decode("utf-8", "surrogateescape")
        fields = parse_fields(url)
        if vector["role"] == "recognise":  # what it tests is the scheme or the authority
            fields = {k: v for k, v in fields.items() if k in ("scheme", "host")}
        return fields
    if operation == "build-request":
        fields = request_fields(input_["request"])
        if only_rejects(vector["expect"]) == {"invalid-scheme"}:
            fields = {"scheme": fields["scheme"]}
        return fields
    fields = callback_fields(input_)
    categories = only_rejects(vector["expect"])
    if categories and categories <= {"invalid-callback-url", "unsafe-callback-scheme"}:
        fields = {k: v for k, v in fields.items() if k == "callback-scheme"}
    return fields


def cover(vectors):
    """{(operation, field, class): {place: [vector ids]}} for the given vectors (each a dict with an id)."""
    cells = {}
    for vector in vectors:
        for field, texts in vector_fields(vector).items():
            for text in (texts if isinstance(texts, list) else [texts]):
                for class_, places in classify(text).items():
                    cell = cells.setdefault((vector["operation"], field, class_), {})
                    for place in places:
                        ids = cell.setdefault(place, [])
                        if vector["id"] not in ids:
                            ids.append(vector["id"])
    return cells


def covered(cell_places, class_):
    """Whether a cell's places make it covered: start, middle and end for controls and space."""
    needed = {"start", "middle", "end"} if class_ in POSITIONAL_BYTES else {"in"}
    return bool(cell_places) and needed <= set(cell_places)


# MARK: - Cells that mean nothing

CONTROLS = ("nul", "tab", "lf", "cr", "c0", "del")
NON_URI_TEXT = CONTROLS + ("space", "raw-open-bracket", "raw-close-bracket", "raw-non-ascii", "pct-lone",
                           "pct-truncated", "pct-bad-hex")


def not_applicable(operation, field, class_):
    """The one-line reason a cell is n/a, or None when it is to be covered."""
    kind = field_kind(operation, field)
    if kind == "scheme" and class_ not in CONTROLS + ("space", "raw-plus"):
        if class_ == "raw-colon":
            return "a ':' ends the scheme: what follows is another URL, not this class in the scheme"
        return ("a scheme is ALPHA *( ALPHA / DIGIT / '+' / '-' / '.' ) (RFC 3986 3.1): every other class is one and the "
                "same refusal, tested by the scheme-syntax rules; the grid tests controls, space and '+' there")
    if kind == "host" and class_ not in CONTROLS + ("space",):
        return ("anything added to the host makes another host: one refusal (not-x-callback-url), tested by "
                "recognise-other-host and recognise-encoded-other-host; '/', '?', '#' end the authority, ':' and '@' "
                "are port and userinfo (recognise-userinfo-port)")
    if operation == "build-request" and field == "fragment":
        return ("a builder never writes a request's fragment (the source app opens the request; XCallbackRequest.url "
                "emits none, nor does the model): no class reaches the built URL")
    if kind == "action" and operation == "parse" and class_ in ("raw-question", "raw-hash"):
        return "a raw '%s' ends the action: what follows is the %s (those cells)" % (
            SNIPPET[class_], "query" if class_ == "raw-question" else "fragment")
    if kind in ("name", "value") and operation == "parse" and class_ in ("raw-amp", "raw-hash"):
        return "a raw '%s' ends the %s: what follows is %s (those cells)" % (
            SNIPPET[class_], "piece" if class_ == "raw-amp" else "query",
            "another parameter" if class_ == "raw-amp" else "the fragment")
    if kind == "name" and operation == "parse" and class_ == "raw-equals":
        return "the first raw '=' ends the name: what follows is the value (the value cells, decode-first-equals)"
    if kind == "callback-own":
        if field == "callback-path" and class_ in ("raw-question", "raw-hash"):
            return "a raw '%s' ends the callback's path: what follows is its %s (those cells)" % (
                SNIPPET[class_], "query" if class_ == "raw-question" else "fragment")
        if field == "callback-query-name" and class_ in ("raw-amp", "raw-equals", "raw-hash"):
            return "a raw '%s' ends the callback's query name: that is another piece, the value or the fragment" % (
                SNIPPET[class_])
        if field == "callback-query-value" and class_ in ("raw-amp", "raw-hash"):
            return "a raw '%s' ends the callback's query value: that is another piece or the fragment" % SNIPPET[class_]
        if field == "callback-fragment" and class_ == "raw-hash":
            return ("a second '#' is no URI character in the source app's callback: a target keeps, escapes or "
                    "refuses it, and nothing picks one")
        if class_ in NON_URI_TEXT:
            return ("not URI text in the source app's own callback URL: a target keeps it (the model), escapes or "
                    "refuses it, and neither the spec nor RFC 3986 picks one (the raw space: build-callback-raw-query)")
    if class_ == "long" and operation == "build-callback":
        return ("no length rule for a built callback: the spec sets no limit and no anchor backs one; 64 KB is "
                "tested on parse and build-request")
    return None


def field_kind(operation, field):
    if field in ("scheme", "callback-scheme"):
        return "scheme"
    if field == "host":
        return "host"
    if field == "action":
        return "action"
    if field.startswith("name-") or field == "appended-name":
        return "name"
    if field == "fragment":
        return "fragment"
    if field.startswith("callback-"):
        return "callback-own"
    return "value"  # value-*, x-*, appended-value, errorCode, errorMessage


# MARK: - Filling: which classes one generated vector holds, and its rule

RAW_DATA = ":/?@!$'()*,;"  # reserved characters that are data in a query name or value (RFC 3986 3.4)


def groups(operation, field):
    """The fill units of a field: (group id, classes). A unit whose outcome is an acceptance holds several classes
    in one vector (any one mishandled shows); a refusal or a choice point holds one class, so each is tested alone."""
    kind = field_kind(operation, field)
    raw = lambda chars: ["raw-" + NAMES[c] for c in chars]  # noqa: E731
    pct = lambda chars: ["pct-" + NAMES[c] for c in chars]  # noqa: E731
    units = [(c, [c]) for c in CONTROLS + ("space",)]
    if kind == "scheme":
        return units + [("raw-plus", ["raw-plus"])]
    if kind == "host":
        return units
    bad_utf8 = ["bad-utf8-truncated", "bad-utf8-overlong", "bad-utf8-surrogate", "bad-utf8-above-max"]
    utf8 = ["utf8-2", "utf8-3", "utf8-4"]
    if operation == "parse":
        if kind == "action":
            units += [("raw-data", raw(":/@!$'()*,;&=+")), ("raw-brackets", raw("[]"))]
        elif kind == "fragment":
            units += [("raw-data", raw(":/?@!$'()*,;&=+")), ("raw-brackets", raw("[]")), ("raw-hash", ["raw-hash"])]
        else:
            units += [("raw-data", raw(RAW_DATA + ("=" if kind == "value" else ""))), ("raw-brackets", raw("[]")),
                      ("raw-plus", ["raw-plus"])]
        units += [("escaped", pct(RESERVED))]
        units += [(c, [c]) for c in ("pct-lone", "pct-truncated", "pct-bad-hex", "pct-escape-of-escape",
                                     "raw-non-ascii")]
        units += [("utf8", utf8)] + [(c, [c]) for c in bad_utf8] + [("long", ["long"])]
        return units
    if kind == "callback-own":
        if field == "callback-path":
            raw_chars = ":/@!$'()*,;&=+"
        elif field == "callback-fragment":
            raw_chars = ":/?@!$'()*,;&=+"
        elif field == "callback-query-name":
            raw_chars = RAW_DATA + "+"
        else:
            raw_chars = RAW_DATA + "=+"
        # Escapes whose respelling changes what the source app reads (must), and those every reader decodes alike.
        changing = ["pct-question", "pct-hash", "pct-amp", "pct-plus"] + (
            ["pct-equals"] if field == "callback-query-name" else []) + ["pct-escape-of-escape"] + bad_utf8
        alike = [c for c in pct(RESERVED) if c not in changing] + utf8
        return [("raw-data", raw(raw_chars)), ("escapes-changing", changing), ("escapes-alike", alike)]
    # builders' own fields (request fields, appended names and values, errorCode, errorMessage)
    percent = pct(RESERVED) + ["pct-truncated", "pct-bad-hex", "pct-escape-of-escape"] + utf8 + bad_utf8 + ["pct-lone"]
    if kind == "action":
        units += [("raw-reserved", raw(RESERVED))]
    else:
        units += [("raw-data", raw(":/?[]@!$'()*,;")), ("raw-delimiters", raw("&#")), ("raw-form", raw("=+"))]
    units += [("percent-text", percent), ("raw-non-ascii", ["raw-non-ascii"])]
    if operation == "build-request":
        units += [("long", ["long"])]
    return units


def text_of(classes, kind):
    """The field's text holding `classes`: controls and space at the start, middle and end ("\\x01a\\x1Bb\\x1F"),
    every other class between 'a' and 'b' ('%' alone last, with nothing after it)."""
    if len(classes) == 1 and classes[0] in POSITIONAL_BYTES:
        first, middle, last = POSITIONAL_BYTES[classes[0]]
        if kind == "scheme":
            return first + "g" + middle + "d" + last
        if kind == "host":
            return first + "x-callback" + middle + "-url" + last
        return first + "a" + middle + "b" + last
    if classes == ["long"]:
        return "<<A>>"
    if kind == "scheme":
        return "g+d"
    lone = "pct-lone" in classes
    body = "".join(SNIPPET[c] for c in classes if c != "pct-lone")
    return "a" + body + ("%" if lone else "b")


# MARK: - Rules and citations for a generated vector

CHOICE_RULES = {"plus": "decode-plus", "invalid-escape": "decode-invalid-escape", "non-utf8-escape": "decode-non-utf8",
                "flag-parameter": "decode-flag"}
FIELD_CITE = {"x-source": "xcu-x-source", "x-success": "xcu-x-success", "x-error": "xcu-x-error",
              "x-cancel": "xcu-x-cancel", "action": "xcu-action", "fragment": "rfc3986-3.5"}


def rule_for(operation, field, group, classes, outcome):
    """(rule, cites, breaks, decoded) for a generated vector: an existing rule of rules.py, by the operation, the
    field, the class and the model's outcome (`outcome`: the expectation; a choice names its point).

    Where a rule's vectors share a harm, rules.py says it (breaks=None here); a must vector says what breaks."""
    kind = field_kind(operation, field)
    what = describe(classes)
    if operation == "parse":
        if "choice" in outcome:
            point = outcome["choice"]
            cites = {"plus": ["silent-plus", "whatwg-urlencoded"], "invalid-escape": ["silent-invalid-escape",
                     "rfc3986-2.1"], "non-utf8-escape": ["rfc3629-3", "silent-non-utf8"],
                     "flag-parameter": ["silent-flag"]}[point]
            return CHOICE_RULES[point], cites, None, False
        if kind == "scheme":
            if group == "raw-plus":
                return ("decode-scheme", ["rfc3986-3.1-syntax", "xcu-structure"],
                        "the app refuses, or reports otherwise, the scheme 'g+d' whose '+' RFC 3986 allows", False)
            if group in CONTROLS:
                # Raw controls are refused as hardening wherever they stand (Vectors/README.md, "The rule for should").
                return "recognise-raw-control", ["rfc3986-2", "rfc3986-3.1-syntax", "silent-security"], None, False
            return ("recognise-scheme-syntax", ["rfc3986-3.1-syntax", "rfc3986-2"],
                    "the app acts on a URL whose scheme holds %s, which is no RFC 3986 scheme" % what, False)
        if kind == "host":
            if group == "space":
                return ("recognise-other-host", ["xcu-host", "rfc3986-3.2.2"],
                        "the app acts on a URL whose host ' x-callback -url ' is not x-callback-url", False)
            return "recognise-raw-control", ["rfc3986-2", "silent-security"], None, False
        if group in CONTROLS:
            return "decode-raw-control", ["rfc3986-2", "silent-raw-characters"], None, False
        if group in ("space", "raw-brackets", "raw-non-ascii", "raw-hash"):
            return "decode-raw-outside-uri", ["rfc3986-2", "silent-raw-characters"], None, False
        cite = [FIELD_CITE[field]] if field in FIELD_CITE else []
        if group == "raw-data":
            if kind == "action":
                return ("decode-action", ["xcu-action", "rfc3986-3.3", "rfc3986-2.2-data"],
                        "the app runs another action than 'a%sb', whose characters are path data" % SNIPPET_TEXT(classes),
                        False)
            if kind == "fragment":
                return ("decode-fragment", ["rfc3986-3.5", "rfc3986-2.2-data"],
                        "the app gets another fragment than the one written, or reads it as query", False)
            if kind == "name":
                return ("decode-structure", ["xcu-query-format", "rfc3986-3.4-chars"],
                        "the app gets another name than the one written, whose characters are query data", False)
            return ("decode-raw-query-data", ["rfc3986-3.4-chars", "rfc3986-2.2-data"] + cite,
                    "the app gets another %s than the one written, whose characters are query data" % label(field),
                    False)
        if group == "escaped":
            return ("decode-split-before-decoding", ["rfc3986-2.4-order", "rfc3986-2.2-not-equivalent"] + cite,
                    "the app splits or cuts the %s at a decoded delimiter, or reads an escape otherwise" % label(field),
                    False)
        if group == "pct-escape-of-escape":
            return ("decode-once", ["rfc3986-2.4"] + cite,
                    "the app gets 'aAb', decoding the %s's %%2541 twice" % label(field), False)
        if group == "utf8":
            if kind == "action":
                return "decode-action-decoded", ["rfc3986-2.5", "xcu-action", "silent-action-encoding"], None, True
            if kind == "fragment":
                return "decode-fragment-decoded", ["rfc3986-2.5", "rfc3986-3.5", "silent-fragment"], None, True
            return "decode-utf8", ["rfc3986-2.5", "rfc3986-2.1"] + cite, None, False
        if group == "long":
            return "decode-long", ["silent-length", "xcu-values-encoded"], None, False
        raise GeneratorError("grid: no rule for %s %s %s" % (operation, field, group))
    if operation == "build-request":
        cite = [FIELD_CITE[field]] if field in FIELD_CITE else ["xcu-action-parameters"]
        if kind == "scheme":
            if group == "raw-plus":
                return "build-request-scheme-lowercase", ["rfc3986-3.1-produce-lowercase"], None, False
            return ("build-request-invalid-scheme", ["rfc3986-3.1-syntax", "silent-developer-constant"], None, False)
        if kind == "action":
            if group == "percent-text":
                return ("build-request-action-escape-text", ["rfc3986-2.4", "rfc3986-2.4-percent", "xcu-action",
                                                             "silent-action-encoding"], None, False)
            if group == "raw-non-ascii":
                return "build-request-non-ascii", ["rfc3986-2.5", "rfc3986-2", "xcu-action"], None, False
            if group == "long":
                return "build-request-long", ["silent-length", "xcu-action"], None, False
            return ("build-request-action", ["rfc3986-2", "rfc3986-2.2", "xcu-action"],
                    "the target app runs another action than 'a%sb', or gets no URI" % SNIPPET_TEXT(classes), False)
        return build_rule("build-request", group, classes, cite, "the target app", field)
    cite = ["xcu-x-error"] if field in ("errorCode", "errorMessage") else ["xcu-x-success"]
    if kind == "scheme":
        if group == "raw-plus":
            return "build-callback-safe-scheme", ["xcu-x-success", "silent-security", "rfc3986-3.1-syntax"], None, False
        return "build-callback-invalid", ["rfc3986-3.1-syntax", "silent-invalid-callback"], None, False
    if kind == "callback-own":
        if group == "escapes-changing":
            return ("build-callback-kept", ["xcu-x-success", "rfc3986-2.2-not-equivalent", "rfc3986-2.4"],
                    "the source app reads its own callback's %s otherwise: an escape decoded or re-encoded changes it"
                    % label(field), False)
        return ("build-callback-query-bytes", ["xcu-x-success", "rfc3986-2.2-not-equivalent", "silent-callback-bytes"],
                "a source app that reads its own callback's %s as written, as RFC 3986 allows, gets other bytes"
                % label(field), False)
    return build_rule("build-callback", group, classes, cite, "the source app", field)


def build_rule(prefix, group, classes, cite, who, field):
    what = label(field)
    if group in CONTROLS:
        return (prefix + "-controls", ["rfc3986-2", "xcu-values-encoded"] + cite,
                "a raw %s in the %s makes the built URL no URI, and %s may cut or drop it" % (describe(classes), what, who),
                False)
    if group in ("space", "raw-form"):
        return prefix + "-form-chars", ["rfc3986-2.2-producers", "xcu-values-encoded"] + cite, None, False
    if group == "raw-data":
        return (prefix + "-values", ["xcu-values-encoded", "rfc3986-2.2"] + cite,
                "%s gets another %s than 'a%sb'" % (who, what, SNIPPET_TEXT(classes)), False)
    if group == "raw-delimiters":
        return (prefix + "-delimiters", ["rfc3986-2.2", "xcu-values-encoded"] + cite,
                "%s gets the %s cut at '#' or split at '&'" % (who, what), False)
    if group == "percent-text":
        return (prefix + "-percent", ["rfc3986-2.4", "rfc3986-2.4-percent"] + cite,
                "%s decodes the %s's text '%%3A', '%%2541' once more and gets other characters" % (who, what), False)
    if group == "raw-non-ascii":
        return prefix + "-non-ascii", ["rfc3986-2.5", "rfc3986-2"] + cite, None, False
    if group == "long":
        return prefix + "-long", ["silent-length"] + cite, None, False
    raise GeneratorError("grid: no rule for %s %s %s" % (prefix, field, group))


def SNIPPET_TEXT(classes):  # noqa: N802
    return "".join(SNIPPET.get(c, "") for c in classes)


def label(field):
    return {"name-first": "first name", "name-middle": "middle name", "name-last": "last name",
            "value-first": "first value", "value-middle": "middle value", "value-last": "last value",
            "appended-name": "appended name", "appended-value": "appended value", "callback-path": "path",
            "callback-query-name": "query name", "callback-query-value": "query value",
            "callback-fragment": "fragment"}.get(field, field)


def describe(classes):
    names = dict(CLASSES)
    if len(classes) == 1:
        return names[classes[0]].split(" (")[0] if classes[0] in POSITIONAL_BYTES else names[classes[0]]
    return "%d classes (%s)" % (len(classes), ", ".join(classes[:3]) + (", ..." if len(classes) > 3 else ""))


# MARK: - Templates: the class placed in the field

PARSE_PLACES = {
    "scheme": "{T}://x-callback-url/act?a=1", "host": "gd://{T}/act?a=1", "action": "gd://x-callback-url/{T}?a=1",
    "name-first": "gd://x-callback-url/act?{T}=1&b=2&c=3", "name-middle": "gd://x-callback-url/act?a=1&{T}=2&c=3",
    "name-last": "gd://x-callback-url/act?a=1&b=2&{T}=3", "value-first": "gd://x-callback-url/act?a={T}&b=2&c=3",
    "value-middle": "gd://x-callback-url/act?a=1&b={T}&c=3", "value-last": "gd://x-callback-url/act?a=1&b=2&c={T}",
    "x-source": "gd://x-callback-url/act?x-source={T}&a=1", "x-success": "gd://x-callback-url/act?x-success={T}&a=1",
    "x-error": "gd://x-callback-url/act?a=1&x-error={T}", "x-cancel": "gd://x-callback-url/act?a=1&x-cancel={T}",
    "fragment": "gd://x-callback-url/act?a=1#{T}"}


def request_with(field, text):
    parameters = [["a", "1"], ["b", "2"], ["c", "3"]]
    if field.startswith("name-") or field.startswith("value-"):
        index = POSITIONS.index(field.split("-")[1])
        parameters[index][0 if field.startswith("name-") else 1] = text
    slots = {RESERVED_SLOTS[field]: text} if field in RESERVED_SLOTS else {}
    if field in RESERVED_SLOTS:
        parameters = [["a", "1"]]
    return R("G+d" if field == "scheme" and text == "g+d" else text if field == "scheme" else "gd",
             text if field == "action" else "act", parameters=parameters, **slots)


def callback_with(field, text):
    """(callback, outcome, source, parameters, code, message) with the text in the field."""
    callback = {"callback-scheme": text + "://x-callback-url/done", "callback-path": "src://x-callback-url/" + text,
                "callback-query-name": "src://x-callback-url/done?" + text + "=v",
                "callback-query-value": "src://x-callback-url/done?k=" + text,
                "callback-fragment": "src://x-callback-url/done#" + text}.get(field, "src://x-callback-url/done")
    if field in ("errorCode", "errorMessage"):
        return (callback, "error", None, [],
                text if field == "errorCode" else "1", text if field == "errorMessage" else "m")
    parameters = [[text, "1"]] if field == "appended-name" else [["r", text]] if field == "appended-value" else \
        [["r", "1"]]
    return callback, "success", None, parameters, None, None


# MARK: - Generating the vectors of the empty cells

def fill(collectors, existing):
    """Adds a generated vector for every fill unit with a cell no existing vector covers and no reason marks n/a.

    `collectors`: {file: vectorlib.Collector}; `existing`: the vectors the sources wrote (with ids). Returns the
    keys of the generated vectors, {key: (operation, field, group, classes)}."""
    cells = cover(existing)
    generated = {}
    for operation, fields in FIELDS.items():
        collector = collectors[FILES[operation]]
        for field in fields:
            for group, classes in groups(operation, field):
                wanted = [c for c in classes if not covered(cells.get((operation, field, c)), c)
                          and not_applicable(operation, field, c) is None]
                if not wanted:
                    continue
                key = "grid-%s-%s-%s" % ({"parse": "p", "build-request": "rq", "build-callback": "cb"}[operation],
                                         field, group)
                make(collector, key, operation, field, group, classes)
                generated[FILES[operation] + "/" + key] = (operation, field, group, classes)
    return generated


def make(collector, key, operation, field, group, classes):
    kind = field_kind(operation, field)
    text = text_of(classes, kind)
    long_ = classes == ["long"]
    expand = {"<<A>>": ("q", LONG)} if long_ else None
    description = "Grid: %s in the %s (%s)" % (describe(classes), label(field), operation)
    tags = ["grid", "grid-" + group]
    if operation == "parse":
        url = PARSE_PLACES[field].replace("{T}", text)
        if long_:
            small = url.replace("<<A>>", "Q")
            expect, varying, _ = parse_expectation(small.encode("utf-8"))
            expect = substitute(expect, {"Q": "<<A>>"})
            rule, cite, breaks, _ = rule_for(operation, field, group, classes, expect)
            collector.parse_generated(key, description, url, expand, expect, rule=rule, cite=cite, tags=tags,
                                      breaks=breaks)
            return
        data = url.encode("utf-8")
        expect, varying, _ = parse_expectation(data)
        rule, cite, breaks, decoded = rule_for(operation, field, group, classes, expect)
        if decoded:
            expect, varying, _ = parse_expectation(data, decoded=True)
        hex_ = " ".join("%02X" % b for b in data) if "\x00" in url else None
        collector.parse(key, description, url=None if hex_ else url, hex=hex_, rule=rule, cite=cite, tags=tags,
                        breaks=breaks, decoded=decoded)
        return
    if operation == "build-request":
        request = request_with(field, text)
        expect = outcome_to_expect(model.build_request(substitute(request, {"<<A>>": "Q"})))
        rule, cite, breaks, _ = rule_for(operation, field, group, classes, expect)
        if kind == "action" and "accept" in expect and not long_:
            expect = any_of(expect, reject("invalid-character"))  # the action may be refused (no rule asks for it)
        if field in ("x-success", "x-error", "x-cancel") and "accept" in expect and not re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:", text):
            # A callback value that is no URL may be refused, or encoded like any value (XCU-Z6CX's position).
            expect = any_of(expect, reject("invalid-callback-url"))
        if long_:
            expect = substitute(expect, {"Q": "<<A>>"})
        collector.build_request(key, description, request, rule=rule, cite=cite, tags=tags, breaks=breaks,
                                expect=expect, expand=expand)
        return
    callback, outcome, source, parameters, code, message = callback_with(field, text)
    expect = outcome_to_expect(model.build_callback(callback, outcome, source, parameters, code, message))
    rule, cite, breaks, _ = rule_for(operation, field, group, classes, expect)
    if field == "callback-scheme" and expect == reject("invalid-callback-url") and set(classes) <= set(CONTROLS + ("space",)):
        # A control or a space in a scheme is how javascript: is disguised (XCU-UG8S, XCU-PA8V): a builder that
        # refuses it as unsafe refuses it rightly too, as those vectors allow.
        expect = any_of(expect, reject("unsafe-callback-scheme"))
    collector.build_callback(key, description, callback, outcome=outcome, source=source, parameters=parameters,
                             code=code, message=message, rule=rule, cite=cite, tags=tags, breaks=breaks,
                             expect=expect)


# MARK: - The grid's data and the README's table

def document(vectors, generated_ids):
    """The grid's data (tools/grid.json): every cell with its status, vectors and reason, and the totals.

    `generated_ids`: the ids of the vectors `fill` generated. Raises when a cell is empty without a reason."""
    cells = cover(vectors)
    rows = []
    empty = []
    for operation, fields in FIELDS.items():
        for field in fields:
            for class_ in CLASS_IDS:
                places = cells.get((operation, field, class_), {})
                ids = sorted({id_ for ids in places.values() for id_ in ids})
                reason = not_applicable(operation, field, class_)
                if covered(places, class_):
                    before = {p: [i for i in v if i not in generated_ids] for p, v in places.items()}
                    status = "existing" if covered({p: v for p, v in before.items() if v}, class_) else "generated"
                elif reason:
                    status = "n/a"
                else:
                    empty.append("%s %s %s" % (operation, field, class_))
                    status = "empty"
                row = {"operation": operation, "field": field, "class": class_, "status": status, "vectors": ids}
                if status == "n/a":
                    row["reason"] = reason
                rows.append(row)
    if empty:
        raise GeneratorError("grid: cells neither covered nor marked n/a with a reason: " + "; ".join(empty))
    counts = {status: sum(1 for r in rows if r["status"] == status) for status in ("existing", "generated", "n/a")}
    return {"description": "The coverage grid (Vectors/README.md, 'Coverage grid'): every (operation, field, class) "
                           "cell, the vectors that cover it, and why a cell is n/a. Written by tools/generate.py.",
            "classes": [{"id": id_, "label": label_} for id_, label_ in CLASSES],
            "fields": FIELDS,
            "totals": dict({"cells": len(rows)}, **counts),
            "cells": rows}


TABLE_START = "<!-- grid:start (written by tools/generate.py; do not edit) -->"
TABLE_END = "<!-- grid:end -->"
ABBREVIATION = {"existing": "E", "generated": "G", "n/a": "-"}


def table(grid):
    """The README's coverage table: one per operation, a row per class and a column per field; a cell is the number
    of vectors covering it, marked E (existing vectors only) or G (a generated vector among them), or '-' (n/a)."""
    by_cell = {(r["operation"], r["field"], r["class"]): r for r in grid["cells"]}
    lines = [TABLE_START, ""]
    t = grid["totals"]
    lines.append("%d cells: %d covered by existing vectors, %d filled by generated vectors, %d n/a." % (
        t["cells"], t["existing"], t["generated"], t["n/a"]))
    for operation, fields in FIELDS.items():
        lines += ["", "**%s**" % operation, "", "| class | " + " | ".join(fields) + " |",
                  "|---|" + "---|" * len(fields)]
        for class_ in CLASS_IDS:
            cells = []
            for field in fields:
                row = by_cell[(operation, field, class_)]
                cells.append("-" if row["status"] == "n/a" else "%s%d" % (ABBREVIATION[row["status"]], len(row["vectors"])))
            lines.append("| `%s` | %s |" % (class_, " | ".join(cells)))
    reasons = {}
    for row in grid["cells"]:
        if row["status"] == "n/a":
            reasons.setdefault(row["reason"], []).append("%s %s `%s`" % (row["operation"], row["field"], row["class"]))
    lines += ["", "Why a cell is n/a (`-`):", ""]
    for reason, where in reasons.items():
        lines.append("- %s (%d cells)" % (reason, len(where)))
    lines += ["", TABLE_END]
    return "\n".join(lines)


def with_table(readme, grid):
    """The README's text with the table between its markers replaced; raises when the markers are missing."""
    start, end = readme.find(TABLE_START), readme.find(TABLE_END)
    if start < 0 or end < start:
        raise GeneratorError("Vectors/README.md has no grid markers (%s ... %s)" % (TABLE_START, TABLE_END))
    return readme[:start] + table(grid) + readme[end + len(TABLE_END):]
