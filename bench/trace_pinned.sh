#!/usr/bin/env bash
# bench/trace_pinned.sh — bench_trace of this build against the same benchmark built from a pinned older commit
#
# Usage: bench/trace_pinned.sh <build-dir> [commit (default f020edd)] [rounds (default 5)]
# Extracts the pinned commit's tree (git archive) into <build-dir>/pinned/<commit>/src (once), configures a
# Release build with TRACEJIT_BUILD_BENCH=ON beside it (<build-dir>/pinned/<commit>/build, the compiler launcher of
# <build-dir> reused: ccache) and builds its bench_trace; builds <build-dir>'s bench_trace; then runs the two in
# turns through bench/compare_builds.sh (A = the pinned commit, B = <build-dir>; A first in odd rounds, B first in
# even ones) and prints each tracing figure's median per build and B/A: above 1 this build is slower per traced
# operation. BENCH_RUNS is passed on (default 3); BENCH_JOBS
# is the build's parallel jobs (default 2). The pinned source and build stay for the next run (rm -r
# <build-dir>/pinned removes them).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 3 ]]; then
    echo "usage: $0 <build-dir> [commit (default f020edd)] [rounds (default 5)]" >&2
    exit 2
fi
build=$(cd "$1" && pwd)
commit=$(git -C "$(dirname "$0")" rev-parse --short "${2:-f020edd}^{commit}")
rounds=${3:-5}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
pinned="$build/pinned/$commit"

if [[ ! -d "$pinned/src" ]]; then
    mkdir -p "$pinned/src.part"
    git -C "$repo" archive "$commit" | tar -x -C "$pinned/src.part"
    mv "$pinned/src.part" "$pinned/src"
fi
launcher=$(sed -n 's/^CMAKE_CXX_COMPILER_LAUNCHER:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
if [[ ! -f "$pinned/build/CMakeCache.txt" ]]; then
    (cd "$pinned/src" && cmake --preset default -B "$pinned/build" -DTRACEJIT_BUILD_BENCH=ON \
        ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher}) > "$pinned/configure.log" ||
        { echo "configuring $commit failed: $pinned/configure.log" >&2; exit 1; }
fi
echo "building bench_trace of $commit ($pinned/build) and of $build" >&2
cmake --build "$pinned/build" --target bench_trace -j "${BENCH_JOBS:-2}" > "$pinned/build.log" ||
    { echo "building $commit's bench_trace failed: $pinned/build.log" >&2; exit 1; }
cmake --build "$build" --target bench_trace -j "${BENCH_JOBS:-2}" > /dev/null
echo "A = $commit (pinned), B = $build at $(git -C "$here" rev-parse --short HEAD)"
BENCH_ONLY=trace exec "$here/compare_builds.sh" "$pinned/build" "$build" "$rounds"
