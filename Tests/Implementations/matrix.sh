#!/bin/sh
# Regenerates the results matrix (matrix.html, matrix.md) and FINDINGS.md from the implementations this machine can
# run (the reference, the Foundation target, the standard-library adapters in adapters/) and from
# the committed results of the fetched libraries in results/ (see swift-libraries/, other-libraries/),
# each checked against its failure audit in audit/ (every must failure traced to a source line), and the
# committed fuzz run of each row in results/fuzz/ (written by fuzz.sh; rendered, never rerun here).
#
#   Tests/Implementations/matrix.sh [path/to/xcallback-conformance]
# An implementation whose toolchain is missing (node, go) is left out with a note; nothing fails
# because an implementation fails vectors: that is what the matrix shows.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tool=${1:-$root/.build/debug/xcallback-conformance}
[ -x "$tool" ] || { echo "error: $tool not found: run swift build first" >&2; exit 70; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {  # run NAME TARGET [OPTION ...]: one JSON report into $work
    name=$1 target=$2
    shift 2
    "$tool" --target "$target" "$@" --format json --output "$work/$name.json" --no-progress >/dev/null 2>"$work/$name.log" || true
    [ -s "$work/$name.json" ] || { echo "error: no report for $name:" >&2; cat "$work/$name.log" >&2; exit 70; }
}
checked() {  # checked NAME COMMAND: run the adapter COMMAND once its hello claims the roles roles.tsv gives NAME
    # shellcheck disable=SC2086
    python3 "$here/tools/roles.py" --check "$1" $2 || exit 70
    run "$1" "$2"
}
# The in-process targets claim the roles roles.tsv gives them (tools/roles.py); the adapters declare theirs in
# their hello, which must say the same.
run reference reference --roles "$(python3 "$here/tools/roles.py" reference)"
run foundation foundation --roles "$(python3 "$here/tools/roles.py" foundation)"
reports="$work/reference.json $work/foundation.json"
# Committed library results (swift-libraries/, other-libraries/), in the audit's row order (app-facing rows
# before their lower layers), then any other results/*.json in name order.
order=$(python3 "$here/tools/audit.py" --list | cut -f1)
for library in $order; do [ -f "$here/results/$library.json" ] && reports="$reports $here/results/$library.json"; done
for file in "$here"/results/*.json; do
    case " $(echo $order) " in *" $(basename "$file" .json) "*) ;; *) reports="$reports $file" ;; esac
done
checked python "python3 $here/adapters/python_urllib.py"
reports="$reports $work/python.json"
if command -v node >/dev/null; then
    checked node "node $here/adapters/node_url.mjs"
    reports="$reports $work/node.json"
else
    echo "note: node not installed; the JavaScript adapter is left out" >&2
fi
if command -v go >/dev/null; then
    (cd "$work" && GOCACHE="$work/gocache" go build -o go_neturl "$here/adapters/go_neturl.go")
    checked go "$work/go_neturl"
    reports="$reports $work/go.json"
else
    echo "note: go not installed (apt-get install golang); the Go adapter is left out" >&2
fi
# shellcheck disable=SC2086
"$tool" matrix $reports --vectors "$root/Vectors" --audit "$here/audit" --fuzz "$here/results/fuzz" --html "$here/matrix.html" --markdown "$here/matrix.md"
# The rows run here are kept in results/builtin (trimmed), and FINDINGS.md, its figure and the upstream reports in
# reports/ are written again from every row's results (tools/reports.py; `reports.py --check` guards them in CI).
python3 "$here/tools/reports.py" --builtin "$work"
# The picture the README shows: the top of the page at laptop width.
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -n "$browser" ]; then
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1366,760 \
        --user-data-dir="$work/profile" --screenshot="$here/matrix.png" "file://$here/matrix.html" >/dev/null 2>&1 \
        || echo "note: the screenshot failed; matrix.png is unchanged" >&2
else
    echo "note: no Chromium (apt-get install chromium); matrix.png is unchanged" >&2
fi
