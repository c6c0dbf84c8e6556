# bench/peers/drjit_worker.py — Dr.Jit's side of the peer harness (LLVM backend): the workloads of tracejit_worker.cpp
#
# Written as a Dr.Jit user writes them (Python, drjit.llvm arrays); the protocol is in protocol.py. PEER_THREADS
# sets Dr.Jit's thread pool (dr.set_thread_count); DRJIT_LIBLLVM_PATH points it at Debian's libLLVM (run.sh); PEERS_CPU
# its LLVM target CPU (drjit_target.py).
import os

import numpy as np

import drjit as dr
from drjit.llvm import Array2f, Float, Int32, TensorXf, Texture2f, UInt32
from drjit.llvm.ad import Float as ADFloat

import protocol as p

dr.set_thread_count(p.threads())
PEER = "drjit"
if os.environ.get("PEERS_CPU"):  # run.sh's CPU target for every peer (drjit_target.py)
    import drjit_target
    print(f"Dr.Jit LLVM target: {drjit_target.apply(os.environ['PEERS_CPU'])}", flush=True)


def timed(work):
    t0 = p.clock()
    work()
    dr.sync_thread()
    return p.clock() - t0


def fused(folder, with_sin):
    a, b = Float(p.load(folder, "in_a.bin")), Float(p.load(folder, "in_b.bin"))
    c = None if with_sin else Float(p.load(folder, "in_c.bin"))
    dr.eval(a, b, c)

    def expr():
        return a * b + dr.sin(a) if with_sin else a * b + c

    for _ in range(2):  # the first compiles
        r = expr()
        dr.eval(r)
    p.save(folder, PEER, r.numpy())

    def run(_):
        r = expr()  # tracing is not timed
        return timed(lambda: dr.eval(r))

    return {"threads": dr.thread_count()}, {"run": run}


def trace(folder):
    a, b = dr.opaque(Float, 1.5, 1024), dr.opaque(Float, 0.5, 1024)
    counter = [0]

    def chain(length):
        def run(_):
            counter[0] += 1
            x = dr.opaque(Float, 1.0 + counter[0], 1024)
            t0 = p.clock()
            x = p.build_chain(x, a, b, length)
            t = p.clock() - t0
            del x  # freeing is not timed
            return t / length

        run("")  # as tracejit's first run: not counted
        return run

    def graph3(_):
        t0 = p.clock()
        for _ in range(1000):
            y = a * b + dr.sin(a)
            del y
        return (p.clock() - t0) / 3000

    return {}, {"1k": chain(1000), "10k": chain(10000), "100k": chain(100000), "3op": graph3}


def launch(folder):
    a, b, c = dr.opaque(Float, 1.5, 16), dr.opaque(Float, 2.0, 16), dr.opaque(Float, 3.0, 16)

    def step():
        r = (a * b + c) * a
        dr.eval(r)
        dr.sync_thread()

    step()

    def run(_):
        t0 = p.clock()
        for _ in range(500):
            step()
        return (p.clock() - t0) / 500

    r = (a * b + c) * a
    return {"value": f"{r[3]:.9g}", "threads": dr.thread_count()}, {"run": run}


def compile_(folder):
    dr.set_flag(dr.JitFlag.KernelHistory, True)  # only here: it records every launch
    x0, a, b = dr.opaque(Float, 0.25, 64), dr.opaque(Float, 1.0001, 64), dr.opaque(Float, 0.001, 64)

    def chain(ops, seed):
        dr.kernel_history_clear()
        t0 = p.clock()
        x = x0 + seed  # a literal no kernel had before: a new kernel
        x = p.build_chain(x, a, b, ops - 1)
        trace_s = p.clock() - t0
        t = timed(lambda: dr.eval(x))
        hist = [k for k in dr.kernel_history() if "codegen_time" in k]
        codegen = sum(k["codegen_time"] for k in hist)
        backend = sum(k.get("backend_time", 0.0) for k in hist)
        hits = sum(1 for k in hist if k.get("cache_hit") or k.get("cache_disk"))
        return t, {"trace": f"{trace_s:.9g}", "compile_ms": f"{codegen + backend:.3f}",
                   "codegen_ms": f"{codegen:.3f}", "backend_ms": f"{backend:.3f}", "cache_hits": hits,
                   "value": f"{x[63]:.9g}"}

    chain(4, 0.5)  # starts LLVM: a once-per-process cost
    return {}, {"1k": lambda s: chain(1000, float(s)), "10k": lambda s: chain(10000, float(s))}


def ad_chain(folder):
    p.malloc_setup()
    x = ADFloat(p.load(folder, "in_x.bin"))
    dr.eval(x)

    def chain_run():
        leaf = dr.detach(x)
        dr.enable_grad(leaf)
        y = leaf
        for _ in range(1000):
            y = y * y * 0.5 + 0.5
        dr.backward(y)
        g = dr.grad(leaf)
        dr.eval(g)
        dr.sync_thread()
        return g

    p.save(folder, PEER, chain_run().numpy())

    def mem(_):
        t, mb = p.peak_growth(chain_run, dr.flush_malloc_cache)
        return t, {"mb": f"{mb:.3f}"}

    return {"threads": dr.thread_count()}, {"run": lambda _: timed(chain_run), "mem": mem}


def mandelbrot(folder):
    g = p.ready_fields(folder)
    width, height, iterations = int(g["width"]), int(g["height"]), int(g["iterations"])
    x0, y0, dx, dy = (float(np.float32(g[k])) for k in ("x0", "y0", "dx", "dy"))
    n = width * height

    def counts():
        pixel = dr.arange(UInt32, n)
        # Every product that feeds an addition in the same statement is one FMA, as tracejit and the C++ loop
        # contract them (bench_mandelbrot.cpp); Dr.Jit does not contract a*b + c on its own, and a different
        # rounding lets points near the boundary escape iterations apart.
        cr = dr.fma(Float(pixel % width), dx, x0)
        ci = dr.fma(Float(pixel // width), dy, y0)
        zr, zi, zr2, zi2 = (dr.zeros(Float, n) for _ in range(4))
        k = dr.zeros(Int32, n)

        def cond(zr, zi, zr2, zi2, k):
            return (zr2 + zi2 <= 4.0) & (k < iterations)

        def body(zr, zi, zr2, zi2, k):
            zi = dr.fma(2.0 * zr, zi, ci)
            zr = zr2 - zi2 + cr
            return zr, zi, zr * zr, zi * zi, k + 1

        state = dr.while_loop(state=(zr, zi, zr2, zi2, k), cond=cond, body=body)
        return state[4]

    k = counts()
    dr.eval(k)
    p.save(folder, PEER, k.numpy(), np.int32)
    return {"sum": int(k.numpy().astype(np.int64).sum())}, {"run": lambda _: timed(lambda: dr.eval(counts()))}


def freeze(folder, ops):
    x, a, b = (Float(p.load(folder, f"in_{v}.bin")) for v in "xab")
    dr.make_opaque(x, a, b)

    @dr.freeze
    def chain(x, a, b):
        return p.build_chain(x, a, b, ops)

    def call():
        r = chain(x, a, b)
        dr.eval(r)
        dr.sync_thread()

    chain(x, a, b)  # records
    p.save(folder, PEER, chain(x, a, b).numpy())  # a replay
    n = p.calls_per_run(call)
    return ({"recordings": getattr(chain, "n_recordings", "?"), "threads": dr.thread_count()},
            {"run": lambda _: p.batch(call, n)})


def texture(folder):
    texels = p.load(folder, "in_texels.bin").reshape(1024, 1024, 4)
    tex = Texture2f(TensorXf(texels), filter_mode=dr.FilterMode.Linear, wrap_mode=dr.WrapMode.Clamp)
    pos = Array2f(Float(p.load(folder, "in_x.bin")), Float(p.load(folder, "in_y.bin")))
    dr.eval(pos)

    def lookup():
        r = tex.eval(pos)
        dr.eval(r)
        return r

    r = lookup()
    p.save(folder, PEER, np.concatenate([c.numpy() for c in r]))
    return {"threads": dr.thread_count()}, {"run": lambda _: timed(lookup)}


if __name__ == "__main__":
    p.serve({
        "fused_sin": lambda f: fused(f, True),
        "fused_fma": lambda f: fused(f, False),
        "trace": trace,
        "launch": launch,
        "compile": compile_,
        "ad_chain": ad_chain,
        "mandelbrot": mandelbrot,
        "freeze_1000_1": lambda f: freeze(f, 1000),
        "freeze_100_1M": lambda f: freeze(f, 100),
        "texture": texture,
    })
