# tests/plugin/Inputs/file_size_limit.py — runs a program with RLIMIT_FSIZE set (a full disk, as the program sees it)
# Usage: file_size_limit.py BYTES PROGRAM ARGS…  (lit's internal shell has no ulimit). The program's stdout, stderr
# and exit status pass through; a program killed by a signal exits with 128 + the signal, as a shell reports it.
import os
import resource
import subprocess
import sys

limit = int(sys.argv[1])
status = subprocess.run(
    sys.argv[2:], preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
).returncode
sys.exit(status if status >= 0 else 128 - status)
