#!/usr/bin/env python3
"""Measure what `xcallback-conformance fuzz` finds in the Python fixtures, from its built-in seeds alone.

    python3 Fuzz/tools/fuzz-fixtures.py [--binary PATH] [--seeds 7,11] [--seconds 20] [--clean-seconds 60] [BUG ...]

For each bug of Tests/XCallbackConformanceTests/Fixtures/buggy_builder_adapter.py and buggy_parser_adapter.py
(the example adapter with one realistic bug switched on):
1. the conformance run says which vectors catch it (their ids and levels; a bug no vector catches is listed
   and not fuzzed);
2. `fuzz --target` runs for up to --seconds per seed (default 20 s, seeds 7 and 11), and is interrupted once its
   first finding is announced; the table gives the seconds and executions to that finding, its level and rule.
Then the bug-free fixtures and the example adapter are fuzzed for --clean-seconds each (default 60) and must have
no finding. Exit status 1 when a caught bug is not found in time or a clean run has a finding.
Use a release build: `swift build -c release --product xcallback-conformance`.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "XCallbackConformanceTests", "Fixtures")
BUILDER = os.path.join(FIXTURES, "buggy_builder_adapter.py")
PARSER = os.path.join(FIXTURES, "buggy_parser_adapter.py")
EXAMPLE = os.path.join(ROOT, "Vectors", "protocol", "example_adapter.py")
FIRST = re.compile(r"^finding 1 at execution (\d+) \(([\d.]+) s\): (\S+) \[([a-z-]+)\]")


def bugs_of(path):
    """The bug names a fixture's BUGS tuple lists, but none."""
    text = open(path, encoding="utf-8").read()
    names = re.search(r"BUGS = \(([^)]*)\)", text, re.S).group(1)
    return [name for name in re.findall(r'"([a-z0-9-]+)"', names) if name != "none"]


def catching_vectors(binary, command):
    """The vectors the conformance run fails on `command`: [(id, level)]."""
    with tempfile.TemporaryDirectory() as directory:
        report = os.path.join(directory, "report.json")
        subprocess.run([binary, "--target", command, "--format", "json", "--output", report, "--no-progress"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        with open(report, encoding="utf-8") as handle:
            results = json.load(handle).get("results", [])
    failed = [r for r in results if r.get("verdict") == "failed" or r.get("status") == "failed"]
    return [(r["id"], r.get("scoredLevel") or r["level"]) for r in failed]


def fuzz(binary, command, seed, seconds, stop_at_first):
    """Runs fuzz; returns (first finding or None, executions, elapsed, finding count)."""
    with tempfile.TemporaryDirectory() as findings:
        process = subprocess.Popen(
            [binary, "fuzz", "--target", command, "--seed", str(seed), "--seconds", str(seconds), "--no-progress",
             "--findings", findings],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        first = None
        output = []
        for line in process.stdout:
            output.append(line)
            match = FIRST.match(line)
            if match and first is None:
                first = (int(match.group(1)), float(match.group(2)), match.group(4), match.group(3))
                if stop_at_first:
                    os.killpg(process.pid, signal.SIGINT)
        process.wait()
    text = "".join(output)
    summary = re.search(r"(\d+) executions in ([\d.]+) s \((\d+) exec/s\), corpus \d+, (\d+) finding", text)
    executions, elapsed, count = (int(summary.group(1)), float(summary.group(2)), int(summary.group(4))) if summary else (0, 0.0, -1)
    rules = re.findall(r"^  disagreement: (\S+) \[", text, re.M)
    return first, executions, elapsed, count, rules


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "xcallback-conformance"))
    parser.add_argument("--seeds", default="7,11")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clean-seconds", type=float, default=60)
    parser.add_argument("bugs", nargs="*")
    options = parser.parse_args()
    seeds = [int(seed) for seed in options.seeds.split(",")]
    fixtures = [(BUILDER, bug) for bug in bugs_of(BUILDER)] + [(PARSER, bug) for bug in bugs_of(PARSER)]
    if options.bugs:
        fixtures = [(path, bug) for path, bug in fixtures if bug in options.bugs]
    failed = False
    print("| bug | fixture | caught by (vectors failed, first ids) | " + " | ".join(
        "seed %d: s / executions to the first finding (level, rule)" % seed for seed in seeds) + " |")
    print("|---|---|---|" + "---|" * len(seeds))
    for path, bug in fixtures:
        command = "python3 %s %s" % (path, bug)
        caught = catching_vectors(options.binary, command)
        levels = sorted({level for _, level in caught})
        caught_text = "%d (%s): %s" % (len(caught), ", ".join(levels), ", ".join(vector for vector, _ in caught[:3])) if caught else "no vector"
        cells = []
        for seed in seeds if caught else []:
            first, _, _, _, _ = fuzz(options.binary, command, seed, options.seconds, stop_at_first=True)
            if first is None:
                failed = True
                cells.append("**not found in %g s**" % options.seconds)
            else:
                execution, seconds, level, rule = first
                cells.append("%.2f s / %d (%s, %s)" % (seconds, execution, level, rule))
        if not caught:
            cells = ["not fuzzed"] * len(seeds)
        print("| %s | %s | %s | %s |" % (bug, os.path.basename(path), caught_text, " | ".join(cells)), flush=True)
    print()
    print("| clean target | seed | seconds | executions | exec/s | findings |")
    print("|---|---|---|---|---|---|")
    for name, command in [("buggy_builder_adapter.py none", "python3 %s none" % BUILDER),
                          ("buggy_parser_adapter.py none", "python3 %s none" % PARSER),
                          ("example_adapter.py", "python3 %s" % EXAMPLE)]:
        _, executions, elapsed, count, rules = fuzz(options.binary, command, seeds[0], options.clean_seconds, stop_at_first=False)
        failed = failed or count != 0
        rate = int(executions / elapsed) if elapsed else 0
        print("| %s | %d | %.1f | %d | %d | %d%s |" % (
            name, seeds[0], elapsed, executions, rate, count, (": " + ", ".join(rules)) if rules else ""), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
