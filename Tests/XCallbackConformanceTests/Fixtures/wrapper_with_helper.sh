#!/bin/sh
# A shell wrapper that leaves a background job running, as adopters write them:
#     sh wrapper_with_helper.sh MARKER MODE [VECTOR_ID]
# The job sleeps for ten minutes with MARKER on its command line and holds the wrapper's stdout.
marker=$1
shift
python3 -c 'import time; time.sleep(600)' "$marker" &
exec python3 "$(dirname "$0")/misbehaving_target.py" "$@"
