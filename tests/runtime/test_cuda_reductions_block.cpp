// tests/runtime/test_cuda_reductions_block.cpp — block and scatter reductions on CUDA without a GPU
//
// PTX of the And/Or reduction kernels and of kernels with every scatter reduction and scatter_inc, checked with
// ptxas (tests/runtime/ptxas_check.h); then the runtime on the `memory` fake driver (tests/fake_cuda): which
// reduction passes a partial last block launches with which arguments, and that each scatter kernel the runtime
// generates is accepted by ptxas when the fake loads it. The fake runs the kernels (tests/ptx_exec): the results
// are compared with the CPU backend's.
#include "backend/cuda/cuda_ptx.h"
#include "backend/cuda/cuda_reduce.h"
#include "jit/var.h"
#include "ptxas_check.h"
#include "run_self.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>
#include <vector>

using tj::Instr;
using tj::InstrKind;
using tj::KernelIR;
using tj::ParamKind;
using tj::VarType;
using tj::detail::Op;
using Internal = tj::detail::ReduceOp;

namespace {

using tj_test::all_types;
using tj_test::is_float;

/// ptxas accepts `ptx` (where ptxas exists).
void check_assembles(const std::string &what, const std::string &ptx) {
    INFO("kernel: " << what);
    tj_test::check_ptxas_accepts(ptx);
}

/// A kernel of one scatter reduction (or, with Op::ScatterInc, an increment whose old values are stored):
/// value, index and mask loaded from Input params.
KernelIR scatter_kernel(Op op, Internal rop, VarType t, VarType index_type) {
    KernelIR ir;
    auto param = [&](ParamKind k) {
        ir.params.push_back(k);
        return uint32_t(ir.params.size() - 1);
    };
    auto emit = [&](const Instr &ins) {
        tj::append_instr_text(ir.text, ins, uint32_t(ir.instrs.size()));
        ir.instrs.push_back(ins);
        return uint32_t(ir.instrs.size() - 1);
    };
    auto load = [&](VarType type) {
        Instr ins;
        ins.kind = InstrKind::Load;
        ins.type = ins.src_type = type;
        ins.a = param(ParamKind::Input);
        return emit(ins);
    };
    uint32_t value = op == Op::ScatterInc ? 0 : load(t);
    uint32_t index = load(index_type), mask = load(VarType::Bool);
    Instr s;
    s.kind = InstrKind::Compute;
    s.op = op;
    s.type = op == Op::ScatterInc ? VarType::UInt32 : t;
    s.src_type = index_type;
    s.a = op == Op::ScatterInc ? index : value;
    s.b = op == Op::ScatterInc ? mask : index;
    s.c = mask;
    s.d = param(ParamKind::Target);
    s.imm = param(ParamKind::Size);
    if (op == Op::ScatterReduce)
        s.imm |= uint64_t(rop) << 32;
    uint32_t r = emit(s);
    if (op == Op::ScatterInc) {
        Instr st;
        st.kind = InstrKind::Store;
        st.type = st.src_type = VarType::UInt32;
        st.a = param(ParamKind::Output);
        st.b = r;
        emit(st);
    }
    for (ParamKind k : ir.params)
        ir.text.push_back(char('0' + int(k)));
    return ir;
}

} // namespace

TEST_CASE("cuda ptx: And and Or reduction kernels for Bool and every integer type pass ptxas") {
    tj_test::note_missing_ptxas();
    for (VarType t : all_types) {
        if (is_float(t))
            continue;
        for (Internal op : {Internal::And, Internal::Or}) {
            std::string what = std::string(op == Internal::And ? "And " : "Or ") + tj::detail::type_name(t);
            std::string ptx;
            REQUIRE_NOTHROW(ptx = tj::cuda::reduce_ptx(t, t, op, tj_test::ptx_arch));
            CHECK(tj_test::contains(ptx, op == Internal::And ? "and." : "or."));
            check_assembles(what, ptx);
        }
    }
}

TEST_CASE("cuda ptx: every scatter reduction and scatter_inc lower to atomics that pass ptxas") {
    tj_test::note_missing_ptxas();
    for (VarType t : all_types)
        for (Internal op : {Internal::Prod, Internal::Min, Internal::Max, Internal::And, Internal::Or}) {
            if (t == VarType::Bool && op == Internal::Prod)
                continue;
            if (is_float(t) && (op == Internal::And || op == Internal::Or))
                continue;
            for (VarType it : {VarType::UInt32, VarType::Int64}) {
                std::string what = fmt::format("ScatterReduce {} {} by {}", int(op), tj::detail::type_name(t),
                                               tj::detail::type_name(it));
                std::string ptx;
                REQUIRE_NOTHROW(
                    ptx = tj::cuda::compile_ptx(scatter_kernel(Op::ScatterReduce, op, t, it), tj_test::ptx_arch));
                INFO(what);
                CHECK((tj_test::contains(ptx, "atom.") || tj_test::contains(ptx, "red.")));
                if (op == Internal::Prod) // no atomic product: a compare-and-swap loop
                    CHECK(tj_test::contains(ptx, "atom.global.cas"));
                check_assembles(what, ptx);
            }
        }
    std::string ptx = tj::cuda::compile_ptx(
        scatter_kernel(Op::ScatterInc, Internal::Sum, VarType::UInt32, VarType::UInt32), tj_test::ptx_arch);
    CHECK(tj_test::contains(ptx, "atom.global.add.u32"));
    check_assembles("ScatterInc", ptx);
}

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR
#include "memory_fake.h"

using tj_test::address_of;

constexpr const char *helper_case = "cuda block reductions helper: on the memory fake";

TEST_CASE("cuda block reductions helper: on the memory fake" * doctest::skip()) {
    tj_test::MemoryFake fake;
    REQUIRE(tj::backend() == tj::Backend::CUDA);
    // The CPU backend's results for the same inputs, to compare each CUDA result with.
    auto on_cpu = [](auto f) {
        tj::set_backend(tj::Backend::CPU);
        auto r = f();
        tj::set_backend(tj::Backend::CUDA);
        return r;
    };
    std::vector<float> x_values(14);
    for (size_t i = 0; i < 14; ++i)
        x_values[i] = float((i * 7) % 5) - 1.5f;
    // A partial last block: one pass over the whole blocks, one over the rest (its own divisor for a mean).
    tj::Float x(x_values);
    int before = fake.launches();
    tj::Float m = tj::block_reduce(tj::ReduceOp::Max, x, 4);
    CHECK(m.size() == 4);
    CHECK(tj::to_vector(m) == on_cpu([&] { return tj::to_vector(tj::block_reduce(tj::ReduceOp::Max, tj::Float(x_values), 4)); }));
    REQUIRE(fake.launches() == before + 2);
    FakeLaunch whole = fake.launch(before), rest = fake.launch(before + 1);
    CHECK(std::string(whole.entry) == tj::cuda::reduce_entry);
    CHECK(whole.params[0] == address_of(x.index()));
    CHECK(whole.params[1] == address_of(m.index()));
    CHECK(whole.params[2] == 12); // n of the whole blocks
    CHECK(whole.params[3] == 4);
    CHECK(rest.params[0] == address_of(x.index()) + 12 * 4);
    CHECK(rest.params[1] == address_of(m.index()) + 3 * 4);
    CHECK(rest.params[2] == 2);
    CHECK(rest.params[3] == 2);
    // Blocks below reduce_thread_per_block_below are a thread's each: 3 blocks take one CTA of one warp (the results
    // above are the CPU's all the same).
    CHECK(whole.block[0] == 32);
    CHECK(rest.block[0] == 32);
    CHECK(whole.grid[0] == 1);
    // A multiple of the block: one pass; a block larger than the array: the whole-array passes.
    before = fake.launches();
    tj::Float sums = tj::block_reduce(tj::ReduceOp::Add, x, 7);
    CHECK(fake.launches() == before + 1);
    CHECK(tj::to_vector(sums) == on_cpu([&] { return tj::to_vector(tj::block_reduce(tj::ReduceOp::Add, tj::Float(x_values), 7)); }));
    // Blocks of 40, 128 and 3000 elements: 64, 128 and 256 threads, and the CPU's results (sums in Float64).
    for (size_t block : {size_t(40), size_t(128), size_t(3000)}) {
        std::vector<float> long_values(block * 3);
        for (size_t i = 0; i < long_values.size(); ++i)
            long_values[i] = float((i * 13) % 17) - 8.25f;
        before = fake.launches();
        tj::Float block_sums = tj::block_reduce(tj::ReduceOp::Add, tj::Float(long_values), block);
        CHECK(tj::to_vector(block_sums) ==
              on_cpu([&] { return tj::to_vector(tj::block_reduce(tj::ReduceOp::Add, tj::Float(long_values), block)); }));
        REQUIRE(fake.launches() == before + 1);
        CHECK(fake.launch(before).block[0] == (block == 40 ? 64u : block == 128 ? 128u : 256u));
    }
    before = fake.launches();
    tj::UInt32 big = tj::block_reduce(tj::ReduceOp::Or, tj::UInt32(std::vector<uint32_t>(10, 3)), 100);
    CHECK(big.size() == 1);
    CHECK(big.read(0) == 3);
    CHECK(fake.launches() == before + 2);
    // Mask reductions run the And/Or kernels (each one is assembled by ptxas when the fake loads it).
    std::vector<bool> mask_values(9, true);
    mask_values[4] = false;
    tj::Bool mask(mask_values);
    before = fake.launches();
    CHECK(tj::any(mask).read(0));
    CHECK_FALSE(tj::all(mask).read(0));
    CHECK(tj::count(mask).read(0) == 8);
    CHECK(fake.launches() >= before + 6);
    // Every scatter reduction's kernel loads (ptxas accepts what the runtime generates) and is launched.
    auto scatter_each = [&](auto zero, auto value) {
        using A = decltype(zero);
        for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Mul, tj::ReduceOp::Min, tj::ReduceOp::Max,
                                tj::ReduceOp::And, tj::ReduceOp::Or}) {
            bool fl = std::is_floating_point_v<typename A::Value>, b = std::is_same_v<typename A::Value, bool>;
            if ((fl && (op == tj::ReduceOp::And || op == tj::ReduceOp::Or)) ||
                (b && (op == tj::ReduceOp::Add || op == tj::ReduceOp::Mul)))
                continue;
            using V = typename A::Value;
            const std::vector<V> values = tj::to_vector(value);
            const V initial = V(zero.read(0));
            A target = tj::opaque<A>(initial, 8);
            int launches = fake.launches();
            tj::scatter_reduce(op, target, value, tj::UInt32({1, 3, 3}));
            tj::eval(target);
            CHECK(fake.launches() == launches + 1);
            const std::vector<V> expected = on_cpu([&] {
                A t = tj::opaque<A>(initial, 8);
                tj::scatter_reduce(op, t, A(values), tj::UInt32({1, 3, 3}));
                return tj::to_vector(t);
            });
            INFO("scatter_reduce op " << int(op));
            CHECK(tj::to_vector(target) == expected);
        }
    };
    scatter_each(tj::Float(0.f), tj::Float({1.f, 2.f, 3.f}));
    scatter_each(tj::Float64(0.0), tj::Float64({1.0, 2.0, 3.0}));
    scatter_each(tj::Int32(0), tj::Int32({1, 2, 3}));
    scatter_each(tj::UInt64(0), tj::UInt64({1, 2, 3}));
    scatter_each(tj::Bool(false), tj::Bool({true, false, true}));
    tj::UInt32 counter = tj::opaque<tj::UInt32>(0, 4);
    before = fake.launches();
    tj::UInt32 old = tj::scatter_inc(counter, tj::UInt32({0, 0, 2}));
    CHECK(fake.launches() == before + 1); // evaluated at once
    CHECK(old.size() == 3);
    CHECK(tj::to_vector(old) == std::vector<uint32_t>{0, 1, 0}); // the slots' counts before each increment
    CHECK(tj::to_vector(counter) == std::vector<uint32_t>{2, 0, 1, 0});
}

TEST_CASE("CUDA block and scatter reductions on a fake driver: passes, kernels, ptxas") {
    tj_test::check_helpers_on_memory_fake({helper_case}, "tj_cuda_block_reduce");
}

#else

TEST_CASE("CUDA block and scatter reductions on a fake driver") {
    MESSAGE("skipped: this build of the tests was not given the folder of the memory fake driver "
            "(TRACEJIT_FAKE_CUDA_MEMORY_DIR)");
}

#endif
