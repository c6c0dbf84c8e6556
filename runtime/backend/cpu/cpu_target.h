// runtime/backend/cpu/cpu_target.h — the CPU that kernels are compiled for: a name checked against LLVM and the host
#pragma once

#include "backend/cpu/cpu_codegen.h"

#include <string>
#include <vector>

namespace llvm {
class Target;
class Triple;
} // namespace llvm

namespace tj::cpu {

/// The CPU name and feature string ("+avx2,-avx512f,…") kernels are compiled with for a named LLVM CPU.
struct NamedTarget {
    std::string cpu;
    std::string features;
};

/// Whether `name` asks for the host's own CPU: empty or "host".
bool is_host_name(const std::string &name);

/// Checks the LLVM CPU name `name` for `target`/`triple` and returns it with its full feature string (every feature
/// the host detection knows, on or off as the CPU implies). Throws tj::Error when LLVM does not know the name (the
/// message names a few that this host runs) or when the CPU has features this host lacks (the message names them):
/// kernels run on this host, and an instruction it lacks would stop the process with SIGILL.
NamedTarget check_named_target(const llvm::Target &target, const llvm::Triple &triple, const std::string &name);

/// The features of a named CPU that this host does not have (LLVM's names, sorted); empty when it runs them all.
std::vector<std::string> features_missing_on_host(const llvm::Target &target, const llvm::Triple &triple,
                                                  const std::string &name);
/// The same for the host's triple (the native target must be initialised: the CPU backend does it on first use).
std::vector<std::string> features_missing_on_host(const std::string &name);

/// The host's CPU as LLVM names it ("znver4", "skylake-avx512", …).
std::string host_cpu_name();

/// Fills vector_isa and vector_bits from `t.features`: AVX-512 ('e', 512), AVX2 ('d', 256), else SSE ('b', 128).
void set_vector_width(HostTarget &t);

} // namespace tj::cpu
