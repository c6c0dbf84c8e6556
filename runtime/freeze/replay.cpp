// runtime/freeze/replay.cpp — replaying a recording: sizes from the new inputs, buffers, launches, outputs
// Replay drives the backend's device directly (backend/device.h): no tracing, no assembly, no kernel lookup.
#include "freeze/replay.h"

#include "jit/var.h"

#include <fmt/format.h>

namespace tj::freezing {

namespace {

/// The size an expression gives for the slot sizes known so far; false when a fraction does not divide.
bool evaluate(const SizeExpr &e, const std::vector<uint64_t> &sizes, uint64_t &out) {
    if (e.slot < 0) {
        out = e.constant;
        return true;
    }
    uint64_t scaled = sizes[uint32_t(e.slot)] * e.mul;
    if (e.round_up) {
        out = scaled / e.div + (scaled % e.div != 0);
        return true;
    }
    if (scaled % e.div != 0)
        return false;
    out = scaled / e.div;
    return true;
}

} // namespace

std::string dry_run(const Recording &rec, const BoundInputs &in, std::vector<uint64_t> &sizes) {
    for (uint32_t s = 0; s < rec.input_slots; ++s)
        if (in.buffers[s] && in.memory[s] != rec.backend)
            return rec.backend == Backend::CUDA ? "an input is in host memory, the recording is for CUDA"
                                                : "an input is in CUDA memory, the recording is for the CPU";
    sizes.assign(rec.slots.size(), 0);
    for (uint32_t s = 0; s < rec.input_slots; ++s)
        sizes[s] = in.sizes[s];
    for (uint32_t s = rec.input_slots; s < rec.slots.size(); ++s)
        if (!evaluate(rec.slots[s].size, sizes, sizes[s]))
            return fmt::format("a recorded size ({}/{} of an input of size {}) does not divide evenly",
                               rec.slots[s].size.mul, rec.slots[s].size.div, sizes[uint32_t(rec.slots[s].size.slot)]);
    for (const Step &step : rec.steps) {
        if (step.kind == StepKind::Reduce && step.block == 0 && sizes[step.in] == 0)
            return "a reduction of an array that is now empty";
        if (step.kind == StepKind::Copy && sizes[step.in] != sizes[step.out])
            return "a copied array changed its size";
        uint64_t n;
        if (step.kind == StepKind::Launch && !evaluate(step.n, sizes, n))
            return "a kernel's size does not divide evenly";
    }
    return {};
}

std::vector<uint32_t> replay(const Recording &rec, const BoundInputs &in, const std::vector<uint32_t> &input_ids,
                             const std::vector<uint64_t> &sizes) {
    jit::State &s = jit::state();
    const Backend at = rec.backend;
    backends::Device &dev = backends::device(at);
    std::vector<void *> buffers(rec.slots.size(), nullptr);
    for (uint32_t i = 0; i < rec.input_slots; ++i)
        buffers[i] = in.buffers[i];
    auto free_made = [&] {
        for (uint32_t i = rec.input_slots; i < rec.slots.size(); ++i)
            dev.free(buffers[i], rec.slots[i].type, sizes[i]);
    };
    try {
        std::vector<void *> args;
        for (const Step &step : rec.steps) {
            for (uint32_t slot : step.made)
                buffers[slot] = dev.alloc(rec.slots[slot].type, sizes[slot]);
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
                evaluate(step.n, sizes, launch.n);
                launch.args = &args;
                launch.table = &step.table;
                launch.table_param = step.table_param;
                if (launch.n) {
                    dev.launch(launch);
                    ++s.stats.launches;
                }
                break;
            }
            case StepKind::Reduce:
                dev.reduce(step.reduce, rec.slots[step.in].type, buffers[step.in], sizes[step.in], step.block,
                           buffers[step.out]);
                break;
            case StepKind::Fill:
                dev.fill(buffers[step.out], rec.slots[step.out].type, sizes[step.out], step.bits);
                break;
            case StepKind::Copy:
                dev.copy(buffers[step.out], buffers[step.in], rec.slots[step.out].type, sizes[step.out]);
                break;
            case StepKind::HostData:
                dev.copy_from_host(buffers[step.out], step.data.data(), rec.slots[step.out].type, sizes[step.out]);
                break;
            }
        }
    } catch (...) {
        free_made();
        throw;
    }
    // Outputs: each made slot becomes a variable once; input slots give back the input's own variable.
    std::vector<uint32_t> out, var_of(rec.slots.size(), 0);
    for (uint32_t i = 0; i < rec.input_slot.size(); ++i)
        if (rec.input_slot[i] >= 0 && !var_of[uint32_t(rec.input_slot[i])])
            var_of[uint32_t(rec.input_slot[i])] = input_ids[i];
    std::vector<bool> owned(rec.slots.size(), false);
    for (const OutLeaf &o : rec.outputs) {
        switch (o.kind) {
        case OutLeaf::Empty: out.push_back(0); break;
        case OutLeaf::Literal: {
            uint64_t n = 0;
            evaluate(o.size, sizes, n);
            out.push_back(jit::new_leaf(s, detail::Op::Literal, o.type, n, o.bits, nullptr));
            break;
        }
        case OutLeaf::SlotValue:
            if (var_of[o.slot]) {
                jit::inc_ref(s, var_of[o.slot]);
            } else {
                var_of[o.slot] =
                    jit::new_leaf(s, detail::Op::Data, rec.slots[o.slot].type, sizes[o.slot], 0, buffers[o.slot], at);
                owned[o.slot] = true;
            }
            out.push_back(var_of[o.slot]);
            break;
        }
    }
    for (uint32_t i = rec.input_slots; i < rec.slots.size(); ++i)
        if (!owned[i])
            dev.free(buffers[i], rec.slots[i].type, sizes[i]);
    return out;
}

} // namespace tj::freezing
