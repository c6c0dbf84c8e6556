// include/tracejit/runtime.h — backends, kernel statistics, caches and the table of live variables
#pragma once

#include <tracejit/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace tj {

/// Counters of the kernel launches and the kernel cache since start (or the last reset).
struct KernelStats {
    uint64_t launches = 0;    ///< kernels run (one per fused group of same-sized variables)
    uint64_t memory_hits = 0; ///< kernels found in the in-memory cache
    uint64_t disk_hits = 0;   ///< kernels loaded from the disk cache
    uint64_t misses = 0;      ///< kernels compiled by LLVM
    double compile_ms = 0;    ///< time spent compiling (and loading from disk)
};

/// A snapshot of the counters.
KernelStats kernel_stats();
/// Sets all counters to zero.
void reset_kernel_stats();
/// Empties the in-memory kernel cache (the disk cache stays).
void clear_kernel_cache();

/// Selects the backend for arrays created from now on (TRACEJIT_BACKEND=cpu|cuda sets the initial one).
void set_backend(Backend b);
/// The backend in use.
Backend backend();
/// Whether `b` can run on this machine.
bool has_backend(Backend b);

/// A table of the live variables: id, type, size, refs, memory, state, label.
std::string whos_str();
/// Prints whos_str() to standard output.
void whos();

/// Switches of the runtime (tj::set_flag).
enum class Flag : uint32_t {
    /// Simplify the AD graph (vertex elimination) before each evaluation; see docs/autodiff.md. Default: on.
    ADSimplify,
    /// Frozen functions record and replay (off: every call runs the body; recordings are kept). Default: on.
    KernelFreezing,
};
/// Turns a flag on or off (for all threads).
void set_flag(Flag f, bool value);
/// Whether a flag is on.
bool flag(Flag f);

/// Compiles the CPU kernels made from now on for the LLVM CPU `cpu` ("x86-64-v3", "skylake-avx512", …) instead of
/// the host's ("host" or empty: the host's, the default; TRACEJIT_CPU sets the initial one). Throws tj::Error for a
/// name LLVM does not know or a CPU with features this host lacks. Kernels compiled for one target are never used
/// for another (the cache keys hold it); frozen recordings keep the kernels they were recorded with.
void set_cpu_target(const std::string &cpu);
/// The LLVM name of the CPU that CPU kernels are compiled for now (the host's own, e.g. "znver4", by default).
std::string cpu_target();

/// Number of worker threads for CPU kernels (TRACEJIT_THREADS, default: all cores).
size_t thread_count();

} // namespace tj
