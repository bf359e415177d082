#!/usr/bin/env python3
"""Count the faults each planted bug of the Python fixtures shows, in the runner and in `fuzz --target`.

    python3 Fuzz/tools/faults-per-bug.py [--binary PATH] [--seed 7] [--seconds 20] [BUG ...]

For each bug of Tests/XCallbackConformanceTests/Fixtures/buggy_builder_adapter.py and buggy_parser_adapter.py:
1. the conformance run (JSON report): the faults at must and should (Vectors/README.md, "Faults"), the failing rules
   the summary counts, and the distinct rules of the failing vectors (what a report led with before the fault model);
2. `fuzz --target` for --seconds from the built-in seeds: the faults its summary names, the findings judged together
   as the runner judges a run (a binary from before that: the distinct faults of the announced findings).
One planted bug should show exactly one fault in each. Use a release build:
`swift build -c release --product xcallback-conformance`.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "XCallbackConformanceTests", "Fixtures")
FIXTURE_FILES = [os.path.join(FIXTURES, "buggy_builder_adapter.py"), os.path.join(FIXTURES, "buggy_parser_adapter.py")]
FAULT = re.compile(r" · fault: (.*?)(?:; written to|; not written)")
JUDGED = re.compile(r"^\d+ fault\(s\), the findings judged together")
JUDGED_FAULT = re.compile(r"^  (\S.*?) · \d+ finding\(s\)")


def bugs_of(path):
    """The bug names a fixture's BUGS tuple lists, but none (fuzz-fixtures.py reads them the same way)."""
    spec = importlib.util.spec_from_file_location("fuzz_fixtures", os.path.join(os.path.dirname(__file__), "fuzz-fixtures.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.bugs_of(path)


def runner(binary, command):
    """(faults at must and should, failing rules counted, distinct rules of the failing vectors) of one run."""
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "report.json")
        subprocess.run([binary, "--target", command, "--format", "json", "--output", out, "--no-progress"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        report = json.load(open(out, encoding="utf-8"))
    faults = [f for f in report["faults"] if f["level"] in ("must", "should")]
    counted = sum(len(report["summary"][level]["failingRules"]) for level in ("must", "should"))
    rules = {r["rule"] for r in report["results"] if r["verdict"] == "failed" and r["level"] in ("must", "should")}
    return faults, counted, len(rules)


def fuzz(binary, command, seed, seconds):
    """The distinct faults the findings of one fuzz run name."""
    with tempfile.TemporaryDirectory() as work:
        result = subprocess.run(
            [binary, "fuzz", "--target", command, "--seed", str(seed), "--seconds", str(seconds), "--no-progress",
             "--findings", work], capture_output=True, text=True, timeout=seconds + 300)
    # The run ends with its faults, the findings judged together ("N fault(s), the findings judged together");
    # a run from before that names each finding's faults as it announces it, joined by " + ".
    lines = result.stdout.splitlines()
    for index, line in enumerate(lines):
        if JUDGED.match(line):
            return sorted(JUDGED_FAULT.match(l).group(1) for l in lines[index + 1:] if JUDGED_FAULT.match(l))
    return sorted({fault for m in FAULT.finditer(result.stdout) for fault in m.group(1).split(" + ")})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "xcallback-conformance"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--no-fuzz", action="store_true", help="the runner's counts only")
    parser.add_argument("bugs", nargs="*")
    args = parser.parse_args()
    rows = []
    for fixture in FIXTURE_FILES:
        for bug in bugs_of(fixture):
            if args.bugs and bug not in args.bugs:
                continue
            command = "python3 %s %s" % (fixture, bug)
            faults, counted, rules = runner(args.binary, command)
            found = [] if args.no_fuzz else fuzz(args.binary, command, args.seed, args.seconds)
            rows.append((bug, faults, counted, rules, found))
            print("%-22s runner %d fault(s), %d rule(s) counted, %d rule(s) of failing vectors; fuzz %s" % (
                bug, len(faults), counted, rules, "-" if args.no_fuzz else "%d fault(s)" % len(found)), flush=True)
            for fault in faults:
                print("    runner: %s (%d vectors)" % (fault["title"], len(fault["vectors"])))
            for fault in found:
                print("    fuzz:   %s" % fault)
    caught = [row for row in rows if row[1]]
    one = sum(1 for row in caught if len(row[1]) == 1)
    print("\nrunner: %d of %d caught bugs show exactly one fault; mean %.2f, max %d; rules before: mean %.2f, max %d" % (
        one, len(caught), sum(len(r[1]) for r in caught) / max(len(caught), 1), max((len(r[1]) for r in caught), default=0),
        sum(r[3] for r in caught) / max(len(caught), 1), max((r[3] for r in caught), default=0)))
    if not args.no_fuzz:
        fuzzed = [row for row in rows if row[4]]
        print("fuzz: %d of %d bugs found show exactly one fault; mean %.2f, max %d" % (
            sum(1 for r in fuzzed if len(r[4]) == 1), len(fuzzed),
            sum(len(r[4]) for r in fuzzed) / max(len(fuzzed), 1), max((len(r[4]) for r in fuzzed), default=0)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
