#!/usr/bin/env python3
# tools/layering/check_layering.py — fails when a source file includes a header its layer must not see
#
# The layers of docs/design.md §1 talk through narrow interfaces; this check keeps them so:
#   runtime/jit      includes nothing from runtime/freeze, runtime/ad, runtime/tape, runtime/dispatch (freezing
#                    records by wrapping the Device, the JIT never calls it; AD and virtual calls build on the JIT);
#   runtime/ad       (the AD graph over JIT variables) includes nothing from runtime/freeze, runtime/dispatch,
#                    runtime/backend, runtime/cache, runtime/kernel, and from runtime/tape only tape/array_hooks.h (the
#                    hooks through which the tape holds AD nodes): AD reaches evaluation through the JIT alone;
#   runtime/freeze   (records by standing in for the Device) includes nothing from runtime/dispatch, runtime/tape,
#                    runtime/cache: a replay launches the recorded kernels, it looks none up;
#   runtime/dispatch (symbolic virtual calls: the registry, the call frames) includes nothing from runtime/ad,
#                    runtime/freeze, runtime/tape, runtime/cache: a virtual call is differentiated through the arrays'
#                    own AD (its select form, include/tracejit/dispatch.h) and frozen like any other traced code;
#   runtime/kernel   (the kernel IR, compiled kernels and the compiler interface, below both the cache and the
#                    backends) includes nothing from the other folders of runtime/ but runtime/support, and no LLVM
#                    header: what a kernel is does not depend on how its code is made;
#   runtime/cache    includes nothing from runtime/backend (the backends call the cache; the cache reaches their
#                    compilers through kernel/kernel.h), runtime/jit, runtime/freeze, runtime/ad, runtime/tape,
#                    runtime/dispatch;
#   runtime/backend  includes nothing from runtime/jit, runtime/freeze, runtime/ad, runtime/tape, runtime/dispatch
#                    (its only input is the kernel IR, kernel/kernel_ir.h); within it, backend/llvm (the LLVM
#                    lowering both targets share) includes nothing from backend/cpu or backend/cuda, and backend/cpu
#                    and backend/cuda never include each other;
#   runtime/tape     includes nothing from runtime/jit, runtime/ad, runtime/freeze, runtime/backend, runtime/cache,
#                    runtime/kernel, runtime/dispatch, and no LLVM header: it is libtracejit_tape, which a program that
#                    records only C++ values loads without libtracejit and LLVM (the AD nodes of arrays are reached
#                    through tape/array_hooks.h);
#   runtime/support  the same, and nothing from runtime/tape (it is part of libtracejit_tape, and every layer uses it);
#   runtime/mpi      (libtracejit_mpi) includes nothing from the other folders of runtime/: it builds on the headers of
#                    include/tracejit/ (the Transport of detail/collective_core.h) like any other client of libtracejit;
#   <mpi.h>          is included by runtime/mpi and include/tracejit/mpi.h only: libtracejit keeps no MPI dependency;
#   plugin           includes none of the runtime's private headers (only <tracejit/…> reaches the user's code);
# The headers of include/tracejit/ are in three folders (docs/architecture.md, "Headers"): the public API, detail/ (what
# only tracejit's own headers and sources include) and generated/ (what only the plugin's rewritten code includes):
#   user code        (samples/, tests/consumer: written as a user writes it) includes no <tracejit/detail/…> and no
#                    <tracejit/generated/…> header;
#   include/tracejit the public headers and detail/ include nothing from generated/: the code the plugin generates
#                    builds on the API, never the other way round.
# The plugin's rewrite engine (plugin/engine/) is layered too, lowest first; a file includes from its own folder and
# from the layers below its own, never from one above or beside it:
#   core      plugin/engine/core: the vocabulary every part shares (marks, options, diagnostics, type predicates,
#             source edits, the plan's model);
#   plan      plugin/engine/plan: the Planner of a function body;
#   passes    every other folder of plugin/engine (dispatch, freeze): one pass includes no other;
#   driver    the files of plugin/engine itself: engine.cpp, the only one that includes the passes, and engine.h,
#             the driver's API, which includes only core;
#   users     the plugin's glue (plugin/ outside engine/) and tracejit-rewrite (tools/rewrite) include only the
#             driver's API (engine/engine.h) and core.
# Usage: check_layering.py <source root>. Prints each violation as file:line and exits 1 if there is any.
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
LLVM_INCLUDE = re.compile(r'^\s*#\s*include\s*<((?:llvm|llvm-c|clang)/[^>]+)>')

# (folder, folders of runtime/ its files must not include from; a rule for a folder holds in its subfolders too)
RUNTIME_RULES = [
    ("runtime/jit", ["freeze", "ad", "tape", "dispatch", "mpi"]),
    ("runtime/ad", ["freeze", "dispatch", "tape", "backend", "cache", "kernel", "mpi"]),
    ("runtime/freeze", ["dispatch", "tape", "cache", "mpi"]),
    ("runtime/dispatch", ["ad", "freeze", "tape", "cache", "mpi"]),
    ("runtime/kernel", ["jit", "ad", "freeze", "tape", "backend", "cache", "dispatch", "mpi"]),
    ("runtime/cache", ["jit", "ad", "freeze", "tape", "backend", "dispatch", "mpi"]),
    ("runtime/backend", ["jit", "freeze", "ad", "tape", "dispatch", "mpi"]),
    ("runtime/backend/llvm", ["backend/cpu", "backend/cuda"]),
    ("runtime/backend/cpu", ["backend/cuda"]),
    ("runtime/backend/cuda", ["backend/cpu"]),
    ("runtime/tape", ["jit", "ad", "freeze", "backend", "cache", "kernel", "dispatch", "mpi"]),
    ("runtime/support", ["jit", "ad", "freeze", "backend", "cache", "tape", "kernel", "dispatch", "mpi"]),
    ("runtime/mpi", ["jit", "ad", "freeze", "backend", "cache", "tape", "support", "kernel", "dispatch"]),
]
# The one header of a forbidden folder that a layer may include (folder, runtime-relative path), and why.
RUNTIME_EXCEPTIONS = {
    ("runtime/ad", "tape/array_hooks.h"),  # the tape holds AD nodes through hooks that libtracejit's AD sets
}
MPI_INCLUDE = re.compile(r'^\s*#\s*include\s*<(mpi\.h|mpi-ext\.h)>')
# Where MPI's headers may be included (everything else under runtime/ and include/ is checked).
MPI_ALLOWED = ["runtime/mpi/", "include/tracejit/mpi.h"]
# Folders of libtracejit_tape, which does not link LLVM.
NO_LLVM = ["runtime/tape", "runtime/support"]
# Folders of libtracejit that say nothing about how code is made, so no LLVM header either.
NO_LLVM_LAYERS = ["runtime/kernel"]
RUNTIME_FOLDERS = ["jit", "ad", "freeze", "tape", "kernel", "backend", "cache", "support", "mpi", "dispatch"]
# <tracejit/…> headers by folder: any include naming tracejit/detail/ or tracejit/generated/, with <…> or "…".
TRACEJIT_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](tracejit/(?:detail|generated)/[^>"]+)[>"]')
# Code written as a user writes it: it includes the public headers only.
USER_CODE = ["samples", "tests/consumer"]
PUBLIC_HEADERS = "include/tracejit"
GENERATED_HEADERS = "include/tracejit/generated"
# The engine's layers by rank (folders of plugin/engine not named here are passes); the driver is its top-level files.
ENGINE = "plugin/engine"
ENGINE_API = "engine.h"
ENGINE_RANKS = {"core": 0, "plan": 1}
PASS_RANK = 2
DRIVER_RANK = 3
# Where the engine's users live (besides plugin/ itself): they include headers by their path from plugin/.
ENGINE_USERS = ["tools/rewrite"]


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


def engine_target(root, path, name):
    """The engine-relative path ("plan/plan_body.h") an include names, resolved as the compiler would (the including
    file's folder first, then plugin/ on the include path), or None when it is not a header of the engine."""
    engine = os.path.join(root, ENGINE)
    for base in (os.path.dirname(path), os.path.join(root, "plugin")):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(candidate) and candidate.startswith(engine + os.sep):
            return os.path.relpath(candidate, engine).replace(os.sep, "/")
    return None


def engine_layer(rel):
    """(layer, rank) of an engine-relative path: its folder and the folder's rank, or the driver's."""
    parts = rel.split("/")
    if len(parts) == 1:
        return "driver", DRIVER_RANK
    return parts[0], ENGINE_RANKS.get(parts[0], PASS_RANK)


def describe(rel):
    """The layer of an engine-relative path, in words."""
    layer = engine_layer(rel)[0]
    if layer == "driver":
        return f"the driver ({ENGINE}/{rel})"
    kind = {"core": "the vocabulary", "plan": "the planner"}.get(layer, "a pass")
    return f"{kind} ({ENGINE}/{layer})"


def engine_violation(includer, target):
    """Why a file of the engine (engine-relative path) must not include `target`, or None when it may."""
    if includer == ENGINE_API:
        if engine_layer(target)[0] in ("core", "driver"):
            return None
        return "the driver's API (plugin/engine/engine.h) includes only plugin/engine/core: its users see no more"
    layer, rank = engine_layer(includer)
    target_layer, target_rank = engine_layer(target)
    if target_layer == layer or target_rank < rank:
        return None
    where = "above it" if target_rank > rank else "beside it"
    return (f"{describe(includer)} must not include {describe(target)}, a layer {where} "
            "(core, plan, the passes, the driver: each includes only from those below it)")


def engine_layering(root):
    """Includes that run up (or across) the engine's layers, and users of the engine that reach past its API."""
    violations = []
    engine = os.path.join(root, ENGINE)
    for path in sources(root, ENGINE):
        includer = os.path.relpath(path, engine).replace(os.sep, "/")
        for number, name in includes(path):
            target = engine_target(root, path, name)
            why = target and engine_violation(includer, target)
            if why:
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes \"{name}\" "
                                  f"({ENGINE}/{target}): {why}")
    users = [p for p in sources(root, "plugin") if not p.startswith(engine + os.sep)]
    for folder in ENGINE_USERS:
        users += list(sources(root, folder))
    for path in users:
        for number, name in includes(path):
            target = engine_target(root, path, name)
            if target and target != ENGINE_API and engine_layer(target)[0] != "core":
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes \"{name}\" "
                                  f"({ENGINE}/{target}): outside the engine only its API ({ENGINE}/{ENGINE_API}) "
                                  f"and {ENGINE}/core may be included")
    return violations


def header_folders(root):
    """User code that includes tracejit's internal or generated-code headers, and the API's headers that include
    generated-code support."""
    violations = []
    for folder in USER_CODE:
        for path in sources(root, folder):
            for number, name in includes(path, TRACEJIT_INCLUDE):
                kind = "internal" if name.startswith("tracejit/detail/") else "for the plugin's generated code only"
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes <{name}>: {folder} is user code, "
                                  f"which includes only the public headers of include/tracejit/ (this one is {kind})")
    generated = os.path.join(root, GENERATED_HEADERS)
    for path in sources(root, PUBLIC_HEADERS):
        if path.startswith(generated + os.sep):
            continue
        for number, name in includes(path, TRACEJIT_INCLUDE):
            if name.startswith("tracejit/generated/"):
                violations.append(f"{os.path.relpath(path, root)}:{number}: includes <{name}>: the public headers and "
                                  "detail/ never include generated-code support (only the plugin's output does)")
    return violations


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
                if (folder, target and target.replace(os.sep, "/")) in RUNTIME_EXCEPTIONS:
                    continue
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
    violations += engine_layering(root)
    violations += header_folders(root)
    for v in violations:
        print(v)
    if violations:
        print(f"check_layering: {len(violations)} forbidden include(s)", file=sys.stderr)
        return 1
    print("check_layering: the layers include only what they may")
    return 0


if __name__ == "__main__":
    sys.exit(main())
