#!/usr/bin/env python3
"""Writes the audit section of ../README.md from ../audit/<row>.json and ../results/<row>.json, and its roles
table from ../roles.tsv.

For every library row, in the order `audit.py --list` gives: its failing must behaviours first, as the matrix
heads its row (the audit's causes of must failures, and one per rule of a must failure under no cause), then
the rules those failures belong to (each vector's `rule`, read from ../../../Vectors, never from an answer),
then the vectors; its scores; the calls the adapter makes; every cause of a must failure with the rules it
gathers, the library line that makes it and the link to its upstream report (reports/, written by reports.py),
and every documented behaviour with the vectors that show it or the reason no URL vector can. The full audit (every cause at every level,
patches, platforms) stays in ../audit/<row>.md, which the section links.

The roles table lists every row of ../roles.tsv (row, the roles it claims, why); a row of the matrix (the built-in
rows and every library row of the audit) without a line there, or a line naming no row, stops it.

    ./readme.py          rewrite the sections between the README's audit and roles markers
    ./readme.py --check  exit 1 when a section is not what its files give
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import roles  # noqa: E402
from reports_data import vectors  # noqa: E402
from rows import ROWS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..")
README = os.path.join(TOP, "README.md")
BEGIN = "<!-- audit:begin (written by tools/readme.py from audit/*.json; do not edit by hand) -->\n"
END = "<!-- audit:end -->\n"
ROLES_BEGIN = "<!-- roles:begin (written by tools/readme.py from roles.tsv; do not edit by hand) -->\n"
ROLES_END = "<!-- roles:end -->\n"
# Rows of roles.tsv that are not library rows of the audit: the in-process targets and the adapters in ../adapters/.
BUILTIN_ROWS = ["reference", "foundation", "python", "node", "go"]
LEVELS = ["must", "should", "implementation-defined", "hardening"]


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def link(audit, source):
    path, _, lines = source.partition(":")
    anchor = "#L" + lines.replace("-", "-L") if lines and lines.split("-")[0].isdigit() else ""
    return "[`%s`](%s/blob/%s/%s%s)" % (source, audit["repository"], audit["commit"], path, anchor)


def plural(count, noun):
    return "%d %s%s" % (count, noun, "" if count == 1 else "s")


def headline(audit, report, rules):
    """`1 behaviour · 41 rules · 334 vectors`: the row's must failures as the matrix heads it (MatrixHeadline)."""
    failed = [r for r in report["results"] if r["verdict"] in ("failed", "known-failure")
              and r.get("scoredLevel", r["level"]) == "must"]
    if not failed:
        return "none"
    caused = {v for c in audit["causes"] for v in c["vectors"]}
    must = {r["id"] for r in failed}
    causes = [c for c in audit["causes"] if must.intersection(c["vectors"])]
    uncaused = {rules.get(r["id"], r["id"]) for r in failed if r["id"] not in caused}
    groups = {rules.get(r["id"], r["id"]) for r in failed}
    return " · ".join([plural(len(causes) + len(uncaused), "behaviour"), plural(len(groups), "rule"),
                       plural(len(failed), "vector")])


def section(key, rules):
    audit = json.load(open(os.path.join(TOP, "audit", key + ".json"), encoding="utf-8"))
    report = json.load(open(os.path.join(TOP, "results", key + ".json"), encoding="utf-8"))
    verdicts = {r["id"]: r["verdict"] for r in report["results"]}
    levels = {r["id"]: r.get("scoredLevel", r["level"]) for r in report["results"]}
    summary = report["summary"]
    scores = " · ".join("%s %d/%d" % (lv, summary[lv]["passed"], summary[lv]["passed"] + summary[lv]["failed"])
                        for lv in LEVELS)
    out = ["### %s (`%s`)\n\n" % (audit["implementation"], key)]
    out.append("**Failing must: %s.** %s at [`%s`](%s/tree/%s), suite %s: %s. [Full audit](audit/%s.md), "
               "[results](results/%s.json).\n\n" % (
                   headline(audit, report, rules), audit["repository"], audit["commit"][:7], audit["repository"],
                   audit["commit"], report["suite"]["version"], scores, key, key))
    out.append("**Calls.** %s\n\n" % audit["entryPoints"].strip())
    reports = sorted({c["report"].split("#")[0] for c in audit["causes"] if c.get("report")})
    if reports:
        out.append("**Upstream.** Each must-level cause, and each should-level one worth the author's time, is "
                   "written up ready to file in %s.\n\n" % ", ".join("[`%s`](%s)" % (r, r) for r in reports))
    must = [c for c in audit["causes"] if any(levels.get(v) == "must" for v in c["vectors"])]
    if must:
        out.append("| must-level cause | source at the pin | must rules | must vectors |\n|---|---|---|---|\n")
        for c in must:
            vectors = [v for v in c["vectors"] if levels.get(v) == "must"]
            shown = ", ".join(vectors[:12]) + (" and %d more" % (len(vectors) - 12) if len(vectors) > 12 else "")
            report = " ([report](%s))" % c["report"] if c.get("report") else ""
            out.append("| **%s**%s: %s | %s | %d | %d: %s |\n" % (
                c["id"], report, cell(c["summary"]), "<br>".join(link(audit, s) for s in c["source"]),
                len({rules.get(v, v) for v in vectors}), len(vectors), shown))
    else:
        out.append("No must-level failure.\n")
    out.append("\n| documented behaviour | shown by |\n|---|---|\n")
    for b in audit["behaviours"]:
        if b.get("vectors"):
            counts = {}
            for v in b["vectors"]:
                counts.setdefault(verdicts.get(v, "not run"), []).append(v)
            shown = "; ".join("%s: %s" % (verdict, ", ".join(vs[:8]) + (" …" if len(vs) > 8 else ""))
                              for verdict, vs in counts.items())
        else:
            shown = "no URL vector can: " + b["noVector"] if b.get("noVector") else "proposed: " + b.get("proposed", "")
        out.append("| %s: %s | %s |\n" % (cell(b["row"]), cell(b["behaviour"]), cell(shown)))
    return "".join(out) + "\n"


def render():
    rules = {id: vector["rule"] for id, vector in vectors().items() if "rule" in vector}
    return BEGIN + "".join(section(key, rules) for key in ROWS) + END


def roles_table():
    """The rows of ../roles.tsv (roles.py) as a Markdown table; raises ValueError on a row it does not know."""
    lines = roles.table()
    known = BUILTIN_ROWS[:2] + list(ROWS) + BUILTIN_ROWS[2:]
    problems = ["roles.tsv: %r is no row (%s)" % (row, ", ".join(known)) for row in lines if row not in known]
    problems += ["roles.tsv: no line for %s" % key for key in known if key not in lines]
    if problems:
        raise ValueError("; ".join(problems))
    out = ["| row | roles | why |\n|---|---|---|\n"]
    out += ["| `%s` | %s | %s |\n" % (row, ", ".join(claim), cell(why)) for row, (claim, why) in lines.items()]
    return ROLES_BEGIN + "".join(out) + ROLES_END


def replaced(text, begin, end, body):
    """The text with what lies between the two markers (the markers included) replaced by body."""
    if begin not in text or end not in text:
        raise ValueError("%s has no markers %s…%s" % (README, begin.strip(), end.strip()))
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return head + body + tail


def main(arguments):
    text = open(README, encoding="utf-8").read()
    try:
        updated = replaced(replaced(text, BEGIN, END, render()), ROLES_BEGIN, ROLES_END, roles_table())
    except ValueError as error:
        print("error: %s" % error, file=sys.stderr)
        return 70
    if "--check" in arguments:
        if updated != text:
            print("error: the audit or roles section of %s is out of date: run %s" % (README, os.path.relpath(__file__)),
                  file=sys.stderr)
            return 1
        return 0
    with open(README, "w", encoding="utf-8") as out:
        out.write(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
