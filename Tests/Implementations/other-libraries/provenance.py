#!/usr/bin/env python3
"""Adds a `provenance` member to a conformance report and trims it for committing.

    provenance.py REPORT.json '{"repository": ..., "commit": ..., ...}'

The JSON argument's members are copied into `provenance`, followed by `ranAt` (now, UTC). The
report is then trimmed as swift-libraries/run.sh trims its reports, so that every file under
results/ has the same shape: a passed or skipped vector keeps what the matrix reads (id, level,
tags, verdict, matched), and a skipped one also the target's reason (`detail`) when the target
itself answered `skipped` (not for an operation it does not declare); a failure keeps everything; strings over 2000 characters (the security
vectors' generated inputs) are cut with a note; the problem list, which repeats the failures, is
left out. One result per line keeps the diffs of a rerun readable.
"""

import datetime
import json
import sys

LIMIT = 2000
UNDECLARED = "skipped: the target does not declare"


def cut(value):
    if isinstance(value, str) and len(value) > LIMIT:
        return value[:LIMIT] + " [... %d more characters cut for the committed results]" % (len(value) - LIMIT)
    if isinstance(value, list):
        return [cut(item) for item in value]
    if isinstance(value, dict):
        return {key: cut(item) for key, item in value.items()}
    return value


def main(path, provenance):
    report = json.load(open(path, encoding="utf-8"))
    report["provenance"] = dict(json.loads(provenance))
    report["provenance"]["ranAt"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    report.pop("problems", None)
    report["results"] = cut(report["results"])
    for result in report["results"]:
        if result["verdict"] in ("passed", "skipped"):
            own_reason = result["verdict"] == "skipped" and not str(result.get("detail")).startswith(UNDECLARED)
            for key in ("description", "cite", "expected", "answer", "detail", "durationSeconds", "file"):
                if not (own_reason and key == "detail"):
                    result.pop(key, None)
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


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: provenance.py REPORT.json PROVENANCE-JSON")
    main(sys.argv[1], sys.argv[2])
