# bench/peers/protocol.py — the worker side of the peer harness's line protocol, and what the Python workers share
#
# A worker is started as `python <worker>.py <workload> <data-dir>`. It reads the inputs that tracejit's worker
# wrote to <data-dir>/in_*.bin, writes its result to <data-dir>/out_<peer>.bin, prints "ready key=value ...", then
# answers each line "run <variant> [arg]" from stdin with "t <seconds> [key=value ...]" (one warm measurement).
# bench/peers/tracejit_worker.cpp speaks the same protocol; bench/peers/harness.py alternates the workers' turns.
import ctypes
import os
import sys
import time

import numpy as np

clock = time.perf_counter


def load(folder, name, dtype=np.float32):
    return np.fromfile(os.path.join(folder, name), dtype=dtype)


def save(folder, peer, values, dtype=np.float32):
    np.asarray(values, dtype=dtype).tofile(os.path.join(folder, f"out_{peer}.bin"))


def ready_fields(folder):
    """The key=value fields of tracejit's ready line, which the harness passes on in PEERS_TRACEJIT_READY."""
    return dict(kv.split("=", 1) for kv in os.environ.get("PEERS_TRACEJIT_READY", "").split() if "=" in kv)


def threads():
    return int(os.environ.get("PEER_THREADS", "0")) or os.cpu_count()


def build_chain(x, a, b, ops):
    """bench::build_chain (bench/chain.h): ops operations *a, +b, -a, *b, ... on x, as a Python user writes it."""
    for _ in range(ops // 4):
        x = x * a
        x = x + b
        x = x - a
        x = x * b
    rest = ops % 4
    if rest > 0:
        x = x * a
    if rest > 1:
        x = x + b
    if rest > 2:
        x = x - a
    return x


# --- memory of the process (as bench_ad measures it) -------------------------------------------------------------
_libc = ctypes.CDLL(None)


def status_bytes(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return 1024.0 * float(line.split()[1])
    return -1.0


def malloc_setup():
    """Buffers above 128 KiB from mmap, given back when freed (bench_ad does the same: M_MMAP_THRESHOLD = -3)."""
    _libc.mallopt(-3, 128 * 1024)


def peak_growth(run, flush):
    """(seconds, MB): one run of `run` after `flush()` and malloc_trim, and the growth of the resident high-water
    mark over the resident size before it."""
    flush()
    _libc.malloc_trim(0)
    rss = status_bytes("VmRSS")
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    t0 = clock()
    run()
    t = clock() - t0
    return t, (status_bytes("VmHWM") - rss) / 1e6


def calls_per_run(call, target=2e-3):
    """Calls per timed run so that a run lasts about `target` seconds (bench_freeze's rule)."""
    t0 = clock()
    for _ in range(100):
        call()
    t = (clock() - t0) / 100
    return max(1, int(target / max(t, 1e-9)))


def batch(call, n):
    """Seconds per call over n calls."""
    t0 = clock()
    for _ in range(n):
        call()
    return (clock() - t0) / n


def serve(setups):
    """Runs the protocol: setups maps a workload name to setup(folder) -> (ready fields, {variant: run(arg)}),
    where run returns seconds or (seconds, extra fields)."""
    if len(sys.argv) != 3:
        sys.exit(f"usage: {sys.argv[0]} <workload> <data-dir>")
    workload, folder = sys.argv[1], sys.argv[2]
    if workload not in setups:
        sys.exit(f"{sys.argv[0]}: no workload '{workload}'")
    info, variants = setups[workload](folder)
    print("ready " + " ".join(f"{k}={v}" for k, v in info.items()), flush=True)
    for line in sys.stdin:
        words = line.split()
        if len(words) < 2 or words[0] != "run" or words[1] not in variants:
            print(f"error unknown command '{line.strip()}'", flush=True)
            continue
        r = variants[words[1]](words[2] if len(words) > 2 else "")
        t, extra = r if isinstance(r, tuple) else (r, {})
        print(f"t {t:.9g} " + " ".join(f"{k}={v}" for k, v in extra.items()), flush=True)
