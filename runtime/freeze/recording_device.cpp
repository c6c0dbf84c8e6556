// runtime/freeze/recording_device.cpp — recording a frozen body: slots for buffers, steps for device calls, sizes
#include "freeze/recording_device.h"

#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace tj::freezing {

RecordingDevice *active() { return dynamic_cast<RecordingDevice *>(backends::thread_override()); }

void install(RecordingDevice *d) { backends::thread_override() = d; }

RecordingDevice::RecordingDevice(std::string name, Backend backend)
    : m_name(std::move(name)), m_real(backends::device(backend)) {
    m_rec.backend = backend;
    m_rec.name = m_name;
}

void RecordingDevice::add_input(const void *buffer, bool literal, VarType t, uint64_t size) {
    if (!buffer && !literal) {
        m_rec.input_slot.push_back(-1);
        return;
    }
    auto found = buffer ? m_slots.find(buffer) : m_slots.end();
    if (found != m_slots.end()) { // the same array twice
        m_rec.input_slot.push_back(int32_t(found->second));
        return;
    }
    uint32_t slot = uint32_t(m_rec.slots.size());
    m_rec.slots.push_back({t, {}});
    if (buffer)
        m_slots[buffer] = slot;
    m_input_sizes.push_back(size);
    m_rec.input_slot.push_back(int32_t(slot));
    if (literal) // a literal input's width is an input size: what the body makes of it follows it (see `infer`)
        after_size_read(size);
}

void RecordingDevice::end_inputs() { m_rec.input_slots = uint32_t(m_rec.slots.size()); }

SizeExpr RecordingDevice::infer_static(uint64_t n, bool &baked) {
    // The largest input whose size is n, then one n is a multiple of, then one n divides (Dr.Jit's heuristic).
    // A block reduction's result comes right after the inputs of size n (below).
    baked = false;
    int32_t best = -1;
    SizeExpr e;
    auto consider = [&](uint64_t mul, uint64_t div, uint32_t slot) {
        if (best < 0 || m_input_sizes[slot] > m_input_sizes[uint32_t(best)]) {
            best = int32_t(slot);
            e = {int32_t(slot), mul, div, 0};
        }
    };
    for (uint32_t s = 0; s < m_input_sizes.size(); ++s)
        if (m_input_sizes[s] == n && n > 1)
            consider(1, 1, s);
    // Else a block reduction's result of that size (the latest): kernels on it follow its size, rounded up on
    // every replay (a fraction of the input would stop dividing).
    if (best < 0)
        for (auto r = m_rounded.rbegin(); r != m_rounded.rend(); ++r)
            if (r->second == n && n > 1)
                return {int32_t(r->first), 1, 1, 0};
    if (best < 0)
        for (uint32_t s = 0; s < m_input_sizes.size(); ++s)
            if (m_input_sizes[s] > 1 && n > m_input_sizes[s] && n % m_input_sizes[s] == 0)
                consider(n / m_input_sizes[s], 1, s);
    if (best < 0)
        for (uint32_t s = 0; s < m_input_sizes.size(); ++s)
            if (n > 1 && m_input_sizes[s] > n && m_input_sizes[s] % n == 0)
                consider(1, m_input_sizes[s] / n, s);
    if (best >= 0)
        return e;
    baked = true;
    return {-1, 1, 1, n};
}

void RecordingDevice::add_guard(const SizeExpr &a, const SizeExpr &b) {
    SizeGuard g{uint32_t(m_rec.steps.size()), a, b}; // checked before the step being recorded now runs again
    for (const SizeGuard &known : m_rec.guards)
        if (known.a == a && known.b == b)
            return; // checked already, by an earlier step
    m_rec.guards.push_back(g);
}

bool RecordingDevice::add_check(const void *flag, const std::string &before, const std::string &after) {
    auto found = m_slots.find(flag);
    if (found == m_slots.end() || found->second < m_rec.input_slots)
        return false;
    m_rec.checks.push_back({found->second, before, after});
    return true;
}

void RecordingDevice::pin_size(uint64_t n) {
    bool baked = false;
    SizeExpr e = infer_static(n, baked);
    if (!baked) // (a constant stays one on every replay: nothing to check)
        add_guard(e, SizeExpr{-1, 1, 1, n});
}

bool RecordingDevice::follows_count(uint32_t s) const {
    return m_rec.slots[s].size.dynamic >= 0 ||
           std::find(m_compressed.begin(), m_compressed.end(), s) != m_compressed.end();
}

void RecordingDevice::after_size_read(uint64_t n) {
    auto at = std::lower_bound(m_sizes_read.begin(), m_sizes_read.end(), n);
    if (at == m_sizes_read.end() || *at != n)
        m_sizes_read.insert(at, n);
}

bool RecordingDevice::read_on_host(uint64_t n) const {
    // A size v read on the host that is an input's (or a block reduction's result's) and that n equals, is a multiple
    // of or divides: the body may have made n from it (arange(x.size() / 2)).
    auto is_source = [&](uint64_t v) {
        return std::find(m_input_sizes.begin(), m_input_sizes.end(), v) != m_input_sizes.end() ||
               std::any_of(m_rounded.begin(), m_rounded.end(), [&](auto &r) { return r.second == v; });
    };
    for (uint64_t v : m_sizes_read)
        if (v > 1 && (n == v || n % v == 0 || v % n == 0) && is_source(v))
            return true;
    return false;
}

SizeExpr RecordingDevice::infer(uint64_t n, const char *what, bool reads_count, bool host_made) {
    bool baked = false;
    SizeExpr fixed = infer_static(n, baked);
    // A size equal to a compress count (larger than 1: counts 0 and 1 are kept fixed by a guard of their own) follows
    // that count on replay, the latest one first. Any other source that explains it too (an input of that size, a
    // block reduction's result, another count, a multiple or fraction of an input) must still agree on replay.
    int32_t chosen = -1;
    for (auto c = m_counts.rbegin(); c != m_counts.rend(); ++c) {
        if (c->second != n || n <= 1)
            continue;
        SizeExpr dynamic;
        dynamic.dynamic = int32_t(c->first);
        if (chosen < 0) {
            chosen = int32_t(c->first);
            continue;
        }
        SizeExpr first;
        first.dynamic = chosen;
        add_guard(first, dynamic);
    }
    if (chosen >= 0) {
        SizeExpr e;
        e.dynamic = chosen;
        if (baked && !reads_count) { // a constant equal to the count by chance, or made from the count on the host
            add_guard(e, fixed);     // (zeros(idx.size())): the replay cannot tell, so the count must stay n
            return fixed;
        }
        if (!baked)
            add_guard(e, fixed);
        return e;
    }
    // A width chosen on the host that equals an input's size (or a multiple or fraction of it): the body made it from
    // that size only if it read it; else it is a constant as far as anyone can tell (arange(3) next to an input of 3
    // elements), and the replay keeps it only while the input still has that size.
    if (host_made && !baked && !read_on_host(n))
        add_guard(fixed, SizeExpr{-1, 1, 1, n});
    if (baked && n > 1) {
        if (host_made && pin_sizes_read())
            logging::warn("freeze: {}: the size {} of {} is not a multiple or a fraction of an input size, and the "
                          "body read sizes on the host (it may have made {} from them): the recording replays only "
                          "for inputs of the sizes it saw, and a call with other sizes records anew",
                          m_name, n, what, n);
        else
            logging::warn("freeze: {}: the size {} of {} is not a multiple or a fraction of an input size: it is "
                          "baked in as a constant (a call with other sizes will still use {})",
                          m_name, n, what, n);
    }
    return fixed;
}

bool RecordingDevice::pin_sizes_read() {
    bool pinned = false;
    auto pin = [&](const SizeExpr &e, uint64_t v) {
        add_guard(e, SizeExpr{-1, 1, 1, v});
        pinned = true;
    };
    for (uint64_t v : m_sizes_read) {
        if (v <= 1)
            continue;
        for (uint32_t s = 0; s < m_input_sizes.size(); ++s)
            if (m_input_sizes[s] == v)
                pin(SizeExpr{int32_t(s), 1, 1, 0}, v);
        for (const auto &[slot, size] : m_rounded)
            if (size == v)
                pin(SizeExpr{int32_t(slot), 1, 1, 0}, v);
        for (const auto &[slot, count] : m_counts)
            if (count == v) {
                SizeExpr e;
                e.dynamic = int32_t(slot);
                pin(e, v);
            }
    }
    return pinned;
}

uint32_t RecordingDevice::new_slot(const void *buffer, VarType t, uint64_t size, const char *what, bool reads_count,
                                   bool host_made) {
    uint32_t slot = uint32_t(m_rec.slots.size());
    m_rec.slots.push_back({t, infer(size, what, reads_count, host_made)});
    m_slots[buffer] = slot;
    return slot;
}

uint32_t RecordingDevice::slot_of(const void *buffer, const char *what) {
    auto found = m_slots.find(buffer);
    if (found == m_slots.end() && m_refused.count(buffer))
        throw FreezeError(fmt::format("tj::freeze(): {}: {} {}, which a replay cannot reproduce (it is not an input "
                                      "of the recording): clear it (tj::set_grad) before the call, or pass the "
                                      "values it holds as an argument",
                                      m_name, what, m_refused.at(buffer)));
    if (found == m_slots.end())
        throw FreezeError(fmt::format("tj::freeze(): {}: {} an array that is neither an input of the frozen function "
                                      "nor made inside it (a global or captured array?): pass it as an argument "
                                      "(or, with the plugin, it is found as an implicit input)",
                                      m_name, what));
    return found->second;
}

backends::Device &RecordingDevice::device_for(Backend b) {
    if (b == m_rec.backend) [[likely]]
        return *this;
    auto name = [](Backend x) { return x == Backend::CUDA ? "CUDA" : "the CPU"; };
    throw FreezeError(fmt::format("tj::freeze(): {}: an array in the memory of {} is used, but the function is being "
                                  "recorded for {} (the backend selected when it was called): a recording runs on "
                                  "one backend; pass inputs made on the selected backend",
                                  m_name, name(b), name(m_rec.backend)));
}

/// The Launch step of `l`, its kernel not yet set; throws FreezeError (before anything runs) when a buffer it reads
/// is not one the recording knows.
Step RecordingDevice::launch_step(const backends::Launch &l) {
    const std::vector<ParamKind> &kinds = *l.kinds;
    const std::vector<void *> &args = *l.args;
    Step step;
    step.kind = StepKind::Launch;
    step.element_bytes = l.element_bytes;
    // Whether n is a compress count comes from the JIT, which knows what the kernel computes from (one that reads an
    // array of the count's size may have another size: a gather through a constant index).
    step.n = infer(l.n, "a kernel launch", l.size_follows_count, l.size_from_host);
    step.params.resize(kinds.size());
    size_t next_out = 0;
    for (uint32_t p = 0; p < kinds.size(); ++p) {
        Binding &b = step.params[p];
        if (p == l.table_param) {
            b.kind = Binding::Table;
            step.table = *l.table;
            step.table_param = p;
            continue;
        }
        switch (kinds[p]) {
        case ParamKind::Input: b.slot = slot_of(args[p], "reads"); break;
        case ParamKind::Target: b.slot = slot_of(args[p], "scatters into"); break;
        case ParamKind::Output:
            b.slot = new_slot(args[p], (*l.out_types)[next_out], l.n, "a kernel's output", l.size_follows_count,
                              l.out_host_size && (*l.out_host_size)[next_out]);
            ++next_out;
            step.made.push_back(b.slot);
            break;
        case ParamKind::Size:
            b.kind = Binding::Size;
            b.slot = slot_of(args[(*l.size_of)[p]], "indexes");
            break;
        }
    }
    return step;
}

KernelLookup RecordingDevice::run(const KernelIR &ir, backends::Launch &l) {
    Step step = launch_step(l);
    KernelLookup found = m_real.run(ir, l);
    step.kernel = l.kernel;
    ++m_rec.launches;
    m_rec.steps.push_back(std::move(step));
    return found;
}

void RecordingDevice::launch(const backends::Launch &l) {
    Step step = launch_step(l);
    step.kernel = l.kernel;
    m_real.launch(l);
    ++m_rec.launches;
    m_rec.steps.push_back(std::move(step));
}

void RecordingDevice::reduce(detail::ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, void *out) {
    Step step;
    step.kind = StepKind::Reduce;
    step.reduce = op;
    step.block = block;
    step.in = slot_of(in, "reduces");
    m_real.reduce(op, t, in, n, block, out);
    if (block) { // ceil(n / block) values, whatever n is on replay
        step.out = uint32_t(m_rec.slots.size());
        m_rec.slots.push_back({t, {int32_t(step.in), 1, block, 0, true}});
        m_slots[out] = step.out;
        m_rounded.push_back({step.out, n / block + (n % block != 0)});
    } else {
        step.out = new_slot(out, t, 1, "a reduction's result");
    }
    step.made.push_back(step.out);
    m_rec.steps.push_back(std::move(step));
}

void RecordingDevice::fill(void *dst, VarType t, uint64_t n, uint64_t bits) {
    m_real.fill(dst, t, n, bits);
    Step step;
    step.kind = StepKind::Fill;
    step.bits = bits;
    step.out = new_slot(dst, t, n, "an array made from a literal", false, true);
    step.n = m_rec.slots[step.out].size;
    step.made.push_back(step.out);
    m_rec.steps.push_back(std::move(step));
}

void RecordingDevice::copy(void *dst, const void *src, VarType t, uint64_t n) {
    Step step; // a copy of an array that is not a slot would be a stale snapshot in the recording
    step.kind = StepKind::Copy;
    step.in = slot_of(src, "copies (to scatter into it)");
    m_real.copy(dst, src, t, n);
    // The indices of a compress are copied out of a buffer as large as the mask: the leading `count` of them.
    step.leading = std::find(m_compressed.begin(), m_compressed.end(), step.in) != m_compressed.end();
    step.out = new_slot(dst, t, n, "a copy of an array", follows_count(step.in));
    step.n = m_rec.slots[step.out].size;
    step.made.push_back(step.out);
    m_rec.steps.push_back(std::move(step));
}

void RecordingDevice::prefix_reduce(detail::ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block,
                                    bool exclusive, bool reverse, void *out) {
    Step step;
    step.kind = StepKind::Prefix;
    step.reduce = op;
    step.block = block;
    step.exclusive = exclusive;
    step.reverse = reverse;
    step.in = slot_of(in, "scans");
    m_real.prefix_reduce(op, t, in, n, block, exclusive, reverse, out);
    step.out = uint32_t(m_rec.slots.size()); // one value per element: the input's size, whatever it is on replay
    m_rec.slots.push_back({t, {int32_t(step.in), 1, 1, 0}});
    m_slots[out] = step.out;
    step.made.push_back(step.out);
    m_rec.steps.push_back(std::move(step));
}

uint64_t RecordingDevice::compress(const void *mask, uint64_t n, void *out_indices) {
    Step step;
    step.kind = StepKind::Compress;
    step.in = slot_of(mask, "compresses");
    uint64_t count = m_real.compress(mask, n, out_indices);
    step.out = uint32_t(m_rec.slots.size()); // room for every entry of the mask
    m_rec.slots.push_back({VarType::UInt32, {int32_t(step.in), 1, 1, 0}});
    m_slots[out_indices] = step.out;
    m_compressed.push_back(step.out);
    step.made.push_back(step.out);
    uint32_t index = uint32_t(m_rec.steps.size());
    m_rec.steps.push_back(std::move(step));
    m_counts.push_back({index, count});
    if (count <= 1) { // no entries, or one, take another path through the JIT (no arrays, or width-1 arrays that
        // broadcast): this recording holds for that count only
        SizeExpr dynamic, fixed;
        dynamic.dynamic = int32_t(index);
        fixed.constant = count;
        m_rec.guards.push_back({index + 1, dynamic, fixed});
    }
    return count;
}

void RecordingDevice::collective(const detail::CollectiveCall &c, const void *in, void *out) {
    Step step;
    step.kind = StepKind::Collective;
    step.in = slot_of(in, "sends"); // (the JIT makes no collective of an empty array while recording)
    m_real.collective(c, in, out);
    step.call = c;
    step.reduce = c.op;
    step.equal_counts = std::all_of(c.counts.begin(), c.counts.end(), [&](uint64_t k) { return k == c.counts[0]; });
    // The result's size: the input's (AllReduce always; a Broadcast or AllGather while every process has the same
    // size, times the number of processes for AllGather), else the constant the processes had at record time.
    const uint64_t m = c.out_elements();
    SizeExpr size{-1, 1, 1, m};
    if (c.kind == detail::CollectiveKind::AllReduce || step.equal_counts)
        size = {int32_t(step.in), c.kind == detail::CollectiveKind::AllGather ? uint64_t(c.counts.size()) : 1, 1, 0};
    step.out = uint32_t(m_rec.slots.size());
    m_rec.slots.push_back({c.type, size});
    m_slots[out] = step.out;
    if (m > 1) // later sizes equal to the result's follow it (as a block reduction's result)
        m_rounded.push_back({step.out, m});
    step.made.push_back(step.out);
    m_rec.steps.push_back(std::move(step));
}

void RecordingDevice::copy_from_host(void *dst, const void *src, VarType t, uint64_t n) {
    if (m_slots.count(src)) { // the host buffer of a CPU array known to the recording: a copy of that slot
        copy(dst, src, t, n);
        return;
    }
    m_real.copy_from_host(dst, src, t, n);
    Step step; // host data: the same every call (the body that made it is the same code)
    step.kind = StepKind::HostData;
    size_t bytes = n * detail::type_size(t);
    step.data.assign(static_cast<const char *>(src), static_cast<const char *>(src) + bytes);
    uint32_t slot = uint32_t(m_rec.slots.size());
    m_rec.slots.push_back({t, {-1, 1, 1, n}});
    m_slots[dst] = slot;
    step.out = slot;
    step.n = m_rec.slots[step.out].size;
    step.made.push_back(step.out);
    m_rec.steps.push_back(std::move(step));
}

void RecordingDevice::copy_to_host(void *, const void *, VarType, uint64_t) { before_host_read(); }

void RecordingDevice::before_host_read() {
    throw FreezeError(fmt::format("tj::freeze(): {}: the contents of an array are read on the host "
                                  "(tj::Array::read(), tj::to_vector(), a conversion to a host value) inside a frozen "
                                  "function; the replay does not run the body, so the read cannot be replayed: "
                                  "return the array instead",
                                  m_name));
}

void RecordingDevice::before_pointer_access(const char *api) {
    throw FreezeError(fmt::format("tj::freeze(): {}: {} is called inside a frozen function; the replay does not run "
                                  "the body, so it could neither hand out a pointer to an array's memory (data(), "
                                  "to_dlpack) nor wrap foreign memory (map, from_dlpack) again: do it outside, and "
                                  "pass the array in or return it",
                                  m_name, api));
}

OutLeaf RecordingDevice::output(const void *buffer, bool literal, VarType t, uint64_t bits, uint64_t size) {
    OutLeaf o;
    o.type = t;
    if (literal) {
        o.kind = OutLeaf::Literal;
        o.bits = bits;
        o.size = infer(size, "a literal output", false, true);
    } else if (buffer) {
        o.kind = OutLeaf::SlotValue;
        o.slot = slot_of(buffer, "returns");
    }
    return o;
}

} // namespace tj::freezing
