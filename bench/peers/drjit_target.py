# bench/peers/drjit_target.py — points Dr.Jit's LLVM backend at another CPU (PEERS_CPU): jit_llvm_set_target
#
# Dr.Jit 1.5's Python API has no call for it; drjit-core's C++ function jit_llvm_set_target(cpu, features, width)
# (include/drjit-core/jit.h in the wheel) is exported by libdrjit-core.so, reached here with ctypes by its mangled
# name. Called before the first kernel. `features` are LLVM feature flags; the width is the SIMD lanes of float32.
import ctypes
import os

import drjit as dr
import drjit.llvm  # noqa: F401 (initialises the LLVM backend)

# The feature flags and float32 lanes for the CPU names run.sh's PEERS_CPU takes (x86-64 levels).
TARGETS = {
    "x86-64-v2": ("-avx,-avx2,-fma,-avx512f", 4),
    "x86-64-v3": ("+avx,+avx2,+fma,-avx512f,-avx512bw,-avx512dq,-avx512vl,-avx512cd", 8),
    "x86-64-v4": ("+avx,+avx2,+fma,+avx512f,+avx512bw,+avx512dq,+avx512vl,+avx512cd", 16),
}


def _core():
    return ctypes.CDLL(os.path.join(os.path.dirname(dr.__file__), "libdrjit-core.so"))


def apply(cpu):
    """Sets Dr.Jit's target to `cpu` (a key of TARGETS); returns "cpu=… width=…" as Dr.Jit reports it after."""
    if cpu not in TARGETS:
        raise SystemExit(f"PEERS_CPU={cpu}: Dr.Jit's target is set only for {', '.join(TARGETS)}")
    features, width = TARGETS[cpu]
    lib = _core()
    set_target = getattr(lib, "_Z19jit_llvm_set_targetPKcS0_j")
    set_target.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint32]
    set_target(cpu.encode(), features.encode(), width)
    return describe()


def describe():
    lib = _core()
    target_cpu = getattr(lib, "_Z19jit_llvm_target_cpuv")
    target_cpu.restype = ctypes.c_char_p
    width = getattr(lib, "_Z21jit_llvm_vector_widthv")
    width.restype = ctypes.c_uint32
    return f"cpu={target_cpu().decode()} width={width()}"


if __name__ == "__main__":  # prints Dr.Jit's target, and the IR of a*b+c for it (a check of this file)
    import sys

    from drjit.llvm import Float
    print("default:", describe())
    if len(sys.argv) > 1:
        print("set:", apply(sys.argv[1]))
    dr.set_log_level(dr.LogLevel.Info)
    dr.set_flag(dr.JitFlag.PrintIR, True)
    a, b, c = (dr.opaque(Float, v, 1 << 16) for v in (1.5, 2.0, 3.0))
    dr.eval(a * b + dr.sin(c))
