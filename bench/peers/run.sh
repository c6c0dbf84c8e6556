#!/usr/bin/env bash
# bench/peers/run.sh — tracejit against Dr.Jit and JAX (from PyPI, in a venv) on the benchmarks' workloads
#
# Usage: bench/peers/run.sh <build-dir> [workload ...]   (bench/run.sh runs it as BENCH_ONLY=peers)
# Creates <build-dir>/peers/venv once and installs drjit==1.5.0, jax[cpu] and numpy there: benchmark tools only, never
# a dependency of tracejit. Dr.Jit's LLVM backend is pointed at Debian's libLLVM 19. Then builds bench_peers_worker
# and runs bench/peers/harness.py. Where PyPI cannot be reached or a package does not import, it prints SKIPPED and
# why, and exits 0: it never fails a build. Environment: BENCH_RUNS, PEERS_ONLY, PEERS_CORE (harness.py).
set -uo pipefail

if [[ $# -lt 1 ]]; then
    echo "usage: $0 <build-dir> [workload ...]" >&2
    exit 2
fi
build=$(cd "$1" && pwd) || exit 2
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
venv="$build/peers/venv"
export DRJIT_LIBLLVM_PATH=${DRJIT_LIBLLVM_PATH:-/usr/lib/llvm-19/lib/libLLVM.so.1}

skip() {
    echo "GOAL peers (tracejit against Dr.Jit and JAX) SKIPPED: $*"
    exit 0
}

if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import numpy' 2>/dev/null; then
    echo "creating $venv (drjit==1.5.0, jax[cpu], numpy from PyPI)"
    python3 -m venv "$venv" || skip "python3 -m venv failed (install python3-venv)"
fi
if ! "$venv/bin/python" -c 'import drjit, jax, numpy; assert drjit.__version__ == "1.5.0"' 2>/dev/null; then
    log="$build/peers/pip.log"
    if ! "$venv/bin/pip" install --disable-pip-version-check -q 'drjit==1.5.0' 'jax[cpu]' numpy >"$log" 2>&1; then
        skip "pip install drjit==1.5.0 'jax[cpu]' numpy failed (PyPI unreachable?): $(tail -n 1 "$log")"
    fi
fi
"$venv/bin/python" -c 'import numpy' 2>/dev/null || skip "numpy does not import in $venv"
for pkg in drjit jax; do # a peer that does not import is skipped by the harness, with the error
    if ! msg=$("$venv/bin/python" -c "import $pkg; print($pkg.__version__)" 2>&1); then
        echo "note: $pkg does not import: $(echo "$msg" | tail -n 1)"
    else
        echo "$pkg $msg"
    fi
done
if [[ -f "$build/CMakeCache.txt" ]]; then
    if ! cmake --build "$build" --target bench_peers_worker >/dev/null; then
        echo "building bench_peers_worker failed" >&2
        exit 1
    fi
fi
worker="$build/bench/bench_peers_worker"
[[ -x "$worker" ]] || { echo "$worker is missing: configure $build with -DTRACEJIT_BUILD_BENCH=ON" >&2; exit 1; }
echo "Dr.Jit's LLVM: $DRJIT_LIBLLVM_PATH"
exec "$venv/bin/python" "$here/harness.py" "$worker" "$@"
