# bench/peers/harness.py — runs tracejit, Dr.Jit, JAX and the C++ loops on the same workloads, in turns, in one run
#
# Usage (bench/peers/run.sh sets it up): python harness.py <bench_peers_worker> [workload ...]
# For each workload it starts one worker process per peer (tracejit_worker.cpp, which also times the benchmarks'
# hand-written C++ loops; drjit_worker.py; jax_worker.py), all on the same thread count (the 1-thread workloads pinned
# to one core with taskset), waits until each has built the workload and written its result, checks that the results
# agree with tracejit's, then asks them for one warm measurement each in turn, BENCH_RUNS rounds (the order rotated
# every round, so no peer always follows the same one; each turn begins when no thread of the previous turn's process
# runs any more). Figures are medians (best in parentheses); a ratio is the ratio of the medians of one run. A peer
# that cannot start (no package, an import error) is SKIPPED with the reason.
# Every figure is followed by the machine's state during it (machine.py: steal time, busy time, load average). Before
# the fused workloads it runs bench_bandwidth_probe (bandwidth_probe.cpp) and prints each fused figure also as a
# fraction of the probe's best triad on the same thread count.
# Environment: BENCH_RUNS (rounds, default 10), PEERS_ONLY="fused_sin launch ..." (a subset), PEERS_CORE (the core of
# the 1-thread workloads, default the last one this process may use), PEERS_CPU (run.sh: the peers' CPU target).
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

import machine

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = {"tracejit": "tracejit", "drjit": "Dr.Jit", "jax": "JAX", "cpp": "C++"}
SUMMARY = []  # (figure, unit, {peer: median}, {peer: note}) for the table at the end
GOALS = []
SKIPS = {}  # peer -> why its worker could not start (the last time it failed)
MACHINE = None  # machine.between() over the last rounds() call: printed under its figure
TRIAD = {}  # threads -> (best median GB/s of the probe's triads, which stores): the fused figures' ceiling


class PeerError(RuntimeError):
    """A peer's worker stopped answering: its figures of this workload are skipped, not a failure of tracejit."""


def fmt_goal(what, value, goal=1.0):
    verdict = "MEETS" if value >= goal else "MISSES"
    return f"GOAL {what:<46s} {value:10.3f} x     goal >= {goal:<9.3f} {verdict:<6s} ({value / goal:.2f}x of goal)"


class Worker:
    """One worker process speaking protocol.py's lines."""

    def __init__(self, peer, cmd, workload, folder, threads, ready_env=""):
        self.peer, self.failed, self.info = peer, None, {}
        env = dict(os.environ, PEER_THREADS=str(threads), TRACEJIT_THREADS=str(threads),
                   PEERS_TRACEJIT_READY=ready_env, PYTHONPATH=HERE, HOME=os.path.join(folder, "home"))
        env.pop("PYTHONHOME", None)
        if threads == 1:
            env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +  # (run.sh's --xla_cpu_max_isa for PEERS_CPU kept)
                                " --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1").strip()
            cmd = ["taskset", "-c", str(CORE)] + cmd
        os.makedirs(env["HOME"], exist_ok=True)
        self.err = open(os.path.join(folder, f"{peer}.stderr"), "w+")
        self.proc = subprocess.Popen(cmd + [workload, folder], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, text=True, env=env)
        while True:
            line = self.proc.stdout.readline()
            if not line:
                self.failed = self.reason("ended before it was ready")
                return
            if line.startswith("ready"):
                self.info = dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)
                self.ready_line = line[len("ready"):].strip()
                return
            print(f"  [{peer}] {line.rstrip()}")

    def reason(self, what):
        self.proc.wait()
        self.err.seek(0)
        lines = [l.strip() for l in self.err.read().splitlines() if l.strip()]
        return f"{what} (exit status {self.proc.returncode}): {lines[-1] if lines else 'no message'}"

    def run(self, variant, arg=""):
        """(seconds, {key: value}) of one measurement."""
        self.proc.stdin.write(f"run {variant} {arg}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line.startswith("t "):
            why = line.strip() or self.reason("no answer")
            raise (RuntimeError if self.peer == "tracejit" else PeerError)(f"{NAMES[self.peer]}: {why}")
        words = line.split()
        return float(words[1]), dict(kv.split("=", 1) for kv in words[2:] if "=" in kv)

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.err.close()


def start(workload, folder, threads, peers):
    """The workers of `peers` (tracejit first: it writes the inputs), those that failed reported as SKIPPED."""
    tj = Worker("tracejit", [TJ_WORKER], workload, folder, threads)
    if tj.failed:
        raise RuntimeError(f"tracejit's worker failed on {workload}: {tj.failed}")
    print(f"  tracejit: {tj.ready_line}")
    workers = {"tracejit": tj}
    for peer in peers:
        w = Worker(peer, [sys.executable, os.path.join(HERE, f"{peer}_worker.py")], workload, folder, threads,
                   tj.ready_line)
        if w.failed:
            SKIPS[peer] = w.failed
            print(f"  {NAMES[peer]}: SKIPPED: {w.failed}")
            w.close()
        else:
            print(f"  {NAMES[peer]}: {w.ready_line}")
            workers[peer] = w
    return workers


@contextlib.contextmanager
def workers(workload, folder, threads, peers):
    """start()'s workers for a `with` block, closed after it, and the peers that could not start with why (for
    report's `skipped`)."""
    ws = start(workload, folder, threads, peers)
    try:
        yield ws, {p: SKIPS.get(p, "see above") for p in peers if p not in ws}
    finally:
        for w in ws.values():
            w.close()


def turns_of(ws, own=("tracejit",)):
    """rounds()'s turns: one for each variant in `own` of tracejit's worker (its own figure, the C++ loops it times),
    then one per peer that started."""
    return ([(v, ws["tracejit"], v, None, None) for v in own] +
            [(p, w, "run", None, None) for p, w in ws.items() if p != "tracejit"])


def differences(folder, ws, also=(), **how):
    """{name: why} for each started peer's result, then each of `also` (results tracejit's worker writes: "cpp"),
    that differs from tracejit's (compare with `how`)."""
    return {p: why for p in [p for p in ws if p != "tracejit"] + list(also) if (why := compare(folder, p, **how))}


def compare(folder, peer, dtype=np.float32, tol=1e-5, floor=1.0, mismatch=None):
    """None when out_<peer>.bin agrees with tracejit's result, else why not. Elementwise |x - y| / max(floor, |y|)
    <= tol, or (mismatch) at most that fraction of elements differing at all."""
    ref = np.fromfile(os.path.join(folder, "out_tracejit.bin"), dtype=dtype)
    path = os.path.join(folder, f"out_{peer}.bin")
    if not os.path.exists(path):
        return "no result written"
    got = np.fromfile(path, dtype=dtype)
    if got.shape != ref.shape:
        return f"{got.size} values, tracejit {ref.size}"
    if mismatch is not None:
        frac = float(np.mean(got != ref))
        note = f"{frac:.2e} of the elements differ (max {int(np.max(np.abs(got - ref)))} apart)"
        print(f"  {NAMES[peer]} vs tracejit: {note}")
        return None if frac <= mismatch else note
    err = np.abs(got.astype(np.float64) - ref) / np.maximum(floor, np.abs(ref.astype(np.float64)))
    worst = float(np.nanmax(err)) if err.size else 0.0
    bad = not np.isfinite(got).all() or worst > tol
    print(f"  {NAMES[peer]} vs tracejit: largest relative difference {worst:.3g} (tolerance {tol:g})")
    return f"largest relative difference {worst:.3g} > {tol:g}" if bad else None


def rounds(turns, runs):
    """turns: [(label, worker, variant, arg function or None, max runs)]: measured in turn, the starting turn rotated
    every round. Returns {label: [seconds]} and {label: [extra dicts]}."""
    global MACHINE
    times = {t[0]: [] for t in turns}
    extras = {t[0]: [] for t in turns}
    before = machine.sample()
    for r in range(runs):
        for i in range(len(turns)):
            label, worker, variant, arg, limit = turns[(i + r) % len(turns)]
            if limit is not None and len(times[label]) >= limit:
                continue
            t, extra = worker.run(variant, arg(r) if arg else "")
            times[label].append(t)
            extras[label].append(extra)
            wait_quiet(worker)
    MACHINE = machine.between(before, machine.sample())
    return times, extras


def running_threads(pid):
    """How many threads of process `pid` are running or waiting for a core (state R in /proc/PID/task/*/stat)."""
    n = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                n += f.read().rsplit(")", 1)[1].split()[0] == "R"
        except (OSError, IndexError):  # a thread that ended meanwhile
            pass
    return n


def wait_quiet(worker, limit=2.0):
    """Waits until no thread of `worker`'s process runs (two looks 1 ms apart), at most `limit` seconds: a thread pool
    that spins after its work (Dr.Jit's keeps a core busy 15-25 ms after each launch) would otherwise take a core from
    the next turn's peer. (Threads' states, not their CPU time: /proc's CPU time of a thread running on another core
    advances only at the scheduler's ticks.)"""
    pid, start, quiet = worker.proc.pid, time.perf_counter(), 0
    try:
        while quiet < 2:
            if time.perf_counter() - start > limit:
                print(f"  note: {NAMES.get(worker.peer, worker.peer)}'s process still running after {limit:.0f} s; "
                      "the next turn begins")
                return
            quiet = quiet + 1 if running_threads(pid) == 0 else 0
            time.sleep(0.001)
    except OSError:  # the process has ended: nothing left to wait for
        pass


def med(v):
    return float(np.median(v)) if v else float("nan")


def report(figure, unit, times, scale, skipped=None, differ=None, goal_peers=("drjit", "jax")):
    """Prints one figure's row (median, best) per peer and the ratios tracejit/peer (>1: tracejit ahead); records
    the GOAL lines. `scale` turns seconds into the unit shown."""
    skipped, differ = skipped or {}, differ or {}
    cells, medians = [], {}
    for label, v in times.items():
        if not v:
            continue
        m, best = scale(med(v)), scale(min(v))
        medians[label] = m
        cells.append(f"{NAMES.get(label, label)} {m:.4g} ({best:.4g})")
    print(f"  {figure} [{unit}, median (best) of {max(len(v) for v in times.values())}]: " + "; ".join(cells))
    if MACHINE:
        print(f"    {machine.describe(MACHINE)}")
    notes = {}
    tj = times.get("tracejit")
    for peer in ("drjit", "jax", "cpp", "cpp_plain", "cpp_vec", "cpp_stream"):
        name = NAMES.get(peer, peer)
        if peer in skipped:
            notes[peer] = "skipped"
            if peer in goal_peers:
                GOALS.append(f"GOAL peers {figure}: tracejit/{name} SKIPPED: {skipped[peer]}")
            continue
        if peer in differ:
            notes[peer] = "results differ"
            GOALS.append(f"GOAL peers {figure}: tracejit/{name} NOT COMPARED: the results differ "
                         f"({differ[peer]})")
            continue
        if peer not in times or not times[peer] or not tj:
            continue
        if med(tj) <= 0:
            continue
        ratio = med(times[peer]) / med(tj)  # speed (or memory) of tracejit over the peer's: > 1 is ahead
        notes[peer] = f"{ratio:.2f}x"
        print(f"    tracejit/{name}: {ratio:.3f}x (a ratio of medians; above 1 tracejit is ahead)")
        if peer in goal_peers:
            GOALS.append(fmt_goal(f"peers {figure}: tracejit/{name}", ratio))
    SUMMARY.append((figure, unit, medians, notes))


def gbps(bytes_per_element, n):
    return lambda s: bytes_per_element * n / s / 1e9


# --- the workloads ------------------------------------------------------------------------------------------------

def fused(name, folder, threads, runs):
    with_sin = name == "fused_sin"
    what = "a*b+sin(a)" if with_sin else "a*b+c"
    print(f"\n=== {what}, 16M float32, {threads} thread(s){' pinned to core %d' % CORE if threads == 1 else ''}: "
          f"eval of the traced expression (kernel cached), GB/s ===")
    with workers(name, folder, threads, ["drjit", "jax"]) as (ws, skipped):
        differ = differences(folder, ws, tol=1e-5)
        # cpp_stream (a*b+c): tracejit's kernel written by hand (non-temporal stores, prefetches, its thread split),
        # what the memory system gives a kernel of this shape at that moment
        loops = ["cpp_plain", "cpp_vec"] if with_sin else ["cpp_vec", "cpp_stream"]
        times, _ = rounds(turns_of(ws, ["tracejit"] + loops), runs)
        bpe = 12 if with_sin else 16
        report(f"{what} 16M, {threads} thread{'s' if threads > 1 else ''}", "GB/s", times, gbps(bpe, 16 << 20),
               skipped=skipped, differ=differ)
        if threads in TRIAD:  # the same bytes counted: reads and writes, no read-for-ownership
            best, stores = TRIAD[threads]
            medians = SUMMARY[-1][2]
            print(f"    as a fraction of the probe's best triad on {threads} thread(s) ({best:.1f} GB/s, {stores} "
                  "stores): " + ", ".join(f"{NAMES.get(p, p)} {m / best:.2f}" for p, m in medians.items()))


def probe(runs):
    """Runs bench_bandwidth_probe (next to the worker) and fills TRIAD; prints its figures with the machine's state."""
    exe = os.path.join(os.path.dirname(TJ_WORKER), "bench_bandwidth_probe")
    print("\n=== memory bandwidth probe: hand-written streaming copy a=b and triad a=b*s+c over float32 arrays well "
          "above the last-level cache, ordinary and non-temporal stores, GB/s (copy 8, triad 12 bytes per element) "
          "===")
    if not os.access(exe, os.X_OK):
        print(f"  SKIPPED: {exe} is missing (cmake --build <build> --target bench_bandwidth_probe); the fused figures "
              "are printed without their fraction of the ceiling")
        return
    before = machine.sample()
    out = subprocess.run([exe, str(max(3, runs // 2))], capture_output=True, text=True)
    after = machine.sample()
    if out.returncode != 0:
        print(f"  SKIPPED: the probe failed ({out.returncode}): {out.stderr.strip()[-300:]}")
        return
    for line in out.stdout.splitlines():
        words = line.split()
        if len(words) == 6 and words[0] == "probe" and words[1] in ("copy", "triad"):
            kernel, stores, threads, median, best = words[1], words[2], int(words[3]), float(words[4]), float(words[5])
            print(f"  {kernel:5s} {stores:11s} stores, {threads} thread(s): median {median:.2f} GB/s (best {best:.2f})")
            if kernel == "triad" and median > TRIAD.get(threads, (0.0, ""))[0]:
                TRIAD[threads] = (median, stores)
        else:
            print(f"  {line}")
    print(f"    {machine.describe(machine.between(before, after))}")


def trace(folder, runs):
    print(f"\n=== tracing: ns per traced operation, chains *a,+b,-a,*b of 1k/10k/100k ops on width 1024 and the 3-op "
          f"graph a*b+sin(a) (x1000); nothing evaluated; 1 thread pinned to core {CORE} ===")
    with workers("trace", folder, 1, ["drjit"]) as (ws, skipped):
        for v in ("1k", "10k", "100k", "3op"):
            turns = [(p, ws[p], v, None, None) for p in ws]
            times, _ = rounds(turns, runs)
            report(f"tracing, {v if v == '3op' else 'chain of ' + v + ' ops'}", "ns/op", times, lambda s: s * 1e9,
                   skipped=skipped, goal_peers=("drjit",))


def launch(folder, runs):
    print(f"\n=== launch: trace (a*b+c)*a on 16 floats + eval + sync, kernel cached, batches of 500; 1 thread pinned "
          f"to core {CORE} ===")
    with workers("launch", folder, 1, ["drjit", "jax"]) as (ws, skipped):
        differ = {p: f"value {w.info.get('value')} vs {ws['tracejit'].info.get('value')}" for p, w in ws.items()
                  if w.info.get("value") != ws["tracejit"].info.get("value")}
        times, _ = rounds(turns_of(ws), 4 * runs)
        report("launch, cached tiny kernel, 1 thread", "us", times, lambda s: s * 1e6, skipped=skipped, differ=differ)


def compile_(folder, runs):
    print(f"\n=== cold compile: eval of a chain of 1k / 10k ops on 64 floats whose seed literal no kernel had before "
          f"(kernel assembly, LLVM, disk-cache store, run); {CORE_NOTE} ===")
    with workers("compile", folder, 1, ["drjit"]) as (ws, skipped):
        for v in ("1k", "10k"):
            turns = [(p, ws[p], v, lambda r, v=v: str(1000.0 + r + (0.5 if v == "10k" else 0.0)), None) for p in ws]
            times, extras = rounds(turns, max(3, runs // 2))
            differ = {}
            for p in ws:
                if p == "tracejit":
                    continue
                for a, b in zip(extras[p], extras["tracejit"]):
                    if abs(float(a["value"]) - float(b["value"])) > 1e-4 * abs(float(b["value"])):
                        differ[p] = f"value {a['value']} vs {b['value']}"
                    if p == "drjit" and int(a.get("cache_hits", 0)) != 0:
                        differ[p] = "Dr.Jit found the kernel in its cache: not a cold compile"
            for p in ws:
                c = [float(e["compile_ms"]) for e in extras[p]]
                print(f"  {NAMES[p]} {v}: LLVM part (compile_ms) median {med(c):.2f} ms" +
                      (f"; codegen {med([float(e['codegen_ms']) for e in extras[p]]):.2f} ms, backend "
                       f"{med([float(e['backend_ms']) for e in extras[p]]):.2f} ms (kernel_history)"
                       if p == "drjit" else ""))
            report(f"cold compile, {v} ops", "ms", times, lambda s: s * 1e3, skipped=skipped, differ=differ,
                   goal_peers=("drjit",))


def ad_chain(folder, runs):
    print("\n=== Enoki's AD chain: y = x (1M floats, gradients on), 1000 x y = y*y*0.5 + 0.5, backward(y), "
          "eval(grad(x)); all threads ===")
    threads = os.cpu_count()
    with workers("ad_chain", folder, threads, ["drjit", "jax"]) as (ws, skipped):
        # (the gradient is a product of 1000 factors: float rounding accumulates)
        differ = differences(folder, ws, tol=2e-2, floor=1e-30)
        # Memory: the peak resident growth of a run from an empty allocation cache, three times each, in turn.
        turns = [(p, ws[p], "mem", None, 1 if p == "jax" else None) for p in ws]  # JAX's run takes seconds
        _, extras = rounds(turns, 3)
        mb = {p: [float(e["mb"]) for e in extras[p]] for p in ws}
        report("AD chain 1M x 1000, peak memory growth", "MB", mb, lambda v: v, skipped=skipped, differ=differ)
        turns = [(p, ws[p], "run", None, None if p != "jax" else max(2, runs // 4)) for p in ws]
        times, _ = rounds(turns, runs)
        report("AD chain 1M x 1000, warm time", "ms", times, lambda s: s * 1e3, skipped=skipped, differ=differ)


def mandelbrot(folder, runs):
    print("\n=== Mandelbrot 2048x2048 over [-2, 0.6] x [-1.3, 1.3], at most 256 iterations, a symbolic loop (trace + "
          "run, cached); all threads ===")
    threads = os.cpu_count()
    with workers("mandelbrot", folder, threads, ["drjit"]) as (ws, skipped):
        differ = differences(folder, ws, ["cpp"], dtype=np.int32, mismatch=1e-3)
        if "drjit" in ws:
            print(f"  checksum (sum of the counts): tracejit {ws['tracejit'].info['sum']}, "
                  f"Dr.Jit {ws['drjit'].info['sum']}")
        times, _ = rounds(turns_of(ws, ["tracejit", "cpp"]), runs)
        report("Mandelbrot 2048^2, 256 iterations", "ms", times, lambda s: s * 1e3, skipped=skipped, differ=differ,
               goal_peers=("drjit",))


def freeze(name, folder, runs):
    ops, width = (1000, "1") if name == "freeze_1000_1" else (100, "1M")
    print(f"\n=== frozen function: a chain of {ops} ops at width {width}, replayed + eval (tj::freeze, @dr.freeze, "
          f"jax.jit), time per call; C++: {'a plain function' if width == '1' else 'the 8-register AVX-512 loop'}; "
          f"1 thread pinned to core {CORE} ===")
    with workers(name, folder, 1, ["drjit", "jax"]) as (ws, skipped):
        differ = differences(folder, ws, ["cpp"], tol=1e-4)
        times, _ = rounds(turns_of(ws, ["tracejit", "cpp"]), runs)
        report(f"frozen {ops}-op call, width {width}", "us", times, lambda s: s * 1e6, skipped=skipped, differ=differ)


def texture(folder, runs):
    print("\n=== texture: 16M bilinear lookups (clamp) of a 1024x1024 texture with 4 channels; all threads ===")
    threads = os.cpu_count()
    with workers("texture", folder, threads, ["drjit"]) as (ws, skipped):
        differ = differences(folder, ws, ["cpp"], tol=1e-4)
        times, _ = rounds(turns_of(ws, ["tracejit", "cpp"]), runs)
        report("texture 16M bilinear lookups", "M lookups/s", times, lambda s: (16 << 20) / s / 1e6, skipped=skipped,
               differ=differ, goal_peers=("drjit",))


WORKLOADS = {
    "fused_sin": lambda f, r: [fused("fused_sin", f, t, r) for t in THREADS],
    "fused_fma": lambda f, r: [fused("fused_fma", f, t, r) for t in THREADS],
    "trace": trace,
    "launch": launch,
    "compile": compile_,
    "ad_chain": ad_chain,
    "mandelbrot": mandelbrot,
    "freeze_1000_1": lambda f, r: freeze("freeze_1000_1", f, r),
    "freeze_100_1M": lambda f, r: freeze("freeze_100_1M", f, r),
    "texture": texture,
}


def main():
    global TJ_WORKER, CORE, CORE_NOTE, THREADS
    if len(sys.argv) < 2:
        sys.exit(f"usage: {sys.argv[0]} <bench_peers_worker> [workload ...]")
    TJ_WORKER = os.path.abspath(sys.argv[1])
    only = sys.argv[2:] or os.environ.get("PEERS_ONLY", "").split() or list(WORKLOADS)
    runs = int(os.environ.get("BENCH_RUNS", "10") or 10)
    cores = sorted(os.sched_getaffinity(0))
    CORE = int(os.environ.get("PEERS_CORE", cores[-1]))
    CORE_NOTE = f"1 thread pinned to core {CORE}"
    THREADS = [1] + ([os.cpu_count()] if os.cpu_count() > 1 else [])
    print(f"peers: {runs} rounds per figure, the peers in turn within each round; load average "
          f"{open('/proc/loadavg').read().split()[:3]}")
    if os.environ.get("PEERS_CPU"):
        print(f"peers: CPU target {os.environ['PEERS_CPU']} for tracejit (TRACEJIT_CPU), Dr.Jit (jit_llvm_set_target) "
              f"and JAX (XLA_FLAGS {os.environ.get('XLA_FLAGS', '')!r}); the C++ loops stay -march=native")
    if any(n.startswith("fused") for n in only):
        probe(runs)
    failures = 0
    for name in only:
        if name not in WORKLOADS:
            print(f"unknown workload '{name}' (known: {' '.join(WORKLOADS)})")
            failures += 1
            continue
        folder = tempfile.mkdtemp(prefix=f"tracejit-peers-{name}-")
        try:
            WORKLOADS[name](folder, runs)
        except PeerError as e:
            print(f"  SKIPPED: {e}")
            GOALS.append(f"GOAL peers {name}: SKIPPED: {e}")
        except RuntimeError as e:
            print(f"  FAILED: {e}")
            failures += 1
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        sys.stdout.flush()
    print("\n=== peers: medians side by side (ratios: tracejit over the peer, above 1 tracejit is ahead) ===")
    print("C++: the benchmark's hand-written loop (for a*b+sin(a) loop (ii), libmvec; (i), scalar sinf, is printed "
          "above)")
    print("| figure | unit | tracejit | Dr.Jit | JAX | C++ | tj/Dr.Jit | tj/JAX | tj/C++ |")
    print("|---|---|---|---|---|---|---|---|---|")
    for figure, unit, m, notes in SUMMARY:
        def cell(p):
            return f"{m[p]:.4g}" if p in m else "-"
        cpp = "cpp" if "cpp" in m else "cpp_vec"
        print(f"| {figure} | {unit} | {cell('tracejit')} | {cell('drjit')} | {cell('jax')} | {cell(cpp)} | "
              f"{notes.get('drjit', '-')} | {notes.get('jax', '-')} | {notes.get(cpp, '-')} |")
    print(f"load average at the end: {open('/proc/loadavg').read().split()[:3]}\n")
    for g in GOALS:
        print(g)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
