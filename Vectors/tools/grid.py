"""The coverage grid (issue 36, item 1): field x byte class x operation, computed from the vectors themselves.

Three axes:
- FIELDS: every field of every operation (parse, build-request, build-callback);
- CLASSES: every byte class (controls and space at the start, middle and end of a field; each reserved character
  raw and escaped; broken escapes; an escape of an escape; non-ASCII raw and escaped; invalid UTF-8; 64 KB);
- the expectation, which the model (xcu_model.py) gives for every vector the grid generates.

`cover(vectors)` splits each vector's input into its fields (a parse URL's raw pieces; a builder's request or
callback fields) and classifies the bytes of each field, so every (operation, field, class) cell lists the vectors
that hold it. A cell no vector covers is either filled by a generated vector (grid_fill.py: a small template with the class
placed in the field, its rule and level from the model's outcome) or marked n/a with a one-line reason
(`not_applicable`).
Generated vectors go into the files of their operation (parse-encoding.json, build-encoding.json, callbacks.json)
under keys `grid-...`, so their ids are stable. `table()` writes the README's coverage table and `document()` the
grid's data (tools/grid.json). Standard library only.
"""

import re

import xcu_model as model
from vectorlib import GeneratorError, reject, substitute

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
RAW_POSITIONAL = {id_ for id_, _, _ in POSITIONAL}
POSITIONAL_BYTES = {"nul": "\x00\x00\x00", "tab": "\t\t\t", "lf": "\n\n\n", "cr": "\r\r\r", "c0": "\x01\x1b\x1f",
                    "del": "\x7f\x7f\x7f", "space": "   "}
# The same controls escaped, at the same three places: a receiver must keep them (decoded, or as written where a
# field need not be decoded), where it must refuse them raw; a builder's text holding one is '%' data.
ESCAPED_CONTROLS = [("pct-" + id_, label.split(" (")[0] + " escaped (%s)" % escapes, codes, places)
                    for (id_, label, codes), (escapes, places) in zip(POSITIONAL[:6], [
                        ("%00", ("%00", "%00", "%00")), ("%09", ("%09", "%09", "%09")), ("%0A", ("%0A", "%0A", "%0A")),
                        ("%0D", ("%0D", "%0D", "%0D")), ("generated: %01, %1B, %1F", ("%01", "%1B", "%1F")),
                        ("%7F", ("%7F", "%7F", "%7F"))])]
ESCAPED_CONTROL_IDS = tuple(id_ for id_, _, _, _ in ESCAPED_CONTROLS)
POSITIONAL_BYTES.update({id_: places for id_, _, _, places in ESCAPED_CONTROLS})
GEN_DELIMS = ":/?#[]@"
SUB_DELIMS = "!$&'()*+,;="
RESERVED = GEN_DELIMS + SUB_DELIMS
NAMES = {":": "colon", "/": "slash", "?": "question", "#": "hash", "[": "open-bracket", "]": "close-bracket",
         "@": "at", "!": "bang", "$": "dollar", "&": "amp", "'": "apostrophe", "(": "open-paren",
         ")": "close-paren", "*": "star", "+": "plus", ",": "comma", ";": "semicolon", "=": "equals"}
OTHER = [("pct-lone", "'%' alone (at the end of the field)", "%"),
         ("pct-truncated", "'%' and one hex digit, at the end of the field ('%2')", "%2"),
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
           + [(id_, label) for id_, label, _, _ in ESCAPED_CONTROLS]
           + [("raw-" + NAMES[c], "'%s' raw" % c) for c in RESERVED]
           + [("pct-" + NAMES[c], "'%s' escaped (%%%02X)" % (c, ord(c))) for c in RESERVED]
           + [(id_, label) for id_, label, _ in OTHER])
CLASS_IDS = [id_ for id_, _ in CLASSES]
SNIPPET = dict([("raw-" + NAMES[c], c) for c in RESERVED] + [("pct-" + NAMES[c], "%%%02X" % ord(c)) for c in RESERVED]
               + [(id_, text) for id_, _, text in OTHER])
LONG = 65536
ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


# One pattern per positional class, and raw non-ASCII (surrogateescape stands for a raw invalid byte, not a character).
POSITIONAL_PATTERNS = {id_: re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(codes)) + "]")
                       for id_, _, codes in POSITIONAL}
RESERVED_SET = set(RESERVED)
NON_ASCII = re.compile("[^\x00-\x7f\udc80-\udcff]")


def classify(text):
    """The byte classes in one field's text: {class: set of places}; places are start/middle/end for controls
    and space, and {"in"} for every other class."""
    found = {}
    if len(text) >= LONG:
        found["long"] = {"in"}
    last = len(text) - 1
    for id_, _, _ in POSITIONAL:
        pattern = POSITIONAL_PATTERNS[id_]
        places = set()
        if text and pattern.match(text, 0):
            places.add("start")
        if text and pattern.match(text, last):
            places.add("end")
        if last > 1 and pattern.search(text, 1, last):
            places.add("middle")
        if places:
            found[id_] = places
    for match in ESCAPE.finditer(text):
        octet = int(match.group(1), 16)
        for id_, _, codes, _ in ESCAPED_CONTROLS:
            if octet in codes:
                place = "start" if match.start() == 0 else "end" if match.end() == len(text) else "middle"
                found.setdefault(id_, set()).add(place)
    for ch in set(text) & RESERVED_SET:
        found.setdefault("raw-" + NAMES[ch], set()).add("in")
    if NON_ASCII.search(text):
        found.setdefault("raw-non-ascii", set()).add("in")
    for match in re.finditer(r"%(?![0-9A-Fa-f]{2})(.?)", text):
        following = match.group(1)
        # Truncated: one hex digit, and the field ends there ('a%2'); one hex digit and another character is bad hex.
        truncated = following != "" and following in model.HEX and match.end() == len(text)
        kind = "pct-lone" if following == "" else "pct-truncated" if truncated else "pct-bad-hex"
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
    add_parameters(fields, action_pieces)
    return fields


def add_parameters(fields, parameters):
    """Files each parameter's name and value under the positions it stands at (`places_of`)."""
    for index, (name, value) in enumerate(parameters):
        for place in places_of(index, len(parameters)):
            fields.setdefault("name-" + place, []).append(name)
            if value is not None:
                fields.setdefault("value-" + place, []).append(value)


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
    add_parameters(fields, request["parameters"])
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
    # The path's own text after its leading '/', as a parse action is after the host's: a class at its start is
    # at the start of the path's first segment.
    fields["callback-path"] = path[1:] if path.startswith("/") else path
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


def found_texts(vector):
    """(field, text, class, places) of every class in every text of a vector's fields."""
    return [(field, text, class_, places) for field, texts in vector_fields(vector).items()
            for text in (texts if isinstance(texts, list) else [texts]) for class_, places in classify(text).items()]


def cover(vectors):
    """{(operation, field, class): {place: [vector ids]}} for the given vectors (each a dict with an id).

    A vector that must be refused covers a raw control or space only where that is the one raw control or space
    it holds: a refusal of one place says nothing of another (a trim, then a check, refuses the middle alone)."""
    cells = {}
    for vector in vectors:
        found = found_texts(vector)
        # Counted once per text: a lone parameter's name and value stand at the first and the last place at once.
        distinct = {(re.sub(r"-(first|middle|last)$", "", field), text, class_): places
                    for field, text, class_, places in found}
        raw_places = sum(len(places) for (_, _, class_), places in distinct.items() if class_ in RAW_POSITIONAL)
        refused = only_rejects(vector["expect"]) is not None
        for field, _, class_, places in found:
            if refused and raw_places > 1 and class_ in RAW_POSITIONAL:
                continue
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
    if class_ in ESCAPED_CONTROL_IDS and operation != "parse" and kind != "callback-own":
        return ("a builder's own text holding an escape is '%' data, written %25 wherever it stands: the percent-text "
                "cells test it; an escaped control is the grid's class for what a receiver reads and a callback keeps")
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
