#!/bin/sh
# Builds and runs every reproduction of manifest.json whose library checkout is present, and checks that each
# still prints its `shows` line: exit 1 when one no longer does (the library changed: the finding is fixed, or
# the reproduction needs another look) or a folder does not build. A library whose checkout is absent is skipped
# with a note, so the script runs anywhere, with nothing fetched, and exits 0.
#
#   ./run.sh            build, run, check
#   ./run.sh --update   the same, and rewrite each reproduction's `printed` in manifest.json from this run
#
# The checkouts are made by ../swift-libraries/fetch.sh and ../other-libraries/fetch.sh (pass /work/.mirror to
# clone from local mirrors). Needs python3; swift, cargo and node for the folders that use them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
implementations=$(cd "$here/.." && pwd)
update=no
[ "${1:-}" = "--update" ] && update=yes
start=$(date +%s)
built=""
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# build FOLDER CHECKOUT TOOL COMMAND...: runs COMMAND in FOLDER when ../CHECKOUT exists and TOOL is installed.
build() {
    folder=$1 checkout=$2 tool=$3
    shift 3
    if [ ! -d "$implementations/$checkout" ]; then
        echo "skip $folder: no checkout $checkout (run its folder's fetch.sh)"
    elif ! command -v "$tool" >/dev/null 2>&1; then
        echo "skip $folder: $tool is not installed"
    elif (cd "$here/$folder" && "$@") >"$log" 2>&1; then
        built="$built $folder"
    else
        echo "error: $folder did not build:"
        tail -n 30 "$log"
        failed=1
    fi
}

# One build at a time: the machine's cores are shared.
build phimage-callbackurlkit swift-libraries/checkouts/CallbackURLKit swift swift build
build valentinwalter-middleman swift-libraries/checkouts/Middleman swift swift build
build jasonnam-xcallbackurl swift-libraries/checkouts/XCallbackURL-jasonnam swift swift build
build kradenkov-swift-x-callback-url swift-libraries/checkouts/XCallbackURL-kradenkov swift swift build
build ozbe-xcallback other-libraries/checkouts/ozbe-xcallback cargo cargo build --offline --quiet
# build.cjs transpiles both plugins into ../other-libraries/obsidian/build, which the scripts load.
build vinzent03-obsidian-advanced-uri other-libraries/checkouts/obsidian-advanced-uri node node ../../other-libraries/obsidian/build.cjs
build czottmann-obsidian-actions-uri other-libraries/checkouts/obsidian-actions-uri node \
    test -d ../../other-libraries/obsidian/build/obsidian-actions-uri

python3 - "$here" "$update" "$built" <<'EOF' || failed=1
import json, os, subprocess, sys
here, update, built = sys.argv[1], sys.argv[2] == "yes", set(sys.argv[3].split())
path = os.path.join(here, "manifest.json")
manifest = json.load(open(path))
missing = 0
for entry in manifest["reproductions"]:
    folder = entry["file"].split("/")[1]
    label = f"{entry['library']} {entry['cause']} ({', '.join(entry['rows'])}, {entry['level']})"
    if folder not in built:
        continue
    try:
        done = subprocess.run(entry["run"], shell=True, cwd=here, capture_output=True, text=True, timeout=120)
        output = (done.stderr + done.stdout).strip()
    except subprocess.TimeoutExpired:
        output = "timed out after 120 s"
    shown = entry["shows"] in output
    missing += not shown
    lines = [line for line in output.splitlines() if line.startswith(("BUG:", "OK:"))]
    print(f"{'shown  ' if shown else 'MISSING'} {label}: {lines[-1] if lines else output.splitlines()[-1:]}")
    if not shown:
        print(f"        expected {entry['shows']!r} in:\n" + "\n".join("        | " + line for line in output.splitlines()))
    if update:
        entry["printed"] = "\n".join(line.rstrip() for line in output.splitlines())
if update:
    with open(path, "w") as file:
        file.write(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
ran = sum(entry["file"].split("/")[1] in built for entry in manifest["reproductions"])
print(f"{ran - missing} of {ran} reproductions run show their behaviour; {len(manifest['reproductions']) - ran} of {len(manifest['reproductions'])} not run (library not fetched, no toolchain, or not built)")
sys.exit(1 if missing else 0)
EOF
echo "repro/run.sh: $(($(date +%s) - start)) s"
exit $failed
