# bench/peers/drjit_ir.py — prints Dr.Jit's LLVM IR of the fused a*b + sin(a) and a*b + c kernels and a texture lookup
#
# Usage: bench/peers/run.sh's venv: DRJIT_LIBLLVM_PATH=... <build>/peers/venv/bin/python bench/peers/drjit_ir.py
# (docs/benchmarks.md reads it: how Dr.Jit evaluates sin, how it stores, its vector width). Dr.Jit writes the IR
# to its log (stderr) with JitFlag.PrintIR; a count of the IR's instructions by kind follows each kernel.
import os
import re
import shutil
import subprocess
import sys
import tempfile

if len(sys.argv) > 1 and sys.argv[1] == "--kernel":
    import drjit as dr
    from drjit.llvm import Float

    dr.set_log_level(dr.LogLevel.Info)
    dr.set_flag(dr.JitFlag.PrintIR, True)
    a, b, c = (dr.opaque(Float, v, 1 << 20) for v in (1.5, 2.0, 3.0))
    if sys.argv[2] == "texture":  # the peer harness's lookups (drjit_worker.py), on fewer positions
        from drjit.llvm import Array2f, TensorXf, Texture2f
        tex = Texture2f(TensorXf(dr.opaque(Float, 0.5, 1024 * 1024 * 4), shape=(1024, 1024, 4)),
                        filter_mode=dr.FilterMode.Linear, wrap_mode=dr.WrapMode.Clamp)
        r = tex.eval(Array2f(a - 1.0, b - 1.5))
    else:
        r = a * b + dr.sin(a) if sys.argv[2] == "sin" else a * b + c
    dr.eval(r)
    sys.exit(0)

home = tempfile.mkdtemp(prefix="tracejit-drjit-ir-")  # Dr.Jit's disk cache (~/.drjit) goes there: a cold build
for kind in ("sin", "fma", "texture"):
    out = subprocess.run([sys.executable, __file__, "--kernel", kind], capture_output=True, text=True,
                         env=dict(os.environ, HOME=home))
    text = out.stdout + out.stderr
    print(f"===== {dict(sin='a*b + sin(a)', fma='a*b + c', texture='Texture2f.eval, bilinear, 4 channels')[kind]}: "
          "Dr.Jit's LLVM IR =====")
    print(text)
    ops = re.findall(r"=\s+(?:[a-z]+\s+)*?(fmul|fadd|fsub|fneg|call|load|store|select|fcmp|icmp|and|or|xor|"
                     r"bitcast|shufflevector|fptosi|sitofp|shl|lshr|ashr|add|sub|mul)\b", text)
    counts = {k: ops.count(k) for k in sorted(set(ops))}
    print(f"----- instructions by kind: {counts}; stores: {text.count('store ')}, "
          f"nontemporal accesses: {text.count('!nontemporal')}, "
          f"calls: {re.findall(r'call [^(]*@([A-Za-z0-9_.]+)', text)}")
shutil.rmtree(home, ignore_errors=True)
