#!/usr/bin/env python3
"""Writes the upstream reports (../reports/<library>.md), ../FINDINGS.md and its figure (../findings.svg).

Each library's report has a section per must-level cause of its rows and per should-level cause its upstream
metadata (upstream/<library>.py) marks worth filing; FINDINGS.md reads the results of every row, the libraries'
(../results/<row>.json) and the ones matrix.sh runs itself (../results/builtin/<row>.json). Everything a rerun
can change is read from those files, the audits (../audit/<row>.json), the vectors and the reproduction
manifest (../repro/manifest.json, optional).

    tools/reports.py                 write the reports, FINDINGS.md and the figure
    tools/reports.py --check         exit 1 naming every file that is not what the data gives (and every audit
                                     whose `report` links are not the ones tools/audit.py would write, every must
                                     cause without a reproduction in ../repro/manifest.json, and every row without
                                     a must cause whose most serious should cause is not reported and reproduced)
    tools/reports.py --builtin DIR   first keep DIR/<row>.json of the rows matrix.sh runs (reference, foundation,
                                     python, node, go) in ../results/builtin, trimmed as the library results are

Exit status: 0 when everything is written (or, with --check, current); 1 when something is stale; 64 on a usage error.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
import provenance  # noqa: E402
import reports_data  # noqa: E402
import reports_findings  # noqa: E402
import reports_library  # noqa: E402
import upstream  # noqa: E402
from rows import ROWS  # noqa: E402

TOP = reports_data.TOP
REPORTS = os.path.join(TOP, "reports")
FINDINGS = os.path.join(TOP, "FINDINGS.md")
VOLATILE = ("startedAt", "durationSeconds")


def load_data():
    audits = {key: reports_data.load(os.path.join(TOP, "audit", key + ".json")) for key in ROWS}
    results = {key: reports_data.load(os.path.join(TOP, "results", key + ".json")) for key in ROWS}
    manifest, note = reports_data.repro_manifest()
    return {"rows": list(ROWS.items()), "audits": audits, "results": results, "vectors": reports_data.vectors(),
            "anchors": reports_data.citations(), "manifest": manifest, "manifest_note": note,
            "builtin": reports_data.builtin_results()}


def outputs(data):
    """{path: text} of every file this tool writes."""
    libraries = {}
    for key, row in data["rows"]:
        libraries.setdefault(upstream.slug(row["module"]), []).append((key, row))
    found = {os.path.join(REPORTS, slug + ".md"): reports_library.render(slug, rows, data) for slug, rows in libraries.items()}
    findings, svg = reports_findings.render(data)
    found[FINDINGS] = findings
    found[os.path.join(TOP, reports_findings.FIGURE)] = svg
    return found


def link_problems(data):
    """Audits whose causes' `report` members are not the links tools/audit.py writes from the upstream metadata."""
    problems = []
    for key, row in data["rows"]:
        wrong = [c["id"] for c in data["audits"][key]["causes"]
                 if c.get("report") != upstream.report_link(row["module"], c["id"], c["level"])]
        if wrong:
            problems.append("%s: report links of %s differ from the upstream metadata: run tools/audit.py %s" % (
                os.path.relpath(os.path.join(TOP, "audit", key + ".json")), ", ".join(wrong), key))
    return problems


def reproduction_problems(data):
    """Rows whose must-level causes, or, for a row with none, whose most serious should-level cause (the upstream
    module's MOST_SERIOUS), lack a reproduction in the manifest; and manifest entries the audits do not hold."""
    if data["manifest"] is None:
        return []
    problems, levels = [], {}
    for key, row in data["rows"]:
        causes = data["audits"][key]["causes"]
        for c in causes:
            levels[(key, c["id"])] = c["level"]
        wanted = [c["id"] for c in causes if c["level"] == "must"]
        if not wanted and causes:
            chosen = getattr(upstream.module_of(row["module"]), "MOST_SERIOUS", {}).get(key)
            if chosen is None or not upstream.reported(row["module"], chosen, levels.get((key, chosen), "?")):
                problems.append("%s has no must-level cause: name its most serious reported should-level cause in "
                                "tools/upstream/%s MOST_SERIOUS" % (key, row["module"]))
            wanted = [chosen] if chosen else []
        for cause in wanted:
            if not any(e["cause"] == cause and key in e["rows"] for e in data["manifest"]):
                problems.append("%s: cause %s has no reproduction in repro/manifest.json" % (key, cause))
    for e in data["manifest"]:
        found = [levels.get((key, e["cause"])) for key in e["rows"]]
        if None in found:
            problems.append("repro/manifest.json: %s is not a cause of every row it names (%s)" % (e["cause"], ", ".join(e["rows"])))
        elif e["level"] != min(found, key=reports_data.LEVELS.index):
            problems.append("repro/manifest.json: %s is %s in the audits, not %s" % (e["cause"], min(found, key=reports_data.LEVELS.index), e["level"]))
    return problems


def keep_builtin(directory):
    """Saves DIR/<row>.json of the rows matrix.sh runs into results/builtin, trimmed and without run times or paths."""
    os.makedirs(reports_data.BUILTIN, exist_ok=True)
    for name, _ in reports_data.BUILTIN_BEFORE + reports_data.BUILTIN_AFTER:
        path = os.path.join(directory, name + ".json")
        if not os.path.exists(path):
            continue
        report = reports_data.load(path)
        for member in VOLATILE:
            report.pop(member, None)
        report["suite"].pop("directory", None)
        report["target"].pop("kind", None)
        provenance.trim(report)
        for result in report["results"]:
            result.pop("durationSeconds", None)
        provenance.write(os.path.join(reports_data.BUILTIN, name + ".json"), report)


def main(arguments):
    check = "--check" in arguments
    rest = [a for a in arguments if a != "--check"]
    if rest[:1] == ["--builtin"] and len(rest) == 2 and os.path.isdir(rest[1]):
        keep_builtin(rest[1])
    elif rest:
        print("usage: reports.py [--check] [--builtin DIR]", file=sys.stderr)
        return 64
    data = load_data()
    wanted = outputs(data)
    stale = [path for path, text in wanted.items()
             if not os.path.exists(path) or open(path, encoding="utf-8").read() != text]
    extra = reports_data.stale_outputs(set(wanted), REPORTS, "*.md")
    if check:
        rerun = " (run Tests/Implementations/tools/reports.py)"
        problems = ["%s is out of date%s" % (os.path.relpath(p), rerun) for p in stale]
        problems += ["%s is no longer written%s" % (os.path.relpath(p), rerun) for p in extra]
        problems += link_problems(data) + reproduction_problems(data)
        for problem in problems:
            print("error: " + problem, file=sys.stderr)
        return 1 if problems else 0
    os.makedirs(REPORTS, exist_ok=True)
    for path in stale:
        with open(path, "w", encoding="utf-8") as out:
            out.write(wanted[path])
        print("wrote %s" % os.path.relpath(path))
    for path in extra:
        os.remove(path)
        print("removed %s" % os.path.relpath(path))
    for problem in link_problems(data) + reproduction_problems(data):
        print("warning: " + problem, file=sys.stderr)
    if data["manifest"] is None:
        print("note: %s; the reports say so" % data["manifest_note"], file=sys.stderr)
    missing = sorted({"%s %s" % (key, c["id"]) for key, row in data["rows"] for c in data["audits"][key]["causes"]
                      if upstream.reported(row["module"], c["id"], c["level"])
                      and c["id"] not in upstream.module_of(row["module"]).CAUSES})
    for item in missing:
        print("warning: no upstream text for reported cause %s: add it to tools/upstream/" % item, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
