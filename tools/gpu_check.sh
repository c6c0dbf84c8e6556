#!/usr/bin/env bash
# tools/gpu_check.sh — on a machine with an NVIDIA GPU: builds in Release, runs every CUDA test and bench_cuda, prints one summary
#
# Usage: tools/gpu_check.sh [build-folder]   (default build-gpu; a folder that already holds the binaries is reused)
# Needs the README's Debian packages (or a build carried by tools/gpu_bundle.sh), an NVIDIA driver (libcuda.so.1)
# and, for kernels that call libdevice, the CUDA toolkit's nvvm/libdevice under $CUDA_HOME (default /usr/local/cuda).
# What it runs, on the real driver:
#   1. ctest -L cuda: the PTX emulator's own tests, the CUDA tests on the fake drivers (they keep using the fakes),
#      and runtime.on_cuda.<file>, the backend-independent runtime tests again with TRACEJIT_BACKEND=cuda on the
#      device (not runtime.on_cuda_emulated.<file>: the same cases on the emulator, which CI runs);
#   2. the differential tester for TJ_GPU_FUZZ_SECONDS (default 120): its CUDA modes compare every value with the
#      reference on the device;
#   3. bench_cuda: fused, reduction and scan bandwidth against the device's copy, launch overhead, a frozen replay.
# The last lines are the summary (one line per step, then the GOAL lines) for a note to quote. Exit status 0 when every
# step passed on a GPU, 2 when no usable device was found (runtime.on_cuda.* skipped), 1 when something failed.
# Budget: about 10 minutes on a 16-core host with an H100/H200 when it builds; with a build carried by
# tools/gpu_bundle.sh about 5 (TJ_GPU_FUZZ_SECONDS and TJ_GPU_TEST_TIMEOUT, seconds per ctest entry, shorten it).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build-gpu}
fuzz_seconds=${TJ_GPU_FUZZ_SECONDS:-120}
jobs=$(nproc)
log=${TJ_GPU_LOG_DIR:-$(mktemp -d /tmp/tj_gpu_check.XXXXXX)} # kept: the summary names it; TJ_GPU_LOG_DIR puts it elsewhere
mkdir -p "$log"
t0=$(date +%s)
summary=()
status=0
note() { summary+=("$*"); }
elapsed() { echo "$(( $(date +%s) - t0 )) s"; }

device=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -1)
note "device: ${device:-nvidia-smi found no GPU}; host: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

if [ ! -x "$build/tests/tracejit_tests" ] || [ ! -x "$build/bench/bench_cuda" ]; then
    if ! { cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-19 \
               -DTRACEJIT_BUILD_SAMPLES=OFF > "$log/configure.txt" 2>&1 &&
           cmake --build "$build" -j "$jobs" --target tracejit_tests ptx_exec_tests \
               tj_differential bench_cuda > "$log/build.txt" 2>&1; }; then
        tail -30 "$log/configure.txt" "$log/build.txt" 2>/dev/null
        echo "gpu_check: the build failed (logs in $log)"
        exit 1
    fi
    note "build: Release in $build, $(elapsed)"
else
    note "build: reused $build"
fi

# 1. Every CUDA test. (ctest names the tests it could not run; a test whose binary was not built fails.)
ctest --test-dir "$build" -L cuda -E '^runtime\.on_cuda_emulated\.' -j "$jobs" --output-on-failure \
    --timeout "${TJ_GPU_TEST_TIMEOUT:-600}" \
    > "$log/ctest.txt" 2>&1
rc=$?
[ $rc -ne 0 ] && status=1
note "ctest -L cuda: $(grep -E '^[0-9]+% tests passed' "$log/ctest.txt" || echo "no summary (exit $rc)"); \
skipped: $(grep -c 'Skipped' "$log/ctest.txt"); $(elapsed)"
grep -E '\(Failed\)|\(Timeout\)|\(SEGFAULT\)|Not Run' "$log/ctest.txt" | sed 's/^/  /' > "$log/failed.txt"
if grep -qE 'runtime\.on_cuda\.[a-z_]+ \(Skipped\)' "$log/ctest.txt"; then
    [ $status -eq 0 ] && status=2 # without a usable device nothing above ran on a GPU: not a pass
    note "  runtime.on_cuda.* skipped: no usable CUDA device (tj::has_backend(CUDA) is false)"
fi
while IFS= read -r line; do note "  failed: $line"; done < "$log/failed.txt"

# 2. The differential tester with the CUDA modes on the device.
"$build/tests/fuzz/differential/tj_differential" --seed 1 --seconds "$fuzz_seconds" --avoid-known none \
    > "$log/fuzz.txt" 2>&1
rc=$?
[ $rc -ne 0 ] && status=1
note "tj_differential (${fuzz_seconds} s, exit $rc): $(grep -E '^tj_differential:' "$log/fuzz.txt" | head -1)"
note "  $(grep -iE 'CUDA modes' "$log/fuzz.txt" | head -1)"
grep -A12 '^MISMATCH' "$log/fuzz.txt" | head -24 | while IFS= read -r line; do echo "  $line"; done > "$log/mismatch.txt"
while IFS= read -r line; do note "$line"; done < "$log/mismatch.txt"

# 3. The CUDA benchmark.
"$build/bench/bench_cuda" > "$log/bench.txt" 2>&1
rc=$?
[ $rc -ne 0 ] && status=1
note "bench_cuda (exit $rc), $(elapsed):"
while IFS= read -r line; do note "  $line"; done < "$log/bench.txt"

echo
echo "=== tools/gpu_check.sh summary (logs in $log) ==="
printf '%s\n' "${summary[@]}"
result=$([ $status -eq 0 ] && echo PASSED || { [ $status -eq 2 ] && echo "NOT RUN ON A GPU (no usable device)" || echo FAILED; })
echo "result: $result in $(elapsed)"
exit $status
