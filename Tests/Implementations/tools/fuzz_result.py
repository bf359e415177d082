#!/usr/bin/env python3
"""Turns one row's fuzz run into the small result committed at ../results/fuzz/<row>.json, and back.

    fuzz_result.py --row ROW --out DIR --command CMD --root ROOT --seed N --seconds S --status N \
                   --tool-version TEXT --commit TEXT --write RESULT.json
    fuzz_result.py --inputs RESULT.json CORPUS-DIR [FINDING-ID ...]
    fuzz_result.py --retriage RESULT.json ...

DIR is what ../fuzz.sh left for the row: `identity.json` (a one-vector conformance report: the target's
name, version, declared choices), `fuzz.out` and `fuzz.err` (the fuzz command's output), `findings/` (the
vectors directory `fuzz --findings` writes: a `manifest.json` naming the vector file the findings are in, and one
raw `finding-<id>` file per finding)
and `replay.json` (the conformance runner's report on `findings/`). Every piece but the identity may be
missing (a run stopped early, a target that broke): the result then says what is known.

A finding is *explained* when the conformance runner passes its vector: the runner's comparator applies
the target's declared choices, parameter order and extra parameters, so the fuzz oracle's must-level
disagreement is then one of the declared behaviours, not a fault. A finding without a vector (a build
operation, whose input is bytes for the request generator) is not replayed; it is explained only when its
disagreement is a parameter the target declares it adds (`extraParameters`), as the comparator would judge it.

A finding the declared choices do not explain is then placed by fuzz_classify.py as audit.py places a failing
vector: under the first cause of the row's audit (rows/) whose rule matches the replayed vector, or, for a row
without an audit, in the rule group of vectors the row already fails. Placed, it is *known* (the cause, and vectors
the row fails for it); placed nowhere, it is *new*: a gap in the vectors, or a behaviour nobody has read yet.
`--retriage` places the findings of committed results again, with the causes and results as they are now.

`--inputs` writes the exact bytes of the result's findings (or of the ids named) into CORPUS-DIR, one file
each, and prints how many: `fuzz --corpus CORPUS-DIR --runs N` then checks those inputs and nothing else.
"""
import argparse
import datetime
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
import fuzz_classify  # noqa: E402

FORMAT = "xcallback-conformance-fuzz-result/1"
EARLIER = "an earlier triage: the finding has no replayed vector, so no cause rule can read it; fuzz the row again"
LEVELS = ("must", "should", "implementation-defined", "hardening")


def load_json(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def read_text(path):
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def escape(data):
    """The bytes as the fuzz command prints them: printable ASCII as is, the rest as \\xNN, in quotes."""
    out = []
    for byte in data:
        if byte in (0x22, 0x5C):
            out.append("\\" + chr(byte))
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append("\\x%02X" % byte)
    return '"' + "".join(out) + '"'


def parse_output(text):
    """The FINDING blocks of `fuzz` standard output, by id, and the lines that follow the last one."""
    blocks = {}
    order = []
    current = None
    tail = []
    for line in text.splitlines():
        head = re.match(r"^FINDING (\S+) \(execution (\d+), ([\d.]+) s, (\d+) hit", line)
        if head:
            current = {"id": head.group(1), "foundAtExecution": int(head.group(2)),
                       "secondsToFind": float(head.group(3)), "hits": int(head.group(4))}
            blocks[current["id"]] = current
            order.append(current["id"])
            tail = []
            continue
        violated = re.match(r"^fuzz property violated: (\S+)", line)
        if violated and current is not None:
            current["property"] = violated.group(1)
            continue
        detail = re.match(r"^  ([a-z][a-z ]*): (.*)$", line)
        if detail and current is not None:
            current.setdefault("details", {})[detail.group(1)] = detail.group(2)
            continue
        if line.strip() and not line.startswith("fuzz: "):
            current = None
            tail.append(line.strip())
    return blocks, order, tail


def parse_summary(lines):
    """Executions, seconds, rate and corpus size from the summary line, when the run printed one."""
    for line in lines:
        match = re.search(r"(\d+) executions in ([\d.]+) s \((\d+) exec/s\)(?:, corpus (\d+))?", line)
        if match:
            out = {"executions": int(match.group(1)), "elapsedSeconds": float(match.group(2)),
                   "executionsPerSecond": int(match.group(3))}
            if match.group(4):
                out["corpus"] = int(match.group(4))
            return out
    return {}


def extra_parameters_explain(finding, declared):
    """Whether a build finding differs only by parameters the target declares it adds (`extraParameters`).

    Build findings have no vector to replay; the runner's comparator sets declared extra parameters aside, and
    this does the same for the one disagreement the fuzz command prints.
    """
    if not declared or not finding["operation"].startswith("build-"):
        return False
    text = finding.get("disagreement", "")
    reserved = re.search(r"same-reserved: (x-source|x-success|x-error|x-cancel) absent vs \"", text)
    if reserved:
        return reserved.group(1) in declared
    parameters = re.search(r"parameters (\[.*\]) vs (\[.*\])$", text)
    if not parameters:
        return False
    try:
        want, got = json.loads(parameters.group(1)), json.loads(parameters.group(2))
    except ValueError:
        return False
    return want == [pair for pair in got if pair[0] not in declared] and want != got


def triage(row, findings, declared_extras=()):
    """Marks each unexplained finding that declared extra parameters explain as explained, and each that a cause of
    the row (or, without an audit, a rule group it fails) explains as known (fuzz_classify.py).

    A finding with no replayed vector (a run before findings carried the rule of their fault) that no cause places
    keeps the known record an earlier triage gave it, marked `by`, until the row is fuzzed again; `matrix --fuzz`
    checks its vectors and cause as it checks every known finding's.
    """
    results = fuzz_classify.results_of(row)
    for finding in findings:
        earlier = finding.pop("known", None)
        if finding.get("replay", "").startswith("not replayed") and finding.get("explanation", "").startswith("the target declares"):
            finding["explained"] = False  # judged again below, from the declared extra parameters as they are now
            finding.pop("explanation")
        if not finding["explained"] and extra_parameters_explain(finding, declared_extras):
            finding["explained"] = True
            finding["explanation"] = ("the target declares the parameters its builders add (%s); the runner's comparator "
                                      "sets them aside, and the disagreement is only those" % ", ".join(declared_extras))
        if finding["explained"]:
            continue
        known = fuzz_classify.place(row, finding, results)
        if not known and earlier and not finding.get("replayed"):
            known = dict(earlier, by=EARLIER)
        if known:
            finding["known"] = known
    return findings


def counts(result):
    """The findings neither the declared choices nor a known behaviour explain, by level; and the others."""
    new = [f for f in result["findings"] if not f["explained"] and "known" not in f]
    result["unexplained"] = {level: n for level in LEVELS for n in [sum(1 for f in new if f["level"] == level)] if n}
    result["known"] = sum(1 for f in result["findings"] if "known" in f)
    result["explained"] = sum(1 for f in result["findings"] if f["explained"])
    return result


def retriage(paths):
    """Places the findings of committed results again (fuzz_classify.py), without fuzzing again."""
    for path in paths:
        result = load_json(path)
        if result is None or result.get("format") != FORMAT:
            sys.exit("fuzz_result.py: %s: $.format: expected %s" % (path, FORMAT))
        triage(result["row"], result["findings"], result["target"].get("extraParameters", []))
        ordered = {}
        for key, value in counts(result).items():
            ordered[key] = value
        ordered["findings"] = ordered.pop("findings")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(ordered, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
        print("%s: %s new, %d known, %d explained" % (result["row"], result["unexplained"] or "none", result["known"],
                                                       result["explained"]), file=sys.stderr)


def parse_operations(lines):
    """Executions and findings per operation, when the fuzz command prints them (one line an operation)."""
    out = {}
    for line in lines:
        counted = re.match(r"^(parse|build-request|build-callback)\s+(\d+) executions?\s+(\d+) finding", line)
        if counted:
            out[counted.group(1)] = {"executions": int(counted.group(2)), "findings": int(counted.group(3))}
        elif re.match(r"^(parse|build-request|build-callback)\s+not declared", line):
            out[line.split()[0]] = "not declared"
    return out


def declared_operations(identity):
    """The operations a target declares: those of the identity run's vectors it did not skip as undeclared."""
    operations = []
    for result in identity.get("results", []):
        undeclared = "does not declare the %s operation" % result.get("operation")
        if undeclared not in (result.get("detail") or "") and result.get("operation") not in operations:
            operations.append(result["operation"])
    return operations


def relative(command, root):
    """The command with the worktree's path taken out, so results compare between clones."""
    return command.replace(root.rstrip("/") + "/", "")


def finding_vectors(directory):
    """The findings written as vectors, by id: every vector file the directory's manifest names."""
    manifest = load_json(os.path.join(directory, "manifest.json")) or {}
    names = [entry["path"] for entry in manifest.get("files", [])] or ["findings.json"]
    return {v["id"]: v for name in names for v in (load_json(os.path.join(directory, name)) or {}).get("vectors", [])}


def assemble(args):
    out = args.out
    identity = load_json(os.path.join(out, "identity.json")) or {}
    target = identity.get("target") or {}
    suite = identity.get("suite") or {}
    fuzz_out = read_text(os.path.join(out, "fuzz.out"))
    fuzz_err = read_text(os.path.join(out, "fuzz.err"))
    blocks, order, tail = parse_output(fuzz_out)
    findings_dir = os.path.join(out, "findings")
    vectors = finding_vectors(findings_dir)
    replay = {r["id"]: r for r in (load_json(os.path.join(out, "replay.json")) or {}).get("results", [])}
    # A run killed before its report still leaves its raw finding files (once the engine writes them as found).
    if os.path.isdir(findings_dir):
        for name in sorted(os.listdir(findings_dir)):
            if name.startswith("finding-") and name[len("finding-"):] not in blocks:
                order.append(name[len("finding-"):])
                blocks[order[-1]] = {"id": order[-1]}
    findings = []
    for finding_id in order:
        block = blocks[finding_id]
        details = block.get("details", {})
        raw_path = os.path.join(findings_dir, "finding-" + finding_id)
        raw = open(raw_path, "rb").read() if os.path.exists(raw_path) else None
        parts = block.get("property", "").split("/")
        vector = vectors.get(finding_id)
        level = parts[1] if len(parts) >= 3 else (vector or {}).get("level", "must")
        item = {
            "id": finding_id,
            "rule": parts[-1] if len(parts) >= 3 else block.get("property", "unknown"),
            "level": level,
            "operation": details.get("operation") or (vector or {}).get("operation") or "unknown",
            "input": escape(raw) if raw is not None else details.get("input", ""),
        }
        if raw is not None:
            item["inputHex"] = raw.hex()
        for key, name in (("case", "case"), ("reference", "reference"), ("target answer", "targetAnswer"),
                          ("disagreement", "disagreement"), ("traits", "traits")):
            if details.get(key):
                item[name] = details[key]
        for key in ("foundAtExecution", "secondsToFind", "hits"):
            if key in block:
                item[key] = block[key]
        replayed = replay.get(finding_id)
        if replayed is not None:
            item["replay"] = replayed["verdict"]
            item["explained"] = replayed["verdict"] == "passed"
            if item["explained"]:
                item["explanation"] = ("the conformance runner passes it as a vector: its comparator, which applies the "
                                       "declared choices and extra parameters, accepts the target's answer")
            else:
                item["replayed"] = fuzz_classify.trimmed(replayed)
        else:
            item["replay"] = "not replayed: " + ("no vector for a %s finding" % item["operation"] if vector is None
                                                 else "the runner did not report it")
            item["explained"] = False
        item["reproduce"] = "Tests/Implementations/fuzz.sh --replay %s %s" % (args.row, finding_id)
        findings.append(item)
    summary = parse_summary(tail)
    run = {"seed": args.seed, "seconds": args.seconds, "jobs": 1,
           "ranAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
           "exitStatus": args.status}
    run.update(summary)
    operations = parse_operations(tail)
    if operations:
        run["operations"] = operations
    run["output"] = tail[-12:]
    if args.status not in (0, 1):
        run["stopped"] = (fuzz_err.strip().splitlines() or ["exit status %d" % args.status])[-1][:600]
    run["reproduce"] = "Tests/Implementations/fuzz.sh --seed %d --seconds %s %s" % (args.seed, args.seconds, args.row)
    triage(args.row, findings, (target.get("extraParameters") or {}).get("declared", []))
    result = {
        "format": FORMAT,
        "row": args.row,
        "target": {"name": target.get("name", "?"), "version": target.get("version", "?"),
                   "language": target.get("language", "?"), "command": relative(args.command, args.root),
                   "operations": declared_operations(identity),
                   "declaredChoices": target.get("declaredChoices", {}),
                   "extraParameters": (target.get("extraParameters") or {}).get("declared", [])},
        "tool": {"version": args.tool_version, "suiteCommit": args.commit,
                 "suiteVersion": suite.get("version", "?"), "manifestSHA256": suite.get("manifestSHA256", "?")},
        "run": run,
        "findings": findings,
    }
    counts(result)
    result["findings"] = result.pop("findings")
    with open(args.write, "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    shown = " · ".join("%d %s" % (n, level) for level, n in result["unexplained"].items()) or "none"
    print("%s: %s executions in %s s, %d finding(s): new %s, known %d, explained by the declared choices %d" % (
        args.row, run.get("executions", "?"), run.get("elapsedSeconds", "?"), len(findings), shown, result["known"],
        result["explained"]), file=sys.stderr)


def write_inputs(result_path, corpus, ids):
    result = load_json(result_path)
    if result is None or result.get("format") != FORMAT:
        sys.exit("fuzz_result.py: %s: $.format: expected %s" % (result_path, FORMAT))
    os.makedirs(corpus, exist_ok=True)
    count = 0
    for finding in result.get("findings", []):
        if ids and finding["id"] not in ids:
            continue
        if "inputHex" not in finding:
            print("note: %s has no exact input recorded" % finding["id"], file=sys.stderr)
            continue
        with open(os.path.join(corpus, finding["id"]), "wb") as handle:
            handle.write(bytes.fromhex(finding["inputHex"]))
        count += 1
    print(count)


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--retriage":
        retriage(sys.argv[2:])
        return
    if len(sys.argv) >= 2 and sys.argv[1] == "--inputs":
        if len(sys.argv) < 4:
            sys.exit("usage: fuzz_result.py --inputs RESULT.json CORPUS-DIR [FINDING-ID ...]")
        write_inputs(sys.argv[2], sys.argv[3], set(sys.argv[4:]))
        return
    parser = argparse.ArgumentParser(description="one row's fuzz result")
    for name in ("--row", "--out", "--command", "--root", "--seconds", "--tool-version", "--commit", "--write"):
        parser.add_argument(name, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--status", type=int, required=True)
    args = parser.parse_args()
    args.seconds = float(args.seconds) if "." in args.seconds else int(args.seconds)
    assemble(args)


if __name__ == "__main__":
    main()
