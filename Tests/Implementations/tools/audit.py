#!/usr/bin/env python3
"""Writes the failure audit of each library row of the matrix: ../audit/<row>.json and ../audit/<row>.md.

Each row's causes (rows/*.py, one file per library) name the library lines that produce a behaviour and
a rule that picks the failures it explains out of ../results/<row>.json. Every failure of the results
file falls to exactly one cause, the first whose rule matches. A must failure that falls to none stops
the row: it is named, and its audit is not written (`matrix --audit` would refuse the stale one). Lower
failures that fall to none are named and listed as not placed. Each documented behaviour names the
vectors that catch it and what they must do (fail, pass, skipped), which is checked against the results.

    tools/audit.py                        every row
    tools/audit.py ozbe-xcallback ...     these rows
    tools/audit.py --results DIR          read the result files from DIR instead of ../results
    tools/audit.py --list                 the rows, one a line, with the folder whose run.sh makes them

Exit status: 0 when every row is written and every behaviour holds; 1 otherwise.
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from audit_rules import LEVELS, RULES_NAMED, level  # noqa: E402
from rows import ROWS  # noqa: E402
from upstream import report_link  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = os.path.join(HERE, "..", "..", "..", "Vectors", "rules.json")
RESULTS = os.path.join(HERE, "..", "results")
AUDIT = os.path.join(HERE, "..", "audit")
VERDICTS = {"failed": "fail", "passed": "pass", "skipped": "skipped", "not-applicable": "not applicable"}
EXPECTED = {"fail": {"failed"}, "pass": {"passed"}, "masked": {"passed"}, "skipped": {"skipped"},
            "not-applicable": {"not-applicable"}}


# MARK: - Placing

def classify(row, results):
    """Each failure under the first cause whose rule matches it, and the failures under none."""
    assigned = {c["id"]: [] for c in row["causes"]}
    unplaced = []
    for r in results:
        if r["verdict"] != "failed":
            continue
        owner = next((c for c in row["causes"] if c["match"](r)), None)
        (assigned[owner["id"]] if owner else unplaced).append(r)
    return assigned, unplaced


def resolve(row, results):
    """The behaviours with their tagged(...) entries read as the ids of the results that carry the tag."""
    resolved = []
    for b in row["behaviours"]:
        vectors = []
        for v in b["vectors"]:
            if isinstance(v, tuple):
                _, names, operation, verdicts = v
                names = names if isinstance(names, tuple) else (names,)
                vectors += [r["id"] for r in results if all(name in r.get("tags", []) for name in names)
                            and operation in (None, r["operation"]) and r["verdict"] in verdicts]
            else:
                vectors.append(v)
        resolved.append(dict(b, vectors=vectors))
    return resolved


def check(behaviours, by_id):
    """What does not hold: a vector the results lack, or one whose verdict is not the one claimed."""
    problems = []
    for b in behaviours:
        for v in b["vectors"]:
            r = by_id.get(v)
            if r is None:
                problems.append("%s: %s is not in the results" % (b["row"], v))
            elif b["verdict"] and r["verdict"] not in EXPECTED[b["verdict"]]:
                problems.append("%s: %s should %s, it %s ('%s')" % (b["row"], v, b["verdict"], r["verdict"], b["behaviour"][:60]))
        if b["verdict"] and not b["vectors"] and not b["noVector"] and not b["proposed"]:
            problems.append("%s: no vector shows '%s'" % (b["row"], b["behaviour"][:60]))
    return problems


# MARK: - Writing

def pretty(value, depth=0):
    """JSON with one member per line and every list of plain values on one line."""
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict):
        members = ["%s%s: %s" % (inner, json.dumps(k), pretty(v, depth + 1)) for k, v in value.items()]
        return "{\n" + ",\n".join(members) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + pretty(v, depth + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def behaviour_json(b):
    entry = {"row": b["row"], "behaviour": b["behaviour"]}
    if b["vectors"]:
        entry["vectors"] = b["vectors"]
    elif b["noVector"]:
        entry["noVector"] = b["noVector"]
    else:
        entry["vectors"] = []
        entry["proposed"] = b["proposed"]
    return entry


def cause_json(row, c):
    """A cause as audit/<row>.json holds it, with the link to its upstream report when it has one (upstream/)."""
    entry = {k: c[k] for k in ("id", "level", "source", "summary", "vectors")}
    report = report_link(row["module"], c["id"], c["level"])
    if report:
        entry["report"] = report
    return entry


def link(row, source):
    path, _, lines = source.partition(":")
    anchor = "#L" + lines.replace("-", "-L") if lines and lines.split("-")[0].isdigit() else ""
    return "[`%s`](%s/blob/%s/%s%s)" % (source, row["repository"], row["commit"], path, anchor)


def vector_list(vectors, limit):
    shown = ", ".join(vectors[:limit])
    return shown + (" and %d more" % (len(vectors) - limit) if len(vectors) > limit else "")


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def cause_vectors(c, by_id):
    """'must 3: …; should 2: …', every must vector named, lower ones up to 24."""
    parts = []
    for lv in LEVELS:
        found = [v for v in c["vectors"] if level(by_id[v]) == lv]
        if found:
            parts.append("%s %d: %s" % (lv, len(found), vector_list(found, len(found) if lv == "must" else 24)))
    return "; ".join(parts)


def caught_by(b, by_id, owner):
    """The behaviour's vectors grouped by verdict, a failure with the cause it is under."""
    if not b["vectors"]:
        if b["noVector"]:
            return "no URL vector can: " + b["noVector"]
        return "no vector yet; proposed: " + (b["proposed"] or "")
    groups = {}
    for v in b["vectors"]:
        r = by_id.get(v)
        verdict = VERDICTS.get(r["verdict"], r["verdict"]) if r else "not run"
        groups.setdefault(verdict + (" (%s)" % owner[v] if v in owner else ""), []).append(v)
    text = "; ".join("%s: %s" % (verdict, ", ".join(vs)) for verdict, vs in groups.items())
    if b["verdict"] == "masked":
        text += " (they pass only because an earlier refusal stops every such URL)"
    return text


def scores(report):
    lines = ["| level | passed | failed | skipped | passed/applicable |", "|---|---|---|---|---|"]
    for lv in LEVELS:
        s = report["summary"][lv]
        lines.append("| %s | %d | %d | %d | %d/%d |" % (lv, s["passed"], s["failed"], s["skipped"], s["passed"],
                                                       s["passed"] + s["failed"]))
    return "\n".join(lines) + "\n"


def markdown(key, row, report, causes, behaviours, by_id, unplaced):
    provenance, suite = report.get("provenance", {}), report["suite"]
    out = ["# Audit: %s (row `%s`)\n\n" % (row["title"], key)]
    out.append("Repository %s at [`%s`](%s/tree/%s) (%s). %sResults: `../results/%s.json`, suite %s (%d vectors), "
               "run %s by `Tests/Implementations/%s/run.sh`; this file and `%s.json` are written by "
               "`Tests/Implementations/tools/audit.py` from `tools/rows/%s`.\n\n" % (
                   row["repository"], row["commit"][:7], row["repository"], row["commit"],
                   provenance.get("commitDate", "date not recorded"), (row.get("paths") or "") + (" " if row.get("paths") else ""),
                   key, suite["version"], suite["totalVectors"], provenance.get("ranAt", "(no provenance)")[:10],
                   row["folder"], key, row["module"]))
    out.append(scores(report))
    out.append("\n## Entry points, and why an app makes the same calls\n\n" + row["calls"].strip() + "\n")
    for heading, text in row.get("sections", []):
        out.append("\n## %s\n\n%s\n" % (heading, text.strip()))
    counts = {lv: sum(level(r) == lv for c in causes for r in c["failures"]) for lv in LEVELS}
    out.append("\n## Causes of failure\n\nEvery failure of the results file is under exactly one cause, the first "
               "whose rule (in `tools/rows/%s`) matches it: %s. Highest level first; a cause's level is the highest "
               "among its vectors.\n\n" % (row["module"], ", ".join("%d %s" % (counts[lv], lv) for lv in LEVELS)))
    if causes:
        out.append("| level | cause | source | vectors |\n|---|---|---|---|\n")
        for c in causes:
            out.append("| %s | **%s**: %s | %s | %s |\n" % (c["level"], c["id"], cell(c["summary"]),
                       "<br>".join(link(row, s) for s in c["source"]), cause_vectors(c, by_id)))
    else:
        out.append("No vector fails.\n")
    if unplaced:
        out.append("\nNot placed (below must): %s.\n" % ", ".join("%s (%s)" % (r["id"], level(r)) for r in unplaced))
    out.append("\n## Documented behaviours\n\n`divergences.md` rows (D1-D20), `library-audit.md`, the library's issues, "
               "and what reading the code found (`-`). Verdicts are read from the results.\n\n")
    out.append("| row | behaviour | caught by |\n|---|---|---|\n")
    owner = {v: c["id"] for c in causes for v in c["vectors"]}
    for b in behaviours:
        out.append("| %s | %s | %s |\n" % (cell(b["row"]), cell(b["behaviour"]), cell(caught_by(b, by_id, owner))))
    out.append("\n## What is not ours, and what we add\n\n" + row["patch"].strip() + "\n")
    if row.get("platform"):
        out.append("\n**On its own platforms.** " + row["platform"].strip() + "\n")
    return "".join(out)


def write(key, results_dir, audit_dir):
    """Writes one row's audit; returns the problems that make the run fail."""
    row = ROWS[key]
    report = json.load(open(os.path.join(results_dir, key + ".json"), encoding="utf-8"))
    results = report["results"]
    by_id = {r["id"]: r for r in results}
    behaviours = resolve(row, results)
    assigned, unplaced = classify(row, results)
    for r in unplaced:
        print("%s: unplaced %s failure %s %s %s: %s | %s" % (key, level(r), r["id"], r["operation"], r["failureKind"],
              r.get("description", ""), r.get("detail", "")[:160].replace("\n", " ")), file=sys.stderr)
    musts = [r["id"] for r in unplaced if level(r) == "must"]
    if musts:
        return ["%d must failures under no cause, audit not written: %s" % (len(musts), " ".join(musts))]
    causes = []
    for c in row["causes"]:
        failures = assigned[c["id"]]
        if not failures:
            print("%s: cause %s matches no failure, left out" % (key, c["id"]), file=sys.stderr)
            continue
        top = next(lv for lv in LEVELS if any(level(r) == lv for r in failures))
        causes.append(dict(c, level=top, failures=failures, vectors=[r["id"] for r in failures]))
    causes.sort(key=lambda c: LEVELS.index(c["level"]))
    problems = check(behaviours, by_id)
    audit = {"implementation": row["implementation"], "repository": row["repository"], "commit": row["commit"],
             "entryPoints": row["entryPoints"],
             "causes": [cause_json(row, c) for c in causes],
             "behaviours": [behaviour_json(b) for b in behaviours]}
    os.makedirs(audit_dir, exist_ok=True)
    with open(os.path.join(audit_dir, key + ".json"), "w", encoding="utf-8") as out:
        out.write(pretty(audit) + "\n")
    with open(os.path.join(audit_dir, key + ".md"), "w", encoding="utf-8") as out:
        out.write(markdown(key, row, report, causes, behaviours, by_id, unplaced))
    s = report["summary"]
    print("%s: %s; %d causes (%d must), %d not placed below must, %d behaviour problems" % (
        key, ", ".join("%s %d/%d" % (lv, s[lv]["passed"], s[lv]["passed"] + s[lv]["failed"]) for lv in LEVELS),
        len(causes), sum(c["level"] == "must" for c in causes), len(unplaced), len(problems)))
    return ["behaviour check: " + p for p in problems]


def main(arguments):
    results_dir, audit_dir = RESULTS, AUDIT
    if arguments[:1] == ["--list"]:
        for key, row in ROWS.items():
            print("%s\t%s" % (key, row["folder"]))
        return 0
    if arguments[:1] == ["--results"]:
        results_dir, arguments = arguments[1], arguments[2:]
    unknown = [key for key in arguments if key not in ROWS]
    if unknown:
        print("usage: audit.py [--results DIR] [row ...]; unknown rows: %s; rows: %s" % (
            " ".join(unknown), " ".join(ROWS)), file=sys.stderr)
        return 64
    failed = False
    unknown_rules = sorted(RULES_NAMED - set(json.load(open(RULES, encoding="utf-8"))["rules"]))
    if unknown_rules:
        print("audit.py: causes name rules Vectors/rules.json does not have: %s" % ", ".join(unknown_rules),
              file=sys.stderr)
        failed = True
    for key in arguments or list(ROWS):
        for problem in write(key, results_dir, audit_dir):
            print("%s: %s" % (key, problem), file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
