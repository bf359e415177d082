"""What a row of the audit is made of: rules that pick failures out of a results file, causes, behaviours.

A rule is a function from one result (a member of a report's `results`) to a bool. A cause names the
library lines that produce a behaviour and the rule that finds the failures it explains; a behaviour is
a documented claim about the library with the vectors that show it, or the reason none can. The rows
(rows/*.py) are written with these; audit.py places the failures and writes the audit.
"""
import json
import re

LEVELS = ["must", "should", "implementation-defined", "hardening"]


# MARK: - Rules

def level(r):
    """The level a result is counted at: its scored level where the runner gave one."""
    return r.get("scoredLevel") or r["level"]


def ids(*names):
    wanted = set(names)
    return lambda r: r["id"] in wanted


def op(name):
    return lambda r: r["operation"] == name


def kind(*names):
    return lambda r: r["failureKind"] in names


def desc(pattern):
    return lambda r: re.search(pattern, r.get("description", "")) is not None


def tag(*names):
    """The result carries every one of these tags."""
    return lambda r: all(name in r.get("tags", []) for name in names)


def answer_text(r):
    return json.dumps(r.get("answer"), ensure_ascii=False)


def answered(pattern):
    """The target's answer (as JSON text) matches the pattern."""
    return lambda r: re.search(pattern, answer_text(r)) is not None


def detail(pattern):
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


# Description patterns more than one row reads.
NON_UTF8 = r"not UTF-8|overlong|surrogate|above U\+10FFFF|lone (lead|continuation)|truncated four-byte|Latin-1"
UNSAFE = r"Refuse to open a (javascript|data|file|vbscript)"
SCHEMELESS = r"^Callback '.*' has no valid scheme"
RESERVED_BUILD = r"^Build with (an action parameter named x-|x-foo after)"
ACTION_BUILD = r"^Build a request (for the action|whose the action holds)"


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
