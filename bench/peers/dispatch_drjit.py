#!/usr/bin/env python3
# bench/peers/dispatch_drjit.py — bench_dispatch's workload with Dr.Jit (LLVM backend): dr.switch over the objects
#
# Usage: dispatch_drjit.py K LANES RUNS. K classes (K + K/2 objects with random fields a, b), LANES lanes pointing to
# random objects (one in 16 null), random x; each object is a target of dr.switch (a closure over its fields, as
# Dr.Jit traces a method of a registered instance), null lanes a target that returns zeros. Prints
# "drjit_ms <median>" (evaluation of the result, after a warm-up run that compiles). Needs DRJIT_LIBLLVM_PATH.
import random
import sys
import time

import drjit as dr
from drjit.llvm import Float, UInt32


def formula(kind, a, b):
    c = 0.5 * kind
    if kind % 4 == 0:
        return lambda x: x * a + b + c
    if kind % 4 == 1:
        return lambda x: dr.sin(x) * a + b + c
    if kind % 4 == 2:
        return lambda x: dr.sqrt(dr.abs(x)) * a - b + c
    return lambda x: x * x * a + b * x + c


def main():
    k, n, runs = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(k)
    count = k + k // 2
    targets = [lambda x: dr.zeros(Float, dr.width(x))]
    for i in range(count):
        a, b = dr.opaque(Float, rng.uniform(-2, 2)), dr.opaque(Float, rng.uniform(-2, 2))
        targets.append(formula(i % k, a, b))
    idx = [0 if rng.random() < 1 / 16 else 1 + rng.randrange(count) for _ in range(n)]
    index = UInt32(idx)
    x = Float([rng.uniform(-3, 3) for _ in range(n)])
    dr.eval(index, x)
    times = []
    for r in range(runs + 1):
        t0 = time.perf_counter()
        y = dr.switch(index, targets, x)
        dr.eval(y)
        dr.sync_thread()
        if r > 0:  # the first run compiles
            times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    print(f"drjit_ms {times[len(times) // 2]:.3f}")


if __name__ == "__main__":
    main()
