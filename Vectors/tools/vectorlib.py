"""Helpers the vector sources use: one call per vector (or per family), expectations reasoned by rule.

A source module defines `FILE`, `TITLE`, `DESCRIPTION` and `def vectors(v):`, and calls
`v.parse(...)`, `v.build_request(...)` or `v.build_callback(...)`. Each call names a *stable key*
(the ledger in ids.json maps it to the permanent id) and, where the author reasoned the result by
hand, an explicit `expect=`; the model in xcu_model.py computes the expectation independently and the
generator stops on any disagreement. Implementation-defined vectors are found by varying one choice
point at a time: when exactly one changes the outcome, the vector becomes a `choice` keyed by it.
Levels are must, should, implementation-defined and hardening (the suite's safety profile, scored apart);
`parse_generated` writes a long input as a template with `expand` (format 2).

Format 3: every call names the `rule` it tests (rules.py describes each rule once, with its role and level).
A vector takes its rule's level unless the model makes it implementation-defined; an explicit `level=`
must agree with the rule. Its `role` is its operation's for a build, and for a parse it is computed from the
input (`parse_role`); a source may override it with `role=(ROLE, "reason")`. `breaks=` says in one line
what the other side gets wrong when a target fails the vector; every must vector has one.
"""

import itertools
import json
import re

import rules as rulebook
import xcu_model as model
from xcu_model import request as R  # noqa: F401  (re-exported for sources)

CHOICE_POINTS = [p for p in model.CHOICES if p not in model.COMPARATOR_CHOICES]
LEVELS = ("must", "should", "implementation-defined", "hardening")
PLACEHOLDER = re.compile(r"^<<[A-Z0-9]+>>\Z")
ROLES = ("recognise", "decode", "build-request", "build-callback")
PLAIN_SCHEME = re.compile(r"^[a-z][a-z0-9+.\-]*\Z")  # \Z: "$" would also match before a final newline
AUTHORITY = "//x-callback-url"
# The tag of build vectors whose built URL must escape no unreserved character (Vectors/README.md, "Comparator").
UNRESERVED_TAG = "unreserved-raw"
# A normative sentence a should vector may rest on alone: one that recommends rather than requires.
SHOULD = re.compile(r"\b(should|recommend)")



def form_characters(names, values):
    """Whether a build's names or values hold what receivers read differently when written raw: '+', '=' or a space
    in a value, '+' or a space in a name (Vectors/README.md, "Comparator"). A raw '=' in a name ends the name for
    every receiver (decode-first-equals): it reads back otherwise, which is must."""
    return any(c in text for text in names + values for c in "+ ") or any("=" in text for text in values)


def lint_form_characters(key, level, names, values):
    """Refuses a must build vector whose names or values hold form characters (`form_characters`)."""
    if level == "must" and form_characters(names, values):
        raise GeneratorError(key + ": lint: a build vector with '+', '=' or space in a value, or '+' or space in a "
                             "name, is not must")

class GeneratorError(Exception):
    pass


def substitute(value, replacements):
    """Replaces every placeholder in every string of `value` (a JSON value), as consumers of `expand` do."""
    if isinstance(value, str):
        for name, text in replacements.items():
            value = value.replace(name, text)
        return value
    if isinstance(value, list):
        return [substitute(item, replacements) for item in value]
    if isinstance(value, dict):
        return {key: substitute(item, replacements) for key, item in value.items()}
    return value


def parse_role(data):
    """The role a parse input tests (Vectors/README.md, "Roles"): `recognise` when its scheme is not a plain
    lowercase valid scheme or its authority is not exactly `//x-callback-url`; `decode` otherwise."""
    text = data.decode("utf-8", "replace")
    colon = text.find(":")
    if colon < 0 or not PLAIN_SCHEME.match(text[:colon]):
        return "recognise"
    rest = text[colon + 1:]
    if not rest.startswith(AUTHORITY) or rest[len(AUTHORITY):][:1] not in ("", "/", "?", "#"):
        return "recognise"
    return "decode"


def canon(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


# Values that look like numbers (issue 36, item 3): a builder or a receiver that reads them as numbers respells them.
NUMBERS = [("leading-zeros", "007"), ("negative", "-1"), ("plus-sign", "+1"), ("exponent", "1e3"),
           ("trailing-zero", "1.50"), ("beyond-64-bits", "18446744073709551616"), ("hex-looking", "0x1F"),
           ("arabic-indic-digits", "\u0661\u0662\u0663"), ("fullwidth-digits", "\uff11\uff12")]


def accept(result):
    return {"accept": result}


def reject(category):
    return {"reject": category}


def any_of(*alternatives):
    flat = []
    for alternative in alternatives:
        for item in (alternative["anyOf"] if "anyOf" in alternative else [alternative]):
            if all(canon(item) != canon(seen) for seen in flat):
                flat.append(item)
    return flat[0] if len(flat) == 1 else {"anyOf": flat}


def choice(point, **outcomes):
    """An explicit choice expectation; keyword names use '_' for '-' (no_value → no-value)."""
    return {"choice": point, "outcomes": {k.replace("_", "-"): o for k, o in outcomes.items()}}


def outcome_to_expect(outcome):
    kind, payload = outcome
    if kind == "accept":
        return accept(payload)
    alternatives = []
    for category in payload:
        if category == "no-colon":
            alternatives += [reject("invalid-scheme"), reject("not-x-callback-url")]
        else:
            alternatives.append(reject(category))
    return any_of(*alternatives)


def same_expect(a, b):
    """Equality of expectations, with anyOf compared as a set."""
    if "anyOf" in a and "anyOf" in b:
        return sorted(canon(x) for x in a["anyOf"]) == sorted(canon(x) for x in b["anyOf"])
    if "choice" in a and "choice" in b:
        return a["choice"] == b["choice"] and set(a["outcomes"]) == set(b["outcomes"]) and all(
            same_expect(a["outcomes"][k], b["outcomes"][k]) for k in a["outcomes"])
    return canon(a) == canon(b)


def parse_expectation(data, decoded=False):
    """Reasons the expectation of a parse vector from the model; returns (expect, varying points, raw).

    Unless `decoded` (the vector tests that the action, a name or the fragment is decoded, a should), a
    vector no choice point keys also allows each reading that keeps some of those as written
    (model.UNDECODED): the spec asks only values to be URL encoded.
    """
    def expect_under(choices, undecoded=frozenset()):
        lenient = outcome_to_expect(model.parse(data, choices, undecoded=undecoded))
        strict = outcome_to_expect(model.parse(data, choices, strict_raw=True, undecoded=undecoded))
        return any_of(lenient, strict), not same_expect(lenient, strict)

    base, raw = expect_under({})
    varying = []
    for point in CHOICE_POINTS:
        for value in model.CHOICES[point][1:]:
            if not same_expect(expect_under({point: value})[0], base):
                varying.append(point)
                break
    if not varying:
        if not decoded:
            for size in range(1, len(model.UNDECODED) + 1):
                for kept in itertools.combinations(model.UNDECODED, size):
                    alternative, alternative_raw = expect_under({}, frozenset(kept))
                    base, raw = any_of(base, alternative), raw or alternative_raw
        return base, varying, raw
    if len(varying) == 1:
        point = varying[0]
        outcomes = {}
        for value in model.CHOICES[point]:
            outcomes[value], value_raw = expect_under({point: value})
            raw = raw or value_raw
        return {"choice": point, "outcomes": outcomes}, varying, raw
    alternatives = []
    for values in itertools.product(*(model.CHOICES[p] for p in varying)):
        alternatives.append(expect_under(dict(zip(varying, values)))[0])
    return any_of(*alternatives), varying, raw


class Collector:
    """Collects the vectors of one file, checking each as it is added."""

    def __init__(self, file, citations, rules=None):
        self.file = file
        self.citations = citations
        self.rules = rulebook.RULES if rules is None else rules
        self.items = []  # (key, vector without id)

    # MARK: common checks

    def rule_level(self, key, rule, level):
        """The level a vector of `rule` has: the rule's, or an explicit one that must agree with it."""
        if rule not in self.rules:
            raise GeneratorError("%s/%s: unknown rule %r (describe it in rules.py)" % (self.file, key, rule))
        return self.rules[rule].level if level is None else level

    def _finish(self, key, description, operation, input_, level, expect, cite, tags, provenance, expand=None,
                rule=None, role=None, breaks=None):
        if not key or "/" in key:
            raise GeneratorError("bad key %r" % key)
        key = self.file + "/" + key
        if rule not in self.rules:
            raise GeneratorError("%s: unknown rule %r (describe it in rules.py)" % (key, rule))
        entry = self.rules[rule]
        if level != "implementation-defined" and level != entry.level:
            raise GeneratorError("%s: level %s, but its rule %s is %s (one rule, one level)" % (key, level, rule, entry.level))
        computed = parse_role(_parse_bytes(input_)) if operation == "parse" else operation
        if role is not None:
            overridden, reason = role
            if overridden == computed or not reason:
                raise GeneratorError("%s: a role override names another role than the computed %s, with a reason" % (key, computed))
            computed = overridden
        if computed != entry.role:
            raise GeneratorError("%s: role %s, but its rule %s is %s (one rule, one role)" % (key, computed, rule, entry.role))
        # An implementation-defined vector takes its rule's harm too: what an answer matching none of its allowed
        # values breaks, which that answer's should rests on (Vectors/README.md, "Levels", no allowed value).
        if breaks is None and level in ("must", "should", "implementation-defined"):
            breaks = entry.breaks
        if level == "hardening" and "silent-hardening" not in cite:
            cite = list(cite) + ["silent-hardening"]
        if breaks is not None and ("\n" in breaks or not breaks.strip() or len(breaks) > 200):
            raise GeneratorError("%s: 'breaks' must be one short line" % key)
        if level == "must" and breaks is None:
            raise GeneratorError("%s: a must vector says what breaks when a target fails it (breaks=)" % key)
        if level == "should" and not any(a.startswith("silent-") or SHOULD.search(self.citations[a].get("quote", ""))
                                         for a in cite):
            raise GeneratorError("%s: a should vector cites a silent-* anchor, or a sentence that says should" % key)
        if any(k == key for k, _ in self.items):
            raise GeneratorError("duplicate key " + key)
        for anchor in cite:
            if anchor not in self.citations:
                raise GeneratorError("%s: unknown anchor %s" % (key, anchor))
        if level not in LEVELS:
            raise GeneratorError("%s: unknown level %s" % (key, level))
        if level in ("must", "should") and not any(self.citations[a].get("normative") for a in cite):
            raise GeneratorError("%s: a %s vector needs a normative anchor" % (key, level))
        is_choice = "choice" in expect
        if is_choice != (level == "implementation-defined"):
            raise GeneratorError("%s: level %s but expect %s" % (key, level, canon(expect)[:200]))
        if "\n" in description or len(description) > 200:
            raise GeneratorError("%s: description must be one short line" % key)
        vector = {"description": description, "operation": operation, "role": computed, "rule": rule,
                  "input": input_, "level": level, "expect": expect, "cite": list(cite), "tags": list(tags)}
        if breaks is not None:
            vector["breaks"] = breaks
        if provenance:
            vector["provenance"] = list(provenance)
        if expand:
            vector["expand"] = {name: {"text": text, "times": times} for name, (text, times) in expand.items()}
        self.items.append((key, vector))

    # MARK: parse

    def parse(self, key, description, url=None, hex=None, level=None, cite=(), tags=(), provenance=(),
              expect=None, point=None, also=(), rule=None, role=None, breaks=None, decoded=False, unjudged=()):
        """A parse vector; `expect` (optional) is the hand-reasoned result, cross-checked with the model.

        `also` adds alternatives the model does not produce (a stricter parser's rejection), which
        makes the vector an anyOf and so never `must` (unless every alternative is a rejection).
        `unjudged` adds answers the vector's rule does not judge (a scheme reported as written where the
        rule is recognising its case), allowed at any level. `decoded` asks the action, names and fragment
        to be decoded (see parse_expectation).
        """
        if (url is None) == (hex is None):
            raise GeneratorError(key + ": give url or hex")
        data = url.encode("utf-8") if url is not None else bytes.fromhex(hex.replace(" ", ""))
        level = self.rule_level(key, rule, level)
        computed, varying, raw = parse_expectation(data, decoded)
        if also:
            flat = [x for alt in [computed] + list(also) for x in (alt["anyOf"] if "anyOf" in alt else [alt])]
            all_rejects = all("reject" in alt for alt in flat)
            if varying or (level == "must" and not all_rejects):
                raise GeneratorError(key + ": 'also' only on should vectors without a choice, or on a must "
                                     "vector whose alternatives are all rejections (the category may differ)")
            computed = any_of(computed, *also)
        if expect is not None and not same_expect(expect, computed):
            raise GeneratorError("%s: hand-reasoned expectation\n  %s\ndiffers from the model's\n  %s"
                                 % (key, canon(expect), canon(computed)))
        if unjudged:
            if varying:
                raise GeneratorError(key + ": 'unjudged' only on a vector without a choice")
            computed = any_of(computed, *unjudged)
        if len(varying) == 1:
            if point is not None and point != varying[0]:
                raise GeneratorError("%s: expected choice %s, model says %s" % (key, point, varying[0]))
            level = "implementation-defined"
        elif point is not None:
            raise GeneratorError("%s: expected choice %s, model says %s" % (key, point, varying))
        kinds = {next(iter(alt)) for alt in (computed.get("anyOf") or [computed])}
        if level == "must" and ((raw and len(kinds) > 1) or len(varying) > 1):
            raise GeneratorError(key + ": a must vector cannot rest on raw-character or multi-choice leniency")
        input_ = {"url": url} if url is not None else {"urlHex": " ".join("%02X" % b for b in data)}
        self._finish(key, description, "parse", input_, level, computed, cite, tags, provenance, rule=rule, role=role,
                     breaks=breaks)

    def parse_generated(self, key, description, url, expand, expect, level=None, cite=(), tags=(), provenance=(),
                        rule=None, role=None, breaks=None):
        """A parse vector whose long input is generated: every placeholder of `expand` (`<<NAME>>`) in the URL
        and in the expectation's strings stands for `text` repeated `times` times (Vectors/README.md, "expand").

        The model checks the template at small sizes (1, 2 and 5 repetitions), where its Python loop is quick;
        the rules it applies do not depend on the length.
        """
        for name in expand:
            if not PLACEHOLDER.match(name) or (name not in url and name not in canon(expect)):
                raise GeneratorError("%s: placeholder %s must look like <<NAME>> and occur in the vector" % (key, name))
        for times in (1, 2, 5):
            small = {name: text * times for name, (text, _) in expand.items()}
            computed, varying, _ = parse_expectation(substitute(url, small).encode("utf-8"))
            if varying:
                raise GeneratorError(key + ": a generated vector cannot depend on a choice point")
            if not same_expect(substitute(expect, small), computed):
                raise GeneratorError("%s: at %d repetitions the template expects\n  %s\nbut the model says\n  %s"
                                     % (key, times, canon(substitute(expect, small)), canon(computed)))
        self._finish(key, description, "parse", {"url": url}, self.rule_level(key, rule, level), expect, cite, tags,
                     provenance, expand=expand, rule=rule, role=role, breaks=breaks)

    # MARK: build request

    def build_request(self, key, description, request, level=None, cite=(), tags=(), provenance=(),
                      expect=None, rule=None, breaks=None, expand=None):
        """A build-request vector. With `expand` (`{"<<A>>": (text, times)}`), the request is a template and
        `expect` its expectation: the model checks them at 1, 2 and 5 repetitions, as parse_generated does."""
        level = self.rule_level(key, rule, level)
        if expand:
            self._check_template(key, expand, {"request": request}, expect,
                                 lambda small: outcome_to_expect(model.build_request(substitute(request, small))))
            self._finish(key, description, "build-request", {"request": request}, level, expect, cite, tags,
                         provenance, expand=expand, rule=rule, breaks=breaks)
            return
        computed = outcome_to_expect(model.build_request(request))
        if expect is not None:
            if "anyOf" in expect:
                if not any(same_expect(alt, computed) for alt in expect["anyOf"]):
                    raise GeneratorError(key + ": no alternative matches the model " + canon(computed))
                computed = expect
            elif not same_expect(expect, computed):
                raise GeneratorError("%s: %s != model %s" % (key, canon(expect), canon(computed)))
        names = [n for n, _ in request["parameters"]]
        values = [v for _, v in request["parameters"] if v] + [request[k] for k in ("source", "success", "error", "cancel") if request[k]]
        strings = names + values
        if UNRESERVED_TAG in tags:
            for text in strings + [request["action"]]:
                if model.first_unreserved_escape(model.encode_value(text)):
                    raise GeneratorError("%s: the model's own build of %r escapes an unreserved character" % (key, text))
        lint_form_characters(key, level, names, values)
        self._finish(key, description, "build-request", {"request": request}, level, computed, cite, tags,
                     provenance, rule=rule, breaks=breaks)

    # MARK: build callback

    def build_callback(self, key, description, callback, outcome="success", source=None, parameters=(),
                       code=None, message=None, level=None, cite=(), tags=(), provenance=(), expect=None,
                       rule=None, breaks=None, expand=None):
        level = self.rule_level(key, rule, level)
        params = [[n, v] for n, v in parameters]
        if expand:
            template = [callback, outcome, source, params, code, message]
            self._check_template(key, expand, template, expect,
                                 lambda small: outcome_to_expect(model.build_callback(*substitute(template, small))))
            computed = expect
        else:
            computed = outcome_to_expect(model.build_callback(callback, outcome, source, params, code, message))
        if expect is not None:
            if "anyOf" in expect:
                if not any(same_expect(alt, computed) for alt in expect["anyOf"]):
                    raise GeneratorError(key + ": no alternative matches the model " + canon(computed))
                computed = expect
            elif not same_expect(expect, computed):
                raise GeneratorError("%s: %s != model %s" % (key, canon(expect), canon(computed)))
        input_ = {"callback": callback, "outcome": outcome}
        if outcome == "error":
            input_["errorCode"] = code
            input_["errorMessage"] = message
        input_["source"] = source
        input_["parameters"] = params
        names = [n for n, _ in params]
        values = [v for _, v in params if v] + [s for s in (source, code, message) if s]
        if UNRESERVED_TAG in tags:
            for alternative in computed.get("anyOf", [computed]):
                url = alternative.get("accept", {}).get("url", "")
                if model.first_unreserved_escape(url[len(callback.partition("#")[0]):]):
                    raise GeneratorError("%s: the model's expected URL %s escapes an unreserved character" % (key, url))
        lint_form_characters(key, level, names, values)
        self._finish(key, description, "build-callback", input_, level, computed, cite, tags, provenance, rule=rule,
                     breaks=breaks, expand=expand)

    def _check_template(self, key, expand, template, expect, model_of):
        """A build template and its expectation agree with the model at 1, 2 and 5 repetitions of each placeholder."""
        for name in expand:
            if not PLACEHOLDER.match(name) or name not in canon(template):
                raise GeneratorError("%s: placeholder %s must look like <<NAME>> and occur in the input" % (key, name))
        if expect is None:
            raise GeneratorError(key + ": a generated build vector states its expectation")
        for times in (1, 2, 5):
            small = {name: text * times for name, (text, _) in expand.items()}
            wanted, computed = substitute(expect, small), model_of(small)
            if not same_expect(wanted, computed) and not any(same_expect(alt, computed) for alt in wanted.get("anyOf", [])):
                raise GeneratorError("%s: at %d repetitions the template expects\n  %s\nbut the model says\n  %s"
                                     % (key, times, canon(substitute(expect, small)), canon(model_of(small))))

    # MARK: explicit

    def explicit(self, key, description, operation, input_, level, expect, cite=(), tags=(), provenance=(), rule=None,
                 role=None, breaks=None):
        """A vector whose expectation the model cannot vary (parameter order); written out by hand."""
        self._finish(key, description, operation, input_, self.rule_level(key, rule, level), expect, cite, tags,
                     provenance, rule=rule, role=role, breaks=breaks)


def _parse_bytes(input_):
    """The bytes of a parse input (a template's placeholders stay as written: they never reach the authority)."""
    if "url" in input_:
        return input_["url"].encode("utf-8")
    return bytes.fromhex(input_["urlHex"].replace(" ", ""))
