// runtime/backend/cpu/cpu_device.cpp — the CPU's Device: host buffers, kernels compiled by LLVM ORC, the thread pool
#include "backend/device.h"

#include "backend/cpu/cpu_jit.h"
#include "backend/cpu/cpu_memory.h"
#include "backend/cpu/cpu_reduce.h"
#include "backend/cpu/cpu_scan.h"
#include "backend/cpu/cpu_streaming.h"
#include "backend/cpu/cpu_thread_pool.h"
#include "cache/kernel_cache.h"

#include <algorithm>
#include <cstring>

namespace tj::backends {
namespace {

struct RangeJob {
    KernelFn fn;
    void **args;
    uint64_t stream;
};

void run_range(void *ctx, uint64_t start, uint64_t end) {
    auto *job = static_cast<RangeJob *>(ctx);
    job->fn(start, end, job->args, job->stream);
}

/// Elements per block of a parallel launch: big enough to amortise scheduling (one atomic increment per block),
/// small enough to balance. 16 blocks per thread: a thread that starts late or is preempted (the machine's other
/// processes) leaves the others at most one small block to wait for at the end. With 4 per thread a 16M launch on
/// 2 threads had 2M-element blocks (about 0.8 ms of the fused benchmark's kernel each).
uint64_t block_size(uint64_t n) {
    size_t threads = cpu::pool_size();
    if (threads == 1 || n < 32768)
        return n;
    uint64_t block = (n + threads * 16 - 1) / (threads * 16);
    block = std::max<uint64_t>(block, 16384);
    return (block + 63) & ~uint64_t(63);
}

/// Copies of at least this many bytes run on the thread pool, in slices of copy_slice bytes.
constexpr uint64_t large_copy = uint64_t(4) << 20, copy_slice = uint64_t(1) << 20;

class CpuDevice final : public Device {
  public:
    Backend backend() const override { return Backend::CPU; }
    bool uploads_without_lock() const override { return true; }

    void *alloc(VarType t, uint64_t n) override { return cpu::alloc_buffer(t, n); }
    void free(void *p, VarType t, uint64_t n) noexcept override { cpu::free_buffer(p, t, n); }

    void copy_from_host(void *dst, const void *src, VarType t, uint64_t n) override { copy(dst, src, t, n); }
    void copy_to_host(void *dst, const void *src, VarType t, uint64_t n) override { copy(dst, src, t, n); }
    void copy(void *dst, const void *src, VarType t, uint64_t n) override {
        uint64_t bytes = n * detail::type_size(t);
        if (bytes < large_copy || cpu::pool_size() == 1) {
            if (bytes)
                std::memcpy(dst, src, bytes);
            return;
        }
        // Large copies (compress's indices, copies before a scatter) in slices on the thread pool: one core does
        // not reach the memory bandwidth.
        struct Slices {
            char *dst;
            const char *src;
            uint64_t bytes;
        } job{static_cast<char *>(dst), static_cast<const char *>(src), bytes};
        cpu::parallel_for(
            (bytes + copy_slice - 1) / copy_slice, 1,
            [](void *p, uint64_t first, uint64_t last) {
                auto *j = static_cast<Slices *>(p);
                uint64_t b = first * copy_slice, e = std::min(j->bytes, last * copy_slice);
                std::memcpy(j->dst + b, j->src + b, e - b);
            },
            &job);
    }
    void fill(void *dst, VarType t, uint64_t n, uint64_t bits) override {
        size_t es = detail::type_size(t);
        for (uint64_t i = 0; i < n; ++i)
            std::memcpy(static_cast<char *>(dst) + i * es, &bits, es);
    }

    KernelLookup run(const KernelIR &ir, Launch &l) override {
        KernelLookup found = cache::find_kernel(cpu::kernel_compiler(), ir);
        l.kernel = found.kernel;
        launch(l);
        return found;
    }

    void launch(const Launch &l) override {
        std::vector<void *> &args = *l.args;
        if (l.table_param != UINT32_MAX)
            args[l.table_param] = const_cast<uint64_t *>(l.table->data());
        // Outputs too large for the last-level cache next to the inputs are written with non-temporal stores
        // (cpu_streaming.h).
        RangeJob job{reinterpret_cast<KernelFn>(const_cast<void *>(l.kernel.handle())), args.data(),
                     cpu::streams(l.n, l.element_bytes, cpu::streaming_cache())};
        cpu::parallel_for(l.n, block_size(l.n), run_range, &job);
    }

    void reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, void *out) override {
        if (n)
            cpu::reduce_blocks(t, in, n, block ? block : n, op, out);
    }

    void prefix_reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, bool exclusive,
                       bool reverse, void *out) override {
        cpu::prefix_reduce(op, t, in, n, block, exclusive, reverse, out);
    }
    uint64_t compress(const void *mask, uint64_t n, void *out_indices) override {
        return cpu::compress(static_cast<const uint8_t *>(mask), n, static_cast<uint32_t *>(out_indices));
    }

    void collective(const detail::CollectiveCall &c, const void *in, void *out) override {
        if (c.kind == detail::CollectiveKind::Broadcast && c.rank == c.root) // (a broadcast runs in place)
            copy(out, in, c.type, c.out_elements());
        c.transport->run(c, in, out); // host memory: every transport takes it as it is
    }

    void sync() override {} // launches are synchronous
};

} // namespace

Device &cpu_device() {
    static CpuDevice *d = new CpuDevice(); // never destroyed: arrays in static storage free buffers after main()
    return *d;
}

} // namespace tj::backends
