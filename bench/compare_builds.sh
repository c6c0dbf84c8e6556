#!/usr/bin/env bash
# bench/compare_builds.sh — the GOAL lines of two builds, measured in turns, with the ratio of each figure
#
# Usage: bench/compare_builds.sh <build-A> <build-B> [rounds]   (two Release builds with TRACEJIT_BUILD_BENCH=ON and
# their `benchmarks` target built, e.g. before and after a change). Each round runs every benchmark program of
# BENCH_ONLY (default: the programs of bench/run.sh that need neither MPI, a GPU nor the peers' venv) once from A and
# once from B, A first in odd rounds and B first in even ones, so that a change of the machine's load hits both
# alike. Prints each GOAL line's median figure per build over the rounds and B's figure over A's; "within noise"
# is for the reader to judge against the spread the rounds print (min–max). BENCH_RUNS is passed on (default 3).
set -uo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: $0 <build-A> <build-B> [rounds (default 3)]" >&2
    exit 2
fi
a=$1
b=$2
rounds=${3:-3}
only=${BENCH_ONLY:-"fused fma trace compile launch ad freeze mandelbrot block_reduce scan tape every_marked tape_startup plugin_compile texture dispatch"}
export BENCH_RUNS=${BENCH_RUNS:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//');" \
     "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "A = $a ($(git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null) is this checkout), B = $b;" \
     "$rounds rounds, BENCH_RUNS=$BENCH_RUNS"
for ((r = 1; r <= rounds; ++r)); do
    order=(A B)
    ((r % 2 == 0)) && order=(B A)
    for prog in $only; do
        for side in "${order[@]}"; do
            dir=$a
            [[ $side == B ]] && dir=$b
            exe="$dir/bench/bench_$prog"
            if [[ ! -x "$exe" ]]; then
                echo "round $r: $exe not built, left out" >&2
                continue
            fi
            # Each run with a fresh kernel cache, as bench/run.sh's programs set up themselves.
            # (A program that prints no GOAL line, such as bench_tape_startup, adds nothing: not an error.)
            if ! "$exe" 2> /dev/null > "$out/run"; then
                echo "round $r: $exe exited with an error" >&2
            fi
            grep '^GOAL ' "$out/run" | grep -v 'NOT BUILT\|SKIPPED' >> "$out/$side.$r"
        done
    done
    echo "round $r done, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
done

python3 - "$out" "$rounds" << 'EOF'
import re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
line = re.compile(r"^GOAL (.+?)\s+(-?[0-9.]+) (\S*)\s+goal")
figures = {"A": {}, "B": {}}
order = []
for side in "AB":
    for r in range(1, rounds + 1):
        try:
            text = open(f"{out}/{side}.{r}").read().splitlines()
        except FileNotFoundError:
            continue
        for l in text:
            m = line.match(l)
            if not m:
                continue
            name = f"{m.group(1).strip()} [{m.group(3)}]"
            figures[side].setdefault(name, []).append(float(m.group(2)))
            if name not in order:
                order.append(name)
print(f"{'goal':60s} {'A median':>12s} {'(min-max)':>21s} {'B median':>12s} {'(min-max)':>21s} {'B/A':>7s}")
for name in order:
    fa, fb = figures["A"].get(name, []), figures["B"].get(name, [])
    if not fa or not fb:
        print(f"{name:60s} only in {'A' if fa else 'B'}")
        continue
    ma, mb = statistics.median(fa), statistics.median(fb)
    ratio = mb / ma if ma else float("nan")
    print(f"{name:60s} {ma:12.3f} ({min(fa):9.3f}-{max(fa):9.3f}) {mb:12.3f} ({min(fb):9.3f}-{max(fb):9.3f}) {ratio:7.3f}")
EOF
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
