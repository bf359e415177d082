"""Places a fuzz finding the way audit.py places a failing vector: under the first cause of the row's audit whose rule
matches it (rows/<library>.py), or, for a row without an audit, in the rule group of the vectors the row already
fails (the vectors' `rule`, as the matrix heads such a row).

The record a cause rule reads is the conformance runner's result for the finding replayed as a vector (`replayed`,
kept by fuzz_result.py): the vector's rule, role, tags and operation, the target's answer and the runner's reading
of it. A finding written as a vector carries the rule whose vectors its fault fails, with its own description and
input, which is why the cause rules read rules and answers and never a vector's id or description. A finding with no
replayed vector (a run before findings carried a vector rule) is read from what it holds: its operation, the role of
its input (a parse input's role is computed as the generator computes it), the target's answer and the disagreement;
only the causes whose rule reads the answer can place it, and the rest stay new until the row is fuzzed again.

A placed finding is *known*: {"cause": id, "vectors": [...]} (or {"rule": id, "vectors": [...]}), the vectors being
ones the row already fails for it, which `matrix --fuzz` checks against the row's results. Otherwise it is *new*.
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from rows import ROWS  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SHOWN = 6  # failing vectors named for a known finding
LOWER_LETTER, SCHEME_REST = set(b"abcdefghijklmnopqrstuvwxyz"), set(b"abcdefghijklmnopqrstuvwxyz0123456789+-.")


def parse_role(data):
    """`recognise` when the input's scheme is not plain lowercase or its authority not exactly `//x-callback-url`
    followed by `/`, `?`, `#` or the end; `decode` otherwise (TargetRole.parseRole, Vectors/README.md "Roles")."""
    colon = data.find(b":")
    if colon <= 0 or data[0] not in LOWER_LETTER or not set(data[:colon]) <= SCHEME_REST:
        return "recognise"
    rest = data[colon + 1:]
    if not rest.startswith(b"//x-callback-url"):
        return "recognise"
    after = rest[len(b"//x-callback-url"):]
    return "decode" if not after or after[:1] in (b"/", b"?", b"#") else "recognise"


def answer_of(text):
    """The protocol answer a finding's `targetAnswer` line stands for (`accepted {...}`, `rejected ...`, `errored ...`)."""
    head, _, rest = (text or "").partition(" ")
    if head == "accepted":
        try:
            value = json.loads(rest)
        except ValueError:
            value = rest
        return {"accepted": value if isinstance(value, dict) else {"url": value}}
    if head == "rejected":
        return {"rejected": {"message": rest}}
    return {head or "errored": rest}


def record(finding):
    """The result the cause rules read: the replayed vector's, or one made from the finding itself."""
    if finding.get("replayed"):
        return finding["replayed"]
    out = {"id": finding["id"], "operation": finding["operation"], "level": finding["level"], "tags": [],
           "answer": answer_of(finding.get("targetAnswer")), "detail": finding.get("disagreement", ""),
           "failureKind": "unknown", "verdict": "failed"}
    if finding["operation"] == "parse" and finding.get("inputHex") is not None:
        out["role"] = parse_role(bytes.fromhex(finding["inputHex"]))
    elif finding["operation"] in ("build-request", "build-callback"):
        out["role"] = finding["operation"]
    return out


def results_of(row):
    """The row's committed conformance results: a library's ../results/<row>.json, a built-in row's in builtin/."""
    for path in (os.path.join(TOP, "results", row + ".json"), os.path.join(TOP, "results", "builtin", row + ".json")):
        if os.path.exists(path):
            return json.load(open(path, encoding="utf-8"))["results"]
    return []


def place(row, finding, results=None):
    """The known record of an unexplained finding, or None when nothing the row already fails explains it."""
    r = record(finding)
    results = results_of(row) if results is None else results
    failed = [x for x in results if x["verdict"] in ("failed", "known-failure")]
    if row in ROWS:
        # The first cause whose rule matches, as audit.py's classify takes it; one the row fails no vector for names
        # nothing a reader could check, and the finding stays new.
        cause = next((c for c in ROWS[row]["causes"] if c["match"](r)), None)
        audit = json.load(open(os.path.join(TOP, "audit", row + ".json"), encoding="utf-8"))
        vectors = next((c["vectors"] for c in audit["causes"] if cause and c["id"] == cause["id"]), [])
        shown = preferred(vectors, failed, r.get("rule"))
        return {"vectors": shown, "cause": cause["id"]} if shown else None
    same = [x["id"] for x in failed if r.get("rule") and x.get("rule") == r["rule"]]
    return {"vectors": same[:SHOWN], "rule": r["rule"]} if same else None


def preferred(ids, failed, rule):
    """Up to SHOWN of the cause's failing vectors: those of the finding's own rule first, then must ones."""
    known = {x["id"]: x for x in failed}
    ids = [v for v in ids if v in known]
    return sorted(ids, key=lambda v: (known[v].get("rule") != rule, (known[v].get("scoredLevel") or known[v]["level"]) != "must"))[:SHOWN]


def check():
    """Every failing vector of every audited row, handed over as a finding's replayed record (its id and description
    those of a finding), must land under the cause audit.py gave it: the two classify alike. The problems found."""
    problems = []
    for row in ROWS:
        audit = json.load(open(os.path.join(TOP, "audit", row + ".json"), encoding="utf-8"))
        owner = {v: c["id"] for c in audit["causes"] for v in c["vectors"]}
        results = results_of(row)
        for result in (x for x in results if x["verdict"] == "failed" and x["id"] in owner):
            replayed = dict(trimmed(result), id="XCU-FUZZ", description="a fuzz finding's own description")
            known = place(row, {"id": "XCU-FUZZ", "operation": result["operation"], "level": result["level"],
                                "replayed": replayed}, results)
            if (known or {}).get("cause") != owner[result["id"]]:
                problems.append("%s: %s is under %s in the audit, but as a finding under %s" % (
                    row, result["id"], owner[result["id"]], (known or {}).get("cause", "no cause")))
    return problems


def trimmed(result, limit=2000):
    """A replayed result as a finding keeps it: what the cause rules read, every string over `limit` cut."""
    keep = ("id", "operation", "role", "rule", "level", "scoredLevel", "tags", "verdict", "failureKind", "detail",
            "answer", "expected")

    def cut(value):
        if isinstance(value, str):
            return value[:limit] + "…" if len(value) > limit else value
        if isinstance(value, dict):
            return {k: cut(v) for k, v in value.items()}
        return [cut(v) for v in value] if isinstance(value, list) else value
    return {k: cut(result[k]) for k in keep if k in result}


if __name__ == "__main__":
    if sys.argv[1:] != ["--check"]:
        sys.exit("usage: fuzz_classify.py --check   (a failing vector, read as a fuzz finding, lands under its audit cause)")
    found = check()
    for problem in found:
        print("error: " + problem, file=sys.stderr)
    print("fuzz_classify: %s" % ("%d problems" % len(found) if found else "every failing vector of every audited row, "
                                 "read as a fuzz finding, lands under its audit cause"), file=sys.stderr)
    sys.exit(1 if found else 0)
