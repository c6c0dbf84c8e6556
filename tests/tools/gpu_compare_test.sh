#!/usr/bin/env bash
# tests/tools/gpu_compare_test.sh — tools/gpu_compare_builds.sh against a stand-in for bench_cuda (no GPU needed)
#
# The stand-in prints GOAL lines whose figures depend on the build folder it was given (LD_LIBRARY_PATH) and the run,
# so the check knows each build's median; a folder named "broken" makes it fail. Usage: gpu_compare_test.sh SCRIPT
set -euo pipefail
script=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/tj_gpu_compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/old" "$work/new" "$work/broken"
cat > "$work/bench" <<'BENCH'
#!/usr/bin/env bash
count_file="$LD_LIBRARY_PATH/runs"
run=$(( $(cat "$count_file" 2>/dev/null || echo 0) + 1 ))
echo $run > "$count_file"
case "$LD_LIBRARY_PATH" in
    */old) scan=(0.100 0.102 0.101) ;;
    */new) scan=(0.469 0.460 0.465) ;;
    *) echo "FAILED: the CUDA sum or prefix sum is off"; exit 1 ;;
esac
echo "device: stand-in"
echo "GOAL CUDA prefix_sum / device copy bandwidth             ${scan[run - 1]} x     goal >= 0.400     MEETS  (1.15x of goal)"
echo "GOAL CUDA launch overhead, cached kernel (trace+launch+wait)      9.$run us    goal <= 10.000    MEETS  (1.07x of goal)"
BENCH
chmod +x "$work/bench"
fail() { echo "FAIL: $*"; echo "--- output:"; echo "$out"; exit 1; }

out=$(BENCH_RUNS=1 "$script" "$work/bench" 3 "$work/old" "$work/new") || fail "exit status $? for two good builds"
grep -qF "$work/old: prefix_sum / device copy bandwidth median 0.101 of 3 (0.100 0.102 0.101)" <<< "$out" ||
    fail "the old build's median"
grep -qF "$work/new: prefix_sum / device copy bandwidth median 0.465 of 3 (0.469 0.460 0.465)" <<< "$out" ||
    fail "the new build's median"
grep -qF "$work/new: launch overhead, cached kernel (trace+launch+wait) median 9.2 of 3 (9.1 9.2 9.3)" <<< "$out" ||
    fail "a figure in us"
[ "$(grep -c '^round ' <<< "$out")" -eq 6 ] || fail "six runs, alternating"
[ "$(grep '^round ' <<< "$out" | head -2 | grep -c -e /old -e /new)" -eq 2 ] || fail "the builds alternate"

set +e
out=$("$script" "$work/bench" 1 "$work/broken" 2>&1)
rc=$?
set -e
[ $rc -eq 1 ] || fail "exit status $rc for a failing run (expected 1)"
grep -qF "FAILED: the CUDA sum or prefix sum is off" <<< "$out" || fail "the failing run's line"

set +e
out=$("$script" "$work/bench" 2>&1)
rc=$?
set -e
[ $rc -eq 2 ] || fail "exit status $rc without build folders (expected 2)"
grep -qF "Usage:" <<< "$out" || fail "the usage text"
echo "gpu_compare_builds.sh: all checks passed"
