#!/usr/bin/env python3
"""Adds a `provenance` member to a library's conformance report and trims it for committing.

    provenance.py REPORT.json LIBRARIES.tsv NAME [key=value ...]

`provenance` holds, in this order: the repository, pinned commit and commit date of NAME in
LIBRARIES.tsv; `patch` (the pin's patch file, or "none: builds on Linux as it is"), unless a
`patch=...` argument says more; every other key=value argument (adapter, toolchain, environment);
`ranAt` (now, UTC); and `entryPoints`, the library calls the adapter makes, read from the row's audit
(../audit/<row>.json beside ../results/<row>.json) when there is one.

The report is then trimmed, so that every file under results/ has one shape: a passed or skipped
vector keeps what the matrix reads (id, level, tags, verdict, matched), and a skipped one also the
target's reason (`detail`) when the target itself answered `skipped` (not for an operation it does not
declare); a failure keeps everything; strings over 2000 characters (the security vectors' generated
inputs) are cut with a note (which StoredReport.cutNote reads: the matrix keeps the faults the run named
from such an answer, whole); the problem list, which repeats the failures, is left out. One result per
line keeps the diffs of a rerun readable. Last, the row's scores are printed, passed/applicable.
"""

import datetime
import json
import os
import sys

LIMIT = 2000
UNDECLARED = "skipped: the target does not declare"
LEVELS = ("must", "should", "implementation-defined", "hardening")


def cut(value):
    if isinstance(value, str) and len(value) > LIMIT:
        return value[:LIMIT] + " [... %d more characters cut for the committed results]" % (len(value) - LIMIT)
    if isinstance(value, list):
        return [cut(item) for item in value]
    if isinstance(value, dict):
        return {key: cut(item) for key, item in value.items()}
    return value


def pin(libraries, name):
    """The repository, commit, commit date and patch of NAME in a libraries.tsv."""
    for line in open(libraries, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if not line.startswith("#") and fields[0] == name:
            return fields[1:5]
    sys.exit("provenance.py: %s is not in %s" % (name, libraries))


def provenance(path, libraries, name, pairs):
    repository, commit, date, patch = pin(libraries, name)
    folder = os.path.relpath(os.path.dirname(os.path.abspath(libraries)), root())
    result = {"repository": repository, "commit": commit, "commitDate": date,
              "patch": "none: builds on Linux as it is" if patch == "-" else "%s/patches/%s" % (folder, patch)}
    for pair in pairs:
        key, _, value = pair.partition("=")
        result[key] = value
    result["ranAt"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    audit = os.path.join(os.path.dirname(os.path.abspath(path)), "..", "audit", os.path.basename(path))
    if os.path.exists(audit):
        result["entryPoints"] = json.load(open(audit, encoding="utf-8"))["entryPoints"]
    return result


def root():
    """The package root: Tests/Implementations/tools/../../.."""
    return os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


def trim(report):
    report.pop("problems", None)
    report["results"] = cut(report["results"])
    for result in report["results"]:
        if result["verdict"] in ("passed", "skipped"):
            own_reason = result["verdict"] == "skipped" and not str(result.get("detail")).startswith(UNDECLARED)
            for key in ("description", "cite", "expected", "answer", "detail", "durationSeconds", "file"):
                if not (own_reason and key == "detail"):
                    result.pop(key, None)


def write(path, report):
    members = list(report.items())
    with open(path, "w", encoding="utf-8") as out:
        out.write("{\n")
        for index, (key, value) in enumerate(members):
            comma = "," if index < len(members) - 1 else ""
            if key == "results":
                lines = ",\n".join("  " + json.dumps(result, ensure_ascii=False) for result in value)
                out.write(' "results": [\n' + lines + "\n ]" + comma + "\n")
            else:
                out.write(" %s: %s%s\n" % (json.dumps(key), json.dumps(value, ensure_ascii=False), comma))
        out.write("}\n")


def scores(report):
    summary = report["summary"]
    return ", ".join("%s %d/%d" % (level, summary[level]["passed"], summary[level]["passed"] + summary[level]["failed"])
                     for level in LEVELS)


def main(arguments):
    if len(arguments) < 3 or any("=" not in pair for pair in arguments[3:]):
        sys.exit("usage: provenance.py REPORT.json LIBRARIES.tsv NAME [key=value ...]")
    path, libraries, name = arguments[:3]
    report = json.load(open(path, encoding="utf-8"))
    report["provenance"] = provenance(path, libraries, name, arguments[3:])
    trim(report)
    write(path, report)
    print("%s: %s" % (os.path.basename(path)[:-len(".json")], scores(report)))


if __name__ == "__main__":
    main(sys.argv[1:])
