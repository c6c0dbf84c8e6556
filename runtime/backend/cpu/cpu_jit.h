// runtime/backend/cpu/cpu_jit.h — the CPU's kernel compiler: its targets, object code (cpu_codegen.h) linked with LLVM ORC
#pragma once

#include "kernel/kernel.h"
#include "kernel/kernel_ir.h"
#include "backend/cpu/cpu_codegen.h"

#include <span>
#include <string>
#include <vector>

namespace tj::cpu {

/// The CPU kernels are compiled for now: the host's as LLVM detects it, or the one TRACEJIT_CPU or
/// tj::set_cpu_target names (backend/cpu/cpu_target.h checks the name).
const HostTarget &host_target();

/// Identifies the code the CPU backend emits for the current target: LLVM version, triple, CPU, features, flags
/// (part of the disk level's keys).
const std::string &target_key();

/// A number for the current target, the same for the same target throughout the process (the memory level's
/// variant carries it, so that a kernel compiled for one target is not found for another).
uint32_t target_id();

/// The CPU's compiler for the kernel cache (cache/kernel_cache.h): kernel IR lowered, optimised and compiled to a
/// relocatable object file in memory (cpu_codegen.h), linked into the process (a JITDylib per kernel, removed and its
/// memory unmapped when the last copy of the kernel's handle goes). Its disk keys and variants carry the target.
KernelCompiler &kernel_compiler();

} // namespace tj::cpu
