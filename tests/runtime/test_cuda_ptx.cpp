// tests/runtime/test_cuda_ptx.cpp — PTX of every kernel IR operation and type, and of kernels the scheduler
// assembles, checked with NVIDIA's ptxas (no GPU needed)
//
// Each case builds small kernels by hand (Load params → Compute → Store), compiles them with
// tj::cuda::compile_ptx for sm_90 and runs `/usr/local/cuda/bin/ptxas -arch=sm_90` on the text. Where ptxas is
// missing the PTX is still generated and checked for its entry point, and the case says that ptxas was skipped.
// Nothing here runs on a GPU: these tests show that the PTX is valid and has the intended structure, not that
// it computes the right values.
#include "backend/cuda/cuda_ptx.h"
#include "kernel/kernel_ir.h"
#include "jit/var.h"
#include "ptxas_check.h"
#include "run_self.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

using tj::Instr, tj::InstrKind, tj::KernelIR, tj::ParamKind, tj::VarType;
using tj::detail::Op;

namespace {

using tj_test::check_ptxas_accepts;
using tj_test::have_ptxas;
using tj_test::note_missing_ptxas;
using tj_test::PtxasResult;
using tj_test::run_ptxas;
const char *const arch = tj_test::ptx_arch;

/// A kernel IR written by hand, with its canonical text built as the scheduler builds it.
struct KernelBuilder {
    KernelIR ir;

    uint32_t param(ParamKind k) {
        ir.params.push_back(k);
        return uint32_t(ir.params.size() - 1);
    }
    uint32_t emit(const Instr &ins) {
        tj::append_instr_text(ir.text, ins, uint32_t(ir.instrs.size()));
        ir.instrs.push_back(ins);
        if (ins.kind == InstrKind::Compute)
            ++ir.op_count;
        return uint32_t(ir.instrs.size() - 1);
    }
    uint32_t simple(InstrKind kind, VarType t, uint32_t a = 0, uint64_t imm = 0) {
        Instr ins;
        ins.kind = kind;
        ins.type = ins.src_type = t;
        ins.a = a;
        ins.imm = imm;
        return emit(ins);
    }
    uint32_t load(VarType t) { return simple(InstrKind::Load, t, param(ParamKind::Input)); }
    uint32_t bcast(VarType t) { return simple(InstrKind::Bcast, t, param(ParamKind::Input)); }
    uint32_t constant(VarType t, uint64_t bits) { return simple(InstrKind::Const, t, 0, bits); }
    uint32_t index(VarType t) { return simple(InstrKind::Index, t); }
    uint32_t op(Op op, VarType type, VarType src, uint32_t a, uint32_t b = 0, uint32_t c = 0) {
        Instr ins;
        ins.op = op;
        ins.type = type;
        ins.src_type = src;
        ins.a = a;
        ins.b = b;
        ins.c = c;
        return emit(ins);
    }
    void store(VarType t, uint32_t value) {
        Instr ins;
        ins.kind = InstrKind::Store;
        ins.type = ins.src_type = t;
        ins.a = param(ParamKind::Output);
        ins.b = value;
        emit(ins);
    }
    uint32_t gather(VarType t, VarType index_type, uint32_t index, uint32_t mask) {
        Instr ins;
        ins.op = Op::Gather;
        ins.type = t;
        ins.src_type = index_type;
        ins.a = index;
        ins.b = mask;
        ins.c = param(ParamKind::Input);
        ins.d = param(ParamKind::Size);
        return emit(ins);
    }
    void scatter(bool add, VarType t, VarType index_type, uint32_t value, uint32_t index, uint32_t mask) {
        Instr ins;
        ins.op = add ? Op::ScatterAdd : Op::Scatter;
        ins.type = t;
        ins.src_type = index_type;
        ins.a = value;
        ins.b = index;
        ins.c = mask;
        ins.d = param(ParamKind::Target);
        ins.imm = param(ParamKind::Size);
        emit(ins);
    }
    /// The end of an iteration of a symbolic loop: the loop variable `phi` takes `next`.
    void phi_update(VarType t, uint32_t phi, uint32_t next) {
        Instr ins;
        ins.kind = InstrKind::PhiUpdate;
        ins.type = ins.src_type = t;
        ins.a = phi;
        ins.b = next;
        emit(ins);
    }
    /// The end of the symbolic loop that begins at `start` (its LoopStart).
    void loop_end(uint32_t start) {
        Instr ins;
        ins.kind = InstrKind::LoopEnd;
        ins.a = start;
        emit(ins);
    }
    KernelIR finish() {
        for (ParamKind k : ir.params)
            ir.text.push_back(char('0' + int(k)));
        return ir;
    }
};

using tj_test::contains;

/// Compiles `ir` to PTX, checks the entry point and its parameters, and (when ptxas exists) that ptxas accepts it.
std::string check_ptx(const std::string &what, const KernelIR &ir) {
    INFO("kernel: " << what);
    std::string ptx;
    REQUIRE_NOTHROW(ptx = tj::cuda::compile_ptx(ir, arch));
    CHECK(contains(ptx, ".entry tj_kernel("));
    CHECK(contains(ptx, ".target " + std::string(arch)));
    // start, end, then one parameter per slot, no more.
    size_t params = ir.params.size() + 2;
    CHECK(contains(ptx, "tj_kernel_param_" + std::to_string(params - 1)));
    CHECK_FALSE(contains(ptx, "tj_kernel_param_" + std::to_string(params) + ","));
    CHECK_FALSE(contains(ptx, "tj_kernel_param_" + std::to_string(params) + "\n"));
    // libdevice is linked and its reflection queries answered: nothing external is left to call.
    CHECK_FALSE(contains(ptx, "__nvvm_reflect"));
    CHECK_FALSE(contains(ptx, ".extern"));
    check_ptxas_accepts(ptx);
    return ptx;
}

const char *type_label(VarType t) { return tj::detail::type_name(t); }

const char *op_label(Op op) {
    static const char *const names[] = {
        "Literal", "Data",  "Counter", "Add", "Sub", "Mul", "Div",    "Mod",  "Neg",    "Not",     "And",
        "Or",      "Xor",   "Shl",     "Shr", "Eq",  "Ne",  "Lt",     "Le",   "Gt",     "Ge",      "Abs",
        "Sqrt",    "Rsqrt", "Exp",     "Log", "Sin", "Cos", "Tan",    "Tanh", "Atan2",  "Pow",     "Erf",
        "Floor",   "Ceil",  "Round",   "Min", "Max", "Fma", "Select", "Cast", "Gather", "Scatter", "ScatterAdd"};
    static_assert(sizeof(names) / sizeof(names[0]) == size_t(Op::ScatterAdd) + 1);
    return names[size_t(op)];
}

using tj_test::all_types;
const std::vector<VarType> numeric_types = {VarType::Int32,  VarType::UInt32,  VarType::Int64,
                                            VarType::UInt64, VarType::Float32, VarType::Float64};
const std::vector<VarType> integer_types = {VarType::Int32, VarType::UInt32, VarType::Int64, VarType::UInt64};
const std::vector<VarType> bitwise_types = {VarType::Bool, VarType::Int32, VarType::UInt32, VarType::Int64,
                                            VarType::UInt64};
const std::vector<VarType> float_types = {VarType::Float32, VarType::Float64};

bool is_comparison(Op op) { return op >= Op::Eq && op <= Op::Ge; }

/// One kernel: `op` on loaded operands of type `t`, its result stored.
KernelIR op_kernel(Op op, VarType t) {
    KernelBuilder k;
    uint32_t args[3] = {0, 0, 0};
    for (unsigned n = 0; n < tj::op_arity(op); ++n)
        args[n] = k.load(t);
    VarType result = is_comparison(op) ? VarType::Bool : t;
    k.store(result, k.op(op, result, t, args[0], args[1], args[2]));
    return k.finish();
}

/// The PTX of `op` for every type in `types`; returns them in order.
std::vector<std::string> check_op(Op op, const std::vector<VarType> &types) {
    std::vector<std::string> out;
    for (VarType t : types)
        out.push_back(check_ptx(std::string(op_label(op)) + " " + type_label(t), op_kernel(op, t)));
    return out;
}

} // namespace

TEST_CASE("cuda ptx: ptxas rejects broken PTX (the checks below can fail)") {
    if (!have_ptxas()) {
        note_missing_ptxas();
        return;
    }
    std::string ptx = tj::cuda::compile_ptx(op_kernel(Op::Add, VarType::Float32), arch);
    CHECK(run_ptxas(ptx).status == 0);
    std::string broken = ptx;
    broken.replace(broken.find("add.rn.f32"), 10, "add.xx.f32");
    PtxasResult r = run_ptxas(broken);
    CHECK(r.status != 0);
    CHECK(contains(r.log, "error"));
}

TEST_CASE("cuda ptx: arithmetic, min, max, fma, abs and comparisons for every numeric type") {
    note_missing_ptxas();
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::Neg, Op::Min, Op::Max, Op::Fma, Op::Abs, Op::Lt,
                  Op::Le, Op::Gt, Op::Ge})
        check_op(op, numeric_types);
    for (Op op : {Op::Eq, Op::Ne})
        check_op(op, all_types);
    // Precise by default: IEEE division and fused multiply-add, no approximations.
    std::vector<std::string> div = check_op(Op::Div, float_types);
    CHECK(contains(div[0], "div.rn.f32"));
    CHECK(contains(div[1], "div.rn.f64"));
    CHECK_FALSE(contains(div[0], "div.approx"));
    CHECK_FALSE(contains(div[0], "div.full"));
    std::vector<std::string> fma = check_op(Op::Fma, float_types);
    CHECK(contains(fma[0], "fma.rn.f32"));
    CHECK(contains(fma[1], "fma.rn.f64"));
    // Bool results are stored as one byte.
    CHECK(contains(check_op(Op::Lt, {VarType::Float32})[0], "st.global.u8"));
}

TEST_CASE("cuda ptx: bitwise operations and shifts") {
    note_missing_ptxas();
    for (Op op : {Op::Not, Op::And, Op::Or, Op::Xor})
        check_op(op, bitwise_types);
    for (Op op : {Op::Shl, Op::Shr})
        check_op(op, integer_types);
}

TEST_CASE("cuda ptx: math functions in Float32 and Float64 through libdevice, without approximations") {
    note_missing_ptxas();
    for (Op op : {Op::Sqrt, Op::Rsqrt, Op::Exp, Op::Log, Op::Sin, Op::Cos, Op::Tan, Op::Tanh, Op::Erf, Op::Pow,
                  Op::Atan2, Op::Floor, Op::Ceil, Op::Round}) {
        std::vector<std::string> ptx = check_op(op, float_types);
        // libdevice's accurate functions reduce the argument themselves; the fast ones (__sinf) are one
        // approximate instruction. (Accurate exp, log and pow do use ex2/lg2/rcp.approx inside, with corrections.)
        INFO("op " << std::string(op_label(op)));
        for (const std::string &text : ptx)
            for (const char *approx : {"sin.approx", "cos.approx", "tanh.approx", "sqrt.approx", "rsqrt.approx"})
                CHECK_FALSE(contains(text, approx));
    }
    // nvvm-reflect-ftz = 0: libdevice keeps subnormals (with 1 its sinf flushes them: mul.ftz, fma.rn.ftz, …).
    for (Op op : {Op::Sin, Op::Cos})
        CHECK_FALSE(contains(check_op(op, {VarType::Float32})[0], ".ftz"));
    std::vector<std::string> sqrt = check_op(Op::Sqrt, float_types);
    CHECK(contains(sqrt[0], "sqrt.rn.f32"));
    CHECK(contains(sqrt[1], "sqrt.rn.f64"));
    // rsqrt is a correctly rounded square root and a division, as on the CPU.
    std::vector<std::string> rsqrt = check_op(Op::Rsqrt, float_types);
    CHECK(contains(rsqrt[0], "sqrt.rn.f32"));
    CHECK((contains(rsqrt[0], "div.rn.f32") || contains(rsqrt[0], "rcp.rn.f32"))); // both correctly rounded
    CHECK((contains(rsqrt[1], "div.rn.f64") || contains(rsqrt[1], "rcp.rn.f64")));
}

TEST_CASE("cuda ptx: select and every cast between two types") {
    note_missing_ptxas();
    for (VarType t : all_types) {
        KernelBuilder k;
        uint32_t mask = k.load(VarType::Bool), a = k.load(t), b = k.load(t);
        k.store(t, k.op(Op::Select, t, t, mask, a, b));
        check_ptx(std::string("Select ") + type_label(t), k.finish());
    }
    for (VarType from : all_types)
        for (VarType to : all_types) {
            if (from == to)
                continue;
            KernelBuilder k;
            k.store(to, k.op(Op::Cast, to, from, k.load(from)));
            check_ptx(std::string("Cast ") + type_label(from) + " -> " + type_label(to), k.finish());
        }
    // Bool in memory is a byte: loaded as u8 and compared with 0.
    KernelBuilder k;
    k.store(VarType::Int32, k.op(Op::Cast, VarType::Int32, VarType::Bool, k.load(VarType::Bool)));
    CHECK(contains(check_ptx("Cast bool -> i32 (load)", k.finish()), ".u8"));
}

TEST_CASE("cuda ptx: literals, the literal table, the element index and width-1 inputs") {
    note_missing_ptxas();
    for (VarType t : all_types) {
        KernelBuilder k;
        uint32_t x = k.load(t);
        uint32_t c =
            k.constant(t, t == VarType::Float32 ? 0x40490fdbull : (t == VarType::Float64 ? 0x400921fb54442d18ull : 1));
        uint32_t one = k.bcast(t);
        // The table literal: slot 3 of the table param.
        uint32_t table = k.param(ParamKind::Input);
        uint32_t lit = k.simple(InstrKind::ConstTable, t, table, 3);
        uint32_t r = t == VarType::Bool ? k.op(Op::Xor, t, t, k.op(Op::And, t, t, x, c), k.op(Op::Or, t, t, one, lit))
                                        : k.op(Op::Add, t, t, k.op(Op::Mul, t, t, x, c), k.op(Op::Sub, t, t, one, lit));
        k.store(t, r);
        check_ptx(std::string("Const/Bcast/ConstTable ") + type_label(t), k.finish());
    }
    for (VarType t : all_types) {
        KernelBuilder k;
        k.store(t, k.index(t));
        check_ptx(std::string("Index ") + type_label(t), k.finish());
    }
    // Inputs read through the read-only path: one param per buffer, none aliasing another.
    KernelBuilder k;
    k.store(VarType::Float32,
            k.op(Op::Add, VarType::Float32, VarType::Float32, k.load(VarType::Float32), k.load(VarType::Float32)));
    CHECK(contains(check_ptx("Load f32 + f32", k.finish()), "ld.global.nc.f32"));
}

TEST_CASE("cuda ptx: gather, scatter and scatter_add for every type and index type") {
    note_missing_ptxas();
    for (VarType t : all_types)
        for (VarType it : integer_types) {
            std::string what = std::string(type_label(t)) + " by " + type_label(it);
            {
                KernelBuilder k;
                uint32_t index = k.load(it), mask = k.load(VarType::Bool);
                k.store(t, k.gather(t, it, index, mask));
                check_ptx("Gather " + what, k.finish());
            }
            {
                KernelBuilder k;
                uint32_t value = k.load(t), index = k.load(it), mask = k.load(VarType::Bool);
                k.scatter(false, t, it, value, index, mask);
                check_ptx("Scatter " + what, k.finish());
            }
            if (t == VarType::Bool)
                continue; // scatter_add is not defined for Bool
            KernelBuilder k;
            uint32_t value = k.load(t), index = k.load(it), mask = k.constant(VarType::Bool, 1);
            k.scatter(true, t, it, value, index, mask);
            std::string ptx = check_ptx("ScatterAdd " + what, k.finish());
            // Atomic on global memory (a reduction when the old value is not used).
            CHECK((contains(ptx, "red.global.add") || contains(ptx, "atom.global.add")));
        }
    // A gather by a computed index next to a width-1 index and the bounds of both sources.
    KernelBuilder k;
    uint32_t i = k.index(VarType::UInt32), two = k.constant(VarType::UInt32, 2);
    uint32_t idx = k.op(Op::Mul, VarType::UInt32, VarType::UInt32, i, two);
    uint32_t yes = k.constant(VarType::Bool, 1);
    uint32_t a = k.gather(VarType::Float64, VarType::UInt32, idx, yes);
    uint32_t b = k.gather(VarType::Float64, VarType::Int64, k.bcast(VarType::Int64), yes);
    k.store(VarType::Float64, k.op(Op::Add, VarType::Float64, VarType::Float64, a, b));
    check_ptx("two gathers", k.finish());
}

TEST_CASE("cuda ptx: packed gathers, 1 to 8 channels of every type, vector loads where a piece has 2 or 4") {
    note_missing_ptxas();
    for (VarType t : all_types)
        for (uint32_t count = 1; count <= 8; ++count) {
            std::string what = "packed gather of " + std::to_string(count) + " " + type_label(t);
            KernelBuilder k;
            uint32_t index = k.load(VarType::Int32), mask = k.load(VarType::Bool);
            // The channels in reverse order, as the scheduler may emit them: the first one lowered loads the packet.
            std::vector<uint32_t> channels(count);
            uint32_t source = k.param(ParamKind::Input), size = k.param(ParamKind::Size);
            for (uint32_t c = count; c-- > 0;) {
                Instr ins;
                ins.op = Op::Gather;
                ins.type = t;
                ins.src_type = VarType::Int32;
                ins.a = index;
                ins.b = mask;
                ins.c = source;
                ins.d = size;
                ins.imm = uint64_t(count) << 32 | c;
                channels[c] = k.emit(ins);
            }
            for (uint32_t c = 0; c < count; ++c)
                k.store(t, channels[c]);
            std::string ptx = check_ptx(what, k.finish());
            INFO(what);
            if (t == VarType::Float32 && count >= 4)
                CHECK(contains(ptx, ".v4.f32"));
            if (t == VarType::Float64 && count >= 2)
                CHECK(contains(ptx, ".v2.f64"));
            if (count == 1)
                CHECK_FALSE(contains(ptx, ".v2."));
        }
}

namespace {

/// Newton's square root per element as a symbolic loop, state (y, iterations); `nested` adds an inner loop
/// in the body that counts down a per-element integer (a loop inside a loop).
KernelIR loop_kernel(bool nested) {
    using V = VarType;
    KernelBuilder k;
    uint32_t x = k.load(V::Float32);
    uint32_t y0 = k.op(Op::Max, V::Float32, V::Float32, x, k.constant(V::Float32, 0x3f800000)); // max(x, 1)
    uint32_t it0 = k.constant(V::Int32, 0);
    uint32_t limit = k.constant(V::Int32, 100), one = k.constant(V::Int32, 1);
    uint32_t half = k.constant(V::Float32, 0x3f000000);
    uint32_t start = k.simple(InstrKind::LoopStart, V::Bool, 0, 2);
    uint32_t y = k.simple(InstrKind::Phi, V::Float32, y0);
    uint32_t it = k.simple(InstrKind::Phi, V::Int32, it0);
    uint32_t q = k.op(Op::Div, V::Float32, V::Float32, x, y);
    uint32_t more = k.op(Op::And, V::Bool, V::Bool, k.op(Op::Gt, V::Bool, V::Float32, y, q),
                         k.op(Op::Lt, V::Bool, V::Int32, it, limit));
    k.simple(InstrKind::LoopCond, V::Bool, more);
    uint32_t y_next = k.op(Op::Mul, V::Float32, V::Float32, k.op(Op::Add, V::Float32, V::Float32, y, q), half);
    uint32_t it_next = k.op(Op::Add, V::Int32, V::Int32, it, one);
    if (nested) { // it_next += the halvings of y down to 2 or less: an inner loop that LLVM cannot count for us
        uint32_t two = k.constant(V::Float32, 0x40000000);
        uint32_t inner = k.simple(InstrKind::LoopStart, V::Bool, 0, 2);
        uint32_t z = k.simple(InstrKind::Phi, V::Float32, y);
        uint32_t steps = k.simple(InstrKind::Phi, V::Int32, it0);
        k.simple(InstrKind::LoopCond, V::Bool, k.op(Op::Gt, V::Bool, V::Float32, z, two));
        uint32_t z_next = k.op(Op::Mul, V::Float32, V::Float32, z, half);
        uint32_t steps_next = k.op(Op::Add, V::Int32, V::Int32, steps, one);
        k.phi_update(V::Float32, z, z_next);
        k.phi_update(V::Int32, steps, steps_next);
        k.loop_end(inner);
        it_next = k.op(Op::Add, V::Int32, V::Int32, it_next, steps);
    }
    k.phi_update(V::Float32, y, y_next);
    k.phi_update(V::Int32, it, it_next);
    k.loop_end(start);
    k.store(V::Float32, y);
    k.store(V::Int32, it);
    return k.finish();
}

} // namespace

TEST_CASE("cuda ptx: a symbolic loop and a nested one") {
    note_missing_ptxas();
    std::string flat = check_ptx("Newton loop", loop_kernel(false));
    std::string nested = check_ptx("Newton loop with an inner loop", loop_kernel(true));
    // Two stores after the loop, and a backward branch for each loop (plus the grid-stride loop).
    auto count = [](const std::string &text, const std::string &part) {
        size_t n = 0;
        for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
            ++n;
        return n;
    };
    CHECK(count(flat, "st.global.") == 2);
    CHECK(count(nested, "bra") > count(flat, "bra"));
}

namespace {

/// The PTX without the numbers of `// callseq N` comments: NVPTX numbers call sites with one counter per
/// process (an atomic), so the same kernel compiled twice differs there and nowhere else.
std::string without_call_numbers(std::string ptx) {
    for (size_t at = ptx.find("callseq "); at != std::string::npos; at = ptx.find("callseq ", at + 1)) {
        size_t digits = at + 8, end = digits;
        while (end < ptx.size() && std::isdigit((unsigned char)ptx[end]))
            ++end;
        ptx.erase(digits, end - digits);
    }
    return ptx;
}

} // namespace

TEST_CASE("cuda ptx: one module per call, the same PTX from concurrent threads") {
    KernelIR ir = op_kernel(Op::Sin, VarType::Float32);
    std::string expected = tj::cuda::compile_ptx(ir, arch);
    std::vector<std::string> results(4);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < results.size(); ++t)
        threads.emplace_back([&, t] {
            KernelIR mine = t % 2 ? ir : op_kernel(Op::Pow, VarType::Float64);
            results[t] = tj::cuda::compile_ptx(mine, arch);
        });
    for (auto &t : threads)
        t.join();
    std::string pow = tj::cuda::compile_ptx(op_kernel(Op::Pow, VarType::Float64), arch);
    for (size_t t = 0; t < results.size(); ++t)
        CHECK(without_call_numbers(results[t]) == without_call_numbers(t % 2 ? expected : pow));
}

TEST_CASE("cuda ptx: an architecture LLVM does not know is an error that names it") {
    KernelIR ir = op_kernel(Op::Add, VarType::Float32);
    CHECK_THROWS_WITH_AS(tj::cuda::compile_ptx(ir, "sm_7"), doctest::Contains("'sm_7'"), tj::Error);
    CHECK_THROWS_WITH_AS(tj::cuda::compile_ptx(ir, "x86-64"), doctest::Contains("'x86-64'"), tj::Error);
    // Another architecture than the tests' default works.
    CHECK(contains(tj::cuda::compile_ptx(ir, "sm_80"), ".target sm_80"));
}

TEST_CASE("cuda ptx: missing libdevice (helper)" * doctest::skip()) {
    // Run with CUDA_HOME pointing at a folder without libdevice.
    KernelIR plain = op_kernel(Op::Mul, VarType::Float32);
    CHECK(contains(tj::cuda::compile_ptx(plain, arch), ".entry tj_kernel(")); // no math: libdevice not needed
    KernelIR math = op_kernel(Op::Exp, VarType::Float32);
    std::string where = tj::cuda::libdevice_path();
    CHECK(where == "/nonexistent/cuda-home/nvvm/libdevice/libdevice.10.bc");
    CHECK_THROWS_WITH_AS(tj::cuda::compile_ptx(math, arch), doctest::Contains(where.c_str()), tj::Error);
    CHECK_THROWS_WITH_AS(tj::cuda::compile_ptx(math, arch), doctest::Contains("CUDA_HOME"), tj::Error);
}

TEST_CASE("cuda ptx: a missing libdevice is an error that names the path it looked at") {
    CHECK(tj_test::run_self("cuda ptx: missing libdevice (helper)", {{"CUDA_HOME", "/nonexistent/cuda-home"}}) == 0);
}

namespace {

/// The IR of the first kernel that evaluating `ids` would launch, checked to leave the graph as it was.
KernelIR inspect(std::initializer_list<uint32_t> ids) {
    size_t before = tj::detail::var_count();
    KernelIR ir = tj::jit::assemble_for_inspection(ids.begin(), ids.size());
    CHECK(tj::detail::var_count() == before);
    tj::jit::State &s = tj::jit::state();
    for (uint32_t id = 1; id < s.vars.size(); ++id)
        CHECK(s.vars[id].scratch == 0);
    return ir;
}

size_t count_kind(const KernelIR &ir, InstrKind kind) {
    return size_t(std::count_if(ir.instrs.begin(), ir.instrs.end(), [&](const Instr &i) { return i.kind == kind; }));
}

} // namespace

TEST_CASE("cuda ptx: kernels the scheduler assembles: fused a*b + sin(a)") {
    note_missing_ptxas();
    const size_t n = 1000;
    tj::Float a = tj::linspace<tj::Float>(-3.f, 3.f, n), b = tj::arange<tj::Float>(n) * 0.25f;
    tj::eval(a, b);
    tj::Float c = a * b + tj::sin(a);
    KernelIR ir = inspect({c.index()});
    CHECK(count_kind(ir, InstrKind::Load) == 2);
    CHECK(count_kind(ir, InstrKind::Store) == 1);
    CHECK(ir.op_count == 3);
    std::string ptx = check_ptx("a*b + sin(a)", ir);
    CHECK(contains(ptx, "fma.rn.f32")); // a*b + s contracted, as on the CPU
    // The graph is untouched: evaluating now still gives the values.
    std::vector<float> got = tj::to_vector(c), av = tj::to_vector(a), bv = tj::to_vector(b);
    for (size_t i = 0; i < n; i += 97)
        CHECK(got[i] == doctest::Approx(av[i] * bv[i] + std::sin(av[i])).epsilon(1e-5));
    // Evaluated now: nothing left to assemble.
    CHECK(inspect({c.index()}).instrs.empty());
}

TEST_CASE("cuda ptx: kernels the scheduler assembles: a gradient") {
    note_missing_ptxas();
    const size_t n = 500;
    tj::Float x = tj::linspace<tj::Float>(0.1f, 2.f, n), w = tj::linspace<tj::Float>(1.f, -1.f, n);
    tj::eval(x, w);
    tj::enable_grad(x);
    tj::Float y = tj::exp(x) * w + tj::sin(x * x) / x;
    tj::backward(y);
    tj::Float g = tj::grad(x);
    KernelIR ir = inspect({g.index()});
    CHECK(count_kind(ir, InstrKind::Store) == 1);
    CHECK(ir.op_count >= 5);
    check_ptx("d/dx (exp(x) w + sin(x^2)/x)", ir);
    std::vector<float> gv = tj::to_vector(g), xv = tj::to_vector(x), wv = tj::to_vector(w);
    for (size_t i = 0; i < n; i += 37) {
        double xi = xv[i];
        double ref = std::exp(xi) * wv[i] + 2 * std::cos(xi * xi) - std::sin(xi * xi) / (xi * xi);
        CHECK(gv[i] == doctest::Approx(ref).epsilon(1e-4));
    }
}

TEST_CASE("cuda ptx: kernels the scheduler assembles: a while_loop with an if_stmt inside") {
    note_missing_ptxas();
    const size_t n = 300;
    tj::UInt32 value = tj::arange<tj::UInt32>(n) + 1u;
    tj::eval(value);
    tj::Int32 steps = tj::zeros<tj::Int32>(n);
    tj::while_loop(
        std::tie(value, steps), [](const tj::UInt32 &v, const tj::Int32 &) { return v != 1u; },
        [](tj::UInt32 &v, tj::Int32 &s) {
            tj::if_stmt(
                v % 2u == 0u, std::tie(v), [](tj::UInt32 &v) { v = v / 2u; }, [](tj::UInt32 &v) { v = v * 3u + 1u; });
            s += 1;
        });
    KernelIR ir = inspect({steps.index()});
    CHECK(count_kind(ir, InstrKind::LoopStart) == 1);
    CHECK(count_kind(ir, InstrKind::Phi) == 2);
    CHECK(count_kind(ir, InstrKind::Store) == 2); // both results of the loop leave the kernel
    check_ptx("Collatz while_loop", ir);
    std::vector<int32_t> got = tj::to_vector(steps);
    for (uint32_t start : {1u, 2u, 3u, 7u, 27u, 300u}) {
        int32_t ref = 0;
        for (uint32_t v = start; v != 1; v = v % 2 == 0 ? v / 2 : 3 * v + 1)
            ++ref;
        CHECK(got[start - 1] == ref);
    }
}

TEST_CASE("cuda ptx: a math function called many times is compiled once and called, a few calls are inlined") {
    note_missing_ptxas();
    tj::Float x = tj::opaque<tj::Float>(0.5f, 1000);
    auto chain = [&](int sines) {
        tj::Float acc = x;
        for (int i = 0; i < sines; ++i)
            acc = tj::sin(acc * 1.5f + float(i));
        return acc;
    };
    tj::Float few = chain(2), many = chain(60);
    std::string few_ptx = check_ptx("2 sines", inspect({few.index()}));
    std::string many_ptx = check_ptx("60 sines", inspect({many.index()}));
    CHECK_FALSE(contains(few_ptx, ".func")); // inlined: no calls
    CHECK(contains(many_ptx, ".func  (.param .b32 func_retval0) __nv_sinf("));
    size_t calls = 0;
    for (size_t at = many_ptx.find("call.uni"); at != std::string::npos; at = many_ptx.find("call.uni", at + 1))
        ++calls;
    CHECK(calls == 60);
    // Sixty copies of sinf's body would make the PTX many times larger than one body and sixty calls.
    CHECK(many_ptx.size() < 30 * few_ptx.size());
}
