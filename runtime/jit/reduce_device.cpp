// runtime/jit/reduce_device.cpp — reductions of CUDA arrays on the device: blocks in one pass, whole arrays in two
//
// The kernel (backend/cuda_reduce.h) reduces consecutive blocks of elements, one CTA per block, accumulating floats
// in double as the CPU does. Block reductions are one pass. A whole array is reduced in two: its elements are cut
// into a few hundred blocks (double partials for floats), then one CTA reduces the partials. Everything stays on
// this thread's stream.
#include "jit/var.h"

#include "backend/cuda_device.h"
#include "backend/cuda_reduce.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

namespace tj::jit {
namespace {

using detail::ReduceOp;

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

/// out[b] = reduce(in[b*block, (b+1)*block)) for b < n / block, divided by `divisor` when it is not 0.
void reduce_pass(VarType in_type, VarType out_type, ReduceOp op, const void *in, void *out, uint64_t n,
                 uint64_t block, uint64_t divisor) {
    uint64_t blocks = n / block;
    const cuda::DeviceInfo &dev = cuda::driver().device;
    cuda::LaunchShape shape;
    shape.block = cuda::reduce_block_threads;
    shape.grid = unsigned(std::min<uint64_t>(blocks, uint64_t(std::max(dev.sm_count, 1)) * 8));
    uint64_t args[5] = {uint64_t(uintptr_t(in)), uint64_t(uintptr_t(out)), n, block, divisor};
    cuda::launch_shape(reduce_kernel(in_type, out_type, op), shape, args, 5);
}

/// Element `i` of a device buffer of type `t` (pointer arithmetic on a device address).
const void *element(const void *data, VarType t, uint64_t i) {
    return static_cast<const char *>(data) + i * detail::type_size(t);
}
void *element(void *data, VarType t, uint64_t i) { return static_cast<char *>(data) + i * detail::type_size(t); }

/// Elements per block of the first pass over a whole array: a few blocks per SM, at least 4096 elements each.
uint64_t first_pass_block(uint64_t n) {
    uint64_t ctas = uint64_t(std::max(cuda::driver().device.sm_count, 1)) * 4;
    return std::max<uint64_t>((n + ctas - 1) / ctas, 4096);
}

} // namespace

void reduce_on_device(VarType t, const void *data, uint64_t n, uint64_t block, ReduceOp op, void *out) {
    if (!block || !(n / block))
        return;
    ReduceOp kernel_op = op == ReduceOp::Mean ? ReduceOp::Sum : op;
    if (block != n) { // block reductions: one pass, dividing by the block's size for a mean
        reduce_pass(t, t, kernel_op, data, out, n, block, op == ReduceOp::Mean ? block : 0);
        return;
    }
    // A whole array: partial results of first-pass blocks (in double for float sums and products, as reduce.cpp),
    // then one CTA combines them, rounds to the array's type and divides by n for a mean.
    bool is_float = t == VarType::Float32 || t == VarType::Float64;
    VarType acc = is_float && (kernel_op == ReduceOp::Sum || kernel_op == ReduceOp::Prod) ? VarType::Float64 : t;
    uint64_t first_block = std::min(first_pass_block(n), n);
    uint64_t full = n / first_block, tail = n - full * first_block;
    uint64_t partials = full + (tail ? 1 : 0);
    void *tmp = alloc_buffer(acc, partials, Backend::CUDA);
    try {
        reduce_pass(t, acc, kernel_op, data, tmp, full * first_block, first_block, 0);
        if (tail) // the last, shorter block: a pass of its own over the remaining elements
            reduce_pass(t, acc, kernel_op, element(data, t, full * first_block), element(tmp, acc, full), tail, tail,
                        0);
        reduce_pass(acc, t, kernel_op, tmp, out, partials, partials, op == ReduceOp::Mean ? n : 0);
    } catch (...) {
        free_buffer(tmp, acc, partials, Backend::CUDA);
        throw;
    }
    free_buffer(tmp, acc, partials, Backend::CUDA); // in stream order: the passes above run before any reuse
}

} // namespace tj::jit
