#!/bin/sh
# Fuzzes every implementation of the matrix against the reference (`xcallback-conformance fuzz --target`)
# for a fixed time with a fixed seed, and writes one small result per row to results/fuzz/<row>.json:
# the run (tool and suite commit, seed, seconds, executions) and every finding (rule, level, shrunk input,
# both answers), each replayed as a vector by the conformance runner to tell whether the target's declared
# choices explain it, and placed under the row's audit causes as a failing vector is (tools/fuzz_classify.py,
# through tools/fuzz_result.py). matrix.sh renders them as the Fuzz column; nothing is rerun there.
#
#   Tests/Implementations/fuzz.sh [--seconds S] [--seed N] [--tool PATH] [--mirrors DIR] [row ...]
#   Tests/Implementations/fuzz.sh --replay ROW [FINDING-ID ...]
#
# Rows (all when none is named): the library rows of results/*.json, whose adapters are built here from
# swift-libraries/checkouts and other-libraries/checkouts (--mirrors DIR fetches them first when they are
# missing: ./fetch.sh DIR in both folders), and foundation, python, node, go (adapters/). A row whose
# adapter cannot be built or run here is left out with a note, and its committed result stays as it is.
# The tool defaults to a release build of the root package (`swift build -c release`, run first: fuzz
# speed is only meaningful there). --seconds defaults to 60, --seed to 1; the rows run one after the other.
#
# --replay sends a committed finding's exact input (or every finding of the row) to the row's target
# again, through `fuzz --corpus DIR --runs N`: the check runs on those inputs only, as seeds, unmutated.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=60
seed=1
tool=
mirrors=
replay=
while [ $# -gt 0 ]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --seconds=*) seconds=${1#*=}; shift ;;
        --seed) seed=$2; shift 2 ;;
        --seed=*) seed=${1#*=}; shift ;;
        --tool) tool=$2; shift 2 ;;
        --tool=*) tool=${1#*=}; shift ;;
        --mirrors) mirrors=$2; shift 2 ;;
        --mirrors=*) mirrors=${1#*=}; shift ;;
        --replay) replay=${2:?--replay needs a row}; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1 (see --help)" >&2; exit 64 ;;
        *) break ;;
    esac
done
case $seconds in ''|*[!0-9.]*) echo "error: --seconds takes a number, not '$seconds'" >&2; exit 64 ;; esac
case $seed in ''|*[!0-9]*) echo "error: --seed takes a whole number, not '$seed'" >&2; exit 64 ;; esac
library_rows="callbackurlkit middleman middleman-run jasonnam kradenkov ozbe-xcallback-client ozbe-xcallback obsidian-advanced-uri obsidian-advanced-uri-legacy obsidian-advanced-uri-hook obsidian-actions-uri"
local_rows="foundation python node go"
if [ -n "$replay" ]; then rows=$replay; else rows=${*:-$library_rows $local_rows}; fi
for row in $rows; do
    case " $library_rows $local_rows " in *" $row "*) ;; *) echo "error: unknown row $row; rows: $library_rows $local_rows" >&2; exit 64 ;; esac
done
if [ -z "$tool" ]; then
    (cd "$root" && swift build -c release --product xcallback-conformance >/dev/null) \
        || { echo "error: swift build -c release failed at $root" >&2; exit 70; }
    tool=$root/.build/release/xcallback-conformance
fi
[ -x "$tool" ] || { echo "error: $tool not found" >&2; exit 70; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A Swift adapter that traps (a library's `URLComponents.scheme` on an invalid scheme) answers with its fatal-error
# line at once, not seconds later with a symbolicated backtrace: the runs keep their pace, and the finding shows the
# line that trapped.
export SWIFT_BACKTRACE=enable=no
# The built-in seeds hold the four invalid-scheme vectors one after the other, so a library that traps on an invalid
# scheme (a should-level fault) breaks on 5 inputs in a row and the engine's default would call it dead.
breakages=20
note() { echo "note: $*" >&2; }
wants() { case " $rows " in *" $1"*) return 0 ;; esac; return 1; }  # a row that starts with $1 is asked for

# MARK: - Adapters: fetched and built only for the rows asked for
swift_libraries=$here/swift-libraries
other_libraries=$here/other-libraries
for folder in "$swift_libraries" "$other_libraries"; do
    if [ ! -d "$folder/checkouts" ] && [ -n "$mirrors" ]; then "$folder/fetch.sh" "$mirrors" >&2; fi
done
swift_adapter=
if wants callbackurlkit || wants middleman || wants jasonnam || wants kradenkov; then
    if [ ! -d "$swift_libraries/checkouts" ]; then
        note "no swift-libraries/checkouts (./fetch.sh there, or --mirrors DIR): the Swift library rows are left out"
    elif (cd "$swift_libraries" && swift build >"$work/swift-build.log" 2>&1); then
        swift_adapter=$swift_libraries/.build/debug/swift-library-adapter
    else
        grep -E 'error' "$work/swift-build.log" >&2 || true
        note "the Swift library adapters did not build: their rows are left out"
    fi
fi
rust_built=
if wants ozbe; then
    if [ ! -d "$other_libraries/checkouts" ]; then
        note "no other-libraries/checkouts (./fetch.sh there, or --mirrors DIR): the ozbe rows are left out"
    elif (cd "$other_libraries/rust-xcallback" && cargo build --offline --release --quiet); then
        rust_built=yes
    else
        note "the Rust adapters did not build (other-libraries/README.md lists the Debian packages): the ozbe rows are left out"
    fi
fi
obsidian_built=
if wants obsidian; then
    if [ ! -d "$other_libraries/checkouts" ]; then
        note "no other-libraries/checkouts: the Obsidian rows are left out"
    elif command -v node >/dev/null && node "$other_libraries/obsidian/build.cjs" >&2; then
        obsidian_built=yes
    else
        note "the Obsidian plugins did not transpile (node and node-typescript): their rows are left out"
    fi
fi
go_adapter=
if wants go; then
    if command -v go >/dev/null && (cd "$work" && GOCACHE="$work/gocache" go build -o go_neturl "$here/adapters/go_neturl.go"); then
        go_adapter=$work/go_neturl
    else
        note "go not installed (apt-get install golang): the go row is left out"
    fi
fi

# The command that runs ROW's target, or nothing when it cannot run here.
command_of() {
    case $1 in
        callbackurlkit|middleman|middleman-run|jasonnam|kradenkov) [ -n "$swift_adapter" ] && echo "$swift_adapter $1" ;;
        ozbe-xcallback) [ -n "$rust_built" ] && echo "$other_libraries/rust-xcallback/target/release/ozbe-xcallback-adapter" ;;
        ozbe-xcallback-client) [ -n "$rust_built" ] && echo "$other_libraries/rust-xcallback/target/release/ozbe-xcallback-client-adapter" ;;
        obsidian-*) [ -n "$obsidian_built" ] && echo "node $other_libraries/obsidian/adapter.cjs ${1#obsidian-}" ;;
        foundation) echo foundation ;;
        python) echo "python3 $here/adapters/python_urllib.py" ;;
        node) command -v node >/dev/null && echo "node $here/adapters/node_url.mjs" ;;
        go) [ -n "$go_adapter" ] && echo "$go_adapter" ;;
    esac
    return 0
}

# MARK: - Replay
if [ -n "$replay" ]; then
    result=$here/results/fuzz/$replay.json
    [ -f "$result" ] || { echo "error: no $result" >&2; exit 66; }
    command=$(command_of "$replay")
    [ -n "$command" ] || { echo "error: the $replay row's target cannot run here (see the notes above)" >&2; exit 70; }
    count=$(python3 "$here/tools/fuzz_result.py" --inputs "$result" "$work/corpus" "$@")
    [ "$count" -gt 0 ] || { echo "error: $result has no finding${*:+ named $*}" >&2; exit 66; }
    echo "replaying $count input(s) of $result against: $command" >&2
    status=0
    "$tool" fuzz --target "$command" --corpus "$work/corpus" --runs "$count" --findings "$work/findings" --no-progress || status=$?
    exit $status
fi

# MARK: - Fuzz, row by row
mkdir -p "$here/results/fuzz"
version=$("$tool" --version 2>/dev/null | head -n 1)
commit=$(git -C "$root" rev-parse --short=10 HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$root" status --porcelain -- Sources Vectors Package.swift 2>/dev/null)" ] || commit="$commit with uncommitted changes"
# One vector of each operation: the identity run below tells the operations a target declares from those it skips.
probes=
for operation in parse build-request build-callback; do
    probes="$probes --id $("$tool" list --operation "$operation" 2>/dev/null | awk 'NR == 1 { print $1 }')"
done
started=$(date +%s)
for row in $rows; do
    command=$(command_of "$row")
    [ -n "$command" ] || { note "$row: left out (its adapter is not available here)"; continue; }
    out=$work/$row
    mkdir -p "$out"
    begin=$(date +%s)
    # The target's identity, declared choices and operations, as a conformance report gives them (three vectors).
    # shellcheck disable=SC2086
    "$tool" --target "$command" $probes --format json --output "$out/identity.json" --no-progress >/dev/null 2>"$out/identity.log" || true
    status=0
    # A run that overstays its time (shrinking, a stuck target) is stopped; what it wrote is still read.
    timeout -k 10 "$(awk -v s="$seconds" 'BEGIN { printf "%d", s * 3 + 120 }')" \
        "$tool" fuzz --target "$command" --seed "$seed" --seconds "$seconds" --max-consecutive-breakages "$breakages" \
        --findings "$out/findings" --no-progress \
        >"$out/fuzz.out" 2>"$out/fuzz.err" || status=$?
    # Each finding with a vector, replayed by the conformance runner: passed means the comparator, which
    # applies the target's declared choices and extra parameters, accepts the target's answer.
    # The findings directory is a vectors directory: its manifest names the file the findings are in.
    if [ -f "$out/findings/manifest.json" ]; then
        "$tool" --target "$command" --vectors "$out/findings" --format json --output "$out/replay.json" --no-progress >/dev/null 2>"$out/replay.log" || true
    fi
    python3 "$here/tools/fuzz_result.py" --row "$row" --out "$out" --command "$command" --root "$root" \
        --seed "$seed" --seconds "$seconds" --status "$status" --tool-version "$version" --commit "$commit" \
        --write "$here/results/fuzz/$row.json"
    echo "$row: $(($(date +%s) - begin)) s" >&2
done
echo "fuzz.sh: $(($(date +%s) - started)) s for: $rows" >&2
