#!/usr/bin/env bash
# Packages a built xcallback-conformance binary with its vectors, in the layout the binary searches:
#   xcallback-conformance/bin/xcallback-conformance
#   xcallback-conformance/share/xcallback-conformance/Vectors/   (manifest.json, vector files, protocol/)
# and writes xcallback-conformance-<version>-<os>-<arch>.tar.gz and its .sha256 into OUTDIR.
# The release workflow (.github/workflows/release.yml), the container recipe (.ci/Containerfile) and the
# adopter-example test run it. Usage: .ci/package.sh BINARY OUTDIR
set -euo pipefail
binary=${1:?usage: .ci/package.sh BINARY OUTDIR}
out=${2:?usage: .ci/package.sh BINARY OUTDIR}
root="$(cd "$(dirname "$0")/.." && pwd)"
version=$("$binary" --version --vectors "$root/Vectors" | awk '{print $2}')
name="xcallback-conformance-$version-$(uname -s | tr 'A-Z' 'a-z')-$(uname -m)"
stage="$out/xcallback-conformance"
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/share/xcallback-conformance"
cp "$binary" "$stage/bin/xcallback-conformance"
cp -R "$root/Vectors" "$stage/share/xcallback-conformance/Vectors"
rm -rf "$stage/share/xcallback-conformance/Vectors/tools/__pycache__"
"$stage/bin/xcallback-conformance" list --level must > /dev/null  # the packaged binary finds its vectors
tar -czf "$out/$name.tar.gz" -C "$out" xcallback-conformance
if command -v sha256sum > /dev/null; then hash=(sha256sum); else hash=(shasum -a 256); fi
(cd "$out" && "${hash[@]}" "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$out/$name.tar.gz"
