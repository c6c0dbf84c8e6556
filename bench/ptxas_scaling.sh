#!/usr/bin/env bash
# bench/ptxas_scaling.sh — the PTX assembler's time for one long kernel at its default level and at level 1
#
# Usage: bench/ptxas_scaling.sh <build-dir> [operations…]   (default 10000 30000 100000)
# For each length, traces the float chain of tests/runtime/test_stress.cpp (x*2-y, 32768-|x-32768|, max(x, y*1000),
# x+y+1) as one CUDA kernel on the `memory` fake driver, which saves the module's PTX (TJ_FAKE_CUDA_DUMP_PTX), then
# times `ptxas -arch=sm_90` on it at -O3 (the driver's default) and -O1 (what the backend asks for above
# long_kernel_statements, runtime/backend/cuda/cuda_context.h). Prints one line per length. Needs ptxas
# ($TRACEJIT_PTXAS or /usr/local/cuda/bin/ptxas) and clang++-19. The figures are in docs/cuda.md, "Long kernels".
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 <build-dir> [operations…]" >&2; exit 2; }
build=$(cd "$1" && pwd)
shift
lengths=("$@")
[[ ${#lengths[@]} -gt 0 ]] || lengths=(10000 30000 100000)
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ptxas=${TRACEJIT_PTXAS:-/usr/local/cuda/bin/ptxas}
[[ -x "$ptxas" ]] || { echo "ptxas_scaling: no ptxas at $ptxas (set TRACEJIT_PTXAS)" >&2; exit 1; }
work=$(mktemp -d /tmp/tj_ptxas_scaling.XXXXXX)
trap 'rm -rf "$work"' EXIT
cat > "$work/chain.cpp" <<'CPP'
#include <tracejit/tracejit.h>
#include <cstdlib>
int main(int, char **argv) {
    const size_t steps = std::strtoull(argv[1], nullptr, 10) / 2; // two operations per step
    const tj::Float y(std::vector<float>(5, 1.f));
    tj::Float x = tj::arange<tj::Float>(5);
    for (size_t k = 0; k < steps; ++k)
        switch (k % 4) {
        case 0: x = x * 2.f - y; break;
        case 1: x = 32768.f - tj::abs(x - 32768.f); break;
        case 2: x = tj::max(x, y * 1000.f); break;
        default: x = x + y + 1.f;
        }
    tj::eval(x);
}
CPP
clang++-19 -std=c++20 -O1 "$work/chain.cpp" -I"$repo/include" -L"$build/runtime" -ltracejit \
    -Wl,-rpath,"$build/runtime" -o "$work/chain"
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
echo "operations | PTX statements | ptxas -O3 s | ptxas -O1 s"
for ops in "${lengths[@]}"; do
    mkdir -p "$work/ptx$ops"
    TRACEJIT_BACKEND=cuda TRACEJIT_CACHE=0 TRACEJIT_CACHE_DIR="$work/cache" TJ_FAKE_CUDA_DUMP_PTX="$work/ptx$ops" \
        LD_LIBRARY_PATH="$build/tests/fake_cuda/memory" "$work/chain" "$ops"
    ptx=$(ls -S "$work/ptx$ops"/*.ptx | head -1) # the chain's kernel is the largest module
    statements=$(tr -cd ';' < "$ptx" | wc -c)
    echo "$ops | $statements | $(seconds "$ptxas" -O3 -arch=sm_90 "$ptx" -o "$work/o3.cubin") |" \
         "$(seconds "$ptxas" -O1 -arch=sm_90 "$ptx" -o "$work/o1.cubin")"
done
