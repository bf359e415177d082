#!/usr/bin/env bash
# OSS-Fuzz and ClusterFuzzLite, emulated without Docker: builds the fuzz targets with each integration's own
# Dockerfile and build.sh in the environment those services give a build, checks $OUT as their build check does,
# and runs every fuzz target the way their runner does. Called by .ci/run; goes through every configuration and
# exits 1 at the end, listing every problem, if anything broke.
#
#   .ci/oss-fuzz.sh                  the configurations in OSS_FUZZ_CONFIGS (default below)
#
# Per configuration (INTEGRATION:SANITIZER; Fuzz/oss-fuzz/ is OSS-Fuzz's projects/xcallback-conformance/ folder
# and its Docker context, .clusterfuzzlite/ is ClusterFuzzLite's, with the repository as context):
#   1. image: the Dockerfile's instructions, emulated under $SRC: FROM must be base-builder-swift; `RUN git clone
#      URL DIR` clones this repository's committed HEAD; `COPY` copies from the context (.dockerignore honoured);
#      `WORKDIR` sets where build.sh runs. Any other instruction fails: it would not be emulated.
#   2. compile: `bash -eux $SRC/build.sh` with SRC, WORK, OUT, CC, CXX, CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE,
#      SANITIZER, FUZZING_ENGINE, FUZZING_LANGUAGE, ARCHITECTURE as base-builder sets them, and a precompile_swift
#      on PATH that sets SWIFTFLAGS as OSS-Fuzz's does.
#   3. build check: every expected target is in $OUT (a target is an executable holding LLVMFuzzerTestOneInput),
#      with <target>_seed_corpus.zip, <target>.dict and <target>.options; each runs 4 inputs with coverage counters;
#      the calls into sanitizer runtimes in fuzz-robustness match the sanitizer (objdump, as OSS-Fuzz's bad-build
#      check counts them in every binary; OSS_FUZZ_COUNT_CALLS=all counts them in every binary here too).
#   4. run: as OSS-Fuzz's run_fuzzer: cd $OUT, the seed archive unzipped into a fresh corpus folder, the options
#      file's [libfuzzer] keys as -key=value, -dict=<target>.dict unless the options name one, FUZZER_ARGS and the
#      runner image's ASAN_OPTIONS/UBSAN_OPTIONS (with the options file's [asan]/[ubsan] keys), $OUT unset, no
#      SWIFT_BACKTRACE; -runs=$OSS_FUZZ_RUNS. It must print "Done N runs", load every non-empty seed of the archive
#      and the dictionary, keep the options' max_len, and exit 0.
# `undefined` builds libFuzzer with Swift's own checks (Swift has no UBSan; Fuzz/oss-fuzz/build.sh says why), so its
# UBSan call count is printed, not held to OSS-Fuzz's 168; it must have no ASan calls.
# Then a self-test: a build.sh that fails, and an $OUT without a binary, a dictionary, an options file or a seed
# archive, or whose options stop the run early, must each be reported.
#
# Environment: OSS_FUZZ_CONFIGS (default "oss-fuzz:address clusterfuzzlite:address oss-fuzz:undefined"),
# OSS_FUZZ_RUNS (default 1000), OSS_FUZZ_EMULATION (its folders; default .build-oss-fuzz). Builds reuse
# $WORK between runs and configurations (one scratch folder per sanitizer); in Docker each starts empty.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EMU="${OSS_FUZZ_EMULATION:-$REPO/.build-oss-fuzz}"
RUNS="${OSS_FUZZ_RUNS:-1000}"
CONFIGS="${OSS_FUZZ_CONFIGS:-oss-fuzz:address clusterfuzzlite:address oss-fuzz:undefined}"
EXPECTED=(fuzz-robustness fuzz-robustness-mutator fuzz-round-trip fuzz-differential-foundation)
SRC="$EMU/src" WORK="$EMU/work"
for tool in git python3 swift clang objdump file unzip md5sum timeout; do
    command -v "$tool" > /dev/null || { echo "oss-fuzz.sh: '$tool' is needed and not installed" >&2; exit 70; }
done
start=$SECONDS
failures=()
fail() { echo "FAIL: $*" >&2; failures+=("$*"); }
step() { echo; echo "=== oss-fuzz emulation: $* ($((SECONDS - start)) s)"; }

# The runner image's defaults (base-runner), which ClusterFuzz uses too.
RUNNER_ASAN_OPTIONS="alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3"
RUNNER_UBSAN_OPTIONS="print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:symbolize=1:dedup_token_length=3"
FUZZER_ARGS="-rss_limit_mb=2560 -timeout=25"
# base-clang's CFLAGS and base-builder's per-sanitizer flags, combined as its `compile` combines them.
BASE_CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types -Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration -Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
UBSAN_CHECKS="array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
sanitizer_cflags() {
    case "$1" in
        address) echo "-fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" ;;
        undefined) echo "-fsanitize=${UBSAN_CHECKS/vptr/unsigned-integer-overflow,vptr} -fno-sanitize-recover=$UBSAN_CHECKS -fsanitize=fuzzer-no-link" ;;
        *) echo "-fsanitize=fuzzer-no-link" ;;
    esac
}

# SRC_TREE DEST [IGNOREFILE]: makes DEST hold SRC_TREE's files, writing only those that differ (so SwiftPM's
# incremental build survives a second configuration), skipping .dockerignore patterns.
sync_tree() {
    python3 - "$@" <<'PY'
import filecmp, fnmatch, os, shutil, sys
source, dest = sys.argv[1], sys.argv[2]
patterns = []
if len(sys.argv) > 3 and os.path.exists(sys.argv[3]):
    for line in open(sys.argv[3]):
        line = line.strip()
        if line.startswith("!"):
            sys.exit(f"sync_tree: {sys.argv[3]}: negated pattern '{line}' is not emulated")
        if line and not line.startswith("#"):
            patterns.append(line.strip("/"))
def ignored(rel):
    parts = rel.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    for pattern in patterns:
        anywhere = pattern.startswith("**/")
        for prefix in prefixes:
            if fnmatch.fnmatchcase(prefix, pattern):
                return True
            if anywhere and fnmatch.fnmatchcase(prefix.split("/")[-1], pattern[3:]):
                return True
    return False
kept = set()
for folder, dirs, files in os.walk(source):
    rel_folder = os.path.relpath(folder, source)
    rel_folder = "" if rel_folder == "." else rel_folder + "/"
    dirs[:] = [d for d in dirs if not ignored(rel_folder + d)]
    target = os.path.join(dest, rel_folder).rstrip("/")
    if os.path.lexists(target) and not os.path.isdir(target):
        os.remove(target)
    os.makedirs(target, exist_ok=True)
    kept.add(rel_folder.rstrip("/"))
    for name in files:
        rel = rel_folder + name
        if ignored(rel):
            continue
        kept.add(rel)
        src, dst = os.path.join(source, rel), os.path.join(dest, rel)
        if os.path.isdir(dst) and not os.path.islink(dst):
            shutil.rmtree(dst)
        if os.path.islink(src) or not os.path.isfile(dst) or not filecmp.cmp(src, dst, shallow=False):
            if os.path.lexists(dst):
                os.remove(dst)
            shutil.copy2(src, dst, follow_symlinks=False)
        elif os.stat(src).st_mode != os.stat(dst).st_mode:
            os.chmod(dst, os.stat(src).st_mode)
for folder, dirs, files in os.walk(dest, topdown=False):
    rel_folder = os.path.relpath(folder, dest)
    rel_folder = "" if rel_folder == "." else rel_folder + "/"
    for name in files:
        if rel_folder + name not in kept:
            os.remove(os.path.join(folder, name))
    if rel_folder and rel_folder.rstrip("/") not in kept:
        os.rmdir(folder)
PY
}

# DOCKERFILE CONTEXT: the image's $SRC; prints the WORKDIR build.sh runs in.
emulate_image() {
    local dockerfile="$1" context="$2" workdir="$SRC" line instruction rest written=()
    while IFS= read -r line || [ -n "$line" ]; do
        [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
        [[ "$line" == *\\ ]] && { echo "$dockerfile: continued lines are not emulated: $line" >&2; return 1; }
        read -r instruction rest <<< "$line"
        rest="${rest//\$\{SRC\}/$SRC}" && rest="${rest//\$SRC/$SRC}"
        case "${instruction^^}" in
            FROM) [[ "$rest" =~ ^gcr\.io/oss-fuzz-base/base-builder-swift(:[a-z0-9.-]+)?$ ]] ||
                      { echo "$dockerfile: FROM $rest is not the Swift base builder" >&2; return 1; } ;;
            RUN) [[ "$rest" =~ ^git\ clone\ (--depth\ [0-9]+\ )?([^ ]+)\ ([^ ]+)$ ]] ||
                     { echo "$dockerfile: RUN other than 'git clone URL DIR' is not emulated: $rest" >&2; return 1; }
                 local dest="${BASH_REMATCH[3]}" stage="$EMU/clone"
                 [[ "$dest" = /* ]] || dest="$workdir/$dest"
                 rm -rf "$stage" && git -c safe.directory="$REPO" clone -q --depth 1 "file://$REPO" "$stage" >&2 || return 1
                 sync_tree "$stage" "$dest" >&2 && rm -rf "$stage" || return 1
                 written+=("$dest") ;;
            COPY) local words=() dest
                  read -r -a words <<< "$rest"
                  dest="${words[-1]}"
                  [[ "$dest" = /* ]] || dest="$workdir/$dest"
                  for source in "${words[@]:0:${#words[@]}-1}"; do
                      if [ "$source" = . ]; then
                          sync_tree "$context" "$dest" "$context/.dockerignore" >&2 || return 1
                          written+=("$dest")
                      elif [ ! -f "$context/$source" ]; then
                          echo "$dockerfile: COPY $source: no such file in the context $context" >&2; return 1
                      elif [[ "$dest" = */ || -d "$dest" ]]; then
                          mkdir -p "$dest" && cp "$context/$source" "${dest%/}/" || return 1
                          written+=("${dest%/}/${source##*/}")
                      else
                          cp "$context/$source" "$dest" || return 1
                          written+=("$dest")
                      fi
                  done ;;
            WORKDIR) [[ "$rest" = /* ]] && workdir="$rest" || workdir="$workdir/$rest"; mkdir -p "$workdir" ;;
            *) echo "$dockerfile: instruction $instruction is not emulated" >&2; return 1 ;;
        esac
    done < "$dockerfile"
    # A fresh image holds only what the Dockerfile wrote under $SRC.
    for entry in "$SRC"/* "$SRC"/.[!.]*; do
        [ -e "$entry" ] || continue
        local keep=0
        for path in "${written[@]}" "$workdir"; do [[ "$path/" == "${entry%/}/"* ]] && keep=1; done
        [ "$keep" = 1 ] || rm -rf "$entry"
    done
    echo "$workdir"
}

# A precompile_swift that sets SWIFTFLAGS as OSS-Fuzz's base-builder-swift does (static stdlib, parse-as-library,
# -sanitize=fuzzer,$SANITIZER and --sanitize=$SANITIZER, every $CFLAGS word as -Xcc=, every $CXXFLAGS word as -Xcxx=).
write_precompile_swift() {
    mkdir -p "$EMU/bin"
    cat > "$EMU/bin/precompile_swift" <<'SH'
symbolizer="$(command -v llvm-symbolizer || true)"
[ -n "$symbolizer" ] && cp "$symbolizer" "$OUT/llvm-symbolizer"
SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib"
if [ "$SANITIZER" = coverage ]; then
    SWIFTFLAGS+=" -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
else
    SWIFTFLAGS+=" -Xswiftc -sanitize=fuzzer,$SANITIZER --sanitize=$SANITIZER"
    for word in $CFLAGS; do SWIFTFLAGS+=" -Xcc=$word"; done
    for word in $CXXFLAGS; do SWIFTFLAGS+=" -Xcxx=$word"; done
fi
export SWIFTFLAGS
SH
}

# INTEGRATION SANITIZER WORKDIR OUT LOG: runs build.sh as base-builder's `compile` does.
emulate_compile() {
    local integration="$1" sanitizer="$2" workdir="$3" out="$4" log="$5" cflags
    cflags="$BASE_CFLAGS $(sanitizer_cflags "$sanitizer")"
    [ "$sanitizer" = undefined ] && cflags+=" -fno-sanitize=function"
    rm -rf "$out" && mkdir -p "$out" "$WORK"
    (cd "$workdir" && env -u SWIFTFLAGS SRC="$SRC" WORK="$WORK" OUT="$out" CC=clang CXX=clang++ CCC=clang++ \
        CFLAGS="$cflags" CXXFLAGS="${cflags/ -fno-sanitize=function/} -stdlib=libc++" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
        SANITIZER="$sanitizer" FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=swift ARCHITECTURE="$(uname -m)" \
        $([ "$integration" = clusterfuzzlite ] && echo CIFUZZ=True) PATH="$EMU/bin:$PATH" \
        timeout 1800 bash -eux "$SRC/build.sh") > "$log" 2>&1
}

# OUT: the fuzz targets in it, as OSS-Fuzz finds them.
targets_in() {
    for file in "$1"/*; do
        local name="${file##*/}"
        [ -f "$file" ] && [ -x "$file" ] && [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] &&
            grep -q LLVMFuzzerTestOneInput "$file" && echo "$name"
    done
    return 0
}

# OPTIONS-FILE SECTION: the section's keys as run_fuzzer passes them: -key=value for libfuzzer, key=value:... else.
parse_options() {
    python3 - "$1" "$2" <<'PY'
import configparser, sys
parser = configparser.ConfigParser()
parser.read(sys.argv[1])
if parser.has_section(sys.argv[2]):
    pairs = parser[sys.argv[2]].items()
    print(" ".join(f"-{k}={v}" for k, v in pairs) if sys.argv[2] == "libfuzzer" else ":".join(f"{k}={v}" for k, v in pairs))
PY
}

# OUT TARGET: runs it as run_fuzzer does, for $RUNS runs; prints one line; returns 1 with the reason otherwise.
run_target() {
    local out="$1" target="$2" corpus="$EMU/corpus/$2" log="$EMU/logs/$2.run.log" options seeds began
    [ -f "$out/${target}_seed_corpus.zip" ] || { echo "$target: no ${target}_seed_corpus.zip in $out"; return 1; }
    [ -f "$out/$target.options" ] || { echo "$target: no $target.options in $out"; return 1; }
    [ -s "$out/$target.dict" ] || { echo "$target: no $target.dict in $out (or it is empty)"; return 1; }
    rm -rf "$corpus" && mkdir -p "$corpus" "$EMU/logs"
    (cd "$out" && unzip -o -q -d "$corpus" "${target}_seed_corpus.zip") || { echo "$target: its seed archive does not unzip"; return 1; }
    seeds=$(find "$corpus" -type f -size +0 | wc -l)   # libFuzzer skips empty files when it reads a corpus
    [ "$seeds" -gt 0 ] || { echo "$target: its seed archive is empty"; return 1; }
    options=$(parse_options "$out/$target.options" libfuzzer) && [ -n "$options" ] ||
        { echo "$target: $target.options has no [libfuzzer] section"; return 1; }
    local asan_options="$RUNNER_ASAN_OPTIONS" ubsan_options="$RUNNER_UBSAN_OPTIONS" extra_asan extra_ubsan
    extra_asan=$(parse_options "$out/$target.options" asan)
    extra_ubsan=$(parse_options "$out/$target.options" ubsan)
    [ -z "$extra_asan" ] || asan_options+=":$extra_asan"
    [ -z "$extra_ubsan" ] || ubsan_options+=":$extra_ubsan"
    local dict_option="" dict_file="$target.dict"
    if [[ " $options " == *" -dict="* ]]; then
        dict_file="${options##*-dict=}" && dict_file="${dict_file%% *}"
    else
        dict_option="-dict=$target.dict"   # run_fuzzer adds the target's dictionary when the options name none
    fi
    [ -s "$out/$dict_file" ] || { echo "$target: its options name the dictionary $dict_file, which is not in $out"; return 1; }
    began=$(date +%s%N)
    local status=0
    # shellcheck disable=SC2086
    (cd "$out" && env -u OUT ASAN_OPTIONS="$asan_options" UBSAN_OPTIONS="$ubsan_options" \
        timeout 600 "./$target" $FUZZER_ARGS "-runs=$RUNS" "$corpus" $options $dict_option < /dev/null) > "$log" 2>&1 || status=$?
    local entries loaded
    entries=$(grep -m1 -oE 'Dictionary: [0-9]+ entries' "$log" | grep -oE '[0-9]+' || true)
    loaded=$(grep -m1 -oE 'seed corpus: files: [0-9]+' "$log" | grep -oE '[0-9]+$' || true)
    if [ "$status" -ne 0 ] || ! grep -q "Done $RUNS runs" "$log"; then
        echo "$target: did not run its $RUNS runs (exit $status); the end of $log:"; tail -15 "$log"; return 1
    fi
    [ "${entries:-0}" -gt 0 ] || { echo "$target: the dictionary $dict_file was not loaded"; return 1; }
    [ "$loaded" = "$seeds" ] || { echo "$target: libFuzzer read ${loaded:-no} seed files, the archive holds $seeds"; return 1; }
    ! grep -q -- "-max_len is not provided" "$log" || { echo "$target: the options' max_len was not honoured"; return 1; }
    local tenths=$((($(date +%s%N) - began) / 100000000))
    echo "$target: $RUNS runs in $((tenths / 10)).$((tenths % 10)) s ($seeds seeds from the archive, $entries dictionary entries," \
        "options: $options${extra_asan:+, ASAN_OPTIONS +$extra_asan})"
}

# BINARY: its calls into the ASan, UBSan and MSan runtimes, counted in its disassembly as OSS-Fuzz's bad-build check
# counts them; remembered by content, since a binary another configuration built identically needs no second count.
sanitizer_calls() {
    local counted
    counted="$EMU/calls/$(md5sum < "$1" | cut -d' ' -f1)"
    if [ ! -s "$counted" ]; then
        mkdir -p "$EMU/calls"
        objdump -d --no-show-raw-insn "$1" | awk '/call +[0-9a-f]+ <__asan/ {a++} /call +[0-9a-f]+ <__ubsan/ {u++}
            /call +[0-9a-f]+ <__msan/ {m++} END {print a+0, u+0, m+0}' > "$counted.new" && mv "$counted.new" "$counted"
    fi
    cat "$counted"
}

# OUT SANITIZER TARGET: OSS-Fuzz's build check for one target (starts, runs 4 inputs, instrumented as it should be).
check_build_target() {
    local out="$1" sanitizer="$2" target="$3" log="$EMU/logs/$3.check.log" edges calls asan ubsan
    mkdir -p "$EMU/logs"
    (cd "$out" && env -u OUT ASAN_OPTIONS="$RUNNER_ASAN_OPTIONS" UBSAN_OPTIONS="$RUNNER_UBSAN_OPTIONS" \
        timeout 120 "./$target" -seed=1337 -runs=4 < /dev/null) > "$log" 2>&1 || true
    grep -q "Done 4 runs" "$log" || { echo "$target: does not start and run 4 inputs:"; tail -15 "$log"; return 1; }
    ! grep -q "no interesting inputs were found" "$log" || { echo "$target: has no coverage instrumentation"; return 1; }
    edges=$(grep -m1 -oE 'Loaded [0-9]+ modules? +\([0-9]+ inline 8-bit counters\)' "$log" | grep -oE '\([0-9]+' | tr -d '(' || true)
    [ "${edges:-0}" -ge 100 ] || { echo "$target: ${edges:-no} coverage counters (OSS-Fuzz wants 100 or more)"; return 1; }
    file "$out/$target" | grep -q "$(uname -m | sed 's/_/-/')" || { echo "$target: not built for $(uname -m)"; return 1; }
    # One binary per build by default: the targets of a build share its flags and its library objects, and each
    # disassembly takes seconds (OSS_FUZZ_COUNT_CALLS=all counts them all, as OSS-Fuzz does).
    if [ "${OSS_FUZZ_COUNT_CALLS:-fuzz-robustness}" != all ] && [ "$target" != "${OSS_FUZZ_COUNT_CALLS:-fuzz-robustness}" ]; then
        echo "$target: starts, $edges coverage counters"
        return 0
    fi
    calls=$(sanitizer_calls "$out/$target")
    read -r asan ubsan _ <<< "$calls"
    case "$sanitizer" in
        address) [ "$asan" -ge 1000 ] || { echo "$target: $asan calls to ASan (an ASan build has 1000 or more)"; return 1; }
                 [ "$ubsan" -le 200 ] || { echo "$target: $ubsan calls to UBSan in an ASan build"; return 1; } ;;
        undefined) [ "$asan" -eq 0 ] || { echo "$target: $asan calls to ASan in an undefined build"; return 1; } ;;
    esac
    echo "$target: starts, $edges coverage counters, $asan calls to ASan, $ubsan to UBSan" \
        "$([ "$sanitizer" = undefined ] && echo "(OSS-Fuzz's check wants 168 or more in an undefined build: Swift has no UBSan)")"
}

# OUT MESSAGE: records the message's first line as a failure; the rest (a log's end) goes to standard error.
failed() {
    sed 1d <<< "$2" >&2
    fail "$1: $(head -1 <<< "$2")"
}

# OUT SANITIZER [TARGET...]: every check of one build (of the TARGETs given, of all otherwise); failures are recorded.
check_out() {
    local out="$1" sanitizer="$2" found target message
    shift 2
    found=" $(targets_in "$out" | tr '\n' ' ')"
    for target in "${EXPECTED[@]}"; do
        [[ "$found" == *" $target "* ]] || fail "$out: the fuzz target $target is missing"
    done
    for target in $found; do
        [ $# -eq 0 ] || [[ " $* " == *" $target "* ]] || continue
        message=$(check_build_target "$out" "$sanitizer" "$target") && echo "  check: $message" || failed "$out" "$message"
        message=$(run_target "$out" "$target") && echo "  run:   $message" || failed "$out" "$message"
    done
}

write_precompile_swift
for config in $CONFIGS; do
    integration="${config%%:*}" sanitizer="${config##*:}"
    case "$integration" in
        oss-fuzz) folder="$REPO/Fuzz/oss-fuzz" context="$REPO/Fuzz/oss-fuzz" ;;
        clusterfuzzlite) folder="$REPO/.clusterfuzzlite" context="$REPO" ;;
        *) echo "oss-fuzz.sh: unknown integration '$integration' (oss-fuzz or clusterfuzzlite)" >&2; exit 64 ;;
    esac
    step "$integration, $sanitizer: image from ${folder#"$REPO"/}/Dockerfile"
    for file in Dockerfile build.sh project.yaml; do
        [ -f "$folder/$file" ] || fail "${folder#"$REPO"/}/$file is missing"
    done
    grep -qE '^language: *swift' "$folder/project.yaml" 2>/dev/null || fail "${folder#"$REPO"/}/project.yaml does not say language: swift"
    [ -f "$folder/Dockerfile" ] || continue
    [ -z "$(git -c safe.directory="$REPO" -C "$REPO" status --porcelain --untracked-files=no)" ] || [ "$integration" != oss-fuzz ] ||
        echo "note: OSS-Fuzz clones the committed HEAD; uncommitted changes are not in this build"
    workdir=$(emulate_image "$folder/Dockerfile" "$context") || { fail "$integration: the Dockerfile could not be emulated"; continue; }
    echo "WORKDIR $workdir; \$SRC holds: $(ls -A "$SRC" | tr '\n' ' ')"
    step "$integration, $sanitizer: compile (bash -eux \$SRC/build.sh)"
    out="$EMU/out/$integration-$sanitizer"
    log="$EMU/logs/build-$integration-$sanitizer.log"
    mkdir -p "$EMU/logs"
    if ! emulate_compile "$integration" "$sanitizer" "$workdir" "$out" "$log"; then
        tail -25 "$log" >&2
        fail "$integration, $sanitizer: build.sh failed (log: $log)"
        continue
    fi
    grep -E '^build.sh: ' "$log" | tail -1
    step "$integration, $sanitizer: build check and $RUNS runs of every target"
    check_out "$out" "$sanitizer"
done

step "self-test: each breakage must be reported"
sample="$(ls -d "$EMU"/out/*-address 2>/dev/null | head -1 || true)"
selftest() {
    local what="$1" before=${#failures[@]}
    shift
    "$@" > "$EMU/logs/self-test.log" 2>&1 || true
    if [ ${#failures[@]} -gt "$before" ]; then
        failures=("${failures[@]:0:$before}")
        echo "  reported: $what"
    else
        fail "self-test: $what was not reported"
    fi
}
broken_build() {
    local workdir
    workdir=$(emulate_image "$REPO/Fuzz/oss-fuzz/Dockerfile" "$REPO/Fuzz/oss-fuzz") && \
        emulate_compile oss-fuzz memory "$workdir" "$EMU/out/self-test-build" "$EMU/logs/self-test-build.log" ||
        fail "build.sh failed"
}
selftest "a build.sh that exits non-zero (SANITIZER=memory)" broken_build
if [ -n "$sample" ]; then
    sabotage() {  # TARGET FILE-TO-REMOVE [OPTIONS-LINE]: a copy of $sample (hard links), one file removed or changed
        rm -rf "$EMU/out/self-test" && cp -al "$sample" "$EMU/out/self-test"
        [ -z "$2" ] || rm -f "$EMU/out/self-test/$2"
        [ -z "${3:-}" ] || { rm -f "$EMU/out/self-test/$1.options"
                             printf '[libfuzzer]\n%s\n' "$3" > "$EMU/out/self-test/$1.options"; }
        check_out "$EMU/out/self-test" address "$1"
    }
    selftest "a missing binary" sabotage fuzz-round-trip fuzz-round-trip
    selftest "a missing dictionary" sabotage fuzz-robustness fuzz-robustness.dict
    selftest "a missing options file" sabotage fuzz-robustness fuzz-robustness.options
    selftest "a missing seed archive" sabotage fuzz-robustness fuzz-robustness_seed_corpus.zip
    selftest "options that stop the run before $RUNS runs" sabotage fuzz-robustness "" "runs = 10"
    rm -rf "$EMU/out/self-test" "$EMU/out/self-test-build"
else
    fail "self-test: no address build to break"
fi

step "done"
if [ ${#failures[@]} -gt 0 ]; then
    echo "FAIL: the OSS-Fuzz / ClusterFuzzLite emulation found ${#failures[@]} problem(s):" >&2
    printf '  %s\n' "${failures[@]}" >&2
    exit 1
fi
echo "OSS-Fuzz / ClusterFuzzLite emulation passed: $CONFIGS"
