// runtime/backend/device.h — the Device interface: everything that touches device memory or runs code
//
// The JIT never asks "CPU or CUDA?": it asks for the device of a buffer's memory (`active_device(where)`) and
// calls it. `cpu_device.cpp` and `cuda_device.cpp` implement the interface for the two backends. While a
// frozen function records on a thread, a DeviceOverride (freezing's recording device, runtime/freeze/) stands
// in for the backends' devices on that thread: it forwards every call and appends a replay step. Replay drives
// the backends' devices directly (`device(b)`).
//
// Every operation works on whole typed buffers (a type and an element count), so a recording knows the type
// and the size of every buffer a step makes. Calls come with the runtime's lock held, except alloc, free and
// copy_from_host on the CPU device, which are thread-safe on their own.
#pragma once

#include "kernel/kernel.h"
#include "kernel/kernel_ir.h"

#include <tracejit/detail/collective_core.h>
#include <tracejit/detail/core.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tj::backends {

using detail::ReduceOp;

/// One launch of an assembled kernel over `n` elements (n > 0). `args[p]` is the argument of param p: a buffer
/// (Input, Target, Output), an element count cast to a pointer (Size), or ignored for `table_param`, whose
/// argument the device sets to its own copy of `table`. The descriptive fields (`kinds`, `out_types`,
/// `size_of`) let a recording device tell what each argument is; the backends' devices do not read them.
struct Launch {
    Kernel kernel;
    uint64_t n = 0;
    const std::vector<ParamKind> *kinds = nullptr;
    std::vector<void *> *args = nullptr;
    const std::vector<VarType> *out_types = nullptr; ///< type of each Output param, in param order
    const std::vector<uint32_t> *size_of = nullptr;  ///< for each Size param, the buffer param whose size it is
    const std::vector<uint64_t> *table = nullptr;    ///< literals beyond max_embedded_literals
    uint32_t element_bytes = 0;                      ///< element_bytes(the kernel's IR) (kernel/kernel_ir.h)
    uint32_t table_param = UINT32_MAX;               ///< UINT32_MAX: the kernel has no literal table
    bool size_follows_count = false; ///< n is a compress count (jit::Variable::follows_count): freezing replays it so
    /// A width chosen on the host takes part in n (a root is jit::Variable::host_size: `arange(n)`, `full(v, n)`), and
    /// `out_host_size[i]` says the same of output i (in param order; null: of none).
    bool size_from_host = false;
    const std::vector<uint8_t> *out_host_size = nullptr;
};

/// Memory and execution of one backend.
///
/// Device work added later lands here, as a pure virtual function next to `reduce`, implemented by
/// both backends and recorded as a step by freezing's RecordingDevice (which then replays it on the real device):
///   - `scatter_reduce` variants that need more than the element-wise kernels give.
/// They are not declared before they exist: an interface function with no implementation would be a stub.
class Device {
  public:
    virtual ~Device() = default;

    /// The backend whose memory this device's buffers are in.
    virtual Backend backend() const = 0;
    /// Whether alloc and copy_from_host may run without the runtime's lock (host memory: no device state).
    virtual bool uploads_without_lock() const = 0;

    /// A buffer for `n` elements of `t` (at least one element's worth), from the backend's caching allocator.
    virtual void *alloc(VarType t, uint64_t n) = 0;
    /// Returns a buffer from alloc(t, n) (same t and n); null does nothing. Never throws.
    virtual void free(void *p, VarType t, uint64_t n) noexcept = 0;

    /// Copies `n` elements of `t` from host memory into a buffer of this device.
    virtual void copy_from_host(void *dst, const void *src, VarType t, uint64_t n) = 0;
    /// Copies `n` elements of `t` of a buffer of this device into host memory (waits for pending work on it).
    virtual void copy_to_host(void *dst, const void *src, VarType t, uint64_t n) = 0;
    /// Copies `n` elements of `t` between two buffers of this device.
    virtual void copy(void *dst, const void *src, VarType t, uint64_t n) = 0;
    /// Sets each of the `n` elements of `t` of a buffer of this device to the value `bits` (its low bytes).
    virtual void fill(void *dst, VarType t, uint64_t n, uint64_t bits) = 0;

    /// Finds the compiled kernel for `ir` (the memory cache, then the disk cache, then the compiler), stores it in
    /// `launch.kernel` and launches it; returns where it came from. An evaluation's one call into its device.
    virtual KernelLookup run(const KernelIR &ir, Launch &launch) = 0;
    /// Launches `launch.kernel` (a replay's recorded kernel, or run's). The CPU returns when it is done; CUDA queues
    /// it on this thread's stream.
    virtual void launch(const Launch &launch) = 0;

    /// Reduces `n` elements of `t` at `in` in consecutive blocks of `block` elements with `op` into `out`, one
    /// value per block: ceil(n / block) values, the last block shorter when n is not a multiple of block. `block`
    /// 0 reduces the whole array to one value (n > 0), whatever its size: a recording replays it for any n. Float
    /// sums and products accumulate in double; a Mean divides by the block's (own) size. And/Or are bitwise, for
    /// Bool and integer types only; Min/Max of Bool are and/or; Sum, Prod and Mean of Bool are not asked for.
    virtual void reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, void *out) = 0;

    /// Prefix reductions of `n` elements of `t` at `in` into `out` (n values; `out` is not `in`), restarting at
    /// every block of `block` elements (0: the whole array is one block, whatever its size). `exclusive`: out[i] is
    /// the reduction of the elements of i's block before i (the identity of `op` for the first: 0, 1, +inf/max for
    /// Min, -inf/lowest for Max, all ones for And); else of those up to and including i. `reverse`: "before" is
    /// "after", each block is scanned from its end. Floats accumulate in double. Same types per op as `reduce`,
    /// and no Mean.
    virtual void prefix_reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, bool exclusive,
                               bool reverse, void *out) = 0;
    /// Stream compaction: writes the UInt32 indices of the true entries of the `n` Bool at `mask` into
    /// `out_indices` (room for n; the entries past the count are left undefined), in order, and returns how many
    /// there are. The count is a value on the host, so this waits for the work queued before it (on CUDA).
    virtual uint64_t compress(const void *mask, uint64_t n, void *out_indices) = 0;

    /// A collective across processes (allreduce, allgather, broadcast: include/tracejit/detail/collective_core.h)
    /// through `c.transport`, on c.in_elements() elements at `in` (null when none) into `out` (room for c.out_elements()).
    /// A device whose memory the transport does not accept (Transport::accepts) stages through host buffers.
    virtual void collective(const detail::CollectiveCall &c, const void *in, void *out) = 0;

    /// Waits until this thread's queued work has finished (nothing to do on the CPU).
    virtual void sync() = 0;
};

Device &cpu_device();  ///< the CPU backend's device (cpu_device.cpp)
Device &cuda_device(); ///< the CUDA backend's device (cuda_device.cpp); used only once the driver is usable

/// Why backend `b` cannot run here ("CUDA is not available: " and the driver's reason: no driver, a missing
/// entry point, cuInit's error, no device); empty when it can. Loads the CUDA driver on first use.
std::string unavailable_reason(Backend b);

/// The device of backend `b` (process-wide).
inline Device &device(Backend b) { return b == Backend::CUDA ? cuda_device() : cpu_device(); }

/// A new buffer of `dev` for `n` elements of `t`, written by `write(buffer)`; freed again if `write` throws.
template <typename Write> void *new_buffer(Device &dev, VarType t, uint64_t n, Write &&write) {
    void *buf = dev.alloc(t, n);
    try {
        write(buf);
    } catch (...) {
        dev.free(buf, t, n);
        throw;
    }
    return buf;
}

/// Stands in for the backends' devices on one thread while installed (see active_device).
class DeviceOverride {
  public:
    /// The device that does this thread's work on memory of backend `b`; throws tj::Error when `b` cannot be
    /// used here (a recording runs on one backend).
    virtual Device &device_for(Backend b) = 0;
    /// Called before an array's contents are read on the host (`read`, `to_vector`), whatever holds them (a
    /// literal too, which needs no device); throws tj::Error when this thread's work must not be observed there.
    virtual void before_host_read() = 0;
    /// Called before an array's buffer is handed to code outside tracejit as a pointer (`data()`, `to_dlpack`)
    /// or foreign memory is wrapped as an array (`map`, `from_dlpack`), `api` naming the call; throws tj::Error
    /// when this thread's work must not be exposed or extended that way.
    virtual void before_pointer_access(const char *api) = 0;
    /// Called when the host reads an array's size (`size()`), `n` being the size: code that reads it may make arrays
    /// of that size (`arange(x.size())`), which a recording must then size after the array's.
    virtual void after_size_read(uint64_t n) { (void)n; }

  protected:
    ~DeviceOverride() = default;
};

/// This thread's override (null: none). One thread-local load: code outside frozen functions pays nothing else.
inline DeviceOverride *&thread_override() {
    static thread_local DeviceOverride *o __attribute__((tls_model("initial-exec"))) = nullptr;
    return o;
}

/// The device that does this thread's work on memory of backend `b`: the override's while one is installed, else
/// device(b). Buffers are always freed through device(b) (freeing is not a step of anything).
inline Device &active_device(Backend b) {
    if (DeviceOverride *o = thread_override()) [[unlikely]]
        return o->device_for(b);
    return device(b);
}

} // namespace tj::backends
