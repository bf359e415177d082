#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds the fuzz targets of Fuzz/Package.swift into $OUT.
#
# Honours $OUT (where binaries, dictionaries, options and seed corpora go), $SWIFTFLAGS (extra
# SwiftPM/driver flags from precompile_swift; ours come after them), $SANITIZER (address) and
# $LIB_FUZZING_ENGINE (libFuzzer only: Swift links it through -sanitize=fuzzer). Runs locally too:
#   OUT=/tmp/out SANITIZER=address LIB_FUZZING_ENGINE=-fsanitize=fuzzer SWIFTFLAGS= Fuzz/oss-fuzz/build.sh

SRC_DIR="${SRC:-}/xcallback-conformance"
[ -d "$SRC_DIR" ] || SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SCRATCH="${WORK:-/tmp}/xcallback-fuzz-build"
SANITIZER="${SANITIZER:-address}"
: "${OUT:?set OUT to the output directory}"

case "${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}" in
    -fsanitize=fuzzer|*libFuzzer*|*libfuzzer*) ;;
    *) echo "build.sh: only libFuzzer is supported (LIB_FUZZING_ENGINE=$LIB_FUZZING_ENGINE)" >&2; exit 1 ;;
esac
case "$SANITIZER" in
    address|none|coverage) ;;
    *) echo "build.sh: sanitizer '$SANITIZER' is not supported by the Swift toolchain here" >&2; exit 1 ;;
esac

# precompile_swift (OSS-Fuzz base-builder-swift) defines SWIFTFLAGS; keep whatever the caller set.
if [ -z "${SWIFTFLAGS+x}" ] && command -v precompile_swift >/dev/null 2>&1; then
    . precompile_swift
fi
sanitize="fuzzer"
asan_calls=()
if [ "$SANITIZER" = address ]; then
    sanitize="fuzzer,address"
    # ASan checks as runtime calls: otherwise the coverage pass hooks each inline shadow-byte compare (Fuzz/README.md).
    asan_calls=(-Xswiftc -Xllvm -Xswiftc -asan-instrumentation-with-call-threshold=0)
fi

# The recipe verified on Swift 6.3.1: --sanitize=fuzzer stops SwiftPM from renaming `main`; the driver
# forwards only the LAST -sanitize= to the compiler, so ours goes last; -DFUZZING drops the replay @main.
cd "$SRC_DIR/Fuzz"
# shellcheck disable=SC2086
# --static-swift-stdlib: the OSS-Fuzz runner image has no Swift runtime.
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib ${SWIFTFLAGS:-} \
    --sanitize=fuzzer -Xswiftc "-sanitize=$sanitize" -Xswiftc -DFUZZING "${asan_calls[@]}"

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
    for folder, _, names in os.walk(corpus):
        for name in sorted(names):
            path = os.path.join(folder, name)
            archive.write(path, os.path.relpath(path, corpus).replace(os.sep, "_"))
PY

for target in fuzz-robustness fuzz-robustness-mutator fuzz-round-trip fuzz-differential-foundation; do
    cp "$SCRATCH/release/$target" "$OUT/$target"
    cp "$OUT/xcallback.dict" "$OUT/$target.dict"
    cp "$seeds" "$OUT/${target}_seed_corpus.zip"
    printf '[libfuzzer]\nmax_len = 1024\ndict = %s.dict\n' "$target" > "$OUT/$target.options"
done
rm -f "$OUT/xcallback.dict" "$seeds"
echo "build.sh: fuzz targets in $OUT: $(cd "$OUT" && ls fuzz-* | grep -v '\.' | tr '\n' ' ')"
