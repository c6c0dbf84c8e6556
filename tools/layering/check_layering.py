#!/usr/bin/env python3
# tools/layering/check_layering.py — fails when a source file includes a header its layer must not see
#
# The layers of docs/design.md §1 talk through narrow interfaces; this check keeps them so:
#   runtime/jit      includes nothing from runtime/freeze, runtime/ad, runtime/tape (freezing records by wrapping
#                    the Device, the JIT never calls it);
#   runtime/kernel   (the kernel IR, compiled kernels and the compiler interface, below both the cache and the
#                    backends) includes nothing from the other folders of runtime/ but runtime/support, and no LLVM
#                    header: what a kernel is does not depend on how its code is made;
#   runtime/cache    includes nothing from runtime/backend (the backends call the cache; the cache reaches their
#                    compilers through kernel/kernel.h), runtime/jit, runtime/freeze, runtime/ad, runtime/tape;
#   runtime/backend  includes nothing from runtime/jit, runtime/freeze, runtime/ad, runtime/tape (its only input
#                    is the kernel IR, kernel/kernel_ir.h); within it, backend/llvm (the LLVM lowering both
#                    targets share) includes nothing from backend/cpu or backend/cuda, and backend/cpu and
#                    backend/cuda never include each other;
#   runtime/tape     includes nothing from runtime/jit, runtime/ad, runtime/freeze, runtime/backend, runtime/cache,
#                    and no LLVM header: it is libtracejit_tape, which a program that records only C++ values loads
#                    without libtracejit and LLVM (the AD nodes of arrays are reached through tape/array_hooks.h);
#   runtime/support  the same, and nothing from runtime/tape (it is part of libtracejit_tape, and every layer uses it);
#   runtime/mpi      (libtracejit_mpi) includes nothing from the other folders of runtime/: it builds on the public
#                    headers (include/tracejit/collective_core.h) like any other user of libtracejit;
#   <mpi.h>          is included by runtime/mpi and include/tracejit/mpi.h only: libtracejit keeps no MPI dependency;
#   plugin           includes none of the runtime's private headers (only <tracejit/…> reaches the user's code).
# Usage: check_layering.py <source root>. Prints each violation as file:line and exits 1 if there is any.
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
LLVM_INCLUDE = re.compile(r'^\s*#\s*include\s*<((?:llvm|llvm-c|clang)/[^>]+)>')

# (folder, folders of runtime/ its files must not include from; a rule for a folder holds in its subfolders too)
RUNTIME_RULES = [
    ("runtime/jit", ["freeze", "ad", "tape"]),
    ("runtime/kernel", ["jit", "ad", "freeze", "tape", "backend", "cache", "dispatch", "mpi"]),
    ("runtime/cache", ["jit", "ad", "freeze", "tape", "backend", "dispatch"]),
    ("runtime/backend", ["jit", "freeze", "ad", "tape"]),
    ("runtime/backend/llvm", ["backend/cpu", "backend/cuda"]),
    ("runtime/backend/cpu", ["backend/cuda"]),
    ("runtime/backend/cuda", ["backend/cpu"]),
    ("runtime/tape", ["jit", "ad", "freeze", "backend", "cache"]),
    ("runtime/support", ["jit", "ad", "freeze", "backend", "cache", "tape"]),
    ("runtime/mpi", ["jit", "ad", "freeze", "backend", "cache", "tape", "support"]),
]
MPI_INCLUDE = re.compile(r'^\s*#\s*include\s*<(mpi\.h|mpi-ext\.h)>')
# Where MPI's headers may be included (everything else under runtime/ and include/ is checked).
MPI_ALLOWED = ["runtime/mpi/", "include/tracejit/mpi.h"]
# Folders of libtracejit_tape, which does not link LLVM.
NO_LLVM = ["runtime/tape", "runtime/support"]
# Folders of libtracejit that say nothing about how code is made, so no LLVM header either.
NO_LLVM_LAYERS = ["runtime/kernel"]
RUNTIME_FOLDERS = ["jit", "ad", "freeze", "tape", "kernel", "backend", "cache", "support", "mpi"]


def sources(root, folder):
    for base, _, files in os.walk(os.path.join(root, folder)):
        for name in sorted(files):
            if name.endswith((".h", ".cpp")):
                yield os.path.join(base, name)


def includes(path, pattern=INCLUDE):
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = pattern.match(line)
            if m:
                yield number, m.group(1)


def within(target, folder):
    """Whether the runtime-relative path `target` ("backend/cpu/cpu_jit.h") is in `folder` ("backend/cpu")."""
    parts, prefix = target.split(os.sep), folder.split("/")
    return parts[:len(prefix)] == prefix


def runtime_target(root, path, name):
    """The runtime-relative path ("jit/var.h") an include names, resolved as the compiler would (the including
    file's folder first, then runtime/ on the include path), or None when it is not a runtime header."""
    runtime = os.path.join(root, "runtime")
    for base in (os.path.dirname(path), runtime):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(candidate) and candidate.startswith(runtime + os.sep):
            return os.path.relpath(candidate, runtime)
    return None


def main():
    if len(sys.argv) != 2:
        print("usage: check_layering.py <source root>", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    violations = []
    for folder, forbidden in RUNTIME_RULES:
        for path in sources(root, folder):
            for number, name in includes(path):
                target = runtime_target(root, path, name)
                if target and any(within(target, f) for f in forbidden):
                    violations.append(f"{os.path.relpath(path, root)}:{number}: includes \"{name}\" "
                                      f"(runtime/{target}): {folder} must not include from "
                                      + ", ".join("runtime/" + f for f in forbidden))
    for folder in NO_LLVM:
        for path in sources(root, folder):
            for number, name in includes(path, LLVM_INCLUDE):
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes <{name}>: {folder} is part of "
                                  "libtracejit_tape, which does not link LLVM")
    for folder in NO_LLVM_LAYERS:
        for path in sources(root, folder):
            for number, name in includes(path, LLVM_INCLUDE):
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes <{name}>: {folder} says what a "
                                  "kernel is, not how its code is made (LLVM belongs to runtime/backend)")
    for folder in ("runtime", "include"):
        for path in sources(root, folder):
            rel = os.path.relpath(path, root)
            if any(rel.startswith(a) for a in MPI_ALLOWED):
                continue
            for number, name in includes(path, MPI_INCLUDE):
                violations.append(f"{rel}:{number}: includes <{name}>: only runtime/mpi (libtracejit_mpi) and "
                                  "include/tracejit/mpi.h may use MPI; libtracejit keeps no MPI dependency")
    plugin = os.path.join(root, "plugin")
    for path in sources(root, "plugin"):
        for number, name in includes(path):
            local = os.path.normpath(os.path.join(os.path.dirname(path), name))
            if os.path.isfile(local) and local.startswith(plugin + os.sep):
                continue  # the plugin's own header
            if name.startswith("runtime/") or name.split("/")[0] in RUNTIME_FOLDERS or \
                    runtime_target(root, path, name):
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes \"{name}\": the plugin must "
                                  "not include the runtime's private headers (only <tracejit/…>)")
    for v in violations:
        print(v)
    if violations:
        print(f"check_layering: {len(violations)} forbidden include(s)", file=sys.stderr)
        return 1
    print("check_layering: the layers include only what they may")
    return 0


if __name__ == "__main__":
    sys.exit(main())
