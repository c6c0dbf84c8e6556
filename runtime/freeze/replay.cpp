// runtime/freeze/replay.cpp — replaying a recording: sizes from the new inputs, buffers, launches, outputs
// Replay drives the backend's device directly (backend/device.h): no tracing, no assembly, no kernel lookup.
// Sizes that the inputs decide are worked out by the dry run; those that follow a compress count once that step
// has run (the count is read back then), and the guards that tie a count to another size are checked on the way.
// A collective agrees with the other processes again before it runs (runtime/jit/collective.cpp). The flags of the
// recording's checks are read at the end, as an evaluation reads them (runtime/jit/checks.cpp).
#include "freeze/replay.h"

#include "jit/collective.h"
#include "jit/reduce.h"
#include "jit/var.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>

namespace tj::freezing {

namespace {

/// The size an expression gives for the slot sizes and counts known so far; false when a fraction does not divide.
/// unknown_size when it depends on a count not known yet.
bool evaluate(const SizeExpr &e, const std::vector<uint64_t> &sizes, const std::vector<uint64_t> &counts,
              uint64_t &out) {
    uint64_t base;
    if (e.dynamic >= 0)
        base = counts.empty() ? unknown_size : counts[uint32_t(e.dynamic)];
    else if (e.slot >= 0)
        base = sizes[uint32_t(e.slot)];
    else {
        out = e.constant;
        return true;
    }
    if (base == unknown_size) {
        out = unknown_size;
        return true;
    }
    uint64_t scaled = base * e.mul;
    if (e.round_up) {
        out = scaled / e.div + (scaled % e.div != 0);
        return true;
    }
    if (scaled % e.div != 0)
        return false;
    out = scaled / e.div;
    return true;
}

/// Checks the guards to be checked before step `step`; throws ReplayMismatch when one fails.
void check_guards(const Recording &rec, uint32_t step, const std::vector<uint64_t> &sizes,
                  const std::vector<uint64_t> &counts) {
    for (const SizeGuard &g : rec.guards) {
        if (g.before_step != step)
            continue;
        uint64_t a = 0, b = 0;
        bool ok = evaluate(g.a, sizes, counts, a) && evaluate(g.b, sizes, counts, b);
        if (!ok || a != b || a == unknown_size)
            throw ReplayMismatch(fmt::format("a size that came from a compress count and from something else at "
                                             "record time, or one a tensor operation baked in, is now {} and {}",
                                             a, b));
    }
}

/// The working vectors of replay(), kept per thread so that a replay (a frozen training step makes two) does not
/// allocate them again each time; `busy` while a replay on this thread uses them (a nested one has its own).
struct Scratch {
    std::vector<uint64_t> counts;
    std::vector<void *> buffers, args;
    std::vector<uint32_t> var_of;
    std::vector<uint8_t> owned;
    bool busy = false;
};

/// This thread's scratch, or `own` while that is in use.
struct ScratchLease {
    Scratch &s;
    bool leased;
    explicit ScratchLease(Scratch &own) : s(pick(own)), leased(&s != &own) {
        if (leased)
            s.busy = true;
    }
    ~ScratchLease() {
        if (leased)
            s.busy = false;
    }
    static Scratch &pick(Scratch &own) {
        thread_local Scratch shared;
        return shared.busy ? own : shared;
    }
    ScratchLease(const ScratchLease &) = delete;
    ScratchLease &operator=(const ScratchLease &) = delete;
};

} // namespace

std::string dry_run(const Recording &rec, const BoundInputs &in, std::vector<uint64_t> &sizes) {
    for (uint32_t s = 0; s < rec.input_slots; ++s)
        if (in.buffers[s] && in.memory[s] != rec.backend)
            return rec.backend == Backend::CUDA ? "an input is in host memory, the recording is for CUDA"
                                                : "an input is in CUDA memory, the recording is for the CPU";
    refill(sizes, rec.slots.size(), 0);
    for (uint32_t s = 0; s < rec.input_slots; ++s)
        sizes[s] = in.sizes[s];
    const std::vector<uint64_t> no_counts;
    for (uint32_t s = rec.input_slots; s < rec.slots.size(); ++s)
        if (!evaluate(rec.slots[s].size, sizes, no_counts, sizes[s]))
            return fmt::format("a recorded size ({}/{} of an input of size {}) does not divide evenly",
                               rec.slots[s].size.mul, rec.slots[s].size.div, sizes[uint32_t(rec.slots[s].size.slot)]);
    for (const Step &step : rec.steps) {
        if (step.kind == StepKind::Reduce && step.block == 0 && sizes[step.in] == 0)
            return "a reduction of an array that is now empty";
        if (step.kind == StepKind::Copy && !step.leading && sizes[step.in] != sizes[step.out] &&
            sizes[step.in] != unknown_size && sizes[step.out] != unknown_size)
            return "a copied array changed its size";
        uint64_t n;
        if (step.kind == StepKind::Launch && !evaluate(step.n, sizes, no_counts, n))
            return "a kernel's size does not divide evenly";
    }
    return {};
}

void replay(const Recording &rec, const BoundInputs &in, const std::vector<uint32_t> &input_ids,
            std::vector<uint64_t> &sizes, std::vector<uint32_t> &out) {
    jit::State &s = jit::state();
    const Backend at = rec.backend;
    backends::Device &dev = backends::device(at);
    Scratch own;
    ScratchLease lease(own);
    std::vector<uint64_t> &counts = lease.s.counts;
    std::vector<void *> &buffers = lease.s.buffers, &args = lease.s.args;
    refill(counts, rec.steps.size(), unknown_size);
    refill(buffers, rec.slots.size(), nullptr);
    for (uint32_t i = 0; i < rec.input_slots; ++i)
        buffers[i] = in.buffers[i];
    auto free_made = [&] {
        for (uint32_t i = rec.input_slots; i < rec.slots.size(); ++i)
            if (buffers[i])
                dev.free(buffers[i], rec.slots[i].type, sizes[i]);
    };
    /// The size of `e` now; a fraction that stopped dividing is a mismatch (the dry run catches the others).
    auto size_of = [&](const SizeExpr &e) {
        uint64_t n = 0;
        if (!evaluate(e, sizes, counts, n) || n == unknown_size)
            throw ReplayMismatch("a size that follows a compress count does not divide evenly");
        return n;
    };
    try {
        for (uint32_t index = 0; index < rec.steps.size(); ++index) {
            const Step &step = rec.steps[index];
            if (!rec.guards.empty())
                check_guards(rec, index, sizes, counts);
            for (uint32_t slot : step.made) {
                if (sizes[slot] == unknown_size)
                    sizes[slot] = size_of(rec.slots[slot].size);
                buffers[slot] = dev.alloc(rec.slots[slot].type, sizes[slot]);
            }
            switch (step.kind) {
            case StepKind::Launch: {
                args.resize(step.params.size());
                for (size_t p = 0; p < step.params.size(); ++p) {
                    const Binding &b = step.params[p];
                    args[p] = b.kind == Binding::Buffer ? buffers[b.slot]
                              : b.kind == Binding::Size ? reinterpret_cast<void *>(uintptr_t(sizes[b.slot]))
                                                        : nullptr; // the table: the device sets it
                }
                backends::Launch launch;
                launch.kernel = step.kernel;
                launch.n = size_of(step.n);
                launch.args = &args;
                launch.table = &step.table;
                launch.table_param = step.table_param;
                launch.element_bytes = step.element_bytes;
                if (launch.n) {
                    dev.launch(launch);
                    ++s.stats.launches;
                }
                break;
            }
            case StepKind::Reduce: {
                VarType t = rec.slots[step.in].type;
                uint64_t n = sizes[step.in];
                if (n == 0 && step.block == 0) { // only a size that follows a count gets here (the dry run)
                    // As the JIT does for an empty array (jit/reduce.cpp): the identity, or its error.
                    jit::check_nonempty_reduce(step.reduce);
                    dev.fill(buffers[step.out], t, 1, jit::reduce_identity_bits(t, step.reduce));
                } else {
                    dev.reduce(step.reduce, t, buffers[step.in], n, step.block, buffers[step.out]);
                }
                break;
            }
            case StepKind::Prefix:
                dev.prefix_reduce(step.reduce, rec.slots[step.in].type, buffers[step.in], sizes[step.in], step.block,
                                  step.exclusive, step.reverse, buffers[step.out]);
                break;
            case StepKind::Compress:
                counts[index] = dev.compress(buffers[step.in], sizes[step.in], buffers[step.out]);
                break;
            case StepKind::Fill:
                dev.fill(buffers[step.out], rec.slots[step.out].type, sizes[step.out], step.bits);
                break;
            case StepKind::Copy:
                if (step.leading ? sizes[step.out] > sizes[step.in] : sizes[step.out] != sizes[step.in])
                    throw ReplayMismatch("a copied array changed its size");
                dev.copy(buffers[step.out], buffers[step.in], rec.slots[step.out].type, sizes[step.out]);
                break;
            case StepKind::Collective: {
                // The processes agree again (a tj::Error on all of them when an AllReduce's sizes differ); sizes
                // that no longer fit the recording stop the replay on every process alike.
                detail::CollectiveCall c = step.call;
                c.counts = jit::agree_collective(*c.transport, c.kind, c.op, c.root, c.type, sizes[step.in],
                                                 jit::collective_api(c.kind));
                c.rank = c.transport->rank();
                const bool equal =
                    std::all_of(c.counts.begin(), c.counts.end(), [&](uint64_t k) { return k == c.counts[0]; });
                if (c.counts.size() != step.call.counts.size() || (step.equal_counts && !equal) ||
                    (!step.equal_counts && c.counts != step.call.counts))
                    throw ReplayMismatch(fmt::format("{} now has other sizes across processes than when it was "
                                                     "recorded",
                                                     jit::collective_api(c.kind)));
                TJ_ASSERT(c.out_elements() == sizes[step.out], "a collective's result has another size on replay");
                dev.collective(c, buffers[step.in], buffers[step.out]);
                break;
            }
            case StepKind::HostData:
                dev.copy_from_host(buffers[step.out], step.data.data(), rec.slots[step.out].type, sizes[step.out]);
                break;
            }
        }
        check_guards(rec, uint32_t(rec.steps.size()), sizes, counts);
        for (const CheckFlag &c : rec.checks) { // (as run_checks does after an evaluation: jit/checks.cpp)
            uint32_t value = 0;
            dev.copy_to_host(&value, buffers[c.slot], VarType::UInt32, 1);
            if (value)
                throw Error(c.before + std::to_string(value) + c.after);
        }
    } catch (...) {
        free_made();
        throw;
    }
    // Outputs: each made slot becomes a variable once; input slots give back the input's own variable.
    std::vector<uint32_t> &var_of = lease.s.var_of;
    out.clear();
    out.reserve(rec.outputs.size());
    refill(var_of, rec.slots.size(), 0);
    for (uint32_t i = 0; i < rec.input_slot.size(); ++i)
        if (rec.input_slot[i] >= 0 && !var_of[uint32_t(rec.input_slot[i])])
            var_of[uint32_t(rec.input_slot[i])] = input_ids[i];
    std::vector<uint8_t> &owned = lease.s.owned;
    refill(owned, rec.slots.size(), 0);
    for (const OutLeaf &o : rec.outputs) {
        switch (o.kind) {
        case OutLeaf::Empty: out.push_back(0); break;
        case OutLeaf::Literal: {
            uint64_t n = 0;
            evaluate(o.size, sizes, counts, n);
            out.push_back(n ? jit::new_leaf(s, detail::Op::Literal, o.type, n, o.bits, nullptr) : 0);
            break;
        }
        case OutLeaf::SlotValue:
            if (var_of[o.slot]) {
                jit::inc_ref(s, var_of[o.slot]);
            } else {
                var_of[o.slot] =
                    jit::new_leaf(s, detail::Op::Data, rec.slots[o.slot].type, sizes[o.slot], 0, buffers[o.slot], at);
                owned[o.slot] = 1;
            }
            out.push_back(var_of[o.slot]);
            break;
        }
    }
    for (uint32_t i = rec.input_slots; i < rec.slots.size(); ++i)
        if (!owned[i])
            dev.free(buffers[i], rec.slots[i].type, sizes[i]);
}

} // namespace tj::freezing
