"""What a row of the audit is made of: rules that pick failures out of a results file, causes, behaviours.

A rule is a function from one result (a member of a report's `results`) to a bool. A cause names the
library lines that produce a behaviour and the rule that finds the failures it explains; a behaviour is
a documented claim about the library with the vectors that show it, or the reason none can. The rows
(rows/*.py) are written with these; audit.py places the failures and writes the audit, and fuzz_result.py
places a fuzz finding, replayed as a vector, with the same causes.

Rules read only what a fuzz finding shares with a vector: the vector's `rule`, `role`, `tags` and operation,
the target's answer, and the runner's reading of it (`failureKind`, `detail`). Never a vector's id or
description: a finding has its own.
"""
import json
import re

LEVELS = ["must", "should", "implementation-defined", "hardening"]
# Every rule id a cause names (vector_rule), which audit.py checks against Vectors/rules.json.
RULES_NAMED = set()


# MARK: - Rules

def level(r):
    """The level a result is counted at: its scored level where the runner gave one."""
    return r.get("scoredLevel") or r["level"]


def vector_rule(*names):
    """The vector tests one of these rules: its `rule`, an id of Vectors/rules.json.

    A fuzz finding written as a vector carries the rule whose vectors its fault fails, with its own description
    and input, so a cause keyed on rules (and on the answer) places a finding exactly as it places a vector.
    """
    wanted = set(names)
    RULES_NAMED.update(wanted)
    return lambda r: r.get("rule") in wanted


def role(*names):
    """The vector tests one of these roles (recognise, decode, build-request, build-callback)."""
    wanted = set(names)
    return lambda r: r.get("role") in wanted


def op(name):
    return lambda r: r["operation"] == name


def kind(*names):
    return lambda r: r["failureKind"] in names


def tag(*names):
    """The result carries every one of these tags."""
    return lambda r: all(name in r.get("tags", []) for name in names)


def answer_text(r):
    return json.dumps(r.get("answer"), ensure_ascii=False)


def answered(pattern):
    """The target's answer (as JSON text) matches the pattern."""
    return lambda r: re.search(pattern, answer_text(r)) is not None


def accepted():
    """The target accepted: a request read, or a URL built."""
    return lambda r: "accepted" in (r.get("answer") or {})


def rejected():
    """The target refused the input."""
    return lambda r: "rejected" in (r.get("answer") or {})


def lacks(text):
    """The expected result holds `text` and the target's answer does not (a character dropped on the way)."""
    return lambda r: text in json.dumps(r.get("expected"), ensure_ascii=False) and text not in answer_text(r)


def detail(pattern):
    """The runner's reading of the answer against the expectation (its `detail`) matches the pattern."""
    return lambda r: re.search(pattern, r.get("detail", "")) is not None


def expected_rejection(*categories):
    """The vector expected a refusal with one of these categories and the target accepted."""
    pattern = "expected rejection '(%s)'" % "|".join(re.escape(c) for c in categories)
    return all_of(kind("unexpected-acceptance"), detail(pattern))


def all_of(*rules):
    return lambda r: all(rule(r) for rule in rules)


def any_of(*rules):
    return lambda r: any(rule(r) for rule in rules)


def none_of(*rules):
    return lambda r: not any(rule(r) for rule in rules)


# MARK: - Causes and behaviours

def cause(id, source, summary, match):
    """A behaviour of the library: the lines (`path:line` or `path:first-last`) that make it, and its rule."""
    return {"id": id, "source": source, "summary": summary, "match": match}


def behaviour(row, text, vectors=None, verdict=None, no_vector=None, proposed=None):
    """A documented behaviour and the vectors that catch it.

    - Parameters:
      - row: the divergences.md row (`D6`), `library-audit`, an issue, or `-` for one found in the code.
      - vectors: ids, or `tagged(...)` resolved against the results when the audit is written.
      - verdict: what the vectors must all do, checked: `fail`, `pass`, `masked` (pass, hidden by an
        earlier refusal) or `skipped`; `None` lists each vector's own verdict unchecked.
      - no_vector: why no URL vector can show it; proposed: the vector that would.
    """
    return {"row": row, "behaviour": text, "vectors": list(vectors or []), "verdict": verdict,
            "noVector": no_vector, "proposed": proposed}


def tagged(name, operation=None, verdicts=("passed", "failed")):
    """Every vector with this tag (a tuple: all these tags) and operation whose verdict is one of `verdicts`."""
    return ("tag", name, operation, verdicts)
