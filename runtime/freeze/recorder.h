// runtime/freeze/recorder.h — the recorder of a frozen function's body, and the hooks the JIT calls while one runs
//
// A recorder is active on the thread that runs a frozen body (one at a time per thread). The JIT calls the
// hooks below wherever it launches a kernel, reduces, or makes a buffer; each becomes a step of the recording.
// `active()` is one thread-local load, so code outside frozen functions pays nothing else.
#pragma once

#include "freeze/recording.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace tj::freezing {

class Recorder {
  public:
    /// `name` is how messages name the frozen function; `backend` is the one selected when the recording starts.
    Recorder(std::string name, Backend backend) : m_name(std::move(name)) { m_rec.backend = backend; }

    /// Registers an input leaf: its buffer (aliases share a slot), or a literal (a slot without a buffer: its
    /// size takes part in size inference), or nothing (the empty array).
    void add_input(const void *buffer, bool literal, VarType t, uint64_t size);
    void end_inputs();

    // Hooks (under the JIT lock).
    /// Throws FreezeError unless buffers in the memory of `at` belong in this recording (`what`: what uses them).
    void check_backend(Backend at, const char *what) const;
    /// A kernel launch over `n` elements (a CPU kernel `fn` or a CUDA kernel `cuda_fn`, as the recording's
    /// backend): params with their kinds and arguments, the type of each Output param, and for each Size param
    /// the index of the buffer param whose size it is.
    void launch(KernelFn fn, cuda::CUfunction cuda_fn, uint64_t n, const std::vector<ParamKind> &kinds, const std::vector<void *> &args,
                const std::vector<VarType> &out_types, const std::vector<uint32_t> &size_of,
                const std::vector<uint64_t> &table, uint32_t table_param);
    void reduce(detail::ReduceOp op, uint64_t block, const void *in, void *out, VarType t, uint64_t out_size);
    void fill(void *out, VarType t, uint64_t n, uint64_t bits);
    /// A buffer made from `src`: a copy of a slot when `src` is one, else host data (kept in the recording).
    void data(void *out, const void *src, VarType t, uint64_t n);
    [[noreturn]] void read(const char *api);

    /// The slot of a buffer known to the recording; throws FreezeError otherwise (`what` says how it was used).
    uint32_t slot_of(const void *buffer, const char *what);
    /// An output leaf.
    OutLeaf output(const void *buffer, bool literal, VarType t, uint64_t bits, uint64_t size);

    Recording &recording() { return m_rec; }
    const std::string &name() const { return m_name; }

  private:
    uint32_t new_slot(const void *buffer, VarType t, uint64_t size, const char *what);
    SizeExpr infer(uint64_t n, const char *what);

    std::string m_name;
    Recording m_rec;
    std::unordered_map<const void *, uint32_t> m_slots;
    std::vector<uint64_t> m_input_sizes; ///< size of each input slot at record time
};

/// The recorder active on this thread (null: none).
Recorder *&active_slot();
inline Recorder *active() { return active_slot(); }

} // namespace tj::freezing
