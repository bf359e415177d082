#!/usr/bin/env bash
# Build, run, replay, minimize and merge the libFuzzer targets of Fuzz/Package.swift.
#
#   Fuzz/tools/fuzz.sh build [--no-asan]            release build, libFuzzer + ASan (the verified recipe)
#   Fuzz/tools/fuzz.sh run TARGET [SECONDS] [SEED] [-- LIBFUZZER_ARGS...]
#                                                   fuzz for a time budget; reproducers go to Fuzz/artifacts/TARGET/
#   Fuzz/tools/fuzz.sh replay [TARGET...]           run seeds + regressions once (-runs=0), no mutation
#   Fuzz/tools/fuzz.sh minimize TARGET CRASH [NAME] shrink a crash into Corpus/regressions/<driver>/NAME
#   Fuzz/tools/fuzz.sh merge TARGET                 minimize Fuzz/work/TARGET into Fuzz/work/merged/TARGET (-merge=1)
#   Fuzz/tools/fuzz.sh jobs TARGET SECONDS N        scale out on one machine: -fork=N workers sharing one corpus
#
# TARGET is an executable of Fuzz/Package.swift (fuzz-robustness, fuzz-robustness-mutator, fuzz-round-trip,
# fuzz-differential-foundation, fuzz-planted-bug, fuzz-planted-bug-mutator, fuzz-empty, fuzz-parse-only).
# Environment: FUZZ_SCRATCH (default .build-fuzz), MAX_LEN (default 1024), SWIFT (default swift),
# FUZZ_FRESH=1 (start from an empty Fuzz/work/TARGET, for reproducible seeded runs),
# FUZZ_PACKAGE=DIR (build and run the fuzz executables of your own package instead of Fuzz/, with the same
# recipe, environment, seeds and dictionary; its scratch directory is DIR/.build-fuzz), e.g.
#   FUZZ_PACKAGE=~/my-parser/fuzz-targets Fuzz/tools/fuzz.sh build && FUZZ_PACKAGE=~/my-parser/fuzz-targets Fuzz/tools/fuzz.sh run fuzz-my-parser 60
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PACKAGE="$(cd "${FUZZ_PACKAGE:-$ROOT/Fuzz}" && pwd)"
SCRATCH_DIR="$ROOT/${FUZZ_SCRATCH:-.build-fuzz}"
[ -n "${FUZZ_PACKAGE:-}" ] && SCRATCH_DIR="$PACKAGE/.build-fuzz"
BIN="$SCRATCH_DIR/release"
MAX_LEN="${MAX_LEN:-1024}"
DICT="$ROOT/Fuzz/xcallback.dict"
export SWIFT_BACKTRACE=enable=no        # let libFuzzer, not the Swift backtracer, see traps
# No allocation stacks in ASan reports (malloc_context_size=0): 1.5x the exec/s; rerun a reproducer
# with ASAN_OPTIONS=detect_leaks=0 to get them back.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=0}"

die() { echo "fuzz.sh: $*" >&2; exit 64; }

# The Corpus/regressions folder a target's crashes belong to (empty: the target keeps none).
driver_of() {
    case "$1" in
        fuzz-robustness|fuzz-robustness-mutator) echo robustness ;;
        fuzz-round-trip) echo round-trip ;;
        fuzz-differential-foundation) echo differential-foundation ;;
        *) echo "" ;;
    esac
}

binary() {
    [ -x "$BIN/$1" ] || die "no $BIN/$1: run 'Fuzz/tools/fuzz.sh build' first"
    echo "$BIN/$1"
}

cmd_build() {
    local sanitize="fuzzer,address" asan_calls=()
    [ "${1:-}" = "--no-asan" ] && sanitize="fuzzer"
    # ASan checks as calls into its runtime, not inline: Swift runs the coverage pass after ASan, so an inline
    # check's shadow-byte compare gets a trace-cmp hook and a counter of its own on every memory access.
    [ "$sanitize" = "fuzzer,address" ] && asan_calls=(-Xswiftc -Xllvm -Xswiftc -asan-instrumentation-with-call-threshold=0)
    # SwiftPM does not rebuild the root package's modules when only -Xllvm flags change: start clean then.
    local flags="$sanitize ${asan_calls[*]}"
    if [ -d "$SCRATCH_DIR" ] && [ "$(cat "$SCRATCH_DIR/fuzz-build-flags" 2>/dev/null)" != "$flags" ]; then
        echo "fuzz.sh: build flags changed ($flags); rebuilding $SCRATCH_DIR from scratch" >&2
        rm -rf "$SCRATCH_DIR"
    fi
    # --sanitize=fuzzer makes SwiftPM keep `main` for libFuzzer; -sanitize=fuzzer,address (one value, last)
    # is what the driver forwards to every compile, library included; -DFUZZING drops the replay @main.
    (cd "$PACKAGE" && "${SWIFT:-swift}" build -c release --scratch-path "$SCRATCH_DIR" \
        --sanitize=fuzzer -Xswiftc "-sanitize=$sanitize" -Xswiftc -DFUZZING "${asan_calls[@]}")
    echo "$flags" >"$SCRATCH_DIR/fuzz-build-flags"
}

cmd_run() {
    local target="$1" seconds="${2:-60}" seed="${3:-1}"
    shift $(( $# < 3 ? $# : 3 ))
    [ "${1:-}" = "--" ] && shift
    local bin work artifacts
    bin="$(binary "$target")"
    work="$ROOT/Fuzz/work/$target"
    artifacts="$ROOT/Fuzz/artifacts/$target"
    [ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$work"
    mkdir -p "$work" "$artifacts"
    local status=0
    "$bin" "$work" "$ROOT/Corpus/seeds" -dict="$DICT" -max_len="$MAX_LEN" -timeout=10 -seed="$seed" \
        -max_total_time="$seconds" -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "fuzz.sh: $target failed (exit $status); reproducers:" >&2
        ls -1t "$artifacts"/* 2>/dev/null | head -5 >&2
        echo "replay one: $bin FILE    minimize: Fuzz/tools/fuzz.sh minimize $target FILE" >&2
    fi
    return "$status"
}

cmd_replay() {
    local targets=("$@")
    [ ${#targets[@]} -eq 0 ] && targets=(fuzz-robustness fuzz-round-trip fuzz-differential-foundation)
    for target in "${targets[@]}"; do
        local dirs=("$ROOT/Corpus/seeds") driver
        driver="$(driver_of "$target")"
        [ -n "$driver" ] && [ -d "$ROOT/Corpus/regressions/$driver" ] && dirs+=("$ROOT/Corpus/regressions/$driver")
        echo "== replay $target: ${dirs[*]#$ROOT/}"
        local log status=0
        log="$(mktemp)"
        mkdir -p "$ROOT/Fuzz/artifacts/$target"
        "$(binary "$target")" -runs=0 -max_len="$MAX_LEN" -artifact_prefix="$ROOT/Fuzz/artifacts/$target/" "${dirs[@]}" >"$log" 2>&1 || status=$?
        grep -E "INITED|DONE" "$log" || true
        if [ "$status" -ne 0 ]; then
            grep -A14 -E "fuzz property|Fatal error|ERROR:" "$log" | head -40 >&2
            rm -f "$log"
            echo "fuzz.sh: $target: replay failed (exit $status)" >&2
            return "$status"
        fi
        rm -f "$log"
    done
}

cmd_minimize() {
    local target="$1" crash="$2" name="${3:-}"
    local driver
    driver="$(driver_of "$target")"
    [ -n "$driver" ] || die "$target keeps no regressions"
    [ -n "$name" ] || name="$(basename "$crash")"
    mkdir -p "$ROOT/Corpus/regressions/$driver"
    local out="$ROOT/Corpus/regressions/$driver/$name"
    "$(binary "$target")" -minimize_crash=1 -max_total_time=60 -exact_artifact_path="$out" "$crash" || true
    [ -s "$out" ] || cp "$crash" "$out"
    echo "minimized $(wc -c <"$crash") -> $(wc -c <"$out") bytes: ${out#$ROOT/}"
}

cmd_merge() {
    local target="$1"
    local out="$ROOT/Fuzz/work/merged/$target"
    rm -rf "$out" && mkdir -p "$out"
    "$(binary "$target")" -merge=1 -max_len="$MAX_LEN" "$out" "$ROOT/Fuzz/work/$target" "$ROOT/Corpus/seeds"
    echo "merged corpus: $(ls "$out" | wc -l) files in ${out#$ROOT/} (copy what you want to keep into Corpus/seeds)"
}

cmd_jobs() {
    local target="$1" seconds="$2" workers="$3"
    cmd_run "$target" "$seconds" 1 -- -fork="$workers" -ignore_crashes=1
}

command="${1:-}"
shift || true
case "$command" in
    build) cmd_build "$@" ;;
    run) [ $# -ge 1 ] || die "usage: run TARGET [SECONDS] [SEED]"; cmd_run "$@" ;;
    replay) cmd_replay "$@" ;;
    minimize) [ $# -ge 2 ] || die "usage: minimize TARGET CRASH [NAME]"; cmd_minimize "$@" ;;
    merge) [ $# -eq 1 ] || die "usage: merge TARGET"; cmd_merge "$@" ;;
    jobs) [ $# -eq 3 ] || die "usage: jobs TARGET SECONDS N"; cmd_jobs "$@" ;;
    *) sed -n '2,15p' "${BASH_SOURCE[0]}"; exit 64 ;;
esac
