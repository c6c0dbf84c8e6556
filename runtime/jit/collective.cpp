// runtime/jit/collective.cpp — collectives across processes on JIT variables (allreduce, allgather, broadcast)
//
// As the reductions (reduce.cpp): the input is evaluated, then the device of its memory runs the collective
// (backend/device.h) through the transport into a new evaluated array. Before that, one small exchange tells every
// process what the others called and with which sizes, so that a mismatch is the same tj::Error everywhere rather
// than a hang or a truncated message inside MPI. Inside a frozen function the device is the recording device, which
// records the step (runtime/freeze/recording_device.cpp); the replay agrees again (runtime/freeze/replay.cpp).
#include "jit/collective.h"
#include "jit/reduce.h"
#include "jit/var.h"

#include "backend/device.h"

#include <tracejit/error.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace tj::jit {

using detail::CollectiveKind;

const char *collective_api(CollectiveKind kind) {
    switch (kind) {
    case CollectiveKind::AllReduce: return "tj::mpi::allreduce()";
    case CollectiveKind::AllGather: return "tj::mpi::allgather()";
    case CollectiveKind::Broadcast: return "tj::mpi::broadcast()";
    }
    return "a collective";
}

namespace {

const char *op_name(detail::ReduceOp op) {
    switch (op) {
    case detail::ReduceOp::Sum: return "Add";
    case detail::ReduceOp::Prod: return "Mul";
    case detail::ReduceOp::Min: return "Min";
    case detail::ReduceOp::Max: return "Max";
    case detail::ReduceOp::Mean: return "Mean";
    case detail::ReduceOp::And: return "And";
    case detail::ReduceOp::Or: return "Or";
    }
    return "?";
}

/// The rank of the first process whose field `f` differs from process 0's, or -1.
int first_other(const std::vector<uint64_t> &all, size_t fields, size_t f) {
    for (size_t r = 1; r < all.size() / fields; ++r)
        if (all[r * fields + f] != all[f])
            return int(r);
    return -1;
}

} // namespace

std::vector<uint64_t> agree_collective(detail::Transport &tr, CollectiveKind kind, detail::ReduceOp op, uint32_t root,
                                       VarType t, uint64_t n, const char *api) {
    constexpr size_t fields = 4;
    const uint64_t param = kind == CollectiveKind::AllReduce ? uint64_t(op)
                           : kind == CollectiveKind::Broadcast ? uint64_t(root)
                                                               : 0;
    const uint64_t mine[fields] = {uint64_t(kind), uint64_t(t), param, n};
    const uint32_t ranks = tr.ranks();
    std::vector<uint64_t> all(size_t(ranks) * fields);
    tr.exchange(mine, fields, all.data());
    // Every process checks the same table in the same order: they all throw the same error, or none does.
    if (int r = first_other(all, fields, 0); r >= 0)
        throw Error(fmt::format("{}: processes called different collectives at the same point (rank 0: {}, rank {}: "
                                "{}); every process must call the same collectives in the same order",
                                api, collective_api(CollectiveKind(all[0])), r,
                                collective_api(CollectiveKind(all[size_t(r) * fields]))));
    if (int r = first_other(all, fields, 1); r >= 0)
        throw Error(fmt::format("{}: the arrays have different types across processes (rank 0: {}, rank {}: {})", api,
                                detail::type_name(VarType(all[1])), r,
                                detail::type_name(VarType(all[size_t(r) * fields + 1]))));
    if (int r = first_other(all, fields, 2); r >= 0)
        throw Error(kind == CollectiveKind::AllReduce
                        ? fmt::format("{}: processes asked for different operators (rank 0: ReduceOp::{}, rank {}: "
                                      "ReduceOp::{})",
                                      api, op_name(detail::ReduceOp(all[2])), r,
                                      op_name(detail::ReduceOp(all[size_t(r) * fields + 2])))
                        : fmt::format("{}: processes named different roots (rank 0: {}, rank {}: {})", api, all[2], r,
                                      all[size_t(r) * fields + 2]));
    if (kind == CollectiveKind::Broadcast && root >= ranks)
        throw Error(fmt::format("{}: root {} is not a rank (there are {} processes)", api, root, ranks));
    std::vector<uint64_t> counts(ranks);
    for (uint32_t r = 0; r < ranks; ++r)
        counts[r] = all[size_t(r) * fields + 3];
    if (kind == CollectiveKind::AllReduce)
        if (int r = first_other(all, fields, 3); r >= 0)
            throw Error(fmt::format("{}: the arrays have different sizes across processes (sizes by rank: {}); every "
                                    "process must pass an array of the same size",
                                    api, fmt::join(counts, ", ")));
    return counts;
}

} // namespace tj::jit

namespace tj::detail {

uint32_t var_collective(Transport &tr, CollectiveKind kind, ReduceOp op, uint32_t root, VarType t, uint32_t id,
                        const char *api) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    uint64_t n = 0;
    if (id) {
        jit::Variable &v = jit::var(s, id, api);
        if (v.type != t)
            TJ_UNREACHABLE("var_collective: the array's type is not the one given");
        n = v.size;
    }
    if (kind == CollectiveKind::AllReduce) {
        if (op == ReduceOp::Mean)
            throw Error(fmt::format("{}: Mean is not a collective operator (sum, then divide)", api));
        jit::check_reduce_type(api, op, t);
    }
    // Evaluated before the processes talk, so that an error in the input's kernels stops this process before it
    // waits for the others (they then wait for it: an MPI program's own error handling takes over).
    uint32_t src = n ? var_make_opaque(id) : 0;
    struct Release {
        jit::State &s;
        uint32_t id;
        ~Release() {
            if (id)
                jit::dec_ref(s, id);
        }
    } release{s, src};
    const Backend at = src ? jit::where(s.vars[src]) : s.backend;
    CollectiveCall c;
    c.kind = kind;
    c.op = op;
    c.root = root;
    c.type = t;
    c.transport = &tr;
    c.counts = jit::agree_collective(tr, kind, op, root, t, n, api);
    c.rank = tr.rank();
    const uint64_t m = c.out_elements();
    backends::Device &dev = backends::active_device(at);
    const bool some_empty = std::any_of(c.counts.begin(), c.counts.end(), [](uint64_t k) { return k == 0; });
    if (&dev != &backends::device(at) && (m == 0 || some_empty)) // a frozen function's recording device
        throw FreezeError(fmt::format("{}: an empty array (here or on another process) inside a frozen function: a "
                                      "recording cannot replay a collective with nothing to send; call it outside",
                                      api));
    if (m == 0)
        return 0;
    const void *in = src ? s.vars[src].data : nullptr;
    void *out = backends::new_buffer(dev, t, m, [&](void *o) { dev.collective(c, in, o); });
    return jit::new_leaf(s, Op::Data, t, m, 0, out, at);
}

} // namespace tj::detail
