"""Filling the coverage grid (tools/grid.py): the vectors generated for cells no source vector covers.

`fill(collectors, existing)` makes one vector per fill unit with an empty cell. A unit (`groups`) holds the classes
one vector carries: several for an acceptance (any one mishandled shows), one for a refusal or a choice point. Its
text puts the classes in the field (`text_of`, `request_with`, `callback_with`), its expectation is the model's
(xcu_model.py), and its rule, citations and harm come from `rule_for`, by the operation, the field, the class and the
model's outcome; `check_fields` stops the generator on a rule that is not about the field its vector tests.
Standard library only.
"""

import re

import rules as suite_rules
import xcu_model as model
from grid import (CLASSES, CONTROLS, ESCAPED_CONTROL_IDS, FIELDS, FILES, LONG, NAMES, POSITIONAL_BYTES, POSITIONS, RESERVED,
                  RESERVED_SLOTS, SNIPPET, cover, covered, field_kind, not_applicable, only_rejects)
from vectorlib import GeneratorError, R, accept, any_of, outcome_to_expect, parse_expectation, reject, substitute

# MARK: - Units: which classes one generated vector holds
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
    escaped_controls = [(c, [c]) for c in ESCAPED_CONTROL_IDS]  # each at the start, middle and end of its own text
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
        return units + escaped_controls
    if kind == "callback-own":
        query = field in ("callback-query-name", "callback-query-value")
        if field == "callback-path":
            raw_chars = ":/@!$'()*,;&=+"
        elif field == "callback-fragment":
            raw_chars = ":/?@!$'()*,;&=+"
        elif field == "callback-query-name":
            raw_chars = RAW_DATA
        else:
            raw_chars = RAW_DATA + "="
        # Escapes whose respelling changes what the source app reads (must), and those every reader decodes alike:
        # '&' and '+' delimit or mean a space in a query only; in a path or a fragment they decode alike.
        changing = ["pct-question", "pct-hash"] + (["pct-amp", "pct-plus"] if query else []) + (
            ["pct-equals"] if field == "callback-query-name" else []) + ["pct-escape-of-escape"] + bad_utf8
        alike = [c for c in pct(RESERVED) if c not in changing] + utf8
        units = [("raw-data", raw(raw_chars)), ("escapes-changing", changing), ("escapes-alike", alike)]
        # A raw '+' in the callback's own query is a space to a form-decoding source app: respelled, it changes.
        return units + ([("raw-plus", ["raw-plus"])] if query else []) + escaped_controls
    # builders' own fields (request fields, appended names and values, errorCode, errorMessage)
    # '%2' ends its own text ("a%2"): in one text with the others it would be bad hex ('%2%').
    percent = pct(RESERVED) + ["pct-bad-hex", "pct-escape-of-escape"] + utf8 + bad_utf8 + ["pct-lone"]
    if kind == "action":
        units += [("raw-reserved", raw(RESERVED))]
    else:
        # In a name, '=' ends the name for every receiver: a delimiter there, a form character in a value.
        equals = "=" if kind == "name" else ""
        units += [("raw-data", raw(":/?[]@!$'()*,;")), ("raw-delimiters", raw("&#" + equals)),
                  ("raw-form", raw("=+".replace(equals, "") if equals else "=+"))]
    units += [("percent-text", percent), ("pct-truncated", ["pct-truncated"]), ("raw-non-ascii", ["raw-non-ascii"])]
    if operation == "build-request":
        units += [("long", ["long"])]
    return units


def text_of(classes, kind, place=None):
    """The field's text holding `classes`: controls and space at the start, middle and end ("\\x01a\\x1Bb\\x1F"),
    or at `place` alone; every other class between 'a' and 'b' ('%' alone last, with nothing after it)."""
    if len(classes) == 1 and classes[0] in POSITIONAL_BYTES:
        first, middle, last = POSITIONAL_BYTES[classes[0]]
        if place is not None:
            first, middle, last = (first if place == "start" else "", middle if place == "middle" else "",
                                   last if place == "end" else "")
        if kind == "scheme":
            return first + "g" + middle + "d" + last
        if kind == "host":
            return first + "x-callback" + middle + "-url" + last
        return first + "a" + middle + "b" + last
    if classes == ["long"]:
        return "<<A>>"
    if kind == "scheme":
        return "g+d"
    # '%' alone and '%2' end the field ("a%2" is truncated, "a%2b" would be bad hex); both at once: "a%2%".
    lone, truncated = "pct-lone" in classes, "pct-truncated" in classes
    body = "".join(SNIPPET[c] for c in classes if c not in ("pct-lone", "pct-truncated"))
    return "a" + body + ("%2" if truncated else "") + ("%" if lone else "" if truncated else "b")


# MARK: - Rules and citations for a generated vector

CHOICE_RULES = {"plus": "decode-plus", "invalid-escape": "decode-invalid-escape", "non-utf8-escape": "decode-non-utf8",
                "flag-parameter": "decode-flag"}
FIELD_CITE = {"x-source": "xcu-x-source", "x-success": "xcu-x-success", "x-error": "xcu-x-error",
              "x-cancel": "xcu-x-cancel", "action": "xcu-action", "fragment": "rfc3986-3.5"}


def rule_for(operation, field, group, classes, outcome, text="", place=None):
    """(rule, cites, breaks, decoded) for a generated vector: an existing rule of rules.py, by the operation, the
    field, the class, the place it stands at alone (`place`, None when at every place) and the model's outcome
    (`outcome`: the expectation; a choice names its point); `text` is the field's text, which a harm may quote.

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
            if group in CONTROLS or (group == "space" and place == "start"):
                # Raw controls are refused as hardening wherever they stand (Vectors/README.md, "The rule for should").
                # A space before the whole URL is stripped as a control there is, by the URL Standard and by RFC 3986
                # Appendix C ("software that accepts user-typed URI should attempt to recognize and strip both
                # delimiters and embedded whitespace"), and the same x-callback-url is read: graded as they are.
                return "recognise-raw-control", ["rfc3986-2", "rfc3986-3.1-syntax", "silent-security"], None, False
            return ("recognise-scheme-syntax", ["rfc3986-3.1-syntax", "rfc3986-2"],
                    "the app acts on a URL whose scheme holds %s, which is no RFC 3986 scheme" % what, False)
        if kind == "host":
            if group == "space":
                return ("recognise-other-host", ["xcu-host", "rfc3986-3.2.2"],
                        "the app acts on a URL whose host %r is not x-callback-url" % text, False)
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
        if group in ESCAPED_CONTROL_IDS:
            # An escaped control is kept: decoded once (a receiver refuses it only raw), or, where a field need not
            # be decoded, as written; an escaped NUL may also be refused by a strict parser (decode-escaped-nul).
            if kind == "action":
                return "decode-action-decoded", ["rfc3986-2.1", "xcu-action", "silent-action-encoding"], None, True
            if kind == "fragment":
                return "decode-fragment-decoded", ["rfc3986-2.1", "rfc3986-3.5", "silent-fragment"], None, True
            if group == "pct-nul":
                return "decode-escaped-nul", ["rfc3986-2.1", "silent-security"] + cite, None, False
            return ("decode-query-escapes", ["rfc3986-2.1"] + cite,
                    "the app gets another %s than the one written: its escaped %s dropped, trimmed or kept escaped"
                    % (label(field), describe(classes)), False)
        raise GeneratorError("grid: no rule for %s %s %s" % (operation, field, group))
    if operation == "build-request":
        cite = [FIELD_CITE[field]] if field in FIELD_CITE else ["xcu-action-parameters"]
        if kind == "scheme":
            if group == "raw-plus":
                return "build-request-scheme-lowercase", ["rfc3986-3.1-produce-lowercase"], None, False
            return ("build-request-invalid-scheme", ["rfc3986-3.1-syntax", "silent-developer-constant"], None, False)
        if kind == "action":
            if group in ("percent-text", "pct-truncated"):
                return ("build-request-action-escape-text", ["rfc3986-2.4", "rfc3986-2.4-percent", "xcu-action",
                                                             "silent-action-encoding"], None, False)
            if group == "raw-non-ascii":
                return "build-request-non-ascii", ["rfc3986-2.5", "rfc3986-2", "xcu-action"], None, False
            if group == "long":
                return "build-request-long", ["silent-length", "xcu-action"], None, False
            reserved = not (group in CONTROLS or group == "space")  # section 2.2 is about reserved characters only
            return ("build-request-action", ["rfc3986-2"] + (["rfc3986-2.2"] if reserved else []) + ["xcu-action"],
                    "the target app runs another action than the one given (with %s), or gets no URI" % describe(classes),
                    False)
        return build_rule("build-request", group, classes, cite, "the target app", field)
    cite = ["xcu-x-error"] if field in ("errorCode", "errorMessage") else ["xcu-x-success"]
    if kind == "scheme":
        if group == "raw-plus":
            return "build-callback-safe-scheme", ["xcu-x-success", "silent-security", "rfc3986-3.1-syntax"], None, False
        return "build-callback-invalid", ["rfc3986-3.1-syntax", "silent-invalid-callback"], None, False
    if kind == "callback-own":
        if group == "raw-plus":
            return ("build-callback-kept", ["xcu-x-success", "rfc3986-2.2-not-equivalent", "silent-plus"],
                    "a source app that reads its own callback's %s as a form reads a space, or '+', where it wrote the "
                    "other: a '+' respelled as '%%2B' or as a space changes it" % label(field), False)
        if group == "escapes-changing" or group in ESCAPED_CONTROL_IDS:
            # An escaped control decoded is a raw control, which every receiver must refuse: the callback breaks.
            return ("build-callback-kept", ["xcu-x-success", "rfc3986-2.2-not-equivalent", "rfc3986-2.4"],
                    "the source app reads its own callback's %s otherwise: an escape decoded or re-encoded changes it"
                    % label(field), False)
        return ("build-callback-query-bytes", ["xcu-x-success", "rfc3986-2.2-not-equivalent", "silent-callback-bytes"],
                "a source app that reads its own callback's %s as written, as RFC 3986 allows, gets other bytes"
                % label(field), False)
    return build_rule("build-callback", group, classes, cite, "the source app", field)


def build_rule(prefix, group, classes, cite, who, field):
    what = label(field)
    name = field.startswith("name-") or field in ("appended-name",)
    if group in CONTROLS:
        # The spec asks for encoded values; of names it says nothing, and RFC 3986 section 2 is the ground there.
        return (prefix + "-controls", ["rfc3986-2"] + ([] if name else ["xcu-values-encoded"]) + cite,
                "a raw %s in the %s makes the built URL no URI, and %s may cut or drop it" % (describe(classes), what, who),
                False)
    if group == "space":  # a space is no reserved character: RFC 3986 section 2 leaves it out of URIs
        return (prefix + "-form-chars", ["rfc3986-2", "silent-raw-characters"] + ([] if name else ["xcu-values-encoded"]) + cite,
                "a raw space makes no URI, and a space written '+' reads as a plus to an RFC 3986 reader: %s gets "
                "another %s" % (who, what), False)
    if group == "raw-form":
        return prefix + "-form-chars", ["rfc3986-2.2-producers"] + ([] if name else ["xcu-values-encoded"]) + cite, None, False
    if group == "raw-data":
        return (prefix + "-values", ([] if name else ["xcu-values-encoded"]) + ["rfc3986-2.2"] + cite,
                "%s gets another %s than 'a%sb'" % (who, what, SNIPPET_TEXT(classes)), False)
    if group == "raw-delimiters":
        return (prefix + "-delimiters", ["rfc3986-2.2", "xcu-values-encoded"] + cite,
                "%s gets the %s cut at '#' or split at '&'%s" % (who, what, " or '='" if "raw-equals" in classes else ""),
                False)
    if group in ("percent-text", "pct-truncated"):
        return (prefix + "-percent", ["rfc3986-2.4", "rfc3986-2.4-percent"] + cite,
                "%s decodes the %s's text (%s) once more, or reads a broken escape, and gets other characters"
                % (who, what, describe(classes)), False)
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

def fill(collectors, existing, ledger):
    """Adds a generated vector for every fill unit with a cell no existing vector covers and no reason marks n/a.

    `collectors`: {file: vectorlib.Collector}; `existing`: the vectors the sources wrote (with ids); `ledger`: the
    keys ids.json holds, whose vectors keep being made. Returns the
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
                # A refused control's combined vector is kept where it was made once (its id is permanent);
                # a cell that needs place-alone vectors afresh gets those alone.
                placed = set(cells.get((operation, field, classes[0]), {})) if len(classes) == 1 else set()
                for made in make(collector, key, operation, field, group, classes, FILES[operation] + "/" + key in ledger,
                                 placed):
                    generated[FILES[operation] + "/" + made] = (operation, field, group, classes)
    if FIELD_ERRORS:
        raise GeneratorError("\n".join(FIELD_ERRORS))
    return generated


def result_field(field):
    """The result field (tools/rules.py, FIELDS) a grid field is: the fault model names a difference there by it."""
    if field.startswith("name-"):
        return "parameter-name"
    if field.startswith("value-"):
        return "parameter-value"
    if field.startswith("callback-query-"):
        return "callback-query"
    if field.startswith("appended-"):
        return "appended"
    return field


def check_fields(key, rule, field, expect):
    """A generated vector's rule is about the field the vector tests (or about the outcome, for a refusal): a fault
    there lies within the rule, and is scored at the vector's level, not the fault table's (Vectors/README.md,
    "Faults")."""
    def refusal(expect):
        return "reject" in expect or ("anyOf" in expect and all(refusal(e) for e in expect["anyOf"]))
    wanted = "outcome" if refusal(expect) else result_field(field)
    if wanted not in suite_rules.RULES[rule].fields:
        FIELD_ERRORS.append("grid vector %s: its rule %s is not about %s (rules.py fields: %s)"
                            % (key, rule, wanted, ", ".join(suite_rules.RULES[rule].fields)))


FIELD_ERRORS = []  # check_fields' findings, raised together by fill


def only_placed(classes):
    """Whether a unit is a control or a space, which a refusal places at each place alone."""
    return len(classes) == 1 and classes[0] in CONTROLS + ("space",)


def make(collector, key, operation, field, group, classes, keep_combined=True, placed_already=()):
    """The vector of a fill unit. A control or a space the model refuses is also placed at the start, the middle and
    the end alone, each in a vector of its own (key `…-start`, `…-middle`, `…-end`): a refusal of one place hides
    whether another is refused, as a check made after a trim, or a `$` that matches before a final newline, refuses
    the middle alone. The vector holding all three places is then made only where the ledger has it (`keep_combined`:
    its id is permanent); a place a source vector already holds alone (`placed_already`) gets none."""
    placed = only_placed(classes)
    refused = placed and only_rejects(expectation(operation, field, text_of(classes, field_kind(operation, field))))
    keys = [key] if keep_combined or not refused else []
    keys += ["%s-%s" % (key, place) for place in PLACES if place not in placed_already] if refused else []
    for made in keys:
        make_one(collector, made, operation, field, group, classes, made[len(key) + 1:] or None)
    return keys


PLACES = ("start", "middle", "end")


def expectation(operation, field, text):
    """The model's expectation for `text` in `field`, before a rule widens it; a long value's `<<A>>` is read as `Q`."""
    text = text.replace("<<A>>", "Q")
    if operation == "parse":
        return parse_expectation(PARSE_PLACES[field].replace("{T}", text).encode("utf-8"))[0]
    if operation == "build-request":
        return outcome_to_expect(model.build_request(request_with(field, text)))
    callback, outcome, source, parameters, code, message = callback_with(field, text)
    return outcome_to_expect(model.build_callback(callback, outcome, source, parameters, code, message))


def make_one(collector, key, operation, field, group, classes, place=None):
    """Writes one generated vector (the classes at `place` alone, when given)."""
    kind = field_kind(operation, field)
    text = text_of(classes, kind, place)
    long_ = classes == ["long"]
    if long_ and operation == "build-request" and field in ("x-success", "x-error", "x-cancel"):
        # A long callback is still a URL, so that refusing it as no URL is no way out of building it whole.
        text = "cb://x-callback-url/a?v=" + text
    expand = {"<<A>>": ("q", LONG)} if long_ else None
    description = "Grid: %s in the %s (%s)" % (describe(classes), label(field), operation)
    if place is not None:
        description = "Grid: %s at the %s of the %s alone (%s)" % (describe(classes), place, label(field), operation)
    tags = ["grid", "grid-" + group]
    if operation == "parse":
        url = PARSE_PLACES[field].replace("{T}", text)
        if long_:
            expect = substitute(expectation(operation, field, text), {"Q": "<<A>>"})
            rule, cite, breaks, _ = rule_for(operation, field, group, classes, expect)
            check_fields(key, rule, field, expect)
            collector.parse_generated(key, description, url, expand, expect, rule=rule, cite=cite, tags=tags,
                                      breaks=breaks)
            return
        data = url.encode("utf-8")
        expect = expectation(operation, field, text)
        rule, cite, breaks, decoded = rule_for(operation, field, group, classes, expect, text, place)
        if decoded:
            expect = parse_expectation(data, decoded=True)[0]
        hex_ = " ".join("%02X" % b for b in data) if "\x00" in url else None
        check_fields(key, rule, field, expect)
        also = [reject("invalid-character")] if rule == "decode-escaped-nul" else []
        collector.parse(key, description, url=None if hex_ else url, hex=hex_, rule=rule, cite=cite, tags=tags,
                        breaks=breaks, decoded=decoded, also=also)
        return
    if operation == "build-request":
        request = request_with(field, text)
        expect = expectation(operation, field, text)
        rule, cite, breaks, _ = rule_for(operation, field, group, classes, expect)
        if kind == "action" and "accept" in expect and not long_:
            expect = any_of(expect, reject("invalid-character"))  # the action may be refused (no rule asks for it)
        if field in ("x-success", "x-error", "x-cancel") and "accept" in expect and not re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:", text):
            # A callback value that is no URL may be refused, or encoded like any value (XCU-Z6CX's position).
            expect = any_of(expect, reject("invalid-callback-url"))
        if long_:
            expect = substitute(expect, {"Q": "<<A>>"})
        check_fields(key, rule, field, expect)
        collector.build_request(key, description, request, rule=rule, cite=cite, tags=tags, breaks=breaks,
                                expect=expect, expand=expand)
        return
    callback, outcome, source, parameters, code, message = callback_with(field, text)
    expect = expectation(operation, field, text)
    rule, cite, breaks, _ = rule_for(operation, field, group, classes, expect)
    if field == "callback-scheme" and expect == reject("invalid-callback-url") and set(classes) <= set(CONTROLS + ("space",)):
        # A control or a space in a scheme is how javascript: is disguised (XCU-UG8S, XCU-PA8V): a builder that
        # refuses it as unsafe refuses it rightly too, as those vectors allow.
        expect = any_of(expect, reject("unsafe-callback-scheme"))
    check_fields(key, rule, field, expect)
    collector.build_callback(key, description, callback, outcome=outcome, source=source, parameters=parameters,
                             code=code, message=message, rule=rule, cite=cite, tags=tags, breaks=breaks,
                             expect=expect)
