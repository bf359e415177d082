#!/bin/sh
# Clones each implementation of libraries.tsv at its pinned commit into checkouts/ (ignored by git)
# and applies our build-fix patch from patches/ where there is one (none today). Third-party
# sources are never committed.
#
#   ./fetch.sh                      clone from GitHub
#   ./fetch.sh /path/to/mirrors     clone from local mirrors named owner+name/repo (bare or not),
#                                   as the tool library's `fetch` leaves them under /work/.mirror
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mirrors=${1:-}
mkdir -p "$here/checkouts"
grep -v '^#' "$here/libraries.tsv" | while IFS='	' read -r name repository commit date patch; do
    destination="$here/checkouts/$name"
    source=$repository
    if [ -n "$mirrors" ]; then
        slug=$(echo "$repository" | sed 's#https://github.com/##; s#/#+#')
        source="$mirrors/$slug/repo"
    fi
    rm -rf "$destination"
    git clone --quiet --no-checkout "$source" "$destination"
    git -C "$destination" checkout --quiet "$commit" || { echo "error: $name: commit $commit not in $source" >&2; exit 1; }
    if [ "$patch" != "-" ]; then
        git -C "$destination" apply --whitespace=nowarn "$here/patches/$patch" || { echo "error: $name: patches/$patch does not apply to $commit" >&2; exit 1; }
    fi
    echo "$name $commit ($date) from $source, patch: $patch"
done
