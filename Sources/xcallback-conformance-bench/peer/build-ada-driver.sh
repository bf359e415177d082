#!/usr/bin/env bash
# Builds the bench's ada-url peer: fetches ada-url's PyPI source distribution at a pinned version, checks its
# SHA-256, unpacks its amalgamation (ada.h, ada.cpp) and compiles ada_driver.cpp against it. Nothing of ada-url
# is committed or linked into any product of the package: it lives in the output directory, under .build/.
#
# Usage: build-ada-driver.sh [OUT_DIR]   (default: <package>/.build/ada-url-4.0.0)
# Prints the driver's path on stdout; exits 1, saying why on stderr, when the sdist or a compiler is missing.
# Environment: CXX (default: clang++, else g++), PYTHON (default: python3).
set -euo pipefail
version=4.0.0
sha256=9f399ec867349800a4c2d3aa8df8c533c340494b04d34b1f082b97d9a8b76a07
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$root/.build/ada-url-$version}
driver=$out/ada_driver
archive=$out/ada_url-$version.tar.gz
say() { echo "build-ada-driver: $*" >&2; }

if [ -x "$driver" ] && [ "$driver" -nt "$here/ada_driver.cpp" ] && [ "$driver" -nt "$0" ]; then
    echo "$driver"
    exit 0
fi
mkdir -p "$out"

if ! { [ -f "$archive" ] && echo "$sha256  $archive" | sha256sum -c --status; }; then
    rm -f "$archive"
    python=${PYTHON:-python3}
    if ! "$python" -m pip --version >/dev/null 2>&1; then
        say "no pip for $python: cannot fetch ada-url $version (apt-get install python3-pip)"
        exit 1
    fi
    say "fetching ada-url $version from PyPI"
    if ! "$python" -m pip download --quiet --no-binary :all: --no-deps --dest "$out" "ada-url==$version" >&2; then
        say "pip could not fetch ada-url $version"
        exit 1
    fi
    if ! echo "$sha256  $archive" | sha256sum -c --status; then
        say "$archive does not have the pinned SHA-256 $sha256; removed"
        rm -f "$archive"
        exit 1
    fi
fi

tar -xzf "$archive" -C "$out" --strip-components=2 "ada_url-$version/ada_url/ada.h" "ada_url-$version/ada_url/ada.cpp"
compiler=${CXX:-}
if [ -z "$compiler" ]; then
    if command -v clang++ >/dev/null; then compiler=clang++; elif command -v g++ >/dev/null; then compiler=g++; fi
fi
if [ -z "$compiler" ]; then
    say "no C++ compiler (clang++ or g++; or set CXX)"
    exit 1
fi
# The flags the issue measured ada-url with. ada.cpp uses std::get_temporary_buffer (via std::stable_sort),
# which libstdc++ 12 marks deprecated: that warning is ada's and libstdc++'s, not ours.
flags=(-O3 -std=c++20 -march=native -Wno-deprecated-declarations)
say "compiling ada-url $version and the driver with $compiler ${flags[*]}"
"$compiler" "${flags[@]}" -c "$out/ada.cpp" -o "$out/ada.o"
"$compiler" "${flags[@]}" -I "$out" "$here/ada_driver.cpp" "$out/ada.o" -o "$driver.tmp"
mv "$driver.tmp" "$driver"
echo "$driver"
