#!/usr/bin/env bash
# bench/peers/run.sh — tracejit against Dr.Jit and JAX (from PyPI, in a venv) on the benchmarks' workloads
#
# Usage: bench/peers/run.sh <build-dir> [workload ...]   (bench/run.sh runs it as BENCH_ONLY=peers)
# Uses <build-dir>/peers/venv with drjit==1.5.0, jax[cpu] and numpy (bench/peers/venv.sh makes it once; bench/run.sh
# has done so already when it sets PEERS_VENV_SKIPPED): benchmark tools only, never a dependency of tracejit. Dr.Jit's
# LLVM backend is pointed at Debian's libLLVM 19. Then builds bench_peers_worker and runs bench/peers/harness.py. Where PyPI cannot be reached or a package does not import, it prints SKIPPED and
# why, and exits 0: it never fails a build. Environment: BENCH_RUNS, PEERS_ONLY, PEERS_CORE (harness.py);
# PEERS_CPU=x86-64-v3 (or x86-64-v2, x86-64-v4) compiles every peer for that CPU: tracejit through TRACEJIT_CPU,
# Dr.Jit through jit_llvm_set_target (drjit_target.py), JAX through XLA_FLAGS=--xla_cpu_max_isa (AVX2 for v3);
# the C++ loops stay -march=native. Builds and runs bench_bandwidth_probe before the fused figures (harness.py).
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
if [[ -n ${PEERS_CPU:-} ]]; then
    case $PEERS_CPU in
    x86-64-v2) isa=SSE4_2 ;;
    x86-64-v3) isa=AVX2 ;;
    x86-64-v4) isa=AVX512 ;;
    *)
        echo "PEERS_CPU=$PEERS_CPU: one of x86-64-v2, x86-64-v3, x86-64-v4 (a level all three peers can be set to)" >&2
        exit 2
        ;;
    esac
    export PEERS_CPU TRACEJIT_CPU=$PEERS_CPU XLA_FLAGS="${XLA_FLAGS:+$XLA_FLAGS }--xla_cpu_max_isa=$isa"
fi

skip() {
    echo "GOAL peers (tracejit against Dr.Jit and JAX) SKIPPED: $*"
    exit 0
}

if [[ -n ${PEERS_VENV_SKIPPED+set} ]]; then # bench/run.sh ran venv.sh already: empty when the venv is ready
    [[ -z $PEERS_VENV_SKIPPED ]] || skip "$PEERS_VENV_SKIPPED"
else
    why=$("$here/venv.sh" "$build") || skip "$why"
fi
for pkg in drjit jax; do # a peer that does not import is skipped by the harness, with the error
    if ! msg=$("$venv/bin/python" -c "import $pkg; print($pkg.__version__)" 2>&1); then
        echo "note: $pkg does not import: $(echo "$msg" | tail -n 1)"
    else
        echo "$pkg $msg"
    fi
done
if [[ -f "$build/CMakeCache.txt" ]]; then
    if ! cmake --build "$build" --target bench_peers_worker bench_bandwidth_probe >/dev/null; then
        echo "building bench_peers_worker or bench_bandwidth_probe failed" >&2
        exit 1
    fi
fi
worker="$build/bench/bench_peers_worker"
[[ -x "$worker" ]] || { echo "$worker is missing: configure $build with -DTRACEJIT_BUILD_BENCH=ON" >&2; exit 1; }
echo "Dr.Jit's LLVM: $DRJIT_LIBLLVM_PATH"
exec "$venv/bin/python" "$here/harness.py" "$worker" "$@"
