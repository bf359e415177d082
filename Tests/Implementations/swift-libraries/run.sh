#!/bin/sh
# Builds the adapters against the fetched libraries (run ./fetch.sh first) and writes one JSON
# report per row of the matrix to ../results/ (Middleman has two: its app-facing API and the
# CallbackURL layer beneath), with a `provenance` member: repository, pinned commit and date, our
# patch, the library calls the adapter makes, the toolchain and the date of the run. Then
# ./audit.py writes ../audit/ from them, and stops the run if a must failure has no cause.
#
#   ./run.sh [path/to/xcallback-conformance]     (default: the root package's debug build)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tool=${1:-$root/.build/debug/xcallback-conformance}
results="$here/../results"
[ -d "$here/checkouts" ] || { echo "error: no checkouts/: run ./fetch.sh first" >&2; exit 70; }
# A failed build must stop the run: the adapter left from an earlier build would answer for today's code.
log=$(mktemp)
if ! (cd "$here" && swift build >"$log" 2>&1); then
    grep -E 'error' "$log" >&2
    rm -f "$log"
    echo "error: the adapters did not build (a stale build description after the suite gained files? rm -rf $here/.build)" >&2
    exit 70
fi
grep -E 'Build complete' "$log" >&2 || true
rm -f "$log"
adapter="$here/.build/debug/swift-library-adapter"
[ -x "$adapter" ] || { echo "error: $adapter was not built" >&2; exit 70; }
toolchain=$(swift --version 2>/dev/null | head -n 1)
mkdir -p "$results"
# Dictionaries and sets are hashed with a per-process seed; a fixed seed makes the parameter order
# these libraries produce repeatable from run to run.
export SWIFT_DETERMINISTIC_HASHING=1
grep -v '^#' "$here/libraries.tsv" | while IFS='	' read -r name repository commit date patch; do
    # One result file per row of the matrix: Middleman has two, its app-facing API and the CallbackURL beneath.
    case $name in
        CallbackURLKit) keys=callbackurlkit ;; Middleman) keys="middleman middleman-callbackurl" ;;
        XCallbackURL-jasonnam) keys=jasonnam ;; XCallbackURL-kradenkov) keys=kradenkov ;;
        *) continue ;;  # a dependency, not a library under test
    esac
    for key in $keys; do
        report="$results/$key.json"
        "$tool" --target "$adapter $key" --format json --output "$report" --no-progress || true
        python3 - "$report" "$repository" "$commit" "$date" "$patch" "$toolchain" "$here/../audit/$key.json" <<'PY'
import datetime, json, os, sys
path, repository, commit, date, patch, toolchain, audit = sys.argv[1:]
report = json.load(open(path))
report["provenance"] = {"repository": repository, "commit": commit, "commitDate": date,
                        "patch": "none: builds on Linux as it is" if patch == "-" else "Tests/Implementations/swift-libraries/patches/" + patch,
                        "adapter": "Tests/Implementations/swift-libraries (in-process ConformanceTarget)",
                        "toolchain": toolchain, "environment": "SWIFT_DETERMINISTIC_HASHING=1",
                        "ranAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
# The library calls the adapter makes, as its audit file states them.
if os.path.exists(audit):
    report["provenance"]["entryPoints"] = json.load(open(audit))["entryPoints"]
# A passed or skipped vector keeps what the matrix reads (id, level, tags, verdict, matched); a
# failure keeps everything, so the committed data explains itself.
# Strings over 2000 characters (the security vectors' long inputs) are cut with a note, and the
# report's problem list, which repeats the failures, is left out.
def cut(value):
    if isinstance(value, str) and len(value) > 2000:
        return value[:2000] + " [... %d more characters cut for the committed results]" % (len(value) - 2000)
    if isinstance(value, list):
        return [cut(item) for item in value]
    if isinstance(value, dict):
        return {key: cut(item) for key, item in value.items()}
    return value
report.pop("problems", None)
report["results"] = cut(report["results"])
for result in report["results"]:
    if result["verdict"] in ("passed", "skipped"):
        for key in ("description", "cite", "expected", "answer", "detail", "durationSeconds", "file"):
            result.pop(key, None)
with open(path, "w") as out:
    out.write("{\n")
    members = list(report.items())
    for index, (key, value) in enumerate(members):
        comma = "," if index < len(members) - 1 else ""
        if key == "results":
            out.write(' "results": [\n' + ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in value) + "\n ]" + comma + "\n")
        else:
            out.write(" %s: %s%s\n" % (json.dumps(key), json.dumps(value, ensure_ascii=False), comma))
    out.write("}\n")
PY
    done
done
"$here/audit.py"
