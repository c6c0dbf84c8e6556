// tests/runtime/test_cuda_reduce.cpp — PTX of the reduction kernel for every type and op, checked with ptxas (no GPU)
//
// Each case generates `tj_reduce` with tj::cuda::reduce_ptx for sm_90 and runs `/usr/local/cuda/bin/ptxas
// -arch=sm_90` on it; where ptxas is missing the PTX is still generated and checked, and the case says that ptxas
// was skipped. Nothing here runs on a GPU: the arithmetic is checked through the instructions that carry it
// (the fold's instruction for each type and op, its identity, the conversions and the final division), not by
// computing values.
#include "backend/cuda/cuda_reduce.h"
#include "ptxas_check.h"
#include "test_util.h"

#include <tracejit/error.h>

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

using tj::VarType;
using tj::detail::ReduceOp;

namespace {

using tj_test::check_ptxas_accepts;
using tj_test::have_ptxas;
using tj_test::note_missing_ptxas;
using tj_test::PtxasResult;
using tj_test::run_ptxas;
const char *const arch = tj_test::ptx_arch;

using tj_test::contains;

/// One kernel the runtime asks for.
struct Form {
    VarType in, out;
    ReduceOp op;
};

std::string label(const Form &f) {
    return std::string(tj::cuda::reduce_op_name(f.op)) + " " + tj::detail::type_name(f.in) + " -> " +
           tj::detail::type_name(f.out);
}

using tj_test::all_types;
const std::vector<ReduceOp> all_ops = {ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Min, ReduceOp::Max};

using tj_test::is_float;

/// Every (in, out, op) of the runtime: out = in for every type (one pass, or pass 2 of integers); Float64 out for
/// float ins (pass 1); Float64 in, Float32 out (pass 2 of Float32). Bool only with Min and Max.
std::vector<Form> all_forms() {
    std::vector<Form> forms;
    for (VarType in : all_types)
        for (ReduceOp op : all_ops) {
            if (in == VarType::Bool && (op == ReduceOp::Sum || op == ReduceOp::Prod))
                continue;
            forms.push_back({in, in, op});
            if (is_float(in))
                forms.push_back({in, in == VarType::Float32 ? VarType::Float64 : VarType::Float32, op});
        }
    return forms;
}

/// Compiles one form, checks the kernel's shape, and (when ptxas exists) that ptxas accepts it.
std::string check_reduce_ptx(const Form &f) {
    INFO("kernel: " << label(f));
    std::string ptx;
    REQUIRE_NOTHROW(ptx = tj::cuda::reduce_ptx(f.in, f.out, f.op, arch));
    CHECK(contains(ptx, ".target " + std::string(arch)));
    CHECK(contains(ptx, ".entry " + std::string(tj::cuda::reduce_entry) + "("));
    // in, out, n, block, divisor: five 8-byte params, no more.
    for (int k = 0; k < 5; ++k)
        CHECK(contains(ptx, ".param .u64 tj_reduce_param_" + std::to_string(k)));
    CHECK_FALSE(contains(ptx, "tj_reduce_param_5"));
    // The CTA size the kernel's shared memory is made for is part of the kernel.
    CHECK(contains(ptx, ".maxntid " + std::to_string(tj::cuda::reduce_block_threads) + ", 1, 1"));
    // Threads combine through warp shuffles and per-warp slots in shared memory, separated by barriers.
    CHECK(contains(ptx, "shfl.sync.down.b32"));
    CHECK(contains(ptx, ".shared .align"));
    CHECK(contains(ptx, "st.shared."));
    CHECK(contains(ptx, "ld.shared."));
    CHECK(contains(ptx, "bar.sync"));
    // The input is read through the read-only path, the result stored to global memory, nothing else is called.
    CHECK(contains(ptx, "ld.global.nc."));
    CHECK(contains(ptx, "st.global."));
    CHECK_FALSE(contains(ptx, ".extern"));
    CHECK_FALSE(contains(ptx, "\tcall"));
    check_ptxas_accepts(ptx);
    return ptx;
}

std::string ptx_of(VarType in, VarType out, ReduceOp op) { return check_reduce_ptx({in, out, op}); }

/// Checks that `ptx` has each of `present` and none of `absent`.
void check_instructions(const std::string &what, const std::string &ptx, const std::vector<std::string> &present,
                        const std::vector<std::string> &absent = {}) {
    INFO("kernel: " << what);
    for (const std::string &p : present) {
        INFO("expected: " << p);
        CHECK(contains(ptx, p));
    }
    for (const std::string &a : absent) {
        INFO("not expected: " << a);
        CHECK_FALSE(contains(ptx, a));
    }
}

} // namespace

TEST_CASE("cuda reduce: ptxas rejects a broken reduction kernel (the checks below can fail)") {
    if (!have_ptxas()) {
        note_missing_ptxas();
        return;
    }
    std::string ptx = tj::cuda::reduce_ptx(VarType::Float32, VarType::Float64, ReduceOp::Sum, arch);
    CHECK(run_ptxas(ptx).status == 0);
    std::string broken = ptx;
    size_t at = broken.find("bar.sync");
    REQUIRE(at != std::string::npos);
    broken.replace(at, 8, "bar.sunk");
    PtxasResult r = run_ptxas(broken);
    CHECK(r.status != 0);
    CHECK(contains(r.log, "error"));
}

TEST_CASE("cuda reduce: every type, op and pass form gives a tj_reduce kernel that ptxas accepts") {
    note_missing_ptxas();
    std::vector<Form> forms = all_forms();
    CHECK(forms.size() == 2 + 4 * 4 + 2 * 4 * 2); // Bool: Min/Max; 4 integer types x 4 ops; 2 floats x 4 ops x 2 outs
    for (const Form &f : forms)
        check_reduce_ptx(f);
}

TEST_CASE("cuda reduce: integer folds wrap and use the signedness of the type") {
    note_missing_ptxas();
    // Sum and Prod wrap: plain add/mul in the type's width (no widening, no overflow checks).
    check_instructions("Sum i32", ptx_of(VarType::Int32, VarType::Int32, ReduceOp::Sum), {"add.s32"});
    check_instructions("Prod u32", ptx_of(VarType::UInt32, VarType::UInt32, ReduceOp::Prod), {"mul.lo.s32"});
    check_instructions("Prod i64", ptx_of(VarType::Int64, VarType::Int64, ReduceOp::Prod), {"mul.lo.s64"});
    // Min/Max: signed or unsigned instructions, and the matching identity (threads without elements).
    check_instructions("Min i32", ptx_of(VarType::Int32, VarType::Int32, ReduceOp::Min), {"min.s32", "2147483647"},
                       {"min.u32", "max.s32"});
    check_instructions("Max i32", ptx_of(VarType::Int32, VarType::Int32, ReduceOp::Max), {"max.s32", "-2147483648"},
                       {"min.s32", "max.u32"});
    check_instructions("Min u32", ptx_of(VarType::UInt32, VarType::UInt32, ReduceOp::Min), {"min.u32"}, {"min.s32"});
    check_instructions("Max u32", ptx_of(VarType::UInt32, VarType::UInt32, ReduceOp::Max), {"max.u32"},
                       {"max.s32", "min.u32"});
    check_instructions("Min i64", ptx_of(VarType::Int64, VarType::Int64, ReduceOp::Min), {"min.s64"}, {"min.u64"});
    check_instructions("Max i64", ptx_of(VarType::Int64, VarType::Int64, ReduceOp::Max), {"max.s64"});
    check_instructions("Min u64", ptx_of(VarType::UInt64, VarType::UInt64, ReduceOp::Min), {"min.u64"}, {"min.s64"});
    check_instructions("Max u64", ptx_of(VarType::UInt64, VarType::UInt64, ReduceOp::Max), {"max.u64"}, {"max.s64"});
    // The divisor (a mean in pass 2) divides with the type's signedness.
    check_instructions("Sum i32 / divisor", ptx_of(VarType::Int32, VarType::Int32, ReduceOp::Sum), {"div.s32"});
    check_instructions("Sum i64 / divisor", ptx_of(VarType::Int64, VarType::Int64, ReduceOp::Sum), {"div.s64"});
    check_instructions("Sum u64 / divisor", ptx_of(VarType::UInt64, VarType::UInt64, ReduceOp::Sum), {"div.u64"},
                       {"div.s64"});
}

TEST_CASE("cuda reduce: floats fold in Float64, min/max ignore NaN, Bool folds with and/or") {
    note_missing_ptxas();
    // Pass 1 of Float32: each element widened, summed in Float64, divided in Float64.
    check_instructions("Sum f32 -> f64", ptx_of(VarType::Float32, VarType::Float64, ReduceOp::Sum),
                       {"cvt.f64.f32", "add.rn.f64", "div.rn.f64", "st.global.f64"}, {"add.rn.f32"});
    check_instructions("Prod f32 -> f64", ptx_of(VarType::Float32, VarType::Float64, ReduceOp::Prod),
                       {"cvt.f64.f32", "mul.rn.f64"}, {"mul.rn.f32"});
    // Pass 2 of Float32: the Float64 partials are summed in Float64, the total rounded once to Float32 and then
    // divided in Float32 (as the CPU backend's mean: the sum in the array's type over the count).
    check_instructions("Sum f64 -> f32", ptx_of(VarType::Float64, VarType::Float32, ReduceOp::Sum),
                       {"ld.global.nc.f64", "add.rn.f64", "cvt.rn.f32.f64", "div.rn.f32", "st.global.f32"},
                       {"add.rn.f32", "div.rn.f64"});
    // One pass of Float32 (block sums) accumulates in Float64 as well, like the CPU backend.
    check_instructions("Sum f32", ptx_of(VarType::Float32, VarType::Float32, ReduceOp::Sum),
                       {"ld.global.nc.f32", "cvt.f64.f32", "add.rn.f64", "cvt.rn.f32.f64", "st.global.f32"},
                       {"add.rn.f32"});
    check_instructions("Sum f64", ptx_of(VarType::Float64, VarType::Float64, ReduceOp::Sum),
                       {"add.rn.f64", "div.rn.f64"}, {"cvt.rn.f32.f64"});
    // fmin/fmax semantics (min.f64 drops a NaN operand); NaN is the identity, so a block of NaNs stays NaN.
    check_instructions("Min f32", ptx_of(VarType::Float32, VarType::Float32, ReduceOp::Min),
                       {"min.f64", "0d7FF8000000000000"}, {"max.f64"});
    check_instructions("Max f64", ptx_of(VarType::Float64, VarType::Float64, ReduceOp::Max),
                       {"max.f64", "0d7FF8000000000000"}, {"min.f64"});
    check_instructions("Min f64 -> f32", ptx_of(VarType::Float64, VarType::Float32, ReduceOp::Min),
                       {"min.f64", "cvt.rn.f32.f64"});
    // Bool is a byte in memory; Min is `and`, Max is `or`.
    check_instructions("Min bool", ptx_of(VarType::Bool, VarType::Bool, ReduceOp::Min),
                       {"ld.global.nc.u8", "and.pred", "st.global.u8"});
    check_instructions("Max bool", ptx_of(VarType::Bool, VarType::Bool, ReduceOp::Max),
                       {"ld.global.nc.u8", "or.pred", "st.global.u8"});
}

// A Mean or a Bool Sum never reaches reduce_ptx (the device divides a Sum; Bool sums are refused by tj::sum): they
// are internal assertions now, not errors.
TEST_CASE("cuda reduce: an unknown architecture is an error") {
    CHECK_THROWS_WITH_AS(tj::cuda::reduce_ptx(VarType::Int32, VarType::Int32, ReduceOp::Sum, "sm_9000"),
                         doctest::Contains("'sm_9000'"), tj::Error);
    CHECK_THROWS_AS(tj::cuda::reduce_ptx(VarType::Int32, VarType::Int32, ReduceOp::Sum, ""), tj::Error);
    // Still usable after the errors.
    CHECK(contains(tj::cuda::reduce_ptx(VarType::Int32, VarType::Int32, ReduceOp::Sum, arch), ".entry tj_reduce("));
}

TEST_CASE("cuda reduce: kernels generated in several threads at once are the same as one at a time") {
    const std::vector<Form> forms = {{VarType::Float32, VarType::Float64, ReduceOp::Sum},
                                     {VarType::Int64, VarType::Int64, ReduceOp::Min},
                                     {VarType::Bool, VarType::Bool, ReduceOp::Max},
                                     {VarType::Float64, VarType::Float32, ReduceOp::Prod}};
    std::vector<std::string> alone;
    for (const Form &f : forms)
        alone.push_back(tj::cuda::reduce_ptx(f.in, f.out, f.op, arch));
    std::vector<std::string> together(forms.size());
    std::vector<std::thread> threads;
    for (size_t k = 0; k < forms.size(); ++k)
        threads.emplace_back([&, k] {
            for (int repeat = 0; repeat < 3; ++repeat)
                together[k] = tj::cuda::reduce_ptx(forms[k].in, forms[k].out, forms[k].op, arch);
        });
    for (std::thread &t : threads)
        t.join();
    for (size_t k = 0; k < forms.size(); ++k) {
        INFO("kernel: " << label(forms[k]));
        CHECK(together[k] == alone[k]);
    }
}
