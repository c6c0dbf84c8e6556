# tests/plugin/Inputs/exit_status.py — runs a program and prints how it ended: "exit N" or "signal NAME"
# (lit's internal shell cannot show a status; the tests of the on-exit tapes compare it with the plain build's).
import signal
import subprocess
import sys

status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print("exit %d" % status if status >= 0 else "signal %s" % signal.Signals(-status).name)
