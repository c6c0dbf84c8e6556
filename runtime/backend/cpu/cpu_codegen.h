// runtime/backend/cpu/cpu_codegen.h — compiles kernel IR to object code for a CPU (through an LLVM module)
#pragma once

#include "kernel/kernel_ir.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace tj::cpu {

/// What the generated code may assume about the host.
struct HostTarget {
    std::string triple;
    std::string cpu;      ///< e.g. "rocketlake"
    std::string features; ///< "+avx512f,+avx2,…"
    std::string data_layout;
    char vector_isa = 'b'; ///< widest libmvec variant the host runs: 'b' SSE, 'd' AVX2, 'e' AVX-512
    int vector_bits = 128; ///< widest SIMD register
};

/// Name of the entry point in every kernel module.
inline constexpr const char *kernel_entry = "tj_kernel";

/// Builds `void tj_kernel(i64 start, i64 end, ptr args, i64 stream)` (KernelFn): one loop over the elements in SIMD
/// vectors of the host's width, with masked memory access for the last partial vector and libmvec math. With
/// `interleave` > 1 each iteration handles that many vectors, independent of each other, so that long
/// dependency chains do not leave the SIMD units waiting on each instruction's latency. With `fuse_products`, a float
/// product whose only use is an add or subtract fuses with it into one FMA (where the host has FMA); without, none
/// does. The rule is applied to the whole kernel, so its elements round alike whichever loop or block runs them.
std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, const HostTarget &host, llvm::LLVMContext &ctx,
                                           unsigned interleave, bool fuse_products);

/// Whether `ir` is looked up for a launch so small (ir.launch_size) that its kernel handles one SIMD vector per
/// loop iteration whatever its shape; the cache levels key on it (the compiler's variant).
bool small_launch(const KernelIR &ir);

/// Lowers `ir` (build_module, with the vectors per iteration its shape asks for), optimises it (O3 without LLVM's
/// vectorisers; none past 1000 instructions, with LLVM's fast code generator) and emits a relocatable object file for
/// `host` through `tm`, which the caller lets no other thread use meanwhile.
std::vector<char> compile_object(const KernelIR &ir, const HostTarget &host, llvm::TargetMachine &tm);

} // namespace tj::cpu
