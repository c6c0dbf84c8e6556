#!/usr/bin/env bash
# bench/run.sh — builds and runs every tracejit benchmark, then repeats the goal lines as a summary
#
# Usage: bench/run.sh <build-dir>   (configures a Release build there if the folder has none yet)
# Environment: BENCH_RUNS=n scales the number of timed runs (default 10); BENCH_ONLY="trace launch" runs a subset
# (fused fma trace compile launch ad freeze mandelbrot block_reduce scan cuda tape every_marked tape_startup
# plugin_compile fast_path texture dispatch mpi peers). fast_path: bench/fast_path/measure.py (marked/plain of three
# small programs, no tape). peers: tracejit against Dr.Jit and JAX (bench/peers/run.sh: a venv
# with both from PyPI under <build-dir>/peers, made by bench/peers/venv.sh before the first benchmark that uses it,
# dispatch or peers; SKIPPED where PyPI cannot be reached). bench_mpi runs under `mpirun -np 2` (with
# --oversubscribe and, as root, --allow-run-as-root when mpirun is Open MPI's).
set -uo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 <build-dir>" >&2
    exit 2
fi
build=$1
source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ ! -f "$build/CMakeCache.txt" ]]; then
    echo "configuring a Release build in $build"
    cmake -S "$source_dir" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release \
        -DTRACEJIT_BUILD_BENCH=ON || exit 1
fi
if ! grep -q '^TRACEJIT_BUILD_BENCH:BOOL=ON' "$build/CMakeCache.txt"; then
    echo "$0: $build is configured with TRACEJIT_BUILD_BENCH=OFF; reconfigure it with -DTRACEJIT_BUILD_BENCH=ON" >&2
    exit 2
fi
type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
if [[ "$type" != "Release" ]]; then
    echo "warning: $build is a '${type:-no type}' build; benchmark figures are meant for Release" >&2
fi
if grep -q '^TRACEJIT_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
    echo "warning: $build is built with sanitizers; the figures will be meaningless" >&2
fi
cmake --build "$build" --target benchmarks || exit 1

all="fused fma trace compile launch ad freeze mandelbrot block_reduce scan cuda tape every_marked tape_startup plugin_compile fast_path texture dispatch mpi peers"
only=${BENCH_ONLY:-$all}
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
status=0
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'),"\
     "$(grep -qw avx512f /proc/cpuinfo && echo AVX-512 || echo no AVX-512); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# The peers' venv (Dr.Jit, JAX) before the first benchmark that uses it: bench_dispatch's Dr.Jit figures, and peers.
# PEERS_VENV_SKIPPED tells both the outcome (empty: ready; else why not), so PyPI is tried once.
if [[ " $only " == *" dispatch "* || " $only " == *" peers "* ]]; then
    echo
    echo "=== the peers' venv ($build/peers/venv) ==="
    if PEERS_VENV_SKIPPED=$("$source_dir/bench/peers/venv.sh" "$build"); then
        PEERS_VENV_SKIPPED=
        echo "ready"
    else
        echo "not available: $PEERS_VENV_SKIPPED (the Dr.Jit and JAX figures say SKIPPED)"
    fi
    export PEERS_VENV_SKIPPED
fi
for b in $only; do
    exe="$build/bench/bench_$b"
    [[ $b == peers ]] && exe="$source_dir/bench/peers/run.sh"
    [[ $b == fast_path ]] && exe="$source_dir/bench/fast_path/measure.py"
    echo
    echo "=== bench_$b ==="
    if [[ ! -x "$exe" ]]; then # bench_tape, bench_every_marked, bench_tape_startup, bench_plugin_compile: only where the plugin is built (clang 19)
        if [[ $b == mpi ]]; then
            echo "GOAL bench_$b NOT BUILT (needs MPI: apt-get install libopenmpi-dev openmpi-bin)" | tee -a "$summary"
        else
            echo "GOAL bench_$b NOT BUILT (needs the tracejit plugin and the clang it loads into)" | tee -a "$summary"
        fi
        continue
    fi
    launcher=()
    if [[ $b == mpi ]]; then # two processes; Open MPI wants to be told about more processes than cores and root
        launcher=(mpirun -np 2)
        if mpirun --version 2>&1 | grep -q "Open MPI"; then
            launcher+=(--oversubscribe)
            [[ $(id -u) -eq 0 ]] && launcher+=(--allow-run-as-root)
        fi
    fi
    start=$(date +%s)
    if [[ $b == peers || $b == fast_path ]]; then
        "$exe" "$build" | tee -a "$summary"
    else
        "${launcher[@]}" "$exe" | tee -a "$summary"
    fi
    rc=${PIPESTATUS[0]}
    echo "(bench_$b took $(( $(date +%s) - start )) s, exit status $rc)"
    if [[ $rc -ne 0 ]]; then
        status=1
        if [[ $rc -gt 128 ]]; then
            echo "GOAL bench_$b CRASHED (signal $((rc - 128))): the goals after its last line above were not measured" >> "$summary"
        else
            echo "GOAL bench_$b FAILED a correctness check (exit status $rc): see its output above" >> "$summary"
        fi
    fi
done
echo
echo "=== summary: every goal (figure, goal, verdict, figure relative to the goal) ==="
grep '^GOAL ' "$summary" | sed 's/^GOAL /  /'
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
