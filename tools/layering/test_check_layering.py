#!/usr/bin/env python3
# tools/layering/test_check_layering.py — shows that check_layering.py fails on each kind of forbidden include
#
# Builds small source trees in a temporary folder: a clean one must pass; each forbidden include (the JIT
# including freezing or dispatch, AD including freezing, dispatch, a backend, the cache or the tape beyond its AD
# hooks, freezing including dispatch, the tape or the cache, dispatch including AD, freezing, the tape or the cache,
# a backend including a JIT header, the kernel cache including a backend, freezing or dispatch, the kernel layer
# including the cache, a backend or LLVM, the shared LLVM lowering including a target, the CPU and CUDA backends
# including each other, the tape including the JIT or LLVM, support including the tape, the plugin including a
# runtime header, the MPI library including the JIT, the core including <mpi.h>, user code (samples/,
# tests/consumer) including a header of include/tracejit/detail/ or include/tracejit/generated/, a public or detail/
# header including a generated/ one, and in the plugin's engine an include running up or across its layers core,
# plan, the passes, the driver, or a user of the engine reaching past its API) must fail and be named with its file
# and line.
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_layering.py")

CLEAN = {
    "runtime/jit/var.h": '#include "kernel/kernel_ir.h"\n',
    "runtime/jit/eval.cpp": '#include "jit/var.h"\n#include "backend/device.h"\n#include "cache/kernel_cache.h"\n',
    "runtime/kernel/kernel_ir.h": "#include <tracejit/detail/core.h>\n",
    "runtime/kernel/kernel.h": '#include "kernel/kernel_ir.h"\n#include "support/hash.h"\n',
    "runtime/cache/kernel_cache.h": '#include "kernel/kernel.h"\n#include "kernel/kernel_ir.h"\n',
    "runtime/backend/device.h": '#include "kernel/kernel.h"\n',
    "runtime/backend/device.cpp": '#include "backend/device.h"\n#include "backend/cuda/cuda_driver.h"\n',
    "runtime/backend/llvm/shared_llvm_lowering.h": '#include "kernel/kernel_ir.h"\n#include <llvm/IR/IRBuilder.h>\n',
    "runtime/backend/cpu/cpu_jit.cpp": '#include "backend/device.h"\n#include "cache/kernel_cache.h"\n'
                                       '#include "../llvm/shared_llvm_lowering.h"\n#include <llvm/IR/Module.h>\n',
    "runtime/backend/cpu/cpu_jit.h": '#include "kernel/kernel_ir.h"\n',
    "runtime/backend/cuda/cuda_driver.h": "#pragma once\n",
    "runtime/backend/cuda/cuda_codegen.cpp": '#include "backend/llvm/shared_llvm_lowering.h"\n'
                                            '#include "cuda_driver.h"\n',
    "runtime/freeze/recording_device.h": '#include "backend/device.h"\n#include "jit/var.h"\n',
    "runtime/ad/graph.h": '#include "jit/var.h"\n#include "support/hash.h"\n',
    "runtime/ad/rules.cpp": '#include "ad/graph.h"\n#include <tracejit/detail/ad_core.h>\n',
    "runtime/dispatch/frames.h": "#pragma once\n",
    "runtime/dispatch/dispatch.cpp": '#include "dispatch/frames.h"\n#include "jit/var.h"\n#include "backend/device.h"\n'
                                     '#include <tracejit/detail/dispatch_core.h>\n',
    "runtime/freeze/function.cpp": '#include "freeze/recording_device.h"\n#include "../ad/graph.h"\n'
                                   '#include "jit/var.h"\n#include <tracejit/freeze.h>\n',
    "runtime/ad/tape_link.cpp": '#include "tape/array_hooks.h"\n#include <tracejit/detail/ad_core.h>\n',
    "runtime/tape/array_hooks.h": "#pragma once\n",
    "runtime/tape/tape_recorder.h": "#include <tracejit/generated/tape_hooks.h>\n",
    "runtime/tape/node.cpp": '#include "array_hooks.h"\n#include "support/hash.h"\n#include <tracejit/tape.h>\n',
    "runtime/support/hash.h": "#pragma once\n",
    "runtime/support/hash.cpp": '#include "support/hash.h"\n#include <xxhash.h>\n',
    "runtime/mpi/api.cpp": '#include "mpi/transport.h"\n#include <tracejit/mpi.h>\n',
    "runtime/mpi/transport.h": '#include <tracejit/detail/collective_core.h>\n#include <mpi.h>\n',
    "include/tracejit/mpi.h": "#include <mpi.h>\n#include <tracejit/detail/collective_core.h>\n",
    "include/tracejit/freeze.h": "#include <tracejit/detail/freeze_core.h>\n#include <tracejit/array.h>\n",
    "include/tracejit/detail/freeze_core.h": "#include <tracejit/detail/core.h>\n",
    "include/tracejit/generated/vcall_hooks.h": '#include <tracejit/dispatch.h>\n'
                                                '#include "tracejit/generated/tape_hooks.h"\n',
    "include/tracejit/generated/tape_hooks.h": "#include <tracejit/tape.h>\n#include <tracejit/detail/tape_value.h>\n",
    "samples/monte_carlo.cpp": "#include <tracejit/tracejit.h>\n#include <cstdio>\n",
    "tests/consumer/main.cpp": '#include <tracejit/tracejit.h>\n#include "tracejit/tape.h"\n',
    "tests/runtime/test_gather_packed.cpp": "#include <tracejit/detail/gather_packed.h>\n",
    "plugin/engine/engine.h": '#include "engine/core/diagnostics.h"\n',
    "plugin/engine/engine.cpp": '#include "engine/engine.h"\n#include "engine/dispatch/plan_dispatch.h"\n'
                                '#include "engine/freeze/plan_freeze.h"\n#include "engine/plan/plan_body.h"\n',
    "plugin/engine/core/diagnostics.h": "#pragma once\n",
    "plugin/engine/core/source_edits.h": '#include "diagnostics.h"\n',
    "plugin/engine/plan/plan_slots.h": '#include "engine/core/source_edits.h"\n',
    "plugin/engine/plan/plan_body.h": '#include "engine/core/diagnostics.h"\n#include "plan_slots.h"\n',
    "plugin/engine/freeze/implicit_inputs.h": '#include "engine/core/diagnostics.h"\n',
    "plugin/engine/freeze/plan_freeze.h": '#include "engine/freeze/implicit_inputs.h"\n#include "../plan/plan_slots.h"\n',
    "plugin/engine/dispatch/plan_dispatch.h": '#include "engine/core/source_edits.h"\n',
    "plugin/plugin.cpp": '#include "engine/engine.h"\n#include <tracejit/tracejit.h>\n',
    "plugin/prepass.cpp": '#include "engine/core/diagnostics.h"\n#include "engine/engine.h"\n',
    "tools/rewrite/main.cpp": '#include "engine/core/source_edits.h"\n#include "engine/engine.h"\n',
}

VIOLATIONS = [
    ("runtime/jit/eval.cpp", '#include "freeze/recording_device.h"\n', "runtime/jit/eval.cpp:1"),
    ("runtime/jit/eval.cpp", '#include "../ad/graph.h"\n', "runtime/jit/eval.cpp:1"),
    ("runtime/backend/device.h", '#include "jit/var.h"\n', "runtime/backend/device.h:1"),
    ("runtime/cache/kernel_cache.h", '#include "backend/device.h"\n', "runtime/cache/kernel_cache.h:1"),
    ("runtime/kernel/kernel.h", '#include "cache/kernel_cache.h"\n', "runtime/kernel/kernel.h:1"),
    ("runtime/kernel/kernel_ir.h", '#include "../backend/device.h"\n', "runtime/kernel/kernel_ir.h:1"),
    ("runtime/kernel/kernel.h", "#include <llvm/IR/Module.h>\n", "runtime/kernel/kernel.h:1"),
    ("runtime/backend/llvm/shared_llvm_lowering.h", '#include "backend/cpu/cpu_jit.h"\n',
     "runtime/backend/llvm/shared_llvm_lowering.h:1"),
    ("runtime/backend/llvm/shared_llvm_lowering.h", '#include "../cuda/cuda_driver.h"\n',
     "runtime/backend/llvm/shared_llvm_lowering.h:1"),
    ("runtime/backend/cpu/cpu_jit.cpp", '#include "backend/cuda/cuda_driver.h"\n', "runtime/backend/cpu/cpu_jit.cpp:1"),
    ("runtime/backend/cuda/cuda_codegen.cpp", '#include "../cpu/cpu_jit.h"\n',
     "runtime/backend/cuda/cuda_codegen.cpp:1"),
    ("runtime/tape/node.cpp", '#include "jit/var.h"\n', "runtime/tape/node.cpp:1"),
    ("runtime/tape/node.cpp", '#include "../ad/graph.h"\n', "runtime/tape/node.cpp:1"),
    ("runtime/tape/node.cpp", "#include <llvm/Support/Endian.h>\n", "runtime/tape/node.cpp:1"),
    ("runtime/support/hash.cpp", '#include "tape/array_hooks.h"\n', "runtime/support/hash.cpp:1"),
    ("runtime/support/hash.cpp", "#  include <llvm/Support/xxhash.h>\n", "runtime/support/hash.cpp:1"),
    ("runtime/mpi/api.cpp", '#include "jit/var.h"\n', "runtime/mpi/api.cpp:1"),
    ("runtime/backend/device.h", "#include <mpi.h>\n", "runtime/backend/device.h:1"),
    ("runtime/jit/eval.cpp", "#include <mpi.h>\n", "runtime/jit/eval.cpp:1"),
    # AD, freezing and dispatch include only what their layer may.
    ("runtime/ad/graph.h", '#include "freeze/recording_device.h"\n', "runtime/ad/graph.h:1"),
    ("runtime/ad/graph.h", '#include "dispatch/frames.h"\n', "runtime/ad/graph.h:1"),
    ("runtime/ad/rules.cpp", '#include "backend/device.h"\n', "runtime/ad/rules.cpp:1"),
    ("runtime/ad/rules.cpp", '#include "../cache/kernel_cache.h"\n', "runtime/ad/rules.cpp:1"),
    ("runtime/ad/rules.cpp", '#include "kernel/kernel.h"\n', "runtime/ad/rules.cpp:1"),
    ("runtime/ad/tape_link.cpp", '#include "tape/tape_recorder.h"\n', "runtime/ad/tape_link.cpp:1"),
    ("runtime/freeze/function.cpp", '#include "dispatch/frames.h"\n', "runtime/freeze/function.cpp:1"),
    ("runtime/freeze/function.cpp", '#include "tape/array_hooks.h"\n', "runtime/freeze/function.cpp:1"),
    ("runtime/freeze/recording_device.h", '#include "cache/kernel_cache.h"\n', "runtime/freeze/recording_device.h:1"),
    ("runtime/dispatch/dispatch.cpp", '#include "ad/graph.h"\n', "runtime/dispatch/dispatch.cpp:1"),
    ("runtime/dispatch/dispatch.cpp", '#include "../freeze/recording_device.h"\n', "runtime/dispatch/dispatch.cpp:1"),
    ("runtime/dispatch/dispatch.cpp", '#include "tape/array_hooks.h"\n', "runtime/dispatch/dispatch.cpp:1"),
    ("runtime/dispatch/frames.h", '#include "cache/kernel_cache.h"\n', "runtime/dispatch/frames.h:1"),
    ("runtime/jit/eval.cpp", '#include "dispatch/frames.h"\n', "runtime/jit/eval.cpp:1"),
    ("runtime/cache/kernel_cache.h", '#include "dispatch/frames.h"\n', "runtime/cache/kernel_cache.h:1"),
    ("runtime/cache/kernel_cache.h", '#include "../freeze/recording_device.h"\n', "runtime/cache/kernel_cache.h:1"),
    ("plugin/plugin.cpp", '#include "dispatch/frames.h"\n', "plugin/plugin.cpp:1"),
    # User code includes only the public headers; the API's headers never include generated-code support.
    ("samples/monte_carlo.cpp", "#include <tracejit/detail/core.h>\n", "samples/monte_carlo.cpp:1"),
    ("samples/monte_carlo.cpp", "#include <tracejit/generated/tape_hooks.h>\n", "samples/monte_carlo.cpp:1"),
    ("tests/consumer/main.cpp", '#include "tracejit/detail/freeze_core.h"\n', "tests/consumer/main.cpp:1"),
    ("tests/consumer/main.cpp", "# include <tracejit/generated/vcall_hooks.h>\n", "tests/consumer/main.cpp:1"),
    ("include/tracejit/freeze.h", "#include <tracejit/generated/tape_hooks.h>\n", "include/tracejit/freeze.h:1"),
    ("include/tracejit/detail/freeze_core.h", "#include <tracejit/generated/vcall_hooks.h>\n",
     "include/tracejit/detail/freeze_core.h:1"),
    ("plugin/plugin.cpp", '#include "jit/var.h"\n', "plugin/plugin.cpp:1"),
    ("plugin/plugin.cpp", '#include "runtime/backend/device.h"\n', "plugin/plugin.cpp:1"),
    # The engine's layers: core, plan, the passes, the driver (engine.cpp; engine.h, its API, sees only core).
    ("plugin/engine/core/source_edits.h", '#include "engine/plan/plan_slots.h"\n',
     "plugin/engine/core/source_edits.h:1"),
    ("plugin/engine/core/diagnostics.h", '#include "../engine.h"\n', "plugin/engine/core/diagnostics.h:1"),
    ("plugin/engine/plan/plan_body.h", '#include "engine/freeze/plan_freeze.h"\n', "plugin/engine/plan/plan_body.h:1"),
    ("plugin/engine/plan/plan_slots.h", '#include "engine/engine.h"\n', "plugin/engine/plan/plan_slots.h:1"),
    ("plugin/engine/freeze/plan_freeze.h", '#include "engine/engine.h"\n', "plugin/engine/freeze/plan_freeze.h:1"),
    ("plugin/engine/dispatch/plan_dispatch.h", '#include "engine/freeze/implicit_inputs.h"\n',
     "plugin/engine/dispatch/plan_dispatch.h:1"),
    ("plugin/engine/dispatch/plan_dispatch.h", '#include "../freeze/implicit_inputs.h"\n',
     "plugin/engine/dispatch/plan_dispatch.h:1"),
    ("plugin/engine/engine.h", '#include "engine/plan/plan_body.h"\n', "plugin/engine/engine.h:1"),
    ("plugin/engine/engine.h", '#include "engine/dispatch/plan_dispatch.h"\n', "plugin/engine/engine.h:1"),
    ("plugin/plugin.cpp", '#include "engine/plan/plan_body.h"\n', "plugin/plugin.cpp:1"),
    ("plugin/prepass.cpp", '#include "engine/freeze/implicit_inputs.h"\n', "plugin/prepass.cpp:1"),
    ("tools/rewrite/main.cpp", '#include "engine/dispatch/plan_dispatch.h"\n', "tools/rewrite/main.cpp:1"),
]


def run(files):
    with tempfile.TemporaryDirectory() as root:
        for name, text in files.items():
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        p = subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr


def main():
    failures = 0
    code, out = run(CLEAN)
    if code != 0:
        print(f"FAIL: a clean tree was refused:\n{out}")
        failures += 1
    for name, line, expected in VIOLATIONS:
        files = dict(CLEAN)
        files[name] = line + files[name]
        code, out = run(files)
        if code != 1 or expected not in out:
            print(f"FAIL: {line.strip()} in {name} was not reported (exit {code}):\n{out}")
            failures += 1
        else:
            print(f"ok: {line.strip()} in {name} is reported: {out.splitlines()[0]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
