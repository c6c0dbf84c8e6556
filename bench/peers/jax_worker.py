# bench/peers/jax_worker.py — JAX's side of the peer harness (jax.jit on the CPU): fused, launch, AD chain, frozen
#
# Each workload is a jax.jit-compiled function, called warm (compiled once) and waited for with
# block_until_ready, as a JAX user runs it; the protocol is in protocol.py. With PEER_THREADS=1 the harness also sets
# XLA_FLAGS to one intra-op thread (and pins the process to one core).
import numpy as np

import jax
import jax.numpy as jnp

import protocol as p

jax.config.update("jax_platforms", "cpu")
PEER = "jax"


def timed(work):
    t0 = p.clock()
    jax.block_until_ready(work())
    return p.clock() - t0


def fused(folder, with_sin):
    a, b = jnp.asarray(p.load(folder, "in_a.bin")), jnp.asarray(p.load(folder, "in_b.bin"))
    if with_sin:
        f, args = jax.jit(lambda a, b: a * b + jnp.sin(a)), (a, b)
    else:
        f, args = jax.jit(lambda a, b, c: a * b + c), (a, b, jnp.asarray(p.load(folder, "in_c.bin")))
    p.save(folder, PEER, np.asarray(f(*args)))
    return {"devices": len(jax.devices())}, {"run": lambda _: timed(lambda: f(*args))}


def launch(folder):
    a, b, c = jnp.full(16, 1.5, jnp.float32), jnp.full(16, 2.0, jnp.float32), jnp.full(16, 3.0, jnp.float32)
    f = jax.jit(lambda a, b, c: (a * b + c) * a)
    value = float(f(a, b, c)[3])

    def run(_):
        t0 = p.clock()
        for _ in range(500):
            f(a, b, c).block_until_ready()
        return (p.clock() - t0) / 500

    return {"value": f"{value:.9g}"}, {"run": run}


def ad_chain(folder):
    x = jnp.asarray(p.load(folder, "in_x.bin"))

    def loss(x):  # backward(y) seeds every element of y with 1: the gradient of sum(y)
        y = x
        for _ in range(1000):
            y = y * y * 0.5 + 0.5
        return jnp.sum(y)

    grad = jax.jit(jax.grad(loss))
    p.save(folder, PEER, np.asarray(grad(x)))

    def mem(_):
        # glibc's default malloc settings: with bench_ad's M_MMAP_THRESHOLD every one of XLA's buffers would be a
        # fresh mmap (page faults on each call), which tracejit and Dr.Jit avoid with their own buffer caches.
        t, mb = p.peak_growth(lambda: grad(x).block_until_ready(), lambda: None)
        return t, {"mb": f"{mb:.3f}"}

    return {}, {"run": lambda _: timed(lambda: grad(x)), "mem": mem}


def freeze(folder, ops):
    x, a, b = (jnp.asarray(p.load(folder, f"in_{v}.bin")) for v in "xab")
    f = jax.jit(lambda x, a, b: p.build_chain(x, a, b, ops))
    p.save(folder, PEER, np.asarray(f(x, a, b)))
    call = lambda: f(x, a, b).block_until_ready()
    n = p.calls_per_run(call)
    return {}, {"run": lambda _: p.batch(call, n)}


if __name__ == "__main__":
    p.serve({
        "fused_sin": lambda f: fused(f, True),
        "fused_fma": lambda f: fused(f, False),
        "launch": launch,
        "ad_chain": ad_chain,
        "freeze_1000_1": lambda f: freeze(f, 1000),
        "freeze_100_1M": lambda f: freeze(f, 100),
    })
