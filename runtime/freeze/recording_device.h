// runtime/freeze/recording_device.h — the device a frozen body runs on while it is recorded: forwards and records
//
// While a frozen function's body is recorded, the RecordingDevice is this thread's device override
// (backend/device.h): the JIT calls it as it would call the backend's device. Each call is forwarded to the
// real device and, when it makes or changes a buffer, appended to the recording as a step (a launch, a
// reduction, a prefix reduction, a compress, a collective, a fill, a copy, host data). Every buffer a step touches
// is a slot of the recording: the inputs' buffers first, then one per buffer a step makes; sizes are inferred from
// the input sizes. Reading an array's contents on the host cannot be replayed and throws tj::FreezeError.
#pragma once

#include "backend/device.h"
#include "freeze/recording.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tj::freezing {

class RecordingDevice final : public backends::Device, public backends::DeviceOverride {
  public:
    /// `name` is how messages name the frozen function; `backend` is the one selected when the recording starts.
    RecordingDevice(std::string name, Backend backend);

    /// Registers an input leaf: its buffer (aliases share a slot), or a literal (a slot without a buffer: its
    /// size takes part in size inference), or nothing (the empty array).
    void add_input(const void *buffer, bool literal, VarType t, uint64_t size);
    void end_inputs();
    /// Whether `buffer` is an input's (or a buffer a step made).
    bool knows(const void *buffer) const { return m_slots.count(buffer) != 0; }
    /// A buffer the body must not read (an input's gradient): a step that reads it is a FreezeError naming `what`.
    void refuse(const void *buffer, std::string what) { m_refused.emplace(buffer, std::move(what)); }
    /// An output leaf.
    OutLeaf output(const void *buffer, bool literal, VarType t, uint64_t bits, uint64_t size);

    /// Keeps a size that a kernel has baked in (a tensor's first dimension used as an inner one): when `n` follows an
    /// input's size, a guard makes a replay with another size record anew (runtime/freeze/pin_size.cpp).
    void pin_size(uint64_t n);

    /// A check's flag (runtime/jit/checks.cpp) whose buffer the recording made: a replay reads it after its steps
    /// and throws the check's tj::Error when it is set. False for a buffer the recording does not know.
    bool add_check(const void *flag, const std::string &before, const std::string &after);

    Recording &recording() { return m_rec; }
    const std::string &name() const { return m_name; }

    // backends::DeviceOverride: this device for the recording's backend; any other is a FreezeError.
    backends::Device &device_for(Backend b) override;
    /// A read on the host cannot be replayed (the replay does not run the body): a FreezeError.
    void before_host_read() override;
    /// A pointer into memory the replay would not reproduce (data(), to_dlpack, map, from_dlpack): a FreezeError.
    void before_pointer_access(const char *api) override;
    /// The body read a size on the host: sizes it makes may follow an input of that size (see `infer`).
    void after_size_read(uint64_t n) override;

    // backends::Device: forwarded to the recording's backend, recorded as steps.
    Backend backend() const override { return m_rec.backend; }
    bool uploads_without_lock() const override { return m_real.uploads_without_lock(); }
    void *alloc(VarType t, uint64_t n) override { return m_real.alloc(t, n); }
    void free(void *p, VarType t, uint64_t n) noexcept override { m_real.free(p, t, n); }
    void copy_from_host(void *dst, const void *src, VarType t, uint64_t n) override;
    void copy_to_host(void *dst, const void *src, VarType t, uint64_t n) override;
    void copy(void *dst, const void *src, VarType t, uint64_t n) override;
    void fill(void *dst, VarType t, uint64_t n, uint64_t bits) override;
    KernelLookup run(const KernelIR &ir, backends::Launch &launch) override;
    void launch(const backends::Launch &launch) override;
    void reduce(detail::ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, void *out) override;
    void prefix_reduce(detail::ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, bool exclusive,
                       bool reverse, void *out) override;
    /// Records a Compress step: its count is a run-time value of the replay, and later sizes equal to it follow it.
    uint64_t compress(const void *mask, uint64_t n, void *out_indices) override;
    /// Records a Collective step; the result's size follows the input's while every process has the same size.
    void collective(const detail::CollectiveCall &c, const void *in, void *out) override;
    void sync() override { m_real.sync(); }

  private:
    Step launch_step(const backends::Launch &l);
    /// The slot of a buffer known to the recording; throws FreezeError otherwise (`what` says how it was used).
    uint32_t slot_of(const void *buffer, const char *what);
    uint32_t new_slot(const void *buffer, VarType t, uint64_t size, const char *what, bool reads_count = false,
                      bool host_made = false);
    /// The expression of a size `n` that a step (or an output) has: a compress count it equals (the latest one),
    /// else what infer_static says; a size that more than one source explains gets guards (SizeGuard).
    /// `reads_count`: the step computes from arrays whose size is a count (a launch the JIT marks
    /// size_follows_count, a copy of such an array). A step that does not, with a size equal to a count and no other
    /// explanation (a constant such as `arange(100)`), keeps the constant, guarded: should the count differ on
    /// replay, the call records anew.
    /// `host_made`: the size is a width chosen on the host (jit::Variable::host_size, a fill, a literal output), not
    /// one of an array read per element. It follows an input's size (or a multiple or fraction of it) only when the
    /// body read that size on the host (`x.size()`: after_size_read); else it may as well be a constant that equals
    /// it by chance (`arange(3)` next to an input of 3 elements), and a guard makes a call with another input size
    /// record anew.
    SizeExpr infer(uint64_t n, const char *what, bool reads_count = false, bool host_made = false);
    /// Whether the body read, on the host, a size that is an input's (or a block reduction's result's) and that `n`
    /// equals, is a multiple of or divides (a literal input's width counts as read).
    bool read_on_host(uint64_t n) const;
    /// For a width chosen on the host that `infer` bakes in as a constant while the body has read sizes on the host
    /// (`zeros(x.size() + 1)` may have made it from them): guards that keep every input, block reduction result and compress count of a
    /// size that was read at its recorded size, so that a call with other sizes records anew instead of replaying the
    /// stale constant. Whether it made any.
    bool pin_sizes_read();
    /// Whether slot `s` holds an array whose size follows a compress count.
    bool follows_count(uint32_t s) const;
    /// From the input sizes and block reductions' results only; `baked` says it fell back to the constant n.
    SizeExpr infer_static(uint64_t n, bool &baked);
    void add_guard(const SizeExpr &a, const SizeExpr &b);

    std::string m_name;
    backends::Device &m_real;
    Recording m_rec;
    std::unordered_map<const void *, uint32_t> m_slots;
    std::unordered_map<const void *, std::string> m_refused;
    std::vector<uint64_t> m_input_sizes; ///< size of each input slot at record time
    /// Slots of block reductions' results (sizes rounded up) and their sizes at record time, for `infer`.
    std::vector<std::pair<uint32_t, uint64_t>> m_rounded;
    /// Compress steps and the counts they found at record time, for `infer`.
    std::vector<std::pair<uint32_t, uint64_t>> m_counts;
    /// Index buffers of compress steps (as large as their mask): a copy of their leading part is a Copy `leading`.
    std::vector<uint32_t> m_compressed;
    /// Sizes the body read on the host (after_size_read), sorted.
    std::vector<uint64_t> m_sizes_read;
};

/// The recording device installed on this thread (null: none, or an override of another kind).
RecordingDevice *active();
/// Makes `d` (null: none) this thread's device override.
void install(RecordingDevice *d);

} // namespace tj::freezing
