#!/usr/bin/env bash
# bench/peers/venv.sh — creates the peers' Python venv (<build-dir>/peers/venv: drjit==1.5.0, jax[cpu], numpy) once
#
# Usage: bench/peers/venv.sh <build-dir>. The one place that makes the venv that bench/peers/run.sh and
# bench_dispatch's Dr.Jit figures use: bench/run.sh calls it before the first benchmark that needs it, bench/peers/run.sh
# when run on its own. Benchmark tools only, never a dependency of tracejit. Progress goes to stderr. Exit status 0:
# the venv is there and imports numpy (a peer that does not import is reported by its user); 1: it could not be made,
# and stdout holds one line saying why (PyPI unreachable, no python3-venv), for the callers' SKIPPED lines.
set -uo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 <build-dir>" >&2
    exit 2
fi
mkdir -p "$1/peers" || exit 2
build=$(cd "$1" && pwd) || exit 2
venv="$build/peers/venv"

fail() {
    echo "$*"
    exit 1
}

if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import numpy' 2>/dev/null; then
    echo "creating $venv (drjit==1.5.0, jax[cpu], numpy from PyPI)" >&2
    python3 -m venv "$venv" >&2 || fail "python3 -m venv $venv failed (install python3-venv)"
fi
if ! "$venv/bin/python" -c 'import drjit, jax, numpy; assert drjit.__version__ == "1.5.0"' 2>/dev/null; then
    log="$build/peers/pip.log"
    if ! "$venv/bin/pip" install --disable-pip-version-check -q 'drjit==1.5.0' 'jax[cpu]' numpy >"$log" 2>&1; then
        fail "pip install drjit==1.5.0 'jax[cpu]' numpy into $venv failed (PyPI unreachable?): $(tail -n 1 "$log")"
    fi
fi
"$venv/bin/python" -c 'import numpy' 2>/dev/null || fail "numpy does not import in $venv"
exit 0
