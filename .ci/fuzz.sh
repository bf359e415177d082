#!/usr/bin/env bash
# Fuzzing gate, called by .ci/run. Steps:
#   1. build every fuzz target with the verified recipe (release, libFuzzer + ASan, own scratch path);
#   2. prove the reference library is instrumented: coverage counters (__sancov_cntrs sections) and ASan
#      calls (__asan_*) in the XCallbackURL object files (libFuzzer's start-up line alone proves neither);
#   3. replay Corpus/seeds and Corpus/regressions through each target once (-runs=0);
#   4. self-test: the planted-bug target with the nested mutator must crash, and leave its reproducer;
#   5. fuzz each target for a fixed, seeded budget (FUZZ_SECONDS, default 60) from a fresh work corpus.
# FUZZ_PREBUILT=1 skips the build of step 1 and uses the binaries already in $FUZZ_SCRATCH/release; FUZZ_PARALLEL
# (default: the number of cores) is how many targets of step 5 fuzz at once, each on one core.
# Any crash fails the gate and names its reproducer (Fuzz/artifacts/<target>/crash-*).
# Budget on 2 cores: about 1-2 min build + (3 x 60 s + 30 s) two at a time + replay = about 4 min (.ci/run: 30 s and
# 20 s, no build: about 1.5 min).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
FUZZ_PARALLEL="${FUZZ_PARALLEL:-$(nproc 2>/dev/null || echo 1)}"
MUTATOR_SECONDS="${MUTATOR_SECONDS:-30}"
export FUZZ_SCRATCH="${FUZZ_SCRATCH:-.build-fuzz}"
export SWIFT_BACKTRACE=enable=no
BIN="$FUZZ_SCRATCH/release"
start=$SECONDS
step() { echo; echo "=== fuzz gate: $* ($((SECONDS - start)) s)"; }

if [ "${FUZZ_PREBUILT:-0}" = 1 ]; then
    # .ci/run points FUZZ_SCRATCH at the OSS-Fuzz emulation's address build, made by Fuzz/oss-fuzz/build.sh with this
    # recipe plus OSS-Fuzz's static stdlib and C flags: one instrumented build serves both gates.
    step "1. build: reusing the instrumented build in $FUZZ_SCRATCH (FUZZ_PREBUILT=1)"
    for target in fuzz-robustness fuzz-robustness-mutator fuzz-round-trip fuzz-differential-foundation fuzz-planted-bug-mutator; do
        [ -x "$BIN/$target" ] || { echo "FAIL: FUZZ_PREBUILT=1, and $BIN/$target is not built" >&2; exit 1; }
    done
else
    step "1. build (swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING, ASan checks as calls)"
    Fuzz/tools/fuzz.sh build 2>&1 | grep -vE "Cannot export local symbol '__asan_extra_spill_area'" | tail -3
fi

step "2. instrumentation of the library objects"
for module in XCallbackURL XCallbackFuzzInputs XCallbackFuzzing; do
    counters=0
    asan=0
    for object in "$BIN/$module.build"/*.o; do
        counters=$((counters + $(objdump -h "$object" | grep -c __sancov_cntrs || true)))
        asan=$((asan + $(objdump -dr "$object" | grep -c __asan_ || true)))
    done
    echo "$module: $counters __sancov_cntrs sections, $asan __asan_ references"
    [ "$counters" -gt 0 ] || { echo "FAIL: $module is not coverage-instrumented" >&2; exit 1; }
    [ "$asan" -gt 0 ] || { echo "FAIL: $module is not ASan-instrumented" >&2; exit 1; }
done

# The fuzz path builds on the core module alone (issue 11): no runner, transport or fuzz engine code (reports,
# the subprocess protocol, the fuzz loop), nor the matrix or the command line, may be linked, and so
# instrumented, into a fuzz binary. Swift mangles a module name with its length, so `20XCallbackConformance`
# matches the runner module and never `24XCallbackConformanceCore`.
above_fuzzing='20XCallbackConformance|18XCallbackTransport|19XCallbackFuzzEngine|15XCallbackMatrix|20XCallbackCommandLine'
for binary in "$BIN"/fuzz-*; do
    [ -x "$binary" ] && [ -f "$binary" ] || continue
    linked=$(nm "$binary" 2>/dev/null | grep -oE "$above_fuzzing" | sort | uniq -c | tr -s ' ' || true)
    [ -z "$linked" ] || { echo "FAIL: $binary links symbols of modules above the drivers:$linked" >&2; exit 1; }
done
echo "no fuzz binary links the runner, the transport, the fuzz engine, the matrix or the command line"

step "3. replay seeds and regressions"
Fuzz/tools/fuzz.sh replay fuzz-robustness fuzz-round-trip fuzz-differential-foundation

step "4. self-test: the planted bug must be found and reported"
selftest="$(mktemp -d)"
status=0
"$BIN/fuzz-planted-bug-mutator" -seed=1 -runs=200000 -max_len=1024 -artifact_prefix="$selftest/" \
    "$selftest" >"$selftest/log" 2>&1 || status=$?
if [ "$status" -ne 77 ] || ! ls "$selftest"/crash-* >/dev/null 2>&1; then
    echo "FAIL: planted bug not reported (exit $status); crashes do not reach libFuzzer" >&2
    tail -20 "$selftest/log" >&2
    exit 1
fi
echo "planted bug found: $(grep -m1 -o 'path: .*' "$selftest/log" || true) (exit 77, reproducer written)"
rm -rf "$selftest"

step "5. seeded fuzzing, $FUZZ_SECONDS s per target, $FUZZ_PARALLEL at a time"
failed=()
# TARGET SECONDS: one seeded run from a fresh work folder; its exit status goes to Fuzz/artifacts/TARGET.status.
fuzz_one() {
    local status=0
    FUZZ_FRESH=1 Fuzz/tools/fuzz.sh run "$1" "$2" 1 >"Fuzz/artifacts/$1.log" 2>&1 || status=$?
    echo "$status" >"Fuzz/artifacts/$1.status"
}
# TARGET SECONDS: what one run found, after it ended.
report() {
    local target="$1" seconds="$2"
    echo "--- $target ($seconds s, seed 1)"
    if [ "$(cat "Fuzz/artifacts/$target.status" 2>/dev/null)" != 0 ]; then
        # (ls exits 2 for the kinds of reproducer not written; grep and head may part early: neither stops the gate)
        grep -A14 -E "fuzz property|Fatal error|ERROR: (libFuzzer|AddressSanitizer)" "Fuzz/artifacts/$target.log" | head -30 >&2 || true
        failed+=("$target: $(ls -1t "Fuzz/artifacts/$target"/crash-* "Fuzz/artifacts/$target"/timeout-* \
            "Fuzz/artifacts/$target"/oom-* 2>/dev/null | head -1 || true)")
    fi
    grep -E "stat::(number_of_executed_units|average_exec_per_sec)" "Fuzz/artifacts/$target.log" | tr -s ' ' || true
}
mkdir -p Fuzz/artifacts
runs=("fuzz-robustness $FUZZ_SECONDS" "fuzz-round-trip $FUZZ_SECONDS" "fuzz-differential-foundation $FUZZ_SECONDS"
    "fuzz-robustness-mutator $MUTATOR_SECONDS")
# Each target fuzzes on one core: FUZZ_PARALLEL of them at once (each work folder, log and artifacts are its own).
running=0
for entry in "${runs[@]}"; do
    read -r target seconds <<< "$entry"
    rm -f "Fuzz/artifacts/$target.status"
    fuzz_one "$target" "$seconds" &
    running=$((running + 1))
    if [ "$running" -ge "$FUZZ_PARALLEL" ]; then wait -n || true; running=$((running - 1)); fi
done
wait
for entry in "${runs[@]}"; do
    read -r target seconds <<< "$entry"
    report "$target" "$seconds"
done

step "done"
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAIL: fuzzing found crashes; reproducers:" >&2
    printf '  %s\n' "${failed[@]}" >&2
    echo "replay: $BIN/<target> FILE; minimize into Corpus/regressions: Fuzz/tools/fuzz.sh minimize <target> FILE" >&2
    exit 1
fi
echo "fuzz gate passed"
