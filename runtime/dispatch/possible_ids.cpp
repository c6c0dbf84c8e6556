// runtime/dispatch/possible_ids.cpp — which ids a pointer array can hold, read off the graph where the values cannot
// be read directly (a nested dispatch's pointer array is the enclosing case's argument, a symbolic variable)
#include "dispatch/frames.h"

#include "backend/device.h"
#include "jit/var.h"

#include <algorithm>

namespace tj::detail {
namespace {

/// The deepest chain of gathers, selects and case arguments followed (a longer one counts as unknown).
constexpr int max_depth = 32;

bool collect(jit::State &s, uint32_t id, uint32_t bound, std::vector<uint8_t> &present, int depth) {
    if (depth > max_depth)
        return false;
    const jit::Variable &v = s.vars[id];
    switch (v.op) {
    case Op::Literal:
        present[std::min<uint64_t>(v.literal & 0xFFFFFFFFu, bound)] = 1;
        return true;
    case Op::Data: {
        // Inside a frozen function's recording an array's values are not read: a replay may bring others.
        if (v.dirty || backends::thread_override() || v.type != VarType::UInt32)
            return false;
        std::vector<uint32_t> values(v.size);
        if (!values.empty())
            backends::active_device(jit::where(v)).copy_to_host(values.data(), v.data, v.type, v.size);
        for (uint32_t x : values)
            present[std::min(x, bound)] = 1;
        return true;
    }
    case Op::Select: // (dep[0] is the mask)
        return collect(s, v.dep[1], bound, present, depth + 1) && collect(s, v.dep[2], bound, present, depth + 1);
    case Op::Gather: {
        if (v.literal != 0) // a channel of a packed gather
            return false;
        present[0] = 1; // masked lanes read 0
        return collect(s, v.dep[2], bound, present, depth + 1);
    }
    case Op::LoopPhi: {
        // In the body of a dispatch case (runtime/dispatch/dispatch.cpp), which runs once per lane, a state variable
        // is the value the case was entered with. Another loop's state changes from one iteration to the next.
        const jit::LoopRecord &r = s.loops[jit::loop_of(v.literal)];
        uint32_t slot = jit::slot_of(v.literal);
        if (!r.in_use || r.case_id == 0 || slot >= r.init.size())
            return false;
        return collect(s, r.init[slot], bound, present, depth + 1);
    }
    default:
        return false;
    }
}

} // namespace

bool possible_ids(uint32_t ids, uint32_t bound, std::vector<uint8_t> &present) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    present.assign(size_t(bound) + 1, 0);
    if (!ids || !collect(s, ids, bound, present, 0)) {
        present.clear();
        return false;
    }
    return true;
}

} // namespace tj::detail
