#!/bin/sh
# Builds the adapters against the fetched implementations (run ./fetch.sh first) and writes one JSON
# report per row to ../results/<row>.json, with a `provenance` member (../tools/provenance.py):
# repository, pinned commit and date, patch or stubs, adapter, toolchain, date of the run. Then
# ../tools/audit.py writes ../audit/<row>.json and .md, and stops the run if a must failure has no cause.
#
#   ./run.sh [--tool path/to/xcallback-conformance] [row ...]
#
# Rows: ozbe-xcallback, ozbe-xcallback-client (Rust), obsidian-actions-uri, obsidian-advanced-uri,
# obsidian-advanced-uri-legacy, obsidian-advanced-uri-hook (TypeScript; Advanced URI has one row per route;
# its builder row was retired in issue 37, see ../README.md); all of them when none is named. The tool defaults to
# the root package's debug build (`swift build` at the root first).
#
# Needs, from Debian only (no crates.io, no npm registry): cargo and rustc, librust-url-dev and
# librust-serde-json-dev (crate sources under /usr/share/cargo/registry; serde_json brings
# librust-rand-dev and librust-lazy-static-dev with it), nodejs, node-typescript.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tool=$root/.build/debug/xcallback-conformance
if [ "${1:-}" = "--tool" ]; then tool=$2; shift 2; fi
rows=${*:-ozbe-xcallback ozbe-xcallback-client obsidian-actions-uri obsidian-advanced-uri obsidian-advanced-uri-legacy obsidian-advanced-uri-hook}
results="$here/../results"
[ -d "$here/checkouts" ] || { echo "error: no checkouts/: run ./fetch.sh first" >&2; exit 70; }
[ -x "$tool" ] || { echo "error: $tool not found: run swift build at $root, or pass --tool" >&2; exit 70; }
mkdir -p "$results"

case " $rows " in *" ozbe-xcallback"*)
    (cd "$here/rust-xcallback" && cargo build --offline --release --quiet)
    rust_toolchain="$(rustc --version); url $(awk '/^name = "url"$/ { getline; print $3 }' "$here/rust-xcallback/Cargo.lock" | tr -d '"') from Debian's librust-url-dev (the crate's Cargo.lock pins 2.1.1; its Cargo.toml asks for 2.1.1, so any 2.x)"
;; esac
case " $rows " in *" obsidian-"*)
    node "$here/obsidian/build.cjs"
    node_toolchain="Node $(node --version) (its WHATWG URL), TypeScript $(node -e 'console.log(require("/usr/share/nodejs/typescript").version)') transpileModule (Debian node-typescript)"
;; esac

for row in $rows; do
    case $row in
        ozbe-xcallback)
            name=ozbe-xcallback
            command="$here/rust-xcallback/target/release/ozbe-xcallback-adapter"
            adapter="Tests/Implementations/other-libraries/rust-xcallback (src/x_callback_url.rs compiled unchanged as a module; subprocess protocol)"
            patch="none: src/x_callback_url.rs builds on Linux as it is (the checkout's patch touches src/macos.rs only, which this row does not compile)"
            toolchain=$rust_toolchain ;;
        ozbe-xcallback-client)
            name=ozbe-xcallback
            command="$here/rust-xcallback/target/release/ozbe-xcallback-client-adapter"
            adapter="Tests/Implementations/other-libraries/rust-xcallback/src/bin/client.rs (src/x_callback_url.rs, src/client.rs, src/macos.rs as modules; NSXCallbackClient::execute; subprocess protocol)"
            patch="Tests/Implementations/other-libraries/patches/ozbe-xcallback.patch (rand 0.8 build fix); AppKit and Objective-C replaced by Tests/Implementations/other-libraries/rust-xcallback/stubs (open_url records the URL, everything else panics if used)"
            toolchain="$rust_toolchain; lazy_static 1.4.0 and rand 0.8.5 from Debian (the lock pins 1.4.0 and 0.7.3)" ;;
        obsidian-actions-uri|obsidian-advanced-uri|obsidian-advanced-uri-legacy|obsidian-advanced-uri-hook)
            case $row in obsidian-actions-uri) name=obsidian-actions-uri ;; *) name=obsidian-advanced-uri ;; esac
            command="node $here/obsidian/adapter.cjs ${row#obsidian-}"
            adapter="Tests/Implementations/other-libraries/obsidian/adapter.cjs ${row#obsidian-} (subprocess protocol)"
            patch="none: the plugin's src/**/*.ts transpiled unchanged, class fields as its own tsconfig.json has them; npm imports replaced by Tests/Implementations/other-libraries/obsidian/stubs (window.open and requestUrl record the URL; the vault's one note (open on the hook route, written by write mode new on adv-uri) and obsidian-community-lib's stripMD fill only the declared extra parameters; everything else throws if used)"
            toolchain=$node_toolchain ;;
        *) echo "error: unknown row $row" >&2; exit 64 ;;
    esac
    # The adapter's hello must claim the roles roles.tsv gives the row, and only their operations.
    # shellcheck disable=SC2086
    python3 "$here/../tools/roles.py" --check "$row" $command || exit 70
    report="$results/$row.json"
    "$tool" --target "$command" --format json --output "$report" --no-progress || true
    python3 "$here/../tools/provenance.py" "$report" "$here/libraries.tsv" "$name" \
        patch="$patch" adapter="$adapter" toolchain="$toolchain"
done
# The audit of the rows just run (../tools/audit.py); it stops the run when a must failure has no cause.
# shellcheck disable=SC2086
"$here/../tools/audit.py" $rows
