#!/bin/sh
# Builds the adapters against the fetched libraries (run ./fetch.sh first) and writes one JSON
# report per row of the matrix to ../results/ (Middleman has three: its app-facing API, receive and run,
# and the CallbackURL layer beneath), with a `provenance` member (../tools/provenance.py): repository, pinned
# commit and date, our patch, the library calls the adapter makes, the toolchain and the date of the
# run, and ../results/callbackurlkit-round-trip.md (CallbackURLKit's perform round trips). Then
# ../tools/audit.py writes ../audit/ from them, and stops the run if a must failure has no cause.
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
    # One result file per row of the matrix: Middleman has two, receive and run (its CallbackURL row, a layer the
    # README never shows, was retired in issue 37: ../README.md).
    case $name in
        CallbackURLKit) keys=callbackurlkit ;; Middleman) keys="middleman middleman-run" ;;
        XCallbackURL-jasonnam) keys=jasonnam ;; XCallbackURL-kradenkov) keys=kradenkov ;;
        *) continue ;;  # a dependency, not a library under test
    esac
    for key in $keys; do
        # The adapter's hello must claim the roles roles.tsv gives the row, and only their operations.
        python3 "$here/../tools/roles.py" --check "$key" "$adapter" "$key" || exit 70
        report="$results/$key.json"
        "$tool" --target "$adapter $key" --format json --output "$report" --no-progress || true
        python3 "$here/../tools/provenance.py" "$report" "$here/libraries.tsv" "$name" \
            adapter="Tests/Implementations/swift-libraries (in-process ConformanceTarget)" \
            toolchain="$toolchain" environment=SWIFT_DETERMINISTIC_HASHING=1
    done
done
# CallbackURLKit's perform(…onSuccess:onFailure:onCancel:), source app to target app and back
# (CallbackURLKitRoundTrip.swift); the row's audit (../tools/rows/callbackurlkit.py) cites what it shows.
"$adapter" callbackurlkit-round-trip > "$results/callbackurlkit-round-trip.md"
# The audit of every row this folder makes (../tools/audit.py --list names them); it stops the run when a
# must failure has no cause.
"$here/../tools/audit.py" $("$here/../tools/audit.py" --list | awk '$2 == "swift-libraries" { print $1 }')
