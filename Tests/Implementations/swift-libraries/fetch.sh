#!/bin/sh
# Clones each library of libraries.tsv at its pinned commit into checkouts/ (ignored by git) and
# applies its build-fix patch from patches/: ../tools/fetch.sh does it for this folder.
#
#   ./fetch.sh                      clone from GitHub
#   ./fetch.sh /path/to/mirrors     clone from local mirrors named owner+name/repo (/work/.mirror)
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../tools/fetch.sh" "$here" "$@"
