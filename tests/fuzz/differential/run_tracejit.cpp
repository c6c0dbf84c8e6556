// tests/fuzz/differential/run_tracejit.cpp — runs a random program on tracejit: lazily, evaluating after every op,
// or frozen with tj::freeze (record, then replay on fresh inputs of other sizes), on the CPU or CUDA
#include "run_tracejit.h"

#include <tracejit/freeze.h>

#include <dlfcn.h>

#include <tuple>

namespace tjdiff {

const char *mode_name(Mode m) {
    static const char *names[] = {"lazy", "eval-each", "frozen", "cuda lazy", "cuda frozen", "grad"};
    return names[int(m)];
}

bool is_cuda(Mode m) { return m == Mode::CudaLazy || m == Mode::CudaFrozen; }

bool cuda_is_fake() {
    // The fake drivers (tests/fake_cuda) export their introspection functions; a real driver does not.
    void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    return driver && dlsym(driver, "tj_fake_cuda_launch_count");
}

bool cuda_runs_kernels() {
    // A real driver runs kernels; of the fakes, the `memory` one runs them on the PTX emulator of tests/ptx_exec and
    // says so (tj_fake_cuda_executes_kernels); the others only record launches.
    if (!cuda_is_fake())
        return true;
    void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    auto executes = reinterpret_cast<int (*)()>(dlsym(driver, "tj_fake_cuda_executes_kernels"));
    return executes && executes() != 0;
}

namespace {

template <typename T> const tj::Array<T> &get(const std::vector<Val> &r, int i) { return std::get<tj::Array<T>>(r[i]); }

/// Calls f with the index register `reg` modulo k, in its own type.
template <typename F> decltype(auto) with_index(const std::vector<Val> &r, const Program &p, int reg, int64_t k, F f) {
    if (p.ops[reg].ty == Ty::I32)
        return f(get<int32_t>(r, reg) % int32_t(k));
    return f(get<uint32_t>(r, reg) % uint32_t(k));
}

template <typename T> tj::Array<T> unary(UnOp op, const tj::Array<T> &a) {
    if constexpr (std::is_same_v<T, bool>) {
        return !a;
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case UnOp::Neg: return -a;
        case UnOp::Abs: return tj::abs(a);
        case UnOp::Sqrt: return tj::sqrt(a);
        case UnOp::Floor: return tj::floor(a);
        case UnOp::Ceil: return tj::ceil(a);
        case UnOp::Round: return tj::round(a);
        default: return tj::rsqrt(a);
        }
    } else {
        switch (op) {
        case UnOp::Neg: return -a;
        case UnOp::Abs: return tj::abs(a);
        default: return ~a;
        }
    }
}

template <typename T> tj::Array<T> binary(BinOp op, const tj::Array<T> &a, const tj::Array<T> &b) {
    switch (op) {
    case BinOp::Add: if constexpr (!std::is_same_v<T, bool>) return a + b; break;
    case BinOp::Sub: if constexpr (!std::is_same_v<T, bool>) return a - b; break;
    case BinOp::Mul: if constexpr (!std::is_same_v<T, bool>) return a * b; break;
    case BinOp::Div: if constexpr (!std::is_same_v<T, bool>) return a / b; break;
    case BinOp::Mod: if constexpr (!std::is_same_v<T, bool>) return a % b; break;
    case BinOp::Min: if constexpr (!std::is_same_v<T, bool>) return tj::min(a, b); break;
    case BinOp::Max: if constexpr (!std::is_same_v<T, bool>) return tj::max(a, b); break;
    case BinOp::And: if constexpr (!std::is_floating_point_v<T>) return a & b; break;
    case BinOp::Or: if constexpr (!std::is_floating_point_v<T>) return a | b; break;
    case BinOp::Xor: if constexpr (!std::is_floating_point_v<T>) return a ^ b; break;
    case BinOp::Shl: if constexpr (tjtest::is_int_v<T>) return a << b; break;
    case BinOp::Shr: if constexpr (tjtest::is_int_v<T>) return a >> b; break;
    }
    throw tj::Error("tj_differential: binary op not valid for the type (generator bug)");
}

/// binary() on tensors, with their broadcasting.
template <typename T> tj::Tensor<T> tensor_binary(BinOp op, const tj::Tensor<T> &a, const tj::Tensor<T> &b) {
    switch (op) {
    case BinOp::Add: return a + b;
    case BinOp::Sub: return a - b;
    case BinOp::Mul: return a * b;
    case BinOp::Div: return a / b;
    case BinOp::Mod: return a % b;
    case BinOp::Min: return tj::min(a, b);
    case BinOp::Max: return tj::max(a, b);
    case BinOp::And: if constexpr (!std::is_floating_point_v<T>) return a & b; break;
    case BinOp::Or: if constexpr (!std::is_floating_point_v<T>) return a | b; break;
    case BinOp::Xor: if constexpr (!std::is_floating_point_v<T>) return a ^ b; break;
    case BinOp::Shl: if constexpr (tjtest::is_int_v<T>) return a << b; break;
    case BinOp::Shr: if constexpr (tjtest::is_int_v<T>) return a >> b; break;
    }
    throw tj::Error("tj_differential: tensor op not valid for the type (generator bug)");
}

template <typename T> tj::Bool compare(CmpOp op, const tj::Array<T> &a, const tj::Array<T> &b) {
    switch (op) {
    case CmpOp::Eq: return a == b;
    case CmpOp::Ne: return a != b;
    case CmpOp::Lt: if constexpr (!std::is_same_v<T, bool>) return a < b; break;
    case CmpOp::Le: if constexpr (!std::is_same_v<T, bool>) return a <= b; break;
    case CmpOp::Gt: if constexpr (!std::is_same_v<T, bool>) return a > b; break;
    case CmpOp::Ge: if constexpr (!std::is_same_v<T, bool>) return a >= b; break;
    }
    throw tj::Error("tj_differential: comparison not valid for the type (generator bug)");
}

template <typename A> size_t widest(std::initializer_list<int> regs, const std::vector<Val> &r) {
    size_t w = 1;
    for (int i : regs)
        w = std::max(w, std::visit([](auto &v) { return v.size(); }, r[i]));
    return w;
}

template <typename T> void scatter_or_add(bool add, tj::Array<T> &t, const tj::Array<T> &x, const tj::Int32 &idx,
                                          const tj::Bool &mask) {
    if constexpr (!std::is_same_v<T, bool>)
        if (add)
            return tj::scatter_add(t, x, idx, mask);
    tj::scatter(t, x, idx, mask);
}

tj::ReduceOp reduce_op(uint8_t sub) {
    static const tj::ReduceOp ops[] = {tj::ReduceOp::Add, tj::ReduceOp::Mul, tj::ReduceOp::Min,
                                       tj::ReduceOp::Max, tj::ReduceOp::And, tj::ReduceOp::Or};
    return ops[sub];
}

/// The objects of Kind::Dispatch: `first` applies the op's `sub`, the other its k1 (never destroyed: dispatch
/// domains outlive every program).
struct DispatchBase : tj::Object {
    bool first = false;
    TJ_OBJECT_NO_FIELDS
};
DispatchBase *dispatch_objects() {
    static DispatchBase *objects = [] {
        auto *o = new DispatchBase[2];
        o[0].first = true;
        return o;
    }();
    return objects;
}

template <typename T, typename W>
tj::Array<T> wide64(const Op &op, const tj::Array<T> &a, const tj::Array<T> &b, const tj::Array<T> &c) {
    tj::Array<W> u = binary<W>(BinOp(op.sub), tj::cast<W>(a), tj::cast<W>(b));
    return tj::cast<T>(binary<W>(BinOp(op.k1), u, tj::cast<W>(c)));
}

template <typename T> Val step(const Program &p, const Op &op, const std::vector<Val> &r, size_t n) {
    using A = tj::Array<T>;
    switch (op.kind) {
    case Kind::Input: throw tj::Error("tj_differential: inputs are made by the caller");
    case Kind::Unary: return unary<T>(UnOp(op.sub), get<T>(r, op.a));
    case Kind::Binary: return binary<T>(BinOp(op.sub), get<T>(r, op.a), get<T>(r, op.b));
    case Kind::Cast:
        return with_ty(p.ops[op.a].ty, [&]<typename S>(std::type_identity<S>) -> Val {
            return tj::cast<T>(get<S>(r, op.a));
        });
    case Kind::Compare:
        return with_ty(p.ops[op.a].ty, [&]<typename S>(std::type_identity<S>) -> Val {
            return compare<S>(CmpOp(op.sub), get<S>(r, op.a), get<S>(r, op.b));
        });
    case Kind::Select: return tj::select(get<bool>(r, op.a), get<T>(r, op.b), get<T>(r, op.c));
    case Kind::Gather:
        return with_index(r, p, op.b, op.k1, [&](const auto &idx) -> Val {
            return tj::gather<A>(get<T>(r, op.a), idx, get<bool>(r, op.c));
        });
    case Kind::Scatter:
    case Kind::ScatterAdd: {
        A t = get<T>(r, op.a);
        if (op.d >= 0) {
            with_index(r, p, op.d, op.k1, [&](const auto &idx) {
                if constexpr (!std::is_same_v<T, bool>)
                    tj::scatter_add(t, get<T>(r, op.b), idx, get<bool>(r, op.c));
                return 0;
            });
        } else {
            tj::Int32 idx = tj::arange<tj::Int32>(n) * int32_t(op.k1) + int32_t(op.k2);
            if (op.kind == Kind::Scatter)
                tj::scatter(t, get<T>(r, op.b), idx, get<bool>(r, op.c));
            else if constexpr (!std::is_same_v<T, bool>)
                tj::scatter_add(t, get<T>(r, op.b), idx, get<bool>(r, op.c));
        }
        return t;
    }
    case Kind::Reduce:
        if constexpr (!std::is_same_v<T, bool>)
            if (RedOp(op.sub) == RedOp::Sum)
                return tj::sum(get<T>(r, op.a));
        return RedOp(op.sub) == RedOp::HMin ? tj::hmin(get<T>(r, op.a)) : tj::hmax(get<T>(r, op.a));
    case Kind::Count: return tj::count(get<bool>(r, op.a));
    case Kind::If:
        return tj::if_stmt(
            get<bool>(r, op.a), std::make_tuple(get<T>(r, op.b), get<T>(r, op.c)),
            [&](A &x, A &y) { return binary<T>(BinOp(op.sub), x, y); },
            [&](A &x, A &y) { return binary<T>(BinOp(op.k1), x, y); });
    case Kind::Loop: {
        A x = get<T>(r, op.b);
        tj::Int32 i = tj::zeros<tj::Int32>(1); // becomes per-element in the loop
        const A &y = get<T>(r, op.c);
        tj::Int32 count = with_index(r, p, op.d, op.k1, [](const auto &c) { return tj::cast<int32_t>(c); });
        tj::while_loop(
            std::tie(x, i), [&](const A &, const tj::Int32 &i) { return i < count; },
            [&](A &x, tj::Int32 &i) {
                x = binary<T>(BinOp(op.sub), x, y);
                i += 1;
            });
        return x;
    }
    case Kind::IfNested: {
        const tj::Bool &inner = get<bool>(r, op.d);
        tj::Int32 count = with_index(r, p, op.e, 3, [](const auto &c) { return tj::cast<int32_t>(c); });
        return tj::if_stmt(
            get<bool>(r, op.a), std::make_tuple(get<T>(r, op.b), get<T>(r, op.c)),
            [&](A &x, A &y) {
                return tj::if_stmt(
                    inner, std::make_tuple(x, y), [&](A &x, A &y) { return binary<T>(BinOp(op.sub), x, y); },
                    [&](A &x, A &y) { return binary<T>(BinOp(op.k1), x, y); });
            },
            [&](A &x, A &y) {
                A z = x;
                tj::Int32 i = tj::zeros<tj::Int32>(1);
                tj::while_loop(
                    std::tie(z, i), [&](const A &, const tj::Int32 &i) { return i < count; },
                    [&](A &z, tj::Int32 &i) {
                        z = binary<T>(BinOp(op.k2), z, y);
                        i += 1;
                    });
                return z;
            });
    }
    case Kind::LoopIf: {
        A x = get<T>(r, op.b);
        tj::Int32 i = tj::zeros<tj::Int32>(1);
        const A &y = get<T>(r, op.c);
        const tj::Bool &m = get<bool>(r, op.a);
        tj::Int32 count = with_index(r, p, op.d, op.k1, [](const auto &c) { return tj::cast<int32_t>(c); });
        tj::while_loop(
            std::tie(x, i), [&](const A &, const tj::Int32 &i) { return i < count; },
            [&](A &x, tj::Int32 &i) {
                x = tj::if_stmt(
                    m, std::make_tuple(x, y), [&](A &x, A &y) { return binary<T>(BinOp(op.sub), x, y); },
                    [&](A &x, A &y) { return binary<T>(BinOp(op.k2), x, y); });
                i += 1;
            });
        return x;
    }
    case Kind::IfScatter: {
        A t = get<T>(r, op.a);
        const A &x = get<T>(r, op.b);
        const tj::Bool &mask = get<bool>(r, op.d);
        tj::Int32 idx = tj::arange<tj::Int32>(widest<A>({op.b, op.c, op.d}, r)) * int32_t(op.k1) + int32_t(op.k2);
        tj::if_stmt(
            get<bool>(r, op.c), std::make_tuple(), [&]() { scatter_or_add(op.add, t, x, idx, mask); },
            [&]() { scatter_or_add(!op.add, t, x, idx, mask); });
        return t;
    }
    case Kind::LoopScatter: {
        A t = get<T>(r, op.a), x = get<T>(r, op.b);
        const A &y = get<T>(r, op.c);
        const tj::Bool &mask = get<bool>(r, op.e);
        tj::Int32 idx =
            tj::arange<tj::Int32>(widest<A>({op.b, op.c, op.d, op.e}, r)) * int32_t(op.k3) + int32_t(op.k2);
        tj::Int32 count = with_index(r, p, op.d, op.k1, [](const auto &c) { return tj::cast<int32_t>(c); });
        tj::Int32 i = tj::zeros<tj::Int32>(1);
        tj::while_loop(
            std::tie(x, i), [&](const A &, const tj::Int32 &i) { return i < count; },
            [&](A &x, tj::Int32 &i) {
                scatter_or_add(op.add, t, x, idx, mask);
                x = binary<T>(BinOp(op.sub), x, y);
                if (op.twice)
                    scatter_or_add(op.add, t, x, idx + 1, mask);
                i += 1;
            });
        return t;
    }
    case Kind::Eval: {
        A v = get<T>(r, op.a);
        tj::eval(v);
        return v;
    }
    case Kind::Math:
        if constexpr (std::is_floating_point_v<T>) {
            const A &a = get<T>(r, op.a);
            switch (MathOp(op.sub)) {
            case MathOp::Exp: return tj::exp(a);
            case MathOp::Log: return tj::log(a);
            case MathOp::Sin: return tj::sin(a);
            case MathOp::Cos: return tj::cos(a);
            case MathOp::Tan: return tj::tan(a);
            case MathOp::Tanh: return tj::tanh(a);
            case MathOp::Erf: return tj::erf(a);
            case MathOp::Pow: return tj::pow(a, get<T>(r, op.b));
            case MathOp::Atan2: return tj::atan2(a, get<T>(r, op.b));
            }
        }
        break;
    case Kind::Fma:
        if constexpr (!std::is_same_v<T, bool>)
            return tj::fma(get<T>(r, op.a), get<T>(r, op.b), get<T>(r, op.c));
        break;
    case Kind::Wide64:
        if constexpr (tjtest::is_int_v<T>) {
            if (op.k2)
                return wide64<T, int64_t>(op, get<T>(r, op.a), get<T>(r, op.b), get<T>(r, op.c));
            return wide64<T, uint64_t>(op, get<T>(r, op.a), get<T>(r, op.b), get<T>(r, op.c));
        }
        break;
    case Kind::Scan:
        if (op.k1 == 0) {
            if constexpr (!std::is_same_v<T, bool>)
                return tj::prefix_sum(get<T>(r, op.a), bool(op.k2 & 1));
            break;
        }
        return tj::block_prefix_reduce(reduce_op(op.sub), get<T>(r, op.a), size_t(op.k1), bool(op.k2 & 1),
                                       bool(op.k2 & 2));
    case Kind::BlockReduce: return tj::block_reduce(reduce_op(op.sub), get<T>(r, op.a), size_t(op.k1));
    case Kind::Compress: return tj::gather<A>(get<T>(r, op.a), tj::compress(get<bool>(r, op.b)));
    case Kind::Dispatch: {
        // {nullptr, first, second}[d % 3] (a negative Int32 index: nullptr, as in the reference), selected from
        // width-1 pointers: literals, not a table the frozen function would read as a global array.
        tj::Int32 k = with_index(r, p, op.d, 3, [](const auto &i) { return tj::cast<int32_t>(i); });
        tj::Ptr<DispatchBase> ptrs = tj::select(
            k == 1, tj::Ptr<DispatchBase>(&dispatch_objects()[0]),
            tj::select(k == 2, tj::Ptr<DispatchBase>(&dispatch_objects()[1]), tj::Ptr<DispatchBase>(nullptr)));
        return tj::dispatch(
            ptrs,
            [&op](DispatchBase *o, const A &x, const A &y) {
                return binary<T>(o->first ? BinOp(op.sub) : BinOp(op.k1), x, y);
            },
            get<T>(r, op.a), get<T>(r, op.b));
    }
    case Kind::TensorOp:
        if constexpr (!std::is_same_v<T, bool>) {
            const A &a = get<T>(r, op.a);
            size_t K = size_t(op.k1);
            tj::Tensor<T> ta(a, {a.size(), 1}), tb(tj::gather<A>(get<T>(r, op.b), tj::arange<tj::Int32>(K)), {1, K});
            tj::Tensor<T> both = tensor_binary<T>(BinOp(op.sub), ta, tb);
            tj::Tensor<T> red = RedOp(op.k2) == RedOp::Sum    ? tj::sum(both, 1)
                                : RedOp(op.k2) == RedOp::HMin ? tj::hmin(both, 1)
                                                               : tj::hmax(both, 1);
            return red.array();
        }
        break;
    case Kind::Texture:
        if constexpr (std::is_floating_point_v<T>) {
            tj::Texture<T, 1> tex({size_t(op.k1)}, 1, op.k2 & 1 ? tj::FilterMode::Linear : tj::FilterMode::Nearest,
                                  tj::WrapMode(op.k2 >> 1));
            tex.set_value(tj::gather<A>(get<T>(r, op.a), tj::arange<tj::Int32>(size_t(op.k1))));
            return tex.eval({get<T>(r, op.b)})[0];
        }
        break;
    }
    throw tj::Error("tj_differential: unknown op, or not valid for the type (generator bug)");
}

} // namespace

std::vector<Val> run_ops(const Program &p, const Group &in, bool eval_each, const std::vector<bool> *detached) {
    std::vector<Val> r;
    size_t taken[ty_count] = {};
    size_t n = std::get<0>(in).at(0).size(); // register 0 is a wide Float input
    for (size_t at = 0; at < p.ops.size(); ++at) {
        const Op &op = p.ops[at];
        if (op.kind == Kind::Input) {
            r.push_back(with_ty(op.ty, [&]<typename T>(std::type_identity<T>) -> Val {
                return std::get<std::vector<tj::Array<T>>>(in).at(taken[int(op.ty)]++);
            }));
            continue;
        }
        const std::vector<Val> *regs = &r;
        std::vector<Val> cut; // the registers with this op's float operands detached
        if (detached && (*detached)[at]) {
            cut = r;
            for (int o : {op.a, op.b, op.c, op.d, op.e})
                if (o >= 0)
                    std::visit([]<typename A>(A &v) {
                        if constexpr (std::is_floating_point_v<typename A::Value>)
                            v = tj::detach(v);
                    }, cut[o]);
            regs = &cut;
        }
        r.push_back(with_ty(op.ty, [&]<typename T>(std::type_identity<T>) { return step<T>(p, op, *regs, n); }));
        if (eval_each)
            std::visit([](auto &v) { tj::eval(v); }, r.back());
    }
    return r;
}

namespace {

/// Runs the ops after the inputs `in` (grouped by type, in register order); the registers, grouped the same way.
Group body(const Program &p, const Group &in, bool eval_each) {
    std::vector<Val> r = run_ops(p, in, eval_each);
    Group out;
    for (size_t i = 0; i < r.size(); ++i)
        std::visit([&]<typename A>(A &v) { std::get<std::vector<A>>(out).push_back(v); }, r[i]);
    return out;
}

} // namespace

Group make_inputs(const Program &p, size_t n, const std::map<int, HostVal> *given) {
    Group in;
    for (size_t i = 0; i < p.ops.size(); ++i)
        if (p.ops[i].kind == Kind::Input)
            with_ty(p.ops[i].ty, [&]<typename T>(std::type_identity<T>) {
                auto it = given ? given->find(int(i)) : std::map<int, HostVal>::const_iterator();
                auto v = given && it != given->end() ? std::get<std::vector<Elem<T>>>(it->second)
                                                     : input_values<T>(p.seed, int(i), p.ops[i].wide ? n : 1);
                std::get<std::vector<tj::Array<T>>>(in).push_back(tj::Array<T>(std::vector<T>(v.begin(), v.end())));
            });
    return in;
}

HostVal to_host(const Val &v) {
    return std::visit([]<typename A>(const A &a) -> HostVal {
        using T = typename A::Value;
        auto h = tjtest::host_values(a);
        return std::vector<Elem<T>>(h.begin(), h.end());
    }, v);
}

namespace {

std::vector<HostVal> to_host(const Program &p, const Group &out) {
    std::vector<HostVal> h;
    size_t taken[ty_count] = {};
    for (const Op &op : p.ops)
        h.push_back(with_ty(op.ty, [&]<typename T>(std::type_identity<T>) -> HostVal {
            auto v = tjtest::host_values(std::get<std::vector<tj::Array<T>>>(out).at(taken[int(op.ty)]++));
            return std::vector<Elem<T>>(v.begin(), v.end());
        }));
    return h;
}

/// Selects the CUDA backend for what the modes on CUDA create, and the CPU again at the end.
struct OnBackend {
    bool cuda;
    explicit OnBackend(bool c) : cuda(c) {
        if (cuda)
            tj::set_backend(tj::Backend::CUDA);
    }
    ~OnBackend() {
        if (cuda)
            tj::set_backend(tj::Backend::CPU);
    }
};

thread_local const Program *frozen_program = nullptr;

} // namespace

TjResult run_tracejit(const Program &p, Mode m, const std::vector<size_t> &sizes) {
    TjResult res;
    try {
        OnBackend backend(is_cuda(m));
        if (m != Mode::Frozen && m != Mode::CudaFrozen) {
            res.values.push_back(to_host(p, body(p, make_inputs(p, sizes[0]), m == Mode::EvalEach)));
            return res;
        }
        // The program reaches the frozen function through a variable, not a capture: it is fixed for the life of
        // this frozen function (one per program), which is what tj::freeze's warning on captures asks to ensure.
        frozen_program = &p;
        auto frozen = tj::freeze([](const Group &in) { return body(*frozen_program, in, false); });
        for (size_t n : sizes)
            res.values.push_back(to_host(p, frozen(make_inputs(p, n))));
        tj::FreezeStats s = frozen.stats();
        res.replays = s.replays;
        res.recordings = s.recordings;
        res.dry_run_failures = s.dry_run_failures;
    } catch (const tj::Error &e) {
        res.error = e.what();
    }
    return res;
}

} // namespace tjdiff
