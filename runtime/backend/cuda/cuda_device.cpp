// runtime/backend/cuda/cuda_device.cpp — the CUDA Device: device memory, PTX kernels through the caches, reductions
//
// Everything runs on this thread's stream of device 0 (cuda_context.h). Kernels come from the kernel cache with
// PTX on disk (the driver keeps its own cubin cache). Reductions use one PTX kernel (cuda_reduce.h) that reduces
// consecutive blocks of elements, one CTA per block, accumulating floats in double as the CPU does: block
// reductions are one pass; a whole array is two (a few hundred partial results, then one CTA combines them).
#include "backend/cuda/cuda_device.h"

#include "backend/cuda/cuda_codegen.h"
#include "backend/cuda/cuda_context.h"
#include "backend/cuda/cuda_ptx.h"
#include "backend/cuda/cuda_reduce.h"
#include "backend/cuda/cuda_scan.h"
#include "backend/device.h"
#include "kernel/reduce_algebra.h"
#include "cache/build_id.h"
#include "cache/kernel_cache.h"

#include <fmt/format.h>
#include <llvm/Config/llvm-config.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace tj::cuda {

std::string disk_key(const KernelIR &ir, const std::string &arch, int driver_version) {
    return fmt::format("cuda codegen={} build={} llvm{} {} driver={}\n{}", codegen_revision,
                       cache::library_build_id(), LLVM_VERSION_STRING, arch, driver_version, ir.text);
}

namespace {

using detail::ReduceOp;

/// PTX for device 0, as the kernel cache levels need it.
class CudaCompiler final : public KernelCompiler {
  public:
    const char *name() const override { return "CUDA kernel"; }
    std::string disk_key(const KernelIR &ir) const override {
        const Driver &d = driver();
        return cuda::disk_key(ir, d.device.arch, d.driver_version);
    }
    CompiledKernel compile(const KernelIR &ir) override {
        std::string ptx = compile_ptx(ir, driver().device.arch);
        Kernel kernel = load_kernel(ptx, kernel_entry);
        return {std::move(kernel), std::vector<char>(ptx.begin(), ptx.end())};
    }
    Kernel load(std::span<const char> code) override {
        return load_kernel(std::string(code.begin(), code.end()), kernel_entry);
    }
};

uint64_t bytes_for(VarType t, uint64_t n) {
    uint64_t bytes = (n ? n : 1) * detail::type_size(t);
    return (bytes + 63) & ~uint64_t(63);
}

/// The loaded reduction kernel for (in, out, op), compiled to PTX on first use.
cuda::CUfunction reduce_kernel(VarType in, VarType out, ReduceOp op) {
    static std::mutex mutex;
    static std::map<std::tuple<VarType, VarType, ReduceOp>, cuda::CUfunction> loaded;
    std::lock_guard<std::mutex> guard(mutex);
    cuda::CUfunction &f = loaded[{in, out, op}];
    if (!f)
        f = cuda::load_function(cuda::reduce_ptx(in, out, op, cuda::driver().device.arch), cuda::reduce_entry);
    return f;
}

/// The loaded scan kernel for one pass, compiled to PTX on first use.
cuda::CUfunction scan_kernel(VarType t, ReduceOp op, ScanPass pass, bool exclusive, bool reverse,
                             cuda::ScanBlocks blocks) {
    static std::mutex mutex;
    static std::map<std::tuple<VarType, ReduceOp, ScanPass, bool, bool, cuda::ScanBlocks>, cuda::CUfunction> loaded;
    std::lock_guard<std::mutex> guard(mutex);
    cuda::CUfunction &f = loaded[{t, op, pass, exclusive, reverse, blocks}];
    if (!f)
        f = cuda::load_function(cuda::scan_ptx(t, op, pass, exclusive, reverse, blocks, cuda::driver().device.arch),
                                cuda::scan_entry);
    return f;
}

/// The three passes of a scan of `n` elements in blocks of `block` (cuda_scan.h): tile aggregates, their scan in
/// one CTA, the tiles' scans. `last` is the third pass (Scan or Compress); `count` its extra argument.
void scan_passes(VarType t, ReduceOp op, ScanPass last, bool exclusive, bool reverse, const void *in, void *out,
                 uint64_t n, uint64_t block, void *count, backends::Device &dev) {
    VarType acc = last == ScanPass::Compress                         ? VarType::UInt32
                  : op == ReduceOp::Sum || op == ReduceOp::Prod ? reduce_algebra::accumulator(t)
                                                                : t;
    uint64_t tiles = (n + scan_tile - 1) / scan_tile;
    void *aggregates = dev.alloc(acc, tiles);
    void *carries = nullptr;
    try {
        carries = dev.alloc(acc, tiles);
        const cuda::DeviceInfo &info = cuda::driver().device;
        cuda::LaunchShape wide, one;
        wide.block = one.block = scan_block_threads;
        wide.grid = unsigned(std::min<uint64_t>(tiles, uint64_t(std::max(info.sm_count, 1)) * 8));
        one.grid = 1;
        auto address = [](const void *p) { return uint64_t(uintptr_t(p)); };
        ReduceOp kernel_op = last == ScanPass::Compress ? ReduceOp::Sum : op;
        VarType kernel_t = last == ScanPass::Compress ? VarType::Bool : t;
        const cuda::ScanBlocks blocks = block >= n ? cuda::ScanBlocks::One : cuda::ScanBlocks::Many;
        uint64_t first[7] = {address(in), 0, n, block, address(aggregates), 0, tiles};
        auto kernel = [&](ScanPass pass) {
            return scan_kernel(kernel_t, kernel_op, pass, exclusive, reverse, blocks);
        };
        cuda::launch_shape(kernel(ScanPass::Aggregate), wide, first, 7);
        uint64_t second[7] = {0, 0, n, block, address(aggregates), address(carries), tiles};
        cuda::launch_shape(kernel(ScanPass::Carry), one, second, 7);
        uint64_t third[7] = {address(in), address(out), n, block, address(count), address(carries), tiles};
        cuda::launch_shape(kernel(last), wide, third, 7);
    } catch (...) {
        dev.free(aggregates, acc, tiles);
        dev.free(carries, acc, tiles);
        throw;
    }
    dev.free(aggregates, acc, tiles); // in stream order: the passes above run before any reuse
    dev.free(carries, acc, tiles);
}

/// out[b] = reduce(in[b*block, (b+1)*block)) for b < n / block, divided by `divisor` when it is not 0.
void reduce_pass(VarType in_type, VarType out_type, ReduceOp op, const void *in, void *out, uint64_t n, uint64_t block,
                 uint64_t divisor) {
    uint64_t blocks = n / block;
    const cuda::DeviceInfo &dev = cuda::driver().device;
    cuda::LaunchShape shape;
    if (block < cuda::reduce_thread_per_block_below) {
        // A thread per output block (cuda_reduce.h): full CTAs, or one warp at least for a few blocks, and at most
        // 8 CTAs per SM (the threads loop over further blocks).
        shape.block = unsigned(std::clamp<uint64_t>((blocks + 31) / 32 * 32, 32, cuda::reduce_block_threads));
        const uint64_t ctas = uint64_t(std::max(dev.sm_count, 1)) * 8;
        shape.grid = unsigned(std::min<uint64_t>((blocks + shape.block - 1) / shape.block, ctas));
    } else {
        shape.block = cuda::reduce_threads_for(block);
        // As many threads in flight as with full CTAs: 8 CTAs of reduce_block_threads per SM.
        const uint64_t ctas = uint64_t(std::max(dev.sm_count, 1)) * 8 * (cuda::reduce_block_threads / shape.block);
        shape.grid = unsigned(std::min<uint64_t>(blocks, ctas));
    }
    uint64_t args[5] = {uint64_t(uintptr_t(in)), uint64_t(uintptr_t(out)), n, block, divisor};
    cuda::launch_shape(reduce_kernel(in_type, out_type, op), shape, args, 5);
}

/// Element `i` of a device buffer of type `t` (pointer arithmetic on a device address).
const void *element(const void *data, VarType t, uint64_t i) {
    return static_cast<const char *>(data) + i * detail::type_size(t);
}
void *element(void *data, VarType t, uint64_t i) { return static_cast<char *>(data) + i * detail::type_size(t); }

/// Elements per block of the first pass over a whole array: 8 blocks per SM, so that their CTAs of 256 threads fill
/// the SM's 2048 (on the H200 a Float sum read at 0.44x of the copy bandwidth with 4 blocks per SM, 0.62x with 8,
/// docs/cuda.md), at least 4096 elements each.
uint64_t first_pass_block(uint64_t n) {
    uint64_t ctas = uint64_t(std::max(cuda::driver().device.sm_count, 1)) * 8;
    return std::max<uint64_t>((n + ctas - 1) / ctas, 4096);
}

class CudaDevice final : public backends::Device {
  public:
    Backend backend() const override { return Backend::CUDA; }
    bool uploads_without_lock() const override { return false; }

    void *alloc(VarType t, uint64_t n) override { return device_alloc(bytes_for(t, n)); }
    void free(void *p, VarType t, uint64_t n) noexcept override { device_free(p, bytes_for(t, n)); }

    void copy_from_host(void *dst, const void *src, VarType t, uint64_t n) override {
        if (n)
            copy_to_device(dst, src, n * detail::type_size(t));
    }
    void copy_to_host(void *dst, const void *src, VarType t, uint64_t n) override {
        if (n)
            cuda::copy_to_host(dst, src, n * detail::type_size(t));
    }
    void copy(void *dst, const void *src, VarType t, uint64_t n) override {
        if (n)
            copy_on_device(dst, src, n * detail::type_size(t));
    }
    void fill(void *dst, VarType t, uint64_t n, uint64_t bits) override {
        size_t es = detail::type_size(t);
        if (n == 0)
            return;
        const uint8_t first = uint8_t(bits);
        bool one_byte = true; // zeros, all-ones, Bool: a byte fill on the device, no host buffer
        for (size_t k = 1; k < es; ++k)
            one_byte &= uint8_t(bits >> (8 * k)) == first;
        if (one_byte) {
            device_fill(dst, first, n * es);
            return;
        }
        std::vector<char> host(n * es); // written on the host, then one copy
        for (uint64_t i = 0; i < n; ++i)
            std::memcpy(host.data() + i * es, &bits, es);
        copy_to_device(dst, host.data(), host.size());
    }

    KernelLookup run(const KernelIR &ir, backends::Launch &l) override {
        KernelLookup found = cache::find_kernel(m_compiler, ir);
        l.kernel = found.kernel;
        launch(l);
        return found;
    }

    void launch(const backends::Launch &l) override {
        std::vector<void *> &args = *l.args;
        void *table = nullptr;
        uint64_t table_size = l.table ? l.table->size() : 0;
        if (l.table_param != UINT32_MAX) { // the literal table goes to the device; freed in stream order after use
            table = alloc(VarType::UInt64, table_size);
            args[l.table_param] = table;
        }
        try {
            if (table)
                copy_from_host(table, l.table->data(), VarType::UInt64, table_size);
            auto fn = static_cast<CUfunction>(const_cast<void *>(l.kernel.handle()));
            launch_elementwise(fn, l.n, reinterpret_cast<const uint64_t *>(args.data()), args.size());
        } catch (...) {
            free(table, VarType::UInt64, table_size);
            throw;
        }
        free(table, VarType::UInt64, table_size);
    }

    void reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, void *out) override {
        if (n == 0)
            return;
        block = block ? block : n;
        ReduceOp kernel_op = op == ReduceOp::Mean ? ReduceOp::Sum : op;
        if (block < n) { // block reductions: one pass over the whole blocks, dividing by the block's size for a
            // mean, and one over a shorter last block, dividing by its own size
            uint64_t full = n / block, tail = n - full * block;
            if (full)
                reduce_pass(t, t, kernel_op, in, out, full * block, block, op == ReduceOp::Mean ? block : 0);
            if (tail)
                reduce_pass(t, t, kernel_op, element(in, t, full * block), element(out, t, full), tail, tail,
                            op == ReduceOp::Mean ? tail : 0);
            return;
        }
        // A whole array: partial results of first-pass blocks (in double for float sums and products, as
        // cpu_reduce.cpp), then one CTA combines them, rounds to the array's type and divides by n for a mean.
        VarType acc =
            kernel_op == ReduceOp::Sum || kernel_op == ReduceOp::Prod ? reduce_algebra::accumulator(t) : t;
        uint64_t first_block = std::min(first_pass_block(n), n);
        uint64_t full = n / first_block, tail = n - full * first_block;
        uint64_t partials = full + (tail ? 1 : 0);
        void *tmp = alloc(acc, partials);
        try {
            reduce_pass(t, acc, kernel_op, in, tmp, full * first_block, first_block, 0);
            if (tail) // the last, shorter block: a pass of its own over the remaining elements
                reduce_pass(t, acc, kernel_op, element(in, t, full * first_block), element(tmp, acc, full), tail, tail,
                            0);
            reduce_pass(acc, t, kernel_op, tmp, out, partials, partials, op == ReduceOp::Mean ? n : 0);
        } catch (...) {
            free(tmp, acc, partials);
            throw;
        }
        free(tmp, acc, partials); // in stream order: the passes above run before any reuse
    }

    void prefix_reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, bool exclusive,
                       bool reverse, void *out) override {
        if (n == 0)
            return;
        block = block ? std::min(block, n) : n;
        scan_passes(t, op, ScanPass::Scan, exclusive, reverse, in, out, n, block, nullptr, *this);
    }

    uint64_t compress(const void *mask, uint64_t n, void *out_indices) override {
        if (n == 0)
            return 0;
        void *count = alloc(VarType::UInt32, 1);
        uint32_t host = 0;
        try {
            fill(count, VarType::UInt32, 1, 0); // the last pass writes it; zeroed so that it is defined regardless
            scan_passes(VarType::Bool, ReduceOp::Sum, ScanPass::Compress, true, false, mask, out_indices, n, n, count,
                        *this);
            copy_to_host(&host, count, VarType::UInt32, 1); // waits for the passes: the count is needed on the host
        } catch (...) {
            free(count, VarType::UInt32, 1);
            throw;
        }
        free(count, VarType::UInt32, 1);
        return host;
    }

    void collective(const detail::CollectiveCall &c, const void *in, void *out) override {
        const bool root = c.kind == detail::CollectiveKind::Broadcast && c.rank == c.root; // (runs in place)
        if (root)
            copy(out, in, c.type, c.out_elements());
        sync(); // the input's kernels have run (and nothing queued still reads the output's memory)
        if (c.transport->accepts(Backend::CUDA)) { // a CUDA-aware MPI reads and writes device memory itself
            c.transport->run(c, in, out);
            return;
        }
        // Staged through host memory: the device's elements down, the collective on the host, the result up.
        const size_t es = detail::type_size(c.type);
        std::vector<char> host_in(c.in_elements() * es), host_out(c.out_elements() * es);
        if (c.in_elements())
            copy_to_host(host_in.data(), in, c.type, c.in_elements());
        if (root)
            host_out = host_in;
        c.transport->run(c, c.in_elements() ? host_in.data() : nullptr, host_out.data());
        copy_from_host(out, host_out.data(), c.type, c.out_elements());
    }

    void sync() override {
        if (device_used())
            device_synchronize();
    }

  private:
    CudaCompiler m_compiler;
};

} // namespace
} // namespace tj::cuda

namespace tj::backends {

Device &cuda_device() {
    static cuda::CudaDevice *d = new cuda::CudaDevice(); // never destroyed, as the CPU's
    return *d;
}

} // namespace tj::backends
