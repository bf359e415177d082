#!/usr/bin/env bash
# Benchmarks in check mode (called by .ci/run): measures the reference, the Foundation baseline, the
# ada-url peer, the runner and the subprocess protocol on reduced sizes, and fails when a RATIO falls below
# its floor in Sources/xcallback-conformance-bench/floors.json. Absolute times are printed, never checked.
# The bench builds the ada-url peer with Sources/xcallback-conformance-bench/peer/build-ada-driver.sh (pip
# and a C++ compiler; about 20 s the first time); where it cannot, it says why and skips the peer's floors.
# The bench pins itself, and the processes it starts, to the CPU it starts on (CPUPinning.swift; --no-pin).
#
# Usage: .ci/bench.sh [extra bench options]   (e.g. --json)
# Environment: BENCH_SCRATCH_PATH (default .build) is the SwiftPM scratch path.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${BENCH_SCRATCH_PATH:-.build}"

# The Swift subprocess target (`xcallback-conformance serve`) is a separate product that
# `swift run xcallback-conformance-bench` does not build; build it first, in release, beside the bench.
swift build -c release --scratch-path "$scratch" --product xcallback-conformance
swift build -c release --scratch-path "$scratch" --product xcallback-conformance-bench

start=$(date +%s)
status=0
"$scratch/release/xcallback-conformance-bench" --check --quick "$@" || status=$?
echo "bench: $(( $(date +%s) - start )) s" >&2
exit $status
