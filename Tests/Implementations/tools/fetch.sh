#!/bin/sh
# Clones each implementation of FOLDER/libraries.tsv at its pinned commit into FOLDER/checkouts/
# (ignored by git) and applies the build-fix patch FOLDER/patches/<patch> where the pin names one.
# Third-party sources are never committed. Each folder's ./fetch.sh calls this with its own path.
#
#   tools/fetch.sh FOLDER                   clone from GitHub
#   tools/fetch.sh FOLDER /path/to/mirrors  clone from local mirrors named owner+name/repo (bare or not),
#                                           as the tool library's `fetch` leaves them under /work/.mirror
set -eu
[ $# -ge 1 ] || { echo "usage: tools/fetch.sh FOLDER [MIRRORS]" >&2; exit 64; }
folder=$(cd "$1" && pwd)
mirrors=${2:-}
[ -f "$folder/libraries.tsv" ] || { echo "error: no $folder/libraries.tsv" >&2; exit 66; }
mkdir -p "$folder/checkouts"
grep -v '^#' "$folder/libraries.tsv" | while IFS='	' read -r name repository commit date patch; do
    destination="$folder/checkouts/$name"
    source=$repository
    if [ -n "$mirrors" ]; then
        slug=$(echo "$repository" | sed 's#https://github.com/##; s#/#+#')
        source="$mirrors/$slug/repo"
    fi
    rm -rf "$destination"
    git clone --quiet --no-checkout "$source" "$destination"
    git -C "$destination" checkout --quiet "$commit" || { echo "error: $name: commit $commit not in $source" >&2; exit 1; }
    if [ "$patch" != "-" ]; then
        git -C "$destination" apply --whitespace=nowarn "$folder/patches/$patch" \
            || { echo "error: $name: patches/$patch does not apply to $commit" >&2; exit 1; }
    fi
    echo "$name $commit ($date) from $source, patch: $patch"
done
