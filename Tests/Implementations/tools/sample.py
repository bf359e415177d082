#!/usr/bin/env python3
"""Draws the sceptical reader's sample of a row's failures and prints what is needed to judge each one.

For every third-party row (the rows of rows/, in audit order) it draws, with a seeded generator, 10 failed must
and 4 failed should vectors (fewer when the row has fewer; a vector counts at its scored level) and prints each
with its vector (id, rule, level, input, breaks), the expected result, the row's answer and the runner's reading
of it, the audit cause it sits under (../audit/<row>.json) and that cause's source lines, read from the library's
checkout at the pinned commit when ../*/checkouts holds it (`fetch.sh`), else linked. A reader then classifies
each: REAL (the library does it on its users' path, and the text forces the level), DOUBTFUL (the text does not
force the level) or ADAPTER (our adapter or patch does it), and REAL† apart: REAL, but the answer satisfies the rule
the vector is filed under and another fault fails it. Each drawn failure shows the faults the runner's fault model
named (report format 3), each marked within the vector's rule or outside it; a failure whose every fault lies outside
the rule is flagged `REAL† candidate`, for the reader to confirm. Tests/Implementations/audit/sample-3.0.0.md is one
such reading (a self-reading); audit/sample-5.0.0.md and audit/sample-5.2.0.md are readings by people who wrote
neither the grades nor the audits.

    tools/sample.py                      every row, seed 57 (the seed of the grades audit)
    tools/sample.py --seed 7 jasonnam    another seed, some rows
    tools/sample.py --ids                only the drawn ids, one row a line
"""
import json
import os
import random
import signal
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from audit_rules import level  # noqa: E402
from reports_data import vectors  # noqa: E402
from rows import ROWS  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DRAWN = (("must", 10), ("should", 4))
CONTEXT = 1  # lines shown around a cited line


def draw(results, seed, key):
    """{level: [result, ...]}: the failed vectors drawn at each level, by a generator seeded with seed and row."""
    rng = random.Random("%d/%s" % (seed, key))
    out = {}
    for lv, count in DRAWN:
        failed = sorted((r for r in results if r["verdict"] == "failed" and level(r) == lv), key=lambda r: r["id"])
        out[lv] = sorted(rng.sample(failed, min(count, len(failed))), key=lambda r: r["id"])
    return out


def checkout(row):
    """The directory holding the row's library at its pin, or None when it has not been fetched."""
    tsv = os.path.join(TOP, row["folder"], "libraries.tsv")
    for line in open(tsv, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if not line.startswith("#") and len(fields) > 2 and fields[1] == row["repository"] and fields[2] == row["commit"]:
            path = os.path.join(TOP, row["folder"], "checkouts", fields[0])
            return path if os.path.isdir(path) else None
    return None


def source_lines(row, source, root):
    """`path:first-last` as the lines of the checkout (with CONTEXT around them), or as a link when not fetched."""
    path, _, lines = source.partition(":")
    link = "%s/blob/%s/%s" % (row["repository"], row["commit"], path)
    if not lines or root is None or not os.path.isfile(os.path.join(root, path)):
        return ["      %s%s" % (link, "#L" + lines.replace("-", "-L") if lines else "")]
    first, _, last = lines.partition("-")
    first, last = int(first), int(last or first)
    text = open(os.path.join(root, path), encoding="utf-8", errors="replace").read().split("\n")
    out = ["      %s:%s" % (path, lines)]
    for number in range(max(1, first - CONTEXT), min(len(text), last + CONTEXT) + 1):
        mark = ">" if first <= number <= last else " "
        out.append("      %s%5d  %s" % (mark, number, text[number - 1].rstrip()))
    return out


def compact(value, limit=600):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + " …"


def entry(result, vector, cause, row, root):
    lines = ["  %s  %s · %s (scored %s) · %s · %s" % (result["id"], vector["rule"], vector["level"], level(result),
                                                       result["operation"], vector["description"])]
    lines.append("    input:    " + compact(vector["input"]))
    if vector.get("expand"):
        lines.append("    expand:   " + compact(vector["expand"]))
    if vector.get("breaks"):
        lines.append("    breaks:   " + vector["breaks"])
    lines.append("    expected: " + compact(vector["expect"]))
    lines.append("    answer:   " + compact(result.get("answer")))
    lines.append("    runner:   %s: %s" % (result["failureKind"], " ".join(result.get("detail", "").split())[:600]))
    faults = result.get("faults") or []
    for fault in faults:
        lines.append("    fault:    %s %s: %s%s (%s) · %s" % (
            fault["level"], fault["role"], fault["transformation"],
            " (%s)" % fault["qualifier"] if fault.get("qualifier") else "", ", ".join(fault["fields"]),
            "within the rule" if fault.get("withinRule", True) else "outside the rule"))
    if faults and not any(fault.get("withinRule", True) for fault in faults):
        lines.append("    class:    REAL† candidate: every fault lies outside the rule %s" % vector["rule"])
    if cause is None:
        lines.append("    cause:    none (not placed)")
        return lines
    lines.append("    cause:    %s (%s): %s" % (cause["id"], cause["level"], cause["summary"]))
    for source in cause["source"]:
        lines += source_lines(row, source, root)
    return lines


def main(arguments):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader piping into `head` stops the output quietly
    seed, only_ids, keys = 57, False, []
    while arguments:
        head = arguments.pop(0)
        if head == "--seed" and arguments:
            seed = int(arguments.pop(0))
        elif head == "--ids":
            only_ids = True
        elif head in ROWS:
            keys.append(head)
        else:
            print("usage: sample.py [--seed N] [--ids] [row ...]; rows: %s" % " ".join(ROWS), file=sys.stderr)
            return 64
    known = vectors()
    for key in keys or list(ROWS):
        row = ROWS[key]
        report = json.load(open(os.path.join(TOP, "results", key + ".json"), encoding="utf-8"))
        audit = json.load(open(os.path.join(TOP, "audit", key + ".json"), encoding="utf-8"))
        owner = {v: c for c in audit["causes"] for v in c["vectors"]}
        drawn = draw(report["results"], seed, key)
        if only_ids:
            print("%s\t%s" % (key, " ".join("%s:%s" % (lv, r["id"]) for lv, _ in DRAWN for r in drawn[lv])))
            continue
        root = checkout(row)
        print("## %s (%s at %s, suite %s, seed %d)%s" % (key, row["implementation"], row["commit"][:7],
                                                        report["suite"]["version"], seed,
                                                        "" if root else "; library not fetched: lines linked"))
        for lv, count in DRAWN:
            print("\n%s: %d drawn of %d failed" % (lv, len(drawn[lv]), sum(
                1 for r in report["results"] if r["verdict"] == "failed" and level(r) == lv)))
            for result in drawn[lv]:
                print("\n".join(entry(result, known[result["id"]], owner.get(result["id"]), row, root)))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
