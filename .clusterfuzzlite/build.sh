#!/bin/bash -eu
# ClusterFuzzLite build script: the OSS-Fuzz one, on the copy of the repository the Dockerfile made.
exec bash -eu "$SRC/xcallback-conformance/Fuzz/oss-fuzz/build.sh"
