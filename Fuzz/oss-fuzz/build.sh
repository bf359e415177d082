#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds the fuzz targets of Fuzz/Package.swift into $OUT, each with
# <target>.dict, <target>.options ([libfuzzer] max_len and dict) and <target>_seed_corpus.zip (Corpus/).
#
# Environment (what OSS-Fuzz's base-builder-swift image gives a build): $SRC (the checkout is
# $SRC/xcallback-conformance, or the working directory, or this script's repository), $WORK (scratch),
# $OUT, $SANITIZER, $LIB_FUZZING_ENGINE (libFuzzer only), $CFLAGS/$CXXFLAGS, and $SWIFTFLAGS from
# `precompile_swift`. .ci/oss-fuzz.sh runs it in an emulation of that environment. Runs locally too:
#   OUT=/tmp/out WORK=/tmp SANITIZER=address LIB_FUZZING_ENGINE=-fsanitize=fuzzer SWIFTFLAGS= Fuzz/oss-fuzz/build.sh
#
# Sanitizers:
#   address    libFuzzer + ASan on every Swift and C module (the verified recipe, Fuzz/README.md).
#   undefined  Swift has no UndefinedBehaviorSanitizer (swiftc rejects -sanitize=undefined), so the Swift modules
#              get libFuzzer alone and keep Swift's own checks (overflow, bounds, unwrap: on in -O, they trap and
#              the trap reaches libFuzzer); C modules get $CFLAGS' -fsanitize=... and the UBSan runtime is linked.
#              OSS-Fuzz's check_build wants 168 or more __ubsan calls in a binary, which a Swift binary does not
#              have, so project.yaml does not list it (OSS-Fuzz supports address and thread for Swift).
#   none, coverage  libFuzzer alone (coverage adds precompile_swift's profiling flags).

is_checkout() { [ -f "$1/Package.swift" ] && [ -f "$1/Fuzz/Package.swift" ]; }
SRC_DIR="${SRC:-}/xcallback-conformance"
is_checkout "$SRC_DIR" || SRC_DIR="$PWD"
is_checkout "$SRC_DIR" || SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
is_checkout "$SRC_DIR" || { echo "build.sh: no checkout at \$SRC/xcallback-conformance, $PWD or beside this script" >&2; exit 1; }
SANITIZER="${SANITIZER:-address}"
SCRATCH="${WORK:-/tmp}/xcallback-fuzz-build-$SANITIZER"
: "${OUT:?set OUT to the output directory}"

case "${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}" in
    -fsanitize=fuzzer|*libFuzzer*|*libfuzzer*) ;;
    *) echo "build.sh: only libFuzzer is supported (LIB_FUZZING_ENGINE=$LIB_FUZZING_ENGINE)" >&2; exit 1 ;;
esac
extra=()
case "$SANITIZER" in
    # ASan checks as runtime calls: otherwise the coverage pass hooks each inline shadow-byte compare (Fuzz/README.md).
    address) sanitize="fuzzer,address"; extra=(-Xswiftc -Xllvm -Xswiftc -asan-instrumentation-with-call-threshold=0) ;;
    # The UBSan runtime for the C modules that $CFLAGS instruments (linked through clang, which swiftc drives).
    undefined) sanitize="fuzzer"; extra=(-Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined) ;;
    none|coverage) sanitize="fuzzer" ;;
    *) echo "build.sh: sanitizer '$SANITIZER' is not supported: address, undefined (libFuzzer with Swift's own checks), none or coverage" >&2
       exit 1 ;;
esac

# precompile_swift (OSS-Fuzz base-builder-swift) defines SWIFTFLAGS; keep whatever the caller set.
if [ -z "${SWIFTFLAGS+x}" ] && command -v precompile_swift >/dev/null 2>&1; then
    . precompile_swift
fi
# Its sanitizer words are replaced by ours: SwiftPM orders two --sanitize= values at random and the driver keeps only
# the last -sanitize=, so one of the two is silently lost (Fuzz/README.md), and -sanitize=...,undefined is an error.
# Its other words (static stdlib, -Xcc=/-Xcxx= from $CFLAGS/$CXXFLAGS, coverage's profiling flags) are kept.
read -r -a words <<< "${SWIFTFLAGS:-}"
swiftflags=()
i=0
while [ "$i" -lt "${#words[@]}" ]; do
    word="${words[$i]}"
    if [ "$word" = -Xswiftc ] && [[ "${words[$((i + 1))]:-}" == -sanitize=* ]]; then i=$((i + 2)); continue; fi
    [[ "$word" == --sanitize=* ]] || swiftflags+=("$word")
    i=$((i + 1))
done

# SwiftPM does not rebuild the root package's modules when only -Xllvm flags change: start clean then.
flags="${swiftflags[*]} $sanitize ${extra[*]}"
if [ -d "$SCRATCH" ] && [ "$(cat "$SCRATCH/build-sh-flags" 2>/dev/null)" != "$flags" ]; then
    rm -rf "$SCRATCH"
fi

# The recipe verified on Swift 6.3.1: --sanitize=fuzzer stops SwiftPM from renaming `main`; the driver forwards only
# the LAST -sanitize= to the compiler, so ours goes last; -DFUZZING drops the replay @main. --static-swift-stdlib:
# the OSS-Fuzz runner image has no Swift runtime.
cd "$SRC_DIR/Fuzz"
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib "${swiftflags[@]}" \
    --sanitize=fuzzer -Xswiftc "-sanitize=$sanitize" -Xswiftc -DFUZZING "${extra[@]}"
echo "$flags" > "$SCRATCH/build-sh-flags"

# The library must really be instrumented (a build without coverage still starts and prints counters).
counters=0
for object in "$SCRATCH"/release/XCallbackURL.build/*.o; do
    counters=$((counters + $(objdump -h "$object" | grep -c __sancov_cntrs || true)))
done
[ "$counters" -gt 0 ] || { echo "build.sh: XCallbackURL is not coverage-instrumented" >&2; exit 1; }

python3 "$SRC_DIR/Fuzz/tools/make-dict.py" "$OUT/xcallback.dict"
seeds="$OUT/xcallback_seed_corpus.zip"
python3 - "$SRC_DIR/Corpus" "$seeds" <<'PY'
import os, sys, zipfile
corpus, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(target, "w") as archive:
    for folder, _, names in sorted(os.walk(corpus)):
        for name in sorted(names):
            if name.endswith(".md"):
                continue
            path = os.path.join(folder, name)
            archive.write(path, os.path.relpath(path, corpus).replace(os.sep, "_"))
PY

# The differential target grades its findings by the vectors, which it looks for beside the binary (Vectors/).
rm -rf "$OUT/Vectors"
mkdir -p "$OUT/Vectors"
cp "$SRC_DIR"/Vectors/*.json "$OUT/Vectors/"
for target in fuzz-robustness fuzz-robustness-mutator fuzz-round-trip fuzz-differential-foundation; do
    cp "$SCRATCH/release/$target" "$OUT/$target"
    cp "$OUT/xcallback.dict" "$OUT/$target.dict"
    cp "$seeds" "$OUT/${target}_seed_corpus.zip"
    printf '[libfuzzer]\nmax_len = 1024\ndict = %s.dict\n' "$target" > "$OUT/$target.options"
done
# LeakSanitizer, which OSS-Fuzz's runner turns on (detect_leaks=1), reports the Swift runtime's cache of type names
# (swift_getTypeName) as leaked when the differential driver interpolates a request into a String
# (XCallbackFuzzing/DifferentialDriver+Build.swift): a one-time allocation per type, not a leak per input.
printf '[asan]\ndetect_leaks = 0\n' >> "$OUT/fuzz-differential-foundation.options"
rm -f "$OUT/xcallback.dict" "$seeds"
echo "build.sh: fuzz targets in $OUT: $(cd "$OUT" && ls fuzz-* | grep -v '\.' | tr '\n' ' ')"
