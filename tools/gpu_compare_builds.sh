#!/usr/bin/env bash
# tools/gpu_compare_builds.sh — on a GPU machine: bench_cuda with several builds of libtracejit.so.0, alternating
#
# Usage: tools/gpu_compare_builds.sh BENCH_CUDA ROUNDS DIR...   (each DIR holds a libtracejit.so.0)
# Runs BENCH_CUDA once per DIR per round, in the order given, with LD_LIBRARY_PATH=DIR (which the loader searches
# before the binary's RUNPATH), so that the builds share the machine's conditions; prints each run's GOAL figures
# (and a SKIPPED or FAILED line as bench_cuda wrote it), then per build and figure the median and every value.
# BENCH_RUNS (default 2) scales bench_cuda's repetitions; TJ_COMPARE_SECONDS (default 0: no limit) stops before a run
# that would start later. Exit status 1 when a run fails, 2 for wrong arguments.
# Tested by tests/tools/gpu_compare_test.sh.
set -uo pipefail
[ $# -ge 3 ] || { sed -n '4,10p' "$0" >&2; exit 2; }
bench=$1 rounds=$2
shift 2
limit=${TJ_COMPARE_SECONDS:-0}
t0=$(date +%s)
status=0
declare -A figures
for ((r = 1; r <= rounds; ++r)); do
    for dir in "$@"; do
        if [ "$limit" -gt 0 ] && [ $(( $(date +%s) - t0 )) -ge "$limit" ]; then
            echo "stopped after $(( $(date +%s) - t0 )) s (TJ_COMPARE_SECONDS=$limit)"
            break 2
        fi
        out=$(LD_LIBRARY_PATH=$(cd "$dir" && pwd) BENCH_RUNS=${BENCH_RUNS:-2} "$bench" 2>&1)
        rc=$?
        [ $rc -ne 0 ] && status=1
        # "GOAL CUDA <name> <figure> <unit> goal ..." -> "<name> <figure>"
        goals=$(grep -E '^GOAL CUDA' <<< "$out" |
                sed -E 's/^GOAL CUDA ([^ ]+( [^ 0-9][^ ]*)*) +([0-9.]+) ([a-z]+).*/\1 \3/')
        echo "round $r $dir (exit $rc):"
        grep -E 'FAILED|SKIPPED' <<< "$out" | sed 's/^/  /'
        sed 's/^/  /' <<< "$goals"
        while IFS= read -r line; do
            [ -n "$line" ] && figures["$dir|${line% *}"]+="${line##* } "
        done <<< "$goals"
    done
done
echo "medians:"
printf '%s\n' "${!figures[@]}" | sort | while IFS= read -r key; do
    values=(${figures[$key]})
    median=$(printf '%s\n' "${values[@]}" | sort -g |
             awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')
    echo "  ${key%%|*}: ${key#*|} median $median of ${#values[@]} (${values[*]})"
done
exit $status
