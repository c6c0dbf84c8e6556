// tests/conformance/test_memop.cpp — Dr.Jit's tests/test_memop.py ported: gather, scatter, scatter_reduce,
// scatter_inc, block reductions, slicing
//
// The cases are ported from Dr.Jit's tests/test_memop.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew. tracejit has flat arrays only: Dr.Jit's nested arrays (Array3f, ArrayXf) are std::arrays of tj
// arrays, gathered and scattered component by component (a packet of n values at index i is the n positions
// n·i + k), and its PyTrees are structs whose fields are gathered one by one. It has no ravel/unravel, reverse,
// meshgrid, tile/repeat, take_interp, scatter_cas/scatter_exch, reduce modes or packet flags; those cases are not
// ported. Each case also runs on fresh random inputs against a host reference, and with gradients, in frozen
// functions, in loops and branches where the operation allows. docs/conformance.md lists every test with its
// status.
#include "conformance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace conf;

namespace {

/// The host's gather: source[index] where mask is set and the index is inside the source, 0 elsewhere.
template <typename T, typename I>
std::vector<T> host_gather(const std::vector<T> &src, const std::vector<I> &idx, const std::vector<bool> &mask = {}) {
    std::vector<T> out(idx.size(), T(0));
    for (size_t i = 0; i < idx.size(); ++i)
        if ((mask.empty() || mask[i]) && idx[i] >= 0 && uint64_t(idx[i]) < src.size())
            out[i] = src[size_t(idx[i])];
    return out;
}

/// n fresh random indices in [0, hi].
std::vector<uint32_t> rand_idx(size_t n, uint32_t hi) { return tjtest::small_ints<uint32_t>(n, fresh_seed(), 0, hi); }
/// n fresh random mask entries (about half true).
std::vector<bool> rand_mask(size_t n) {
    std::vector<uint32_t> b = tjtest::small_ints<uint32_t>(n, fresh_seed(), 0, 1);
    return std::vector<bool>(b.begin(), b.end());
}
Bool mask_of(const std::vector<bool> &m) { return Bool(m); }

/// The sizes where the SIMD width matters: 1, below it, not a multiple of it, and large.
constexpr size_t sizes[] = {1, 3, 17, 1000, (size_t(1) << 17) + 5};

} // namespace

// The further checks of some cases (gradients, frozen functions), defined after them.
static void extra_test01_gradients();
static void extra_test02_gradients();
static void extra_test18_gradients();
static void extra_test42_gradients();
static void extra_test33_frozen();
static void extra_test02_frozen_gradients();
static void extra_test13_empty();
static void extra_test23_frozen();
static void extra_test33_contexts();
static void extra_test18_wide();
static void extra_test18_contexts();
static void extra_test33_random_frozen();
static void extra_test02_random_programs();

// ---------------------------------------------------------------------------------------------------------------
// test01–test08: gather and scatter, plain, masked, nested (component by component) and of structs

TEST_CASE("test_memop.py test01_gather_simple") {
    // Dr.Jit's TypeError for dtype=str has no C++ counterpart (the result type is the source's).
    check_eq("gather", tj::gather(tj::arange<Float>(10), UInt32({0, 5, 3})), {0.f, 5.f, 3.f});
    check_eq("masked", tj::gather(tj::arange<Float>(10), UInt32({0, 5, 3}), Bool({true, false, true})),
             {0.f, 0.f, 3.f});
    check_eq("int32", tj::gather(tj::arange<Int32>(10), UInt32({0, 5, 3})), {0, 5, 3});
    check_eq("uint32", tj::gather(tj::arange<UInt32>(10), UInt32({0, 5, 3}), Bool({true, false, true})), {0u, 0u, 3u});
    check_eq("float64", tj::gather(tj::arange<Float64>(10), UInt32({0, 5, 3})), {0.0, 5.0, 3.0});
    check_eq("int64", tj::gather(tj::arange<tj::Int64>(10), UInt32({0, 5, 3})), {int64_t(0), int64_t(5), int64_t(3)});
    // Fresh random sources, indices (some past the end) and masks, at sizes around the SIMD width.
    for (size_t n : sizes) {
        INFO("n = " << n);
        Float src = rand_f(n);
        std::vector<float> hs = tj::to_vector(src);
        std::vector<uint32_t> idx = rand_idx(n + 3, uint32_t(n + 1));
        std::vector<bool> m = rand_mask(n + 3);
        check_eq("random", tj::gather(src, UInt32(idx)), host_gather(hs, idx));
        check_eq("random masked", tj::gather(src, UInt32(idx), mask_of(m)), host_gather(hs, idx, m));
        // Signed and 64-bit indices: negative ones count as past the end.
        std::vector<int32_t> sidx(idx.size());
        for (size_t i = 0; i < idx.size(); ++i)
            sidx[i] = i % 5 == 0 ? -int32_t(i + 1) : int32_t(idx[i]);
        check_eq("int32 index", tj::gather(src, Int32(sidx), mask_of(m)), host_gather(hs, sidx, m));
        std::vector<uint64_t> lidx(idx.begin(), idx.end());
        check_eq("uint64 index", tj::gather(src, tj::UInt64(lidx)), host_gather(hs, lidx));
    }
    extra_test01_gradients();
}

TEST_CASE("test_memop.py test02_scatter_simple") {
    Float target = tj::zeros<Float>(3);
    tj::scatter(target, Float(1.f), UInt32({0, 1}));
    tj::scatter(target, Float(2.f), UInt32(2u));
    check_eq("target", target, {1.f, 1.f, 2.f});
    Float t2 = tj::zeros<Float>(3);
    tj::scatter(t2, Float(1.f), UInt32({0, 1, 2}), Bool({true, true, false}));
    check_eq("masked", t2, {1.f, 1.f, 0.f});
    // Fresh random permutations and masks: the scattered positions hold the values, the others keep theirs.
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<uint32_t> perm(n);
        for (size_t i = 0; i < n; ++i)
            perm[i] = uint32_t(i);
        std::shuffle(perm.begin(), perm.end(), std::mt19937(uint32_t(fresh_seed())));
        std::vector<bool> m = rand_mask(n);
        Float base = rand_f(n), val = rand_f(n);
        std::vector<float> expect = tj::to_vector(base), hv = tj::to_vector(val);
        for (size_t i = 0; i < n; ++i)
            if (m[i])
                expect[perm[i]] = hv[i];
        Float t = base;
        tj::scatter(t, val, UInt32(perm), mask_of(m));
        check_eq("random", t, expect);
        check_eq("copy on write", base, tj::to_vector(base));
        // Indices past the end are skipped.
        Float u = base;
        tj::scatter(u, val, UInt32(perm) + uint32_t(n));
        check_eq("past the end", u, base);
    }
    extra_test02_gradients();
    extra_test02_frozen_gradients();
    extra_test02_random_programs();
}

// The gradients of gathers and scatters (docs/autodiff.md): a gather's backward is a scatter_add into zeros of
// the source's size, its forward a gather of the tangent; a scatter's backward zeroes the overwritten positions of
// the target's gradient and gathers the value's; masked lanes and indices past the end take no part.
static void extra_test01_gradients() {
    for (size_t n : sizes) {
        INFO("n = " << n);
        size_t m = n + 5;
        std::vector<uint32_t> idx = rand_idx(m, uint32_t(n)); // n itself is past the end
        std::vector<bool> mask = rand_mask(m);
        std::vector<float> seed = tj::to_vector(rand_f(m));
        // Backward.
        Float x = rand_f(n);
        tj::enable_grad(x);
        Float y = tj::gather(x, UInt32(idx), mask_of(mask)) * 2.f;
        tj::set_grad(y, Float(seed));
        tj::backward(y);
        std::vector<double> gx(n, 0);
        for (size_t i = 0; i < m; ++i)
            if (mask[i] && idx[i] < n)
                gx[idx[i]] += 2.0 * seed[i];
        check_close("backward", tj::grad(x), std::vector<float>(gx.begin(), gx.end()), 1e-5, 1e-5);
        // Forward.
        Float x2 = rand_f(n);
        tj::enable_grad(x2);
        Float tan = rand_f(n);
        Float y2 = tj::gather(x2, UInt32(idx), mask_of(mask)) * 3.f;
        tj::set_grad(x2, tan);
        tj::forward(x2);
        std::vector<float> gy = host_gather(tj::to_vector(tan), idx, mask);
        for (float &v : gy)
            v *= 3.f;
        check_close("forward", tj::grad(y2), gy);
        // A width-1 index broadcast against a mask of m lanes: the one element gets every active lane's gradient.
        Float x3 = rand_f(n);
        tj::enable_grad(x3);
        uint32_t k = uint32_t(n / 2);
        Float y3 = tj::gather(x3, UInt32(k), mask_of(mask));
        CHECK(y3.size() == m);
        tj::backward(y3);
        std::vector<float> g3(n, 0.f);
        g3[k] = float(std::count(mask.begin(), mask.end(), true));
        check_close("width-1 index", tj::grad(x3), g3);
    }
}

static void extra_test02_gradients() {
    for (size_t n : sizes) {
        INFO("n = " << n);
        size_t m = n; // a permutation of n plus some lanes past the end
        std::vector<uint32_t> perm(m);
        for (size_t i = 0; i < m; ++i)
            perm[i] = uint32_t(i);
        std::shuffle(perm.begin(), perm.end(), std::mt19937(uint32_t(fresh_seed())));
        for (size_t i = 0; i < m; i += 7)
            perm[i] = uint32_t(n + i); // past the end
        std::vector<bool> mask = rand_mask(m);
        std::vector<float> seed = tj::to_vector(rand_f(n));
        // Backward to the target and the value.
        Float t = rand_f(n), v = rand_f(m);
        tj::enable_grad(t, v);
        Float out = t * 1.f;
        tj::scatter(out, v * 2.f, UInt32(perm), mask_of(mask));
        tj::set_grad(out, Float(seed));
        tj::backward(out);
        std::vector<float> gt = seed, gv(m, 0.f);
        for (size_t i = 0; i < m; ++i)
            if (mask[i] && perm[i] < n) {
                gt[perm[i]] = 0.f;
                gv[i] = 2.f * seed[perm[i]];
            }
        check_close("backward target", tj::grad(t), gt);
        check_close("backward value", tj::grad(v), gv);
        // Forward from both, through one scalar leaf s: the target's tangent is tt, the value's tv.
        Float s = Float(0.f);
        tj::enable_grad(s);
        Float tt = rand_f(n), tv = rand_f(m);
        Float t2 = rand_f(n) + s * tt, v2 = rand_f(m) + s * tv;
        Float out2 = t2;
        tj::scatter(out2, v2 * 2.f, UInt32(perm), mask_of(mask));
        tj::forward(s);
        std::vector<float> go = tj::to_vector(tt), htv = tj::to_vector(tv);
        for (size_t i = 0; i < m; ++i)
            if (mask[i] && perm[i] < n)
                go[perm[i]] = 2.f * htv[i];
        check_close("forward", tj::grad(out2), go);
        // scatter_add: the target's gradient passes whole, the value's is gathered.
        Float t3 = rand_f(n), v3 = rand_f(m);
        tj::enable_grad(t3, v3);
        Float out3 = t3 * 1.f;
        tj::scatter_add(out3, v3, UInt32(perm), mask_of(mask));
        tj::set_grad(out3, Float(seed));
        tj::backward(out3);
        std::vector<float> gv3(m, 0.f);
        for (size_t i = 0; i < m; ++i)
            if (mask[i] && perm[i] < n)
                gv3[i] = seed[perm[i]];
        check_close("scatter_add target", tj::grad(t3), seed);
        check_close("scatter_add value", tj::grad(v3), gv3);
        // A width-1 value scattered to many positions: its gradient is the sum over them.
        Float t4 = rand_f(n), v4 = rand_f(1);
        tj::enable_grad(t4, v4);
        Float out4 = t4 * 1.f;
        tj::scatter(out4, v4, UInt32(perm), mask_of(mask));
        tj::set_grad(out4, Float(seed));
        tj::backward(out4);
        double s4 = 0;
        for (size_t i = 0; i < m; ++i)
            if (mask[i] && perm[i] < n)
                s4 += seed[perm[i]];
        check_close("width-1 value", tj::grad(v4), std::vector<float>{float(s4)}, 1e-4, 1e-4);
        // A width-1 value scatter_added: forward tangent.
        Float t5 = rand_f(n), v5 = rand_f(1);
        tj::enable_grad(v5);
        Float out5 = t5 * 1.f;
        tj::scatter_add(out5, v5, UInt32(perm), mask_of(mask));
        tj::set_grad(v5, 1.5f);
        tj::forward(v5);
        std::vector<float> g5(n, 0.f);
        for (size_t i = 0; i < m; ++i)
            if (mask[i] && perm[i] < n)
                g5[perm[i]] += 1.5f;
        check_close("width-1 value forward", tj::grad(out5), g5);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// test13, test18: scatter_inc and scatter_reduce

namespace {
/// The host's value of `a op b` (fmin/fmax for floats, bitwise And/Or for integers).
template <typename T> T host_op(tj::ReduceOp op, T a, T b) {
    switch (op) {
    case tj::ReduceOp::Add: return tjtest::ref_add(a, b);
    case tj::ReduceOp::Mul: return tjtest::ref_mul(a, b);
    case tj::ReduceOp::Min:
        if constexpr (std::is_floating_point_v<T>)
            return std::fmin(a, b);
        else
            return std::min(a, b);
    case tj::ReduceOp::Max:
        if constexpr (std::is_floating_point_v<T>)
            return std::fmax(a, b);
        else
            return std::max(a, b);
    case tj::ReduceOp::And:
        if constexpr (std::is_integral_v<T>)
            return T(a & b);
        break;
    case tj::ReduceOp::Or:
        if constexpr (std::is_integral_v<T>)
            return T(a | b);
        break;
    }
    return a;
}
/// The identity of `op` for T (Dr.Jit's reduce_identity).
template <typename T> T host_identity(tj::ReduceOp op) {
    switch (op) {
    case tj::ReduceOp::Add:
    case tj::ReduceOp::Or: return T(0);
    case tj::ReduceOp::Mul: return T(1);
    case tj::ReduceOp::Min:
        return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                    : std::numeric_limits<T>::max();
    case tj::ReduceOp::Max:
        return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                    : std::numeric_limits<T>::lowest();
    case tj::ReduceOp::And:
        if constexpr (std::is_integral_v<T>)
            return T(~T(0));
        break;
    }
    return T(0);
}
const char *op_name(tj::ReduceOp op) {
    static const char *names[] = {"Add", "Mul", "Min", "Max", "And", "Or"};
    return names[int(op)];
}

/// Dr.Jit's test18 for one type and op: `size` draws into 2^0 … 2^9 buckets (and a permutation of `size`
/// buckets), against the host's reduction (float sums in double, compared with a tolerance).
template <typename T> void scatter_reduce_case(tj::ReduceOp op, size_t size) {
    using A = tj::Array<T>;
    INFO(op_name(op) << " of " << tj::detail::type_name(A::Type));
    bool is_float = std::is_floating_point_v<T>;
    if (is_float && (op == tj::ReduceOp::And || op == tj::ReduceOp::Or)) { // Dr.Jit skips these combinations
        A buf = tj::zeros<A>(4);
        CHECK(error_of([&] {
                  tj::scatter_reduce(op, buf, A(T(1)), UInt32(0u));
                  tj::eval(buf);
              }) != "");
        return;
    }
    bool sign = is_float && (op == tj::ReduceOp::Min || op == tj::ReduceOp::Max); // values of both signs
    for (int e = 0; e < 10; ++e) {
        uint32_t k = 1u << e;
        INFO("k = " << k);
        std::vector<uint32_t> i = rand_idx(size, k - 1);
        std::vector<uint32_t> raw = tjtest::small_ints<uint32_t>(size, fresh_seed(), 0, 0xFFFFFFFFu);
        std::vector<T> j(size);
        for (size_t q = 0; q < size; ++q)
            j[q] = sign ? T(double(raw[q]) - 2147483648.0) : T(raw[q]);
        A buf = tj::full<A>(host_identity<T>(op), k);
        tj::scatter_reduce(op, buf, A(j), UInt32(i));
        std::vector<double> wide(k, 0); // float sums in double
        std::vector<T> expect(k, host_identity<T>(op));
        for (size_t q = 0; q < size; ++q) {
            expect[i[q]] = host_op(op, expect[i[q]], j[q]);
            wide[i[q]] += double(j[q]);
        }
        if (is_float && op == tj::ReduceOp::Add)
            check_close("buckets", buf, std::vector<T>(wide.begin(), wide.end()),
                        std::is_same_v<T, float> ? 1e-4 : 1e-9);
        else
            check_eq("buckets", buf, expect);
        // A masked scatter_reduce with indices past the end into a target that holds values (not the identity).
        std::vector<bool> m = rand_mask(size);
        std::vector<uint32_t> i2 = rand_idx(size, k + 1);
        std::vector<T> start(k);
        for (uint32_t q = 0; q < k; ++q)
            start[q] = T(q * 3 + 1);
        A buf2(start);
        tj::scatter_reduce(op, buf2, A(j), UInt32(i2), mask_of(m));
        std::vector<double> wide2(start.begin(), start.end());
        std::vector<T> expect2 = start;
        for (size_t q = 0; q < size; ++q)
            if (m[q] && i2[q] < k) {
                expect2[i2[q]] = host_op(op, expect2[i2[q]], j[q]);
                wide2[i2[q]] += double(j[q]);
            }
        if (is_float && op == tj::ReduceOp::Add)
            check_close("masked", buf2, std::vector<T>(wide2.begin(), wide2.end()),
                        std::is_same_v<T, float> ? 1e-4 : 1e-9);
        else
            check_eq("masked", buf2, expect2);
    }
    // A permutation (Dr.Jit's NoConflicts mode): each bucket gets one value.
    std::vector<uint32_t> perm(size);
    for (size_t q = 0; q < size; ++q)
        perm[q] = uint32_t(q);
    std::shuffle(perm.begin(), perm.end(), std::mt19937(uint32_t(fresh_seed())));
    std::vector<uint32_t> raw = tjtest::small_ints<uint32_t>(size, fresh_seed(), 0, 0xFFFFFFFFu);
    std::vector<T> j(size), expect(size);
    for (size_t q = 0; q < size; ++q) {
        j[q] = sign ? T(double(raw[q]) - 2147483648.0) : T(raw[q]);
        expect[perm[q]] = host_op(op, host_identity<T>(op), j[q]);
    }
    A buf = tj::full<A>(host_identity<T>(op), size);
    tj::scatter_reduce(op, buf, A(j), UInt32(perm));
    check_eq("permutation", buf, expect);
}
} // namespace

// Dr.Jit's Direct/Local/Expand modes are one atomic form here: each is checked against the host.
TEST_CASE("test_memop.py test18_scatter_reduce") {
    for (tj::ReduceOp op :
         {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::And, tj::ReduceOp::Or}) {
        scatter_reduce_case<float>(op, 100000);
        scatter_reduce_case<double>(op, 100000);
        scatter_reduce_case<int32_t>(op, 100000);
        scatter_reduce_case<uint32_t>(op, 100000);
        scatter_reduce_case<int64_t>(op, 100000);
        scatter_reduce_case<uint64_t>(op, 100000);
    }
    // Mul (not in Dr.Jit's list): a compare-and-swap loop.
    scatter_reduce_case<int32_t>(tj::ReduceOp::Mul, 1000);
    scatter_reduce_case<uint64_t>(tj::ReduceOp::Mul, 1000);
    // Float Min/Max with zeros of both signs, infinities and NaNs (fmin/fmax ignore a NaN).
    float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    Float buf({1.f, -1.f, 0.f, -0.f, nan, 5.f});
    Float vals({-0.f, 0.f, -inf, inf, 2.f, nan, 3.f, -2.f});
    UInt32 at({2, 3, 0, 1, 4, 5, 5, 4});
    Float mn = buf, mx = buf;
    tj::scatter_reduce(tj::ReduceOp::Min, mn, vals, at);
    tj::scatter_reduce(tj::ReduceOp::Max, mx, vals, at);
    std::vector<float> hb = tj::to_vector(buf), hv = tj::to_vector(vals), emn = hb, emx = hb;
    std::vector<uint32_t> ha = tj::to_vector(at);
    for (size_t q = 0; q < hv.size(); ++q) {
        emn[ha[q]] = std::fmin(emn[ha[q]], hv[q]);
        emx[ha[q]] = std::fmax(emx[ha[q]], hv[q]);
    }
    CHECK(std::isinf(mn.read(0)));
    CHECK(mn.read(4) == -2.f);
    CHECK(mn.read(5) == 3.f);
    CHECK(mx.read(1) == inf);
    CHECK(mx.read(4) == 2.f);
    CHECK(mx.read(5) == 5.f);
    CHECK(mn.read(2) == 0.f); // -0 or +0: equal
    CHECK(mx.read(3) == 0.f);
    extra_test18_gradients();
    extra_test18_wide();
    extra_test18_contexts();
}

// The gradients of scatter_reduce Min/Max (docs/autodiff.md: Dr.Jit's convention), backward and forward, with
// ties, masks and indices past the end, against the host.
static void extra_test18_gradients() {
    for (tj::ReduceOp op : {tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::Add}) {
        for (size_t n : {size_t(1), size_t(5), size_t(37)}) {
            INFO(op_name(op) << " n = " << n);
            size_t m = 4 * n + 3;
            // Small integer values so that ties happen.
            std::vector<float> ht(n), hv(m);
            for (size_t q = 0; q < n; ++q)
                ht[q] = float(tjtest::small_ints<int32_t>(1, fresh_seed(), -3, 3)[0]);
            std::vector<int32_t> rv = tjtest::small_ints<int32_t>(m, fresh_seed(), -3, 3);
            for (size_t q = 0; q < m; ++q)
                hv[q] = float(rv[q]);
            std::vector<uint32_t> idx = rand_idx(m, uint32_t(n)); // n is past the end
            std::vector<bool> mask = rand_mask(m);
            std::vector<float> seed = tj::to_vector(rand_f(n));
            Float t(ht), v(hv);
            tj::enable_grad(t, v);
            Float out = t * 1.f;
            tj::scatter_reduce(op, out, v * 1.f, UInt32(idx), mask_of(mask));
            std::vector<float> res = ht;
            for (size_t q = 0; q < m; ++q)
                if (mask[q] && idx[q] < n)
                    res[idx[q]] = host_op(op, res[idx[q]], hv[q]);
            check_eq("value", out, res);
            tj::set_grad(out, Float(seed));
            tj::backward(out);
            std::vector<float> gt(n), gv(m, 0.f);
            for (size_t q = 0; q < n; ++q)
                gt[q] = op == tj::ReduceOp::Add || res[q] == ht[q] ? seed[q] : 0.f;
            for (size_t q = 0; q < m; ++q)
                if (mask[q] && idx[q] < n && (op == tj::ReduceOp::Add || hv[q] == res[idx[q]]))
                    gv[q] = seed[idx[q]];
            check_close("backward target", tj::grad(t), gt);
            check_close("backward value", tj::grad(v), gv);
            // Forward from the value alone: the winning value's tangent (Min/Max), the sum (Add).
            Float t2(ht), v2(hv);
            tj::enable_grad(v2);
            Float tv = rand_f(m);
            Float out2 = t2 * 1.f;
            tj::scatter_reduce(op, out2, v2 * 1.f, UInt32(idx), mask_of(mask));
            tj::set_grad(v2, tv);
            tj::forward(v2);
            std::vector<float> htv = tj::to_vector(tv);
            std::vector<float> go(n, 0.f);
            std::vector<bool> set(n, false);
            for (size_t q = 0; q < m; ++q)
                if (mask[q] && idx[q] < n) {
                    if (op == tj::ReduceOp::Add)
                        go[idx[q]] += htv[q];
                    else if (hv[q] == res[idx[q]] && res[idx[q]] != ht[idx[q]])
                        set[idx[q]] = true;
                }
            std::vector<float> got = tj::to_vector(tj::grad(out2));
            if (op == tj::ReduceOp::Add) {
                check_close("forward", tj::grad(out2), go, 1e-5, 1e-5);
            } else {
                // Where a value replaced the target, the tangent is one of the tied winners'.
                for (size_t q = 0; q < n; ++q) {
                    INFO("bucket " << q << " got " << got[q]);
                    if (!set[q])
                        continue;
                    bool found = false;
                    for (size_t p = 0; p < m; ++p)
                        if (mask[p] && idx[p] == q && hv[p] == res[q] && got[q] == htv[p])
                            found = true;
                    CHECK(found);
                }
            }
        }
    }
}

// Random increments into small counters (Dr.Jit's histogram with NumPy): the counts and, per bucket, the old
// values 0, 1, …, count-1 in some order.
TEST_CASE("test_memop.py test13_scatter_inc") {
    size_t size = 10000;
    for (uint32_t i = 2; i < 17; ++i) {
        INFO("buckets = " << i);
        std::vector<uint32_t> index = rand_idx(size, i - 1);
        UInt32 counter = tj::zeros<UInt32>(i);
        UInt32 offset = tj::scatter_inc(counter, UInt32(index));
        std::vector<uint32_t> off = tj::to_vector(offset);
        std::vector<uint32_t> hist(i, 0);
        for (uint32_t b : index)
            ++hist[b];
        check_eq("counter", counter, hist);
        std::vector<std::vector<uint32_t>> per(i);
        for (size_t q = 0; q < size; ++q)
            per[index[q]].push_back(off[q]);
        for (uint32_t b = 0; b < i; ++b) {
            std::sort(per[b].begin(), per[b].end());
            bool ok = per[b].size() == hist[b];
            for (size_t q = 0; q < per[b].size(); ++q)
                ok = ok && per[b][q] == q;
            CHECK(ok);
        }
    }
    // Masked, past the end, sizes around the SIMD width: a counter that starts at values, the old values are
    // distinct within a bucket and 0 where the lane does not take part.
    for (size_t n : sizes) {
        INFO("n = " << n);
        uint32_t k = 5;
        std::vector<uint32_t> index = rand_idx(n, k + 1);
        std::vector<bool> m = rand_mask(n);
        UInt32 counter({10u, 20u, 30u, 40u, 50u});
        UInt32 offset = tj::scatter_inc(counter, UInt32(index), mask_of(m));
        std::vector<uint32_t> off = tj::to_vector(offset);
        std::vector<uint32_t> expect = {10, 20, 30, 40, 50};
        std::vector<std::vector<uint32_t>> per(k);
        bool zeros_ok = true;
        for (size_t q = 0; q < n; ++q) {
            if (m[q] && index[q] < k) {
                ++expect[index[q]];
                per[index[q]].push_back(off[q]);
            } else if (off[q] != 0) {
                zeros_ok = false;
            }
        }
        CHECK(zeros_ok);
        check_eq("counter", counter, expect);
        for (uint32_t b = 0; b < k; ++b) {
            std::sort(per[b].begin(), per[b].end());
            bool ok = true;
            for (size_t q = 0; q < per[b].size(); ++q)
                ok = ok && per[b][q] == 10 * (b + 1) + q;
            CHECK(ok);
        }
        // Stream compaction with a width-1 index: the kept elements in slots 0 … count-1.
        Float x = rand_f(n);
        UInt32 ctr = tj::zeros<UInt32>(1);
        UInt32 slot = tj::scatter_inc(ctr, UInt32(0u), mask_of(m));
        Float out = tj::zeros<Float>(n);
        tj::scatter(out, x, slot, mask_of(m));
        uint32_t cnt = uint32_t(std::count(m.begin(), m.end(), true));
        CHECK(ctr.read(0) == cnt);
        std::vector<float> got = tj::to_vector(out), hx = tj::to_vector(x), kept;
        for (size_t q = 0; q < n; ++q)
            if (m[q])
                kept.push_back(hx[q]);
        std::vector<float> g(got.begin(), got.begin() + cnt);
        std::sort(g.begin(), g.end());
        std::sort(kept.begin(), kept.end());
        CHECK(g == kept);
    }
    extra_test13_empty();
}

// ---------------------------------------------------------------------------------------------------------------
// test33, test42: scatters and gathers inside symbolic loops (and branches, and frozen functions)

// Dr.Jit's `exclude=[v]` is what tracejit does with an array the body scatters into without it being state; its
// modes and OptimizeLoops flag have no counterpart. Its `unused` state variable of width 2 (never read) is a size
// mismatch with the loop's 64 lanes here (docs/control-flow.md: only width 1 broadcasts); it has width 1.
TEST_CASE("test_memop.py test33_scatter_reduce_loop") {
    UInt32 i = tj::full<UInt32>(1u, 64);
    UInt32 v = tj::zeros<UInt32>(64);
    UInt32 unused(0u);
    CHECK(tj_test::contains(error_of([] {
                                UInt32 i = tj::full<UInt32>(1u, 64), wide({0u, 0u});
                                tj::while_loop(
                                    std::tie(i, wide), [](const UInt32 &i, const UInt32 &) { return i < 10u; },
                                    [](UInt32 &i, UInt32 &) { i += 1u; });
                            }),
                            "size mismatch"));
    tj::while_loop(
        std::tie(i, unused), [](const UInt32 &i, const UInt32 &) { return i < 10u; },
        [&v](UInt32 &i, UInt32 &) {
            i += 1u;
            tj::scatter_add(v, UInt32(1u), UInt32(0u));
        });
    CHECK(v.read(0) == 64u * 9u);
    check_eq("i", i, tj::full<UInt32>(10u, 64));
    // Fresh random trip counts: each lane adds its trip count to a random bucket, with Min and Max too.
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<uint32_t> trips = rand_idx(n, 6), bucket = rand_idx(n, 4);
        UInt32 it = tj::zeros<UInt32>(n), b(bucket), lim(trips);
        UInt32 sum = tj::zeros<UInt32>(5), mx = tj::zeros<UInt32>(5);
        UInt32 mn = tj::full<UInt32>(100u, 5);
        Float fsum = tj::zeros<Float>(5);
        tj::while_loop(
            std::tie(it), [&](const UInt32 &it) { return it < lim; },
            [&](UInt32 &it) {
                it += 1u;
                tj::scatter_add(sum, UInt32(1u), b);
                tj::scatter_reduce(tj::ReduceOp::Max, mx, it, b);
                tj::scatter_reduce(tj::ReduceOp::Min, mn, it, b);
                tj::scatter_add(fsum, Float(0.5f), b);
            });
        std::vector<uint32_t> es(5, 0), emx(5, 0), emn(5, 100);
        std::vector<float> ef(5, 0.f);
        for (size_t q = 0; q < n; ++q) {
            es[bucket[q]] += trips[q];
            ef[bucket[q]] += 0.5f * float(trips[q]);
            if (trips[q] > 0) {
                emx[bucket[q]] = std::max(emx[bucket[q]], trips[q]);
                emn[bucket[q]] = std::min(emn[bucket[q]], 1u);
            }
        }
        check_eq("sum", sum, es);
        check_eq("max", mx, emx);
        check_eq("min", mn, emn);
        check_close("float sum", fsum, ef);
        check_eq("it", it, lim);
    }
    extra_test33_frozen();
    extra_test33_contexts();
    extra_test33_random_frozen();
}

// Dr.Jit's lanes: 0 (the first gather masked it), 5 (index 2 of buf_1 is index 4 of buf_0) and 0 (index -1 is
// past the end). Its evaluated and symbolic modes are tracejit's one loop.
TEST_CASE("test_memop.py test42_masked_gather_loop") {
    UInt32 buf_0({1, 2, 3, 4, 5, 6, 7, 8});
    Bool mask_1 = tj::arange<UInt32>(5) % 4u != 0u;
    UInt32 index_1 = tj::arange<UInt32>(5) * 2u;
    UInt32 buf_1 = tj::gather(buf_0, index_1, mask_1);
    Bool active({true, true, false});
    UInt32 out = tj::zeros<UInt32>(3), counter = tj::zeros<UInt32>(3);
    tj::while_loop(
        std::tie(active, out, counter), [](const Bool &a, const UInt32 &, const UInt32 &) { return a; },
        [&buf_1](Bool &a, UInt32 &out, UInt32 &counter) {
            UInt32 index_2 = tj::cast<uint32_t>(Int32({0, 2, -1}));
            out += tj::gather(buf_1, index_2);
            counter += 1u;
            a = counter == 0u;
        });
    check_eq("out", out, {0u, 5u, 0u});
    // The same with a lazy buf_1 (never evaluated before the loop), an Int32 index and a gather from a loop
    // state variable, on fresh random data.
    for (size_t n : sizes) {
        INFO("n = " << n);
        Float src = rand_f(n + 4);
        std::vector<float> hs = tj::to_vector(src);
        std::vector<bool> m1 = rand_mask(n + 4);
        Float lazy = tj::gather(src, tj::arange<UInt32>(n + 4), mask_of(m1)) * 2.f;
        std::vector<uint32_t> trips = rand_idx(n, 3);
        std::vector<int32_t> start = tjtest::small_ints<int32_t>(n, fresh_seed(), -2, int64_t(n + 5));
        Int32 pos(start);
        UInt32 it = tj::zeros<UInt32>(n), lim(trips);
        Float acc = tj::zeros<Float>(n);
        tj::while_loop(
            std::tie(it, pos, acc), [&](const UInt32 &it, const Int32 &, const Float &) { return it < lim; },
            [&](UInt32 &it, Int32 &pos, Float &acc) {
                acc += tj::gather(lazy, pos, pos % 3 != 0);
                pos += 1;
                it += 1u;
            });
        std::vector<float> expect(n, 0.f);
        for (size_t q = 0; q < n; ++q)
            for (uint32_t t = 0; t < trips[q]; ++t) {
                int32_t p = start[q] + int32_t(t);
                if (p % 3 != 0 && p >= 0 && size_t(p) < n + 4 && m1[size_t(p)])
                    expect[q] += 2.f * hs[size_t(p)];
            }
        check_close("random", acc, expect);
    }
    extra_test42_gradients();
}

// Gradients of gathers and scatters inside loop bodies, branches and frozen functions (where the features meet).
static void extra_test42_gradients() {
    for (size_t n : sizes) {
        INFO("n = " << n);
        size_t s = n + 2;
        std::vector<uint32_t> trips = rand_idx(n, 3), start = rand_idx(n, uint32_t(s + 1));
        std::vector<float> seed = tj::to_vector(rand_f(n));
        // A loop body that gathers from an array with gradients: a tj::Error (docs/control-flow.md "Gradients"),
        // never a wrong gradient.
        Float x = rand_f(s);
        tj::enable_grad(x);
        UInt32 lim(trips);
        std::string err = error_of([&] {
            UInt32 it = tj::zeros<UInt32>(n), pos(start);
            Float acc = tj::zeros<Float>(n);
            tj::while_loop(
                std::tie(it, pos, acc), [&](const UInt32 &it, const UInt32 &, const Float &) { return it < lim; },
                [&](UInt32 &it, UInt32 &pos, Float &acc) {
                    acc += tj::gather(x, pos) * 1.5f;
                    pos += 1u;
                    it += 1u;
                });
            tj::backward(acc);
        });
        CHECK(tj_test::contains(err, "gathers from or scatters into an array with gradients"));
        // Gathered before the loop (as the message says), the loop's gradient is exact.
        Float x2 = rand_f(s);
        tj::enable_grad(x2);
        UInt32 it2 = tj::zeros<UInt32>(n);
        Float g2 = tj::gather(x2, UInt32(start)), acc2 = tj::zeros<Float>(n);
        tj::while_loop(
            std::tie(it2, acc2), [&](const UInt32 &it, const Float &) { return it < lim; },
            [&](UInt32 &it, Float &acc) {
                acc += g2 * 1.5f;
                it += 1u;
            });
        tj::set_grad(acc2, Float(seed));
        tj::backward(acc2);
        std::vector<double> gx(s, 0);
        for (size_t q = 0; q < n; ++q)
            if (start[q] < s)
                gx[start[q]] += 1.5 * trips[q] * seed[q];
        check_close("loop backward", tj::grad(x2), std::vector<float>(gx.begin(), gx.end()), 1e-5, 1e-5);
        // A gather inside a tj::if_stmt branch, and a scatter_add in the other, with gradients.
        Float x3 = rand_f(s);
        tj::enable_grad(x3);
        std::vector<bool> m = rand_mask(n);
        Float y = tj::zeros<Float>(n);
        Float sink = tj::zeros<Float>(s);
        tj::enable_grad(sink);
        Float sink_out = sink * 1.f;
        UInt32 p3(start);
        tj::if_stmt(
            mask_of(m), std::tie(y), [&](Float &y) { y = tj::gather(x3, p3) * 2.f; },
            [&](Float &y) {
                y = Float(1.f);
                tj::scatter_add(sink_out, tj::gather(x3, p3), p3);
            });
        Float total = tj::sum(y) + tj::sum(sink_out * 3.f);
        tj::backward(total);
        std::vector<double> g3(s, 0);
        for (size_t q = 0; q < n; ++q)
            if (start[q] < s)
                g3[start[q]] += m[q] ? 2.0 : 3.0;
        check_close("branch backward", tj::grad(x3), std::vector<float>(g3.begin(), g3.end()), 1e-5, 1e-5);
        check_close("branch sink", tj::grad(sink), std::vector<float>(s, 3.f));
    }
}

static void extra_test33_frozen() {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        // A frozen function that gathers, scatters, scatter_reduces and counts, replayed on other sizes.
        auto fn = [](Float x, UInt32 idx, Bool m) {
            Float g = tj::gather(x, idx, m);
            Float t = tj::zeros<Float>(x.size());
            tj::scatter_add(t, g * 2.f, idx, m);
            Float mx = tj::full<Float>(-1e30f, x.size());
            tj::scatter_reduce(tj::ReduceOp::Max, mx, g, idx, m);
            UInt32 ctr = tj::zeros<UInt32>(x.size());
            UInt32 old = tj::scatter_inc(ctr, idx, m);
            return std::make_tuple(g, t, mx, ctr, old);
        };
        auto frozen = tj::freeze(fn, opts(ao));
        for (size_t n : {size_t(17), size_t(1000), size_t(3), size_t(17), size_t(4096 + 7)}) {
            INFO("n = " << n);
            Float x = rand_f(n);
            std::vector<uint32_t> hi = rand_idx(2 * n, uint32_t(n)); // n is past the end
            std::vector<bool> hm = rand_mask(2 * n);
            auto [g, t, mx, ctr, old] = frozen(x, UInt32(hi), mask_of(hm));
            auto [g2, t2, mx2, ctr2, old2] = fn(x, UInt32(hi), mask_of(hm));
            check_eq("gather", g, g2);
            check_close("scatter_add", t, t2);
            check_eq("max", mx, mx2);
            check_eq("counter", ctr, ctr2);
            std::vector<uint32_t> ho = tj::to_vector(old), ho2 = tj::to_vector(old2);
            std::sort(ho.begin(), ho.end());
            std::sort(ho2.begin(), ho2.end());
            CHECK(ho == ho2);
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

static void extra_test02_frozen_gradients() {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        // Backward inside a frozen function through a gather and a scatter.
        auto fn = [](Float x, UInt32 idx, Bool m) {
            tj::enable_grad(x);
            Float t = tj::zeros<Float>(x.size());
            tj::scatter(t, tj::gather(x, idx, m) * 3.f, idx, m);
            tj::backward(tj::sum(t));
            return tj::grad(x);
        };
        auto frozen = tj::freeze(fn, opts(ao));
        for (size_t n : {size_t(17), size_t(1000), size_t(3), size_t(17)}) {
            INFO("n = " << n);
            Float x = rand_f(n);
            std::vector<uint32_t> perm(n);
            for (size_t q = 0; q < n; ++q)
                perm[q] = uint32_t(q);
            std::shuffle(perm.begin(), perm.end(), std::mt19937(uint32_t(fresh_seed())));
            std::vector<bool> hm = rand_mask(n);
            std::vector<float> expect(n, 0.f);
            for (size_t q = 0; q < n; ++q)
                if (hm[q])
                    expect[perm[q]] = 3.f;
            check_close("frozen", frozen(x, UInt32(perm), mask_of(hm)), expect);
            check_close("plain", fn(x, UInt32(perm), mask_of(hm)), expect);
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

// ---------------------------------------------------------------------------------------------------------------
// test03–test08: nested arrays and PyTrees, component by component

namespace {
template <size_t N> using ArrayN = std::array<Float, N>;
/// Dr.Jit's gather of a nested array of width N from a flat source (Array3f from a Float): element k of lane i is
/// source[N·index + k].
template <size_t N> ArrayN<N> gather_packet(const Float &src, const UInt32 &idx, const Bool &m = true) {
    ArrayN<N> out;
    for (size_t k = 0; k < N; ++k)
        out[k] = tj::gather(src, idx * uint32_t(N) + uint32_t(k), m);
    return out;
}
/// Its scatter: value[k] of lane i to target[N·index + k].
template <size_t N>
void scatter_packet(Float &target, const ArrayN<N> &value, const UInt32 &idx, const Bool &m = true) {
    for (size_t k = 0; k < N; ++k)
        tj::scatter(target, value[k], idx * uint32_t(N) + uint32_t(k), m);
}
} // namespace

TEST_CASE("test_memop.py test03_gather_nested") {
    std::array<Float, 2> v = {tj::arange<Float>(10), tj::arange<Float>(10) + 10.f};
    UInt32 idx({0, 5, 3});
    Bool active({true, false, true});
    check_eq("r0", tj::gather(v[0], idx), {0.f, 5.f, 3.f});
    check_eq("r1", tj::gather(v[1], idx), {10.f, 15.f, 13.f});
    check_eq("masked r0", tj::gather(v[0], idx, active), {0.f, 0.f, 3.f});
    check_eq("masked r1", tj::gather(v[1], idx, active), {10.f, 0.f, 13.f});
}

// With a second scatter into the same target, gradients: the first value's are zeroed where the second overwrote.
TEST_CASE("test_memop.py test04_scatter_nested") {
    std::array<Float, 2> buf = {tj::arange<Float>(10), tj::arange<Float>(10) + 10.f};
    std::array<Float, 2> val = {Float({3, 4, 5}), Float({30, 40, 50})};
    UInt32 idx({0, 5, 3});
    for (size_t k = 0; k < 2; ++k)
        tj::scatter(buf[k], val[k], idx);
    check_eq("buf0", buf[0], {3.f, 1.f, 2.f, 5.f, 4.f, 4.f, 6.f, 7.f, 8.f, 9.f});
    check_eq("buf1", buf[1], {30.f, 11.f, 12.f, 50.f, 14.f, 40.f, 16.f, 17.f, 18.f, 19.f});
    for (size_t k = 0; k < 2; ++k)
        tj::scatter(buf[k], val[k] + 1.f, idx, Bool({true, false, true}));
    check_eq("buf0 masked", buf[0], {4.f, 1.f, 2.f, 6.f, 4.f, 4.f, 6.f, 7.f, 8.f, 9.f});
    check_eq("buf1 masked", buf[1], {31.f, 11.f, 12.f, 51.f, 14.f, 40.f, 16.f, 17.f, 18.f, 19.f});
    // Two scatters into one target with gradients.
    Float t = tj::zeros<Float>(6), a({1, 2, 3}), b({4, 5});
    tj::enable_grad(t, a, b);
    Float out = t * 1.f;
    tj::scatter(out, a, UInt32({0, 1, 2}));
    tj::scatter(out, b, UInt32({1, 4}));
    check_eq("out", out, {1.f, 4.f, 3.f, 0.f, 5.f, 0.f});
    tj::set_grad(out, Float({10, 20, 30, 40, 50, 60}));
    tj::backward(out);
    check_close("grad a", tj::grad(a), {10.f, 0.f, 30.f});
    check_close("grad b", tj::grad(b), {20.f, 50.f});
    check_close("grad t", tj::grad(t), {0.f, 0.f, 0.f, 40.f, 0.f, 60.f});
    // A gather from the scattered target (lazy), then forward mode through the chain.
    Float s(0.f);
    tj::enable_grad(s);
    Float t2 = Float({1, 2, 3, 4}) + s * Float({1, 2, 3, 4});
    Float c = Float({9, 9}) + s * Float({10, 20});
    Float out2 = t2;
    tj::scatter(out2, c, UInt32({2, 0}));
    tj::scatter_add(out2, c, UInt32({2, 1}));
    Float y = tj::gather(out2, UInt32({0, 1, 2, 3, 9}));
    check_eq("y", y, {9.f, 11.f, 18.f, 4.f, 0.f});
    tj::forward(s);
    check_close("forward", tj::grad(y), {20.f, 22.f, 20.f, 4.f, 0.f});
}

TEST_CASE("test_memop.py test05_gather_nested_2") {
    Float v = tj::arange<Float>(30);
    UInt32 idx({0, 5, 3});
    ArrayN<3> r = gather_packet<3>(v, idx);
    check_eq("r0", r[0], {0.f, 15.f, 9.f});
    check_eq("r1", r[1], {1.f, 16.f, 10.f});
    check_eq("r2", r[2], {2.f, 17.f, 11.f});
    ArrayN<3> rm = gather_packet<3>(v, idx, Bool({true, false, true}));
    check_eq("masked r0", rm[0], {0.f, 0.f, 9.f});
    check_eq("masked r1", rm[1], {1.f, 0.f, 10.f});
    check_eq("masked r2", rm[2], {2.f, 0.f, 11.f});
}

TEST_CASE("test_memop.py test06_scatter_nested_2") {
    Float buf = tj::zeros<Float>(9);
    scatter_packet<3>(buf, {Float({1, 2}), Float({3, 4}), Float({5, 6})}, UInt32({0, 2}));
    check_eq("buf", buf, {1.f, 3.f, 5.f, 0.f, 0.f, 0.f, 2.f, 4.f, 6.f});
    scatter_packet<3>(buf, {Float({8, 2}), Float({9, 4}), Float({10, 6})}, UInt32({1, 2}), Bool({true, false}));
    check_eq("masked", buf, {1.f, 3.f, 5.f, 8.f, 9.f, 10.f, 2.f, 4.f, 6.f});
}

namespace {
struct MyStruct {
    Float a;
    TJ_STRUCT(MyStruct, a)
};
} // namespace

// Dr.Jit's dr.gather(tuple, …) and of DRJIT_STRUCTs/dataclasses: each field gathered (no gather of a struct).
TEST_CASE("test_memop.py test07_gather_pytree") {
    Float x({1, 2, 3, 4}), y({5, 6, 7, 8});
    UInt32 i({1, 0});
    auto r = std::make_tuple(tj::gather(x, i), tj::gather(y, i));
    check_eq("r0", std::get<0>(r), {2.f, 1.f});
    check_eq("r1", std::get<1>(r), {6.f, 5.f});
    MyStruct s{x};
    MyStruct rs{tj::gather(s.a, i)};
    check_eq("struct", rs.a, {2.f, 1.f});
}

TEST_CASE("test_memop.py test08_scatter_pytree") {
    Float x = tj::zeros<Float>(4), y = tj::zeros<Float>(4);
    UInt32 at({1, 3});
    tj::scatter(x, Float(1.f), at);
    tj::scatter(y, Float({2, 3}), at);
    check_eq("x", x, {0.f, 1.f, 0.f, 1.f});
    check_eq("y", y, {0.f, 2.f, 0.f, 3.f});
    MyStruct s{tj::zeros<Float>(4)};
    tj::scatter(s.a, Float({1, 2}), UInt32({1, 0}), Bool({true, false}));
    check_eq("struct", s.a, {0.f, 1.f, 0.f, 0.f});
}

// ---------------------------------------------------------------------------------------------------------------
// test14, test17, test44: reads past the end, slices, width-1 gathers

// Dr.Jit reports an out-of-bounds read in debug mode (and returns 0); tracejit returns 0 for an index past the end
// in every mode, silently (docs/semantics.md "Gather and scatter"). Gradients through such lanes are 0.
TEST_CASE("test_memop.py test14_out_of_bounds_gather") {
    UInt32 buf = tj::opaque<UInt32>(7u, 10);
    UInt32 r = tj::gather(buf, tj::arange<UInt32>(11));
    std::vector<uint32_t> expect(11, 7u);
    expect[10] = 0; // Dr.Jit: "out-of-bounds read from position 10 in an array of size 10."
    check_eq("r", r, expect);
    // Indices far past the end, of every integer type, also from a literal source.
    check_eq("uint32 max", tj::gather(buf, UInt32({0xFFFFFFFFu, 9u, 0x80000000u})), {0u, 7u, 0u});
    check_eq("int32 negative", tj::gather(buf, Int32({-1, 9, std::numeric_limits<int32_t>::min()})), {0u, 7u, 0u});
    check_eq("int64", tj::gather(buf, tj::Int64({-1, int64_t(1) << 40, 3})), {0u, 0u, 7u});
    check_eq("uint64", tj::gather(buf, tj::UInt64({uint64_t(1) << 32, 3})), {0u, 7u});
    UInt32 lit = tj::full<UInt32>(3u, 10);
    check_eq("literal source", tj::gather(lit, Int32({-1, 0, 9, 10})), {0u, 3u, 3u, 0u});
    Float x = rand_f(10);
    tj::enable_grad(x);
    Float y = tj::gather(x, Int32({-1, 10, 3, 3}));
    tj::backward(y);
    check_close("gradient", tj::grad(x), {0.f, 0.f, 0.f, 2.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f});
}

// Dr.Jit reports an out-of-bounds write in debug mode (and skips it); tracejit skips it silently.
TEST_CASE("test_memop.py test14_out_of_bounds_scatter") {
    UInt32 buf = tj::opaque<UInt32>(0u, 10);
    tj::scatter(buf, UInt32(5u), tj::arange<UInt32>(11)); // Dr.Jit: "out-of-bounds write to position 10 …"
    check_eq("buf", buf, std::vector<uint32_t>(10, 5u));
    UInt32 b2 = tj::opaque<UInt32>(0u, 10);
    tj::scatter_add(b2, UInt32(1u), Int32({-1, 10, 9, std::numeric_limits<int32_t>::min()}));
    tj::scatter_reduce(tj::ReduceOp::Max, b2, UInt32(4u), tj::Int64({-5, 0, int64_t(1) << 33}));
    std::vector<uint32_t> e2(10, 0u);
    e2[9] = 1;
    e2[0] = 4;
    check_eq("add and max", b2, e2);
    UInt32 ctr = tj::zeros<UInt32>(2);
    check_eq("scatter_inc", tj::scatter_inc(ctr, Int32({-1, 1, 2, 1})), {0u, 0u, 0u, 1u});
    check_eq("counter", ctr, {0u, 2u});
}

// dr.slice(v, i) is read(i); with an index list, a gather. Dimensionality reduction of Array3i: per component.
TEST_CASE("test_memop.py test17_slice") {
    Int32 v({1, 2, 3});
    CHECK(v.read(2) == 3);
    check_eq("list", tj::gather(v, UInt32({1, 2})), {2, 3});
    std::vector<Int32> tree = {Int32({1, 2, 3}), Int32({3, 4, 5})};
    CHECK(tree[0].read(2) == 3);
    CHECK(tree[1].read(2) == 5);
    std::array<Int32, 3> a3 = {Int32({1, 2}), Int32({3, 4}), Int32(5)};
    CHECK(a3[0].read(1) == 2);
    CHECK(a3[1].read(1) == 4);
    CHECK(a3[2].read(0) == 5); // a width-1 component broadcasts
    check_eq("a3 gather 0", tj::gather(a3[0], UInt32({1, 0})), {2, 1});
    check_eq("a3 gather 2", tj::gather(tj::full<Int32>(5, 2), UInt32({1, 0})), {5, 5});
    CHECK(error_of([&] { v.read(3); }) != "");
}

// A width-1 literal index (Dr.Jit's bug A6), and width-1 sources, masks and literals with gradients.
TEST_CASE("test_memop.py test44_gather_size1_literal") {
    Float source({10, 20, 30});
    for (uint32_t i = 0; i < 3; ++i) {
        Float r = tj::gather(source, UInt32(i));
        CHECK(r.size() == 1);
        CHECK(r.read(0) == source.read(i));
    }
    check_eq("width-1 index, wider mask", tj::gather(source, UInt32(2u), Bool({true, false, true})), {30.f, 0.f, 30.f});
    check_eq("width-1 source", tj::gather(Float({42.f}), tj::arange<UInt32>(4)), {42.f, 0.f, 0.f, 0.f});
    check_eq("literal source", tj::gather(Float(5.f), tj::arange<UInt32>(3)), {5.f, 0.f, 0.f});
    check_eq("filled source", tj::gather(tj::full<Float>(3.f, 10), UInt32({0, 9, 10})), {3.f, 3.f, 0.f});
    // Gradients: a literal source with gradients, a width-1 index.
    Float lit = tj::full<Float>(1.f, 10);
    tj::enable_grad(lit);
    Float y = tj::gather(lit, UInt32({1, 1, 4, 12}));
    tj::backward(y);
    check_close("literal source gradient", tj::grad(lit), {0.f, 2.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 0.f, 0.f});
    Float x = rand_f(3);
    tj::enable_grad(x);
    Float z = tj::gather(x, UInt32(1u)) * Float({1, 2, 3, 4});
    tj::backward(z);
    check_close("width-1 index gradient", tj::grad(x), {0.f, 10.f, 0.f});
    Float x2 = rand_f(3);
    tj::enable_grad(x2);
    Float z2 = tj::gather(x2, UInt32(2u));
    tj::set_grad(x2, Float({1, 2, 3}));
    tj::forward(x2);
    check_close("width-1 index forward", tj::grad(z2), {3.f});
}

// ---------------------------------------------------------------------------------------------------------------
// test18b, test29–test31, test35_scatter_packet_reduce, test36_gather_packet, test45: packets (component by
// component: no packet flag, so Dr.Jit's packet-versus-scalar comparisons are against the host)

namespace {
/// `psize` arrays of `n` fresh values of T.
template <typename T> std::vector<std::vector<T>> rand_packet(size_t psize, size_t n) {
    std::vector<std::vector<T>> out(psize);
    for (auto &v : out) {
        std::vector<uint32_t> raw = tjtest::small_ints<uint32_t>(n, fresh_seed(), 0, 0xFFFFFFFFu);
        v.resize(n);
        for (size_t q = 0; q < n; ++q)
            v[q] = std::is_floating_point_v<T> ? T(double(raw[q]) / 4294967296.0) : T(raw[q]);
    }
    return out;
}
std::vector<uint32_t> permutation(size_t n) {
    std::vector<uint32_t> perm(n);
    for (size_t q = 0; q < n; ++q)
        perm[q] = uint32_t(q);
    std::shuffle(perm.begin(), perm.end(), std::mt19937(uint32_t(fresh_seed())));
    return perm;
}

template <typename T> void packet_reduce_case(tj::ReduceOp op) {
    using A = tj::Array<T>;
    INFO(op_name(op) << " of " << tj::detail::type_name(A::Type));
    size_t size = 100000;
    for (size_t n : {size_t(2), size_t(4)})
        for (uint32_t k : {1u, 16u, 1024u}) {
            INFO("n = " << n << ", k = " << k);
            std::vector<uint32_t> i = rand_idx(size, k - 1);
            auto val = rand_packet<T>(n, size);
            A buf = tj::full<A>(host_identity<T>(op), k * n);
            std::vector<T> expect(k * n, host_identity<T>(op));
            for (size_t c = 0; c < n; ++c) {
                tj::scatter_reduce(op, buf, A(val[c]), UInt32(i) * uint32_t(n) + uint32_t(c));
                for (size_t q = 0; q < size; ++q)
                    expect[i[q] * n + c] = host_op(op, expect[i[q] * n + c], val[c][q]);
            }
            if (std::is_floating_point_v<T> && op == tj::ReduceOp::Add)
                check_close("buckets", buf, expect, 1e-4, 1e-3);
            else
                check_eq("buckets", buf, expect);
        }
}
} // namespace

TEST_CASE("test_memop.py test18b_scatter_reduce_packet") {
    for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max}) {
        packet_reduce_case<float>(op);
        packet_reduce_case<double>(op);
    }
    for (tj::ReduceOp op :
         {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::And, tj::ReduceOp::Or}) {
        packet_reduce_case<int32_t>(op);
        packet_reduce_case<uint64_t>(op);
    }
}

namespace {
template <typename T> void packet_gather_case(size_t psize) {
    using A = tj::Array<T>;
    INFO("psize = " << psize << " of " << tj::detail::type_name(A::Type));
    size_t size = 1024;
    std::vector<T> buf = rand_packet<T>(1, size * psize)[0];
    std::vector<uint32_t> i = rand_idx(1024 * 1024 / 16, uint32_t(size - 1));
    // Every second lane masked, with an index far past the end.
    std::vector<bool> active(i.size());
    for (size_t q = 0; q < i.size(); ++q) {
        active[q] = q % 2 == 0;
        if (!active[q])
            i[q] = 0xFFFFFFF0u;
    }
    A src(buf);
    UInt32 idx(i);
    for (size_t c = 0; c < psize; ++c) {
        std::vector<uint32_t> at(i.size());
        for (size_t q = 0; q < i.size(); ++q)
            at[q] = i[q] * uint32_t(psize) + uint32_t(c); // wraps for the masked lanes: still masked
        check_eq("channel", tj::gather(src, idx * uint32_t(psize) + uint32_t(c), Bool(active)),
                 host_gather(buf, at, active));
    }
}
template <typename T> void packet_scatter_case(size_t psize, bool add) {
    using A = tj::Array<T>;
    INFO("psize = " << psize << " of " << tj::detail::type_name(A::Type) << (add ? " (add)" : ""));
    size_t size = 1024;
    auto value = rand_packet<T>(psize, size);
    std::vector<uint32_t> perm = permutation(size);
    std::vector<bool> active(size, true);
    if (!add)
        for (size_t q = 0; q < size; ++q)
            if (q % 2) {
                active[q] = false;
                perm[q] = 0xFFFFFFF0u;
            }
    A target = tj::zeros<A>(size * psize);
    std::vector<T> expect(size * psize, T(0));
    for (size_t c = 0; c < psize; ++c) {
        UInt32 at = UInt32(perm) * uint32_t(psize) + uint32_t(c);
        if (add)
            tj::scatter_add(target, A(value[c]), at);
        else
            tj::scatter(target, A(value[c]), at, Bool(active));
        for (size_t q = 0; q < size; ++q)
            if (active[q])
                expect[perm[q] * psize + c] = tjtest::ref_add(expect[perm[q] * psize + c], value[c][q]);
    }
    check_eq("target", target, expect);
}
} // namespace

TEST_CASE("test_memop.py test29_packet_gather") {
    for (size_t psize : {2, 4, 8, 16}) {
        packet_gather_case<float>(psize);
        packet_gather_case<double>(psize);
        packet_gather_case<int32_t>(psize);
        packet_gather_case<uint64_t>(psize);
        // Bool
        size_t size = 1024;
        std::vector<uint32_t> bits = rand_idx(size * psize, 1);
        std::vector<bool> hb(bits.begin(), bits.end());
        std::vector<uint32_t> i = rand_idx(5000, uint32_t(size - 1));
        for (size_t c = 0; c < psize; ++c) {
            std::vector<uint32_t> at(i.size());
            for (size_t q = 0; q < i.size(); ++q)
                at[q] = i[q] * uint32_t(psize) + uint32_t(c);
            Bool got = tj::gather(Bool(hb), UInt32(at));
            std::vector<bool> expect(at.size());
            for (size_t q = 0; q < at.size(); ++q)
                expect[q] = hb[at[q]];
            check_eq("bool", got, expect);
        }
    }
}

TEST_CASE("test_memop.py test30_packet_scatter") {
    for (size_t psize : {2, 4, 8, 16}) {
        packet_scatter_case<float>(psize, false);
        packet_scatter_case<double>(psize, false);
        packet_scatter_case<int32_t>(psize, false);
        packet_scatter_case<uint64_t>(psize, false);
    }
}

TEST_CASE("test_memop.py test31_packet_scatter_add") {
    for (size_t psize : {2, 4, 8, 16}) {
        packet_scatter_case<int32_t>(psize, true);
        packet_scatter_case<uint32_t>(psize, true);
        packet_scatter_case<int64_t>(psize, true);
        packet_scatter_case<uint64_t>(psize, true);
    }
}

// Four lanes, one masked with an index past the end, packets of 1 … 16 values per lane.
TEST_CASE("test_memop.py test35_scatter_packet_reduce") {
    for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Mul, tj::ReduceOp::Max, tj::ReduceOp::Min})
        for (size_t psize : {1, 2, 3, 4, 5, 6, 12, 16}) {
            INFO(op_name(op) << " psize = " << psize);
            size_t n = 3;
            std::vector<uint32_t> index = {0, 1, 1, 0xFFFFFFF0u};
            std::vector<bool> active = {true, true, true, false};
            auto src = rand_packet<float>(psize, 4);
            Float target = tj::zeros<Float>(n * psize);
            Float64 target64 = tj::zeros<Float64>(n * psize);
            std::vector<float> expect(n * psize, 0.f);
            for (size_t c = 0; c < psize; ++c) {
                UInt32 at = UInt32(index) * uint32_t(psize) + uint32_t(c);
                tj::scatter_reduce(op, target, Float(src[c]), at, Bool(active));
                tj::scatter_reduce(op, target64, tj::cast<double>(Float(src[c])), at, Bool(active));
                for (size_t q = 0; q < 4; ++q)
                    if (active[q])
                        expect[index[q] * psize + c] = host_op(op, expect[index[q] * psize + c], src[c][q]);
            }
            check_close("float32", target, expect);
            check_close("float64", tj::cast<float>(target64), expect);
        }
}

TEST_CASE("test_memop.py test36_gather_packet") {
    size_t n = 240;
    Float source = tj::arange<Float>(n);
    Float64 source64 = tj::arange<Float64>(n);
    for (size_t psize : {1, 2, 3, 4, 5, 6, 12, 16}) {
        INFO("psize = " << psize);
        size_t max_index = n / psize - 1;
        UInt32 index = tj::arange<UInt32>(16) % uint32_t(std::max<size_t>(1, max_index));
        std::vector<uint32_t> hi = tj::to_vector(index);
        for (size_t c = 0; c < psize; ++c) {
            std::vector<float> expect(16);
            for (size_t q = 0; q < 16; ++q)
                expect[q] = float(hi[q] * psize + c);
            check_eq("float32", tj::gather(source, index * uint32_t(psize) + uint32_t(c)), expect);
            check_eq("float64", tj::gather(source64, index * uint32_t(psize) + uint32_t(c)),
                     std::vector<double>(expect.begin(), expect.end()));
        }
    }
}

// Dr.Jit counts kernels: a scatter of psize values per lane is one kernel, two with a queued scatter before it.
// tracejit runs a pending scatter as soon as another operation uses its target (docs/semantics.md "Gather and
// scatter"), a second scatter into it included: the psize component scatters are psize kernels (Dr.Jit: 1), and
// the queued one is one more (Dr.Jit: 2). The values agree.
TEST_CASE("test_memop.py test45_packet_scatter_fallback_merges") {
    for (size_t psize : {2, 3, 4})
        for (bool prior : {false, true}) {
            INFO("psize = " << psize << ", prior = " << prior);
            size_t size = 128;
            UInt32 index = tj::arange<UInt32>(size);
            Float target = tj::zeros<Float>(size * psize);
            tj::eval(target, index);
            tj::reset_kernel_stats();
            if (prior)
                tj::scatter(target, Float(7.f), UInt32(0u));
            for (size_t c = 0; c < psize; ++c)
                tj::scatter(target, Float(float(c + 1)), index * uint32_t(psize) + uint32_t(c));
            tj::eval(target);
            CHECK(tj::kernel_stats().launches == psize + (prior ? 1u : 0u));
            std::vector<float> expect(size * psize);
            for (size_t q = 0; q < size * psize; ++q)
                expect[q] = float(q % psize + 1);
            check_eq("target", target, expect);
        }
}

// ---------------------------------------------------------------------------------------------------------------
// test19, test23–test28, test35_take, test37: tensors, block reductions, elided scatters

// Dr.Jit's messages differ in wording; its PyTree input (a dict of tuples) has no counterpart.
TEST_CASE("test_memop.py test19_reshape_tensor") {
    tj::TensorXf value(tj::arange<Float>(6));
    tj::TensorXf value2 = tj::reshape(value, {3, -1}), value3 = tj::reshape(value, {-1, 2});
    CHECK(value2.shape() == std::vector<size_t>{3, 2});
    CHECK(value3.shape() == std::vector<size_t>{3, 2});
    check_eq("value2", value2.array(), {0.f, 1.f, 2.f, 3.f, 4.f, 5.f});
    check_eq("value3", value3.array(), {0.f, 1.f, 2.f, 3.f, 4.f, 5.f});
    CHECK(tj_test::contains(error_of([&] { tj::reshape(value, {-1, -1}); }), "more than one -1"));
    CHECK(tj_test::contains(error_of([&] { tj::reshape(value, {4, -1}); }), "cannot reshape"));
    CHECK(tj_test::contains(error_of([&] { tj::reshape(value, {4, 5}); }), "(20 elements)"));
}

TEST_CASE("test_memop.py test23_block_sum") {
    auto run = [](auto x) {
        using A = decltype(x);
        using T = typename A::Value;
        check_eq("1", tj::block_sum(x, 1), x);
        check_eq("2", tj::block_sum(x, 2), std::vector<T>{3, 7, 11});
        check_eq("3", tj::block_sum(x, 3), std::vector<T>{6, 15});
        check_eq("4", tj::block_sum(x, 4), std::vector<T>{10, 11});
        check_eq("5", tj::block_sum(x, 5), std::vector<T>{15, 6});
        check_eq("6", tj::block_sum(x, 6), std::vector<T>{21});
    };
    run(Float({1, 2, 3, 4, 5, 6}));
    run(Float64({1, 2, 3, 4, 5, 6}));
    run(Int32({1, 2, 3, 4, 5, 6}));
    run(UInt32({1, 2, 3, 4, 5, 6}));
    run(tj::Int64({1, 2, 3, 4, 5, 6}));
    run(tj::UInt64({1, 2, 3, 4, 5, 6}));
    // Fresh random sizes and block sizes, with gradients (each block's gradient over the block, the shorter last
    // block too), and in a frozen function replayed on other sizes.
    for (size_t n : sizes)
        for (size_t b : {size_t(1), size_t(3), size_t(16), size_t(1000)}) {
            INFO("n = " << n << ", b = " << b);
            Float x = rand_f(n);
            std::vector<float> hx = tj::to_vector(x);
            size_t nb = (n + b - 1) / b;
            std::vector<double> e(nb, 0);
            for (size_t q = 0; q < n; ++q)
                e[q / b] += hx[q];
            tj::enable_grad(x);
            Float s = tj::block_sum(x, b);
            check_close("random", s, std::vector<float>(e.begin(), e.end()), 1e-5, 1e-5);
            std::vector<float> seed = tj::to_vector(rand_f(nb));
            tj::set_grad(s, Float(seed));
            tj::backward(s);
            std::vector<float> g(n);
            for (size_t q = 0; q < n; ++q)
                g[q] = seed[q / b];
            check_close("gradient", tj::grad(x), g);
        }
    FreezingOn on;
    auto fn = [](Float x) { return tj::block_sum(x * 2.f, 4); };
    auto frozen = tj::freeze(fn);
    for (size_t n : {size_t(17), size_t(1000), size_t(3), size_t(17)}) {
        Float x = rand_f(n);
        check_close("frozen", frozen(x), fn(x));
    }
    CHECK(n_recordings(frozen) == 1);
    extra_test23_frozen();
}

TEST_CASE("test_memop.py test24_block_prefix_sum") {
    auto run = [](auto x) {
        using A = decltype(x);
        using T = typename A::Value;
        auto bps = [&](size_t b) { return tj::block_prefix_reduce(tj::ReduceOp::Add, x, b); };
        check_eq("1", bps(1), std::vector<T>{0, 0, 0, 0, 0, 0});
        check_eq("2", bps(2), std::vector<T>{0, 1, 0, 3, 0, 5});
        check_eq("3", bps(3), std::vector<T>{0, 1, 3, 0, 4, 9});
        check_eq("4", bps(4), std::vector<T>{0, 1, 3, 6, 0, 5});
        check_eq("5", bps(5), std::vector<T>{0, 1, 3, 6, 10, 0});
        check_eq("6", bps(6), std::vector<T>{0, 1, 3, 6, 10, 15});
    };
    run(Float({1, 2, 3, 4, 5, 6}));
    run(Float64({1, 2, 3, 4, 5, 6}));
    run(Int32({1, 2, 3, 4, 5, 6}));
    run(UInt32({1, 2, 3, 4, 5, 6}));
    run(tj::Int64({1, 2, 3, 4, 5, 6}));
    run(tj::UInt64({1, 2, 3, 4, 5, 6}));
    // Fresh random integers against the host, with gradients (the reverse scan).
    for (size_t n : sizes)
        for (size_t b : {size_t(1), size_t(7), size_t(64), size_t(70000)}) {
            INFO("n = " << n << ", b = " << b);
            std::vector<uint32_t> hx = rand_idx(n, 1000);
            std::vector<uint32_t> e(n);
            uint32_t acc = 0;
            for (size_t q = 0; q < n; ++q) {
                if (q % b == 0)
                    acc = 0;
                e[q] = acc;
                acc += hx[q];
            }
            check_eq("random", tj::block_prefix_reduce(tj::ReduceOp::Add, UInt32(hx), b), e);
            Float x = rand_f(n);
            tj::enable_grad(x);
            Float y = tj::block_prefix_reduce(tj::ReduceOp::Add, x, b);
            std::vector<float> seed = tj::to_vector(rand_f(n));
            tj::set_grad(y, Float(seed));
            tj::backward(y);
            std::vector<double> g(n, 0);
            for (size_t q = 0; q < n; ++q) // x[q] reaches the later elements of its block
                for (size_t p = q + 1; p < n && p / b == q / b; ++p)
                    g[q] += seed[p];
            if (n < 5000)
                check_close("gradient", tj::grad(x), std::vector<float>(g.begin(), g.end()), 1e-4, 1e-4);
        }
}

// Dr.Jit compares its evaluated and symbolic block reductions (one form here); both are checked against the host.
TEST_CASE("test_memop.py test25_block_reduce_intense") {
    size_t size = 4096 * 1024;
    tj::PCG32 rng(size);
    UInt32 value = rng.next_uint32();
    std::vector<uint32_t> hv = tj::to_vector(value);
    for (tj::ReduceOp op :
         {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::And, tj::ReduceOp::Or}) {
        for (int i = 0; i < 23; ++i) {
            size_t block = size_t(1) << i;
            INFO(op_name(op) << " block = " << block);
            std::vector<uint32_t> expect(size / block, host_identity<uint32_t>(op));
            for (size_t q = 0; q < size; ++q)
                expect[q / block] = host_op(op, expect[q / block], hv[q]);
            check_eq("blocks", tj::block_reduce(op, value, block), expect);
        }
    }
}

// Dr.Jit checks that a scatter whose result is dropped is not run (no kernel, variant 0) and run once otherwise
// (variant 1, counted in the IR); tracejit has no kernel history: the launches are counted, and the dropped
// scatter runs too.
TEST_CASE("test_memop.py test26_elide_scatter") {
    for (int variant : {0, 1}) {
        INFO("variant = " << variant);
        Float v = tj::arange<Float>(1000);
        tj::enable_grad(v);
        tj::eval(v);
        tj::reset_kernel_stats();
        std::optional<Float> out = tj::zeros<Float>(1000);
        tj::scatter(*out, v, tj::arange<UInt32>(1000));
        tj::backward(*out);
        if (variant == 0)
            out.reset();
        tj::eval();
        uint64_t launches = tj::kernel_stats().launches;
        check_eq("grad", tj::grad(v), std::vector<float>(1000, 1.f));
        // The scatter runs once, also when its target was dropped (variant 0: Dr.Jit elides it, no kernel): a
        // pending scatter runs with the next evaluation (docs/semantics.md "Gather and scatter").
        CHECK(launches == 1);
        if (variant == 1) {
            std::vector<float> expect(1000);
            for (size_t q = 0; q < 1000; ++q)
                expect[q] = float(q);
            tj::reset_kernel_stats();
            check_eq("out", *out, expect);
            CHECK(tj::kernel_stats().launches == 0); // it ran with the eval
        }
    }
}

namespace {
struct Scatterer : tj::Object {
    Float *out = nullptr;
    void run(const UInt32 &i, const Float &v) { tj::scatter(*out, v, i); }
};
} // namespace

// The scatter inside a call: Dr.Jit runs one kernel whose IR holds the scatter only when `out` survives; here the
// launches are counted and the surviving target is checked.
TEST_CASE("test_memop.py test27_elide_scatter_in_call") {
    for (int variant : {0, 1}) {
        INFO("variant = " << variant);
        Float v = tj::arange<Float>(1000);
        UInt32 i = tj::arange<UInt32>(1000);
        tj::enable_grad(v);
        std::optional<Float> out = tj::zeros<Float>(1000);
        Scatterer obj;
        obj.out = &*out;
        tj::Ptr<Scatterer> k = tj::select(i < 1000u, tj::Ptr<Scatterer>(&obj), tj::Ptr<Scatterer>(nullptr));
        tj::eval(v, i, k);
        tj::reset_kernel_stats();
        tj::dispatch(
            k, [](Scatterer *o, const UInt32 &i, const Float &v) { o->run(i, v); }, i, v);
        if (variant == 0)
            out.reset();
        else
            tj::eval(*out);
        tj::eval();
        CHECK(tj::kernel_stats().launches == 1);
        if (variant == 1)
            check_eq("out", *out, tj::arange<Float>(1000));
    }
}

TEST_CASE("test_memop.py test28_scalar_reductions") {
    auto run = [](auto x) {
        using A = decltype(x);
        using T = typename A::Value;
        CHECK(tj::sum(x).read(0) == T(12));
        CHECK(tj::prod(x).read(0) == T(81));
        check_eq("block add", tj::block_reduce(tj::ReduceOp::Add, x, 2), std::vector<T>{6, 6});
        check_eq("block mul", tj::block_reduce(tj::ReduceOp::Mul, x, 2), std::vector<T>{9, 9});
    };
    run(tj::full<Float>(3.f, 4));
    run(tj::full<Float64>(3.0, 4));
    run(tj::full<Int32>(3, 4));
    run(tj::full<UInt32>(3u, 4));
    run(tj::full<tj::Int64>(3, 4));
    run(tj::full<tj::UInt64>(3u, 4));
}

namespace {
/// The host's np.take(arr, index, axis) of a row-major array of `shape`.
std::vector<float> host_take(const std::vector<float> &arr, const std::vector<size_t> &shape,
                             const std::vector<size_t> &index, size_t axis) {
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d)
        outer *= shape[d];
    for (size_t d = axis + 1; d < shape.size(); ++d)
        inner *= shape[d];
    std::vector<float> out;
    for (size_t o = 0; o < outer; ++o)
        for (size_t i : index)
            for (size_t q = 0; q < inner; ++q)
                out.push_back(arr[(o * shape[axis] + i) * inner + q]);
    return out;
}
} // namespace

// dr.take(t, i, axis) is a slice with the integer i on that axis (tj::all elsewhere); with gradients, the
// backward is a scatter-add into the taken positions.
TEST_CASE("test_memop.py test35_take") {
    for (size_t ndim = 1; ndim < 5; ++ndim) {
        std::vector<size_t> shape(ndim);
        for (size_t &d : shape)
            d = size_t(tjtest::small_ints<uint32_t>(1, fresh_seed(), 2, 5)[0]);
        size_t total = tj::detail::shape_product(shape);
        Float flat = rand_f(total);
        std::vector<float> arr = tj::to_vector(flat);
        tj::TensorXf t(flat, shape);
        for (size_t axis = 0; axis < ndim; ++axis) {
            for (size_t index : {size_t(0), shape[axis] / 2, shape[axis] - 1}) {
                INFO("ndim " << ndim << " axis " << axis << " index " << index);
                std::vector<tj::SliceIndex> sl(ndim, tj::SliceIndex(&tj::all));
                sl[axis] = tj::SliceIndex(int64_t(index));
                tj::TensorXf r = t.slice(sl);
                CHECK(r.ndim() == ndim - 1);
                check_eq("take", r.array(), host_take(arr, shape, {index}, axis));
            }
        }
        // Gradient of a take along the last axis.
        tj::TensorXf tg(rand_f(total), shape);
        tj::enable_grad(tg);
        std::vector<tj::SliceIndex> sl(ndim, tj::SliceIndex(&tj::all));
        sl[ndim - 1] = tj::SliceIndex(int64_t(1));
        tj::TensorXf r = tg.slice(sl);
        tj::backward(r);
        std::vector<float> g(total, 0.f);
        for (size_t q = 0; q < total; ++q)
            g[q] = q % shape[ndim - 1] == 1 ? 1.f : 0.f;
        check_close("gradient", tj::grad(tg).array(), g);
    }
}

TEST_CASE("test_memop.py test37_take_multiple") {
    std::vector<size_t> shape = {3, 4, 5};
    Float flat = rand_f(60);
    tj::TensorXf t(flat, shape);
    tj::TensorXf r = t.slice({&tj::all, UInt32({2, 1}), &tj::all});
    CHECK(r.shape() == std::vector<size_t>{3, 2, 5});
    check_eq("take", r.array(), host_take(tj::to_vector(flat), shape, {2, 1}, 1));
}

// ---------------------------------------------------------------------------------------------------------------
// test43: indices up to 2^28 into a buffer of 2^28 + 1 elements (the scatter_exch and scatter_cas parts have no
// counterpart)
TEST_CASE("test_memop.py test43_scatter_gather_power_of_two_indices") {
    size_t N = (size_t(1) << 28) + 1;
    std::vector<uint32_t> idx_list = {0};
    for (int i = 0; i < 15; ++i)
        idx_list.push_back(1u << (2 * i));
    size_t K = idx_list.size();
    std::vector<uint32_t> hidx, hval;
    for (int rep = 0; rep < 2; ++rep)
        for (size_t q = 0; q < K; ++q) {
            hidx.push_back(idx_list[q]);
            hval.push_back(uint32_t(q + 1));
        }
    UInt32 idx(hidx), value(hval);
    UInt32 buf = tj::zeros<UInt32>(N);
    tj::scatter(buf, UInt32(0u), idx);
    tj::eval(buf);
    tj::scatter(buf, value, idx);
    tj::eval(buf);
    check_eq("scatter", tj::gather(buf, idx), value);
    tj::scatter(buf, UInt32(0u), idx);
    tj::eval(buf);
    tj::scatter_reduce(tj::ReduceOp::Add, buf, value, idx);
    tj::eval(buf);
    check_eq("scatter_reduce", tj::gather(buf, idx), value * 2u);
    tj::scatter(buf, UInt32(0u), idx);
    tj::eval(buf);
    UInt32 offs = tj::scatter_inc(buf, idx);
    CHECK(tj::sum(offs).read(0) == K);
    check_eq("scatter_inc", tj::gather(buf, idx), tj::full<UInt32>(2u, 2 * K));
    // The last element, and one past it.
    tj::scatter(buf, UInt32(9u), UInt32({uint32_t(N - 1), uint32_t(N)}));
    check_eq("last", tj::gather(buf, UInt32({uint32_t(N - 1), uint32_t(N)})), {9u, 0u});
}

// ---------------------------------------------------------------------------------------------------------------
// Further checks where the features meet

namespace {
template <typename T> void wide_case(tj::ReduceOp op, std::vector<T> vals, size_t k) {
    using A = tj::Array<T>;
    size_t n = vals.size();
    std::vector<uint32_t> idx = rand_idx(n, uint32_t(k - 1));
    A buf = tj::full<A>(host_identity<T>(op), k);
    tj::scatter_reduce(op, buf, A(vals), UInt32(idx));
    std::vector<T> e(k, host_identity<T>(op));
    for (size_t q = 0; q < n; ++q)
        e[idx[q]] = host_op(op, e[idx[q]], vals[q]);
    check_eq(std::string("scatter ") + op_name(op), buf, e);
    size_t b = 7;
    std::vector<T> eb((n + b - 1) / b, host_identity<T>(op));
    for (size_t q = 0; q < n; ++q)
        eb[q / b] = host_op(op, eb[q / b], vals[q]);
    check_eq(std::string("block ") + op_name(op), tj::block_reduce(op, A(vals), b), eb);
    std::vector<T> ep(n);
    T acc = host_identity<T>(op);
    for (size_t q = 0; q < n; ++q) {
        if (q % b == 0)
            acc = host_identity<T>(op);
        ep[q] = acc;
        acc = host_op(op, acc, vals[q]);
    }
    check_eq(std::string("prefix ") + op_name(op), tj::block_prefix_reduce(op, A(vals), b), ep);
    T all = host_identity<T>(op);
    for (auto v : vals)
        all = host_op(op, all, v);
    if (op == tj::ReduceOp::Min)
        CHECK(tj::hmin(A(vals)).read(0) == all);
    if (op == tj::ReduceOp::Max)
        CHECK(tj::hmax(A(vals)).read(0) == all);
}
} // namespace

// Min/Max/Add/And/Or of 64-bit values over their whole range (unsigned above 2^63, signed below 0), and Bool
// targets: scatter_reduce, block_reduce, block_prefix_reduce, hmin/hmax against the host.
static void extra_test18_wide() {
    for (size_t n : {size_t(5), size_t(100), size_t(100003)}) {
        INFO(n);
        std::vector<uint64_t> raw = tjtest::random_values<uint64_t>(n, fresh_seed()); // then in [0, 2^63)
        for (uint64_t &r : raw)
            r >>= 1;
        std::vector<uint64_t> u(n);
        std::vector<int64_t> s(n);
        std::vector<float> f(n);
        std::vector<double> d(n);
        for (size_t q = 0; q < n; ++q) {
            u[q] = raw[q] * 2 + (q & 1);
            s[q] = int64_t(u[q]);
            d[q] = double(s[q]) / 1e10;
            f[q] = float(d[q]);
        }
        for (auto op : {tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::Add, tj::ReduceOp::And, tj::ReduceOp::Or}) {
            INFO(op_name(op));
            wide_case<uint64_t>(op, u, 3);
            wide_case<int64_t>(op, s, 3);
            if (op == tj::ReduceOp::Min || op == tj::ReduceOp::Max) {
                wide_case<float>(op, f, 3);
                wide_case<double>(op, d, 3);
            }
        }
        for (auto op : {tj::ReduceOp::Mul}) {
            std::vector<int64_t> small(n);
            for (size_t q = 0; q < n; ++q)
                small[q] = int64_t(q % 3) - 1;
            wide_case<int64_t>(op, small, 3);
            std::vector<float> fs(n);
            for (size_t q = 0; q < n; ++q)
                fs[q] = (q % 5 == 0) ? -1.f : 1.f;
            wide_case<float>(op, fs, 3);
        }
        // Bool scatter_reduce
        std::vector<uint32_t> bits = rand_idx(n, 1);
        std::vector<bool> hb(bits.begin(), bits.end());
        for (auto op : {tj::ReduceOp::And, tj::ReduceOp::Or, tj::ReduceOp::Min, tj::ReduceOp::Max}) {
            INFO("bool " << op_name(op));
            std::vector<uint32_t> idx = rand_idx(n, 2);
            bool id = op == tj::ReduceOp::And || op == tj::ReduceOp::Min;
            Bool buf = tj::full<Bool>(id, 3);
            tj::scatter_reduce(op, buf, Bool(hb), UInt32(idx));
            std::vector<bool> e(3, id);
            for (size_t q = 0; q < n; ++q)
                e[idx[q]] = id ? (e[idx[q]] && hb[q]) : (e[idx[q]] || hb[q]);
            check_eq("bool", buf, e);
            std::vector<bool> eb((n + 6) / 7, id);
            for (size_t q = 0; q < n; ++q)
                eb[q / 7] = id ? (eb[q / 7] && hb[q]) : (eb[q / 7] || hb[q]);
            check_eq("bool block", tj::block_reduce(op, Bool(hb), 7), eb);
        }
    }
}

namespace {
struct Red : tj::Object {
    int which = 0;
};
template <typename T> void ctx_case(tj::ReduceOp op, int ctx) {
    using A = tj::Array<T>;
    INFO(op_name(op) << " " << tj::detail::type_name(A::Type) << " ctx " << ctx);
    size_t n = 1003, k = 5;
    std::vector<uint32_t> raw = tjtest::small_ints<uint32_t>(n, fresh_seed(), 0, 0xFFFFFFFFu);
    std::vector<T> vals(n);
    for (size_t q = 0; q < n; ++q) {
        if constexpr (std::is_floating_point_v<T>)
            vals[q] = T(double(raw[q]) - 2147483648.0);
        else if constexpr (std::is_signed_v<T>)
            vals[q] = T(int64_t(raw[q]) - 2147483648ll) * (sizeof(T) == 8 ? T(1000003) : T(1));
        else
            vals[q] = T(raw[q]) * (sizeof(T) == 8 ? T(4294967311ull) : T(1));
        if (op == tj::ReduceOp::Mul)
            vals[q] = T(int(q % 3) - (std::is_signed_v<T> || std::is_floating_point_v<T> ? 1 : 0));
    }
    std::vector<uint32_t> idx = rand_idx(n, uint32_t(k - 1));
    std::vector<bool> m = rand_mask(n);
    A buf = tj::full<A>(host_identity<T>(op), k);
    A v(vals);
    UInt32 ix(idx);
    Bool mm(m);
    std::vector<T> e(k, host_identity<T>(op));
    if (ctx == 0) { // loop, 2 trips
        UInt32 it = tj::zeros<UInt32>(n);
        tj::while_loop(
            std::tie(it), [](const UInt32 &it) { return it < 2u; },
            [&](UInt32 &it) {
                tj::scatter_reduce(op, buf, v, ix, mm);
                it += 1u;
            });
        for (int t = 0; t < 2; ++t)
            for (size_t q = 0; q < n; ++q)
                if (m[q])
                    e[idx[q]] = host_op(op, e[idx[q]], vals[q]);
    } else if (ctx == 1) { // if_stmt
        UInt32 dummy = tj::zeros<UInt32>(n);
        tj::if_stmt(
            mm, std::tie(dummy), [&](UInt32 &) { tj::scatter_reduce(op, buf, v, ix); }, [](UInt32 &) {});
        for (size_t q = 0; q < n; ++q)
            if (m[q])
                e[idx[q]] = host_op(op, e[idx[q]], vals[q]);
    } else { // dispatch
        Red r;
        tj::Ptr<Red> p = tj::select(mm, tj::Ptr<Red>(&r), tj::Ptr<Red>(nullptr));
        tj::dispatch(
            p, [&](Red *, const A &v, const UInt32 &ix) { tj::scatter_reduce(op, buf, v, ix); }, v, ix);
        for (size_t q = 0; q < n; ++q)
            if (m[q])
                e[idx[q]] = host_op(op, e[idx[q]], vals[q]);
    }
    check_eq("ctx", buf, e);
}
} // namespace
// scatter_reduce of every op and type inside a loop body (twice), a tj::if_stmt branch and a tj::dispatch case.
static void extra_test33_contexts() {
    for (int ctx : {0, 1, 2})
        for (auto op : {tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::Mul, tj::ReduceOp::And, tj::ReduceOp::Or}) {
            if (op != tj::ReduceOp::And && op != tj::ReduceOp::Or) {
                ctx_case<float>(op, ctx);
                ctx_case<double>(op, ctx);
            }
            ctx_case<int32_t>(op, ctx);
            ctx_case<uint32_t>(op, ctx);
            ctx_case<int64_t>(op, ctx);
            ctx_case<uint64_t>(op, ctx);
        }
}

// Frozen functions that differentiate gathers from and scatters into a block_sum (ceil(n/3) elements: not a
// multiple or fraction of an input size), replayed on other sizes.
static void extra_test23_frozen() {
    FreezingOn on;
    auto fn = [](Float x, UInt32 idx) {
        tj::enable_grad(x);
        Float s = tj::block_sum(x, 3);      // ceil(n / 3) elements
        Float y = tj::gather(s, idx) * 2.f; // its gradient: a scatter_add into zeros of ceil(n / 3)
        tj::backward(y);
        return tj::grad(x);
    };
    auto fr = tj::freeze(fn);
    for (size_t n : {size_t(10), size_t(100), size_t(31), size_t(10), size_t(1000)}) {
        INFO("n = " << n);
        Float x = rand_f(n);
        UInt32 idx = rand_u(7, 0, (n + 2) / 3 - 1);
        check_close("frozen", fr(x, idx), fn(x, idx));
    }
    CHECK(n_recordings(fr) == 1);
    // Scatter with gradients into a block_sum-sized target.
    auto fn2 = [](Float x, UInt32 idx, Float v) {
        tj::enable_grad(x, v);
        Float s = tj::block_sum(x, 3);
        tj::scatter(s, v, idx);
        tj::backward(s * s);
        return std::make_pair(tj::grad(x), tj::grad(v));
    };
    auto fr2 = tj::freeze(fn2);
    for (size_t n : {size_t(10), size_t(100), size_t(31), size_t(10), size_t(1000)}) {
        INFO("n = " << n);
        Float x = rand_f(n), v = rand_f(2);
        UInt32 idx = rand_u(2, 0, (n + 2) / 3 - 1);
        auto [a, b] = fr2(x, idx, v);
        auto [a2, b2] = fn2(x, idx, v);
        check_close("frozen2 x", a, a2);
        check_close("frozen2 v", b, b2);
    }
    // Forward mode.
    auto fn3 = [](Float x, UInt32 idx) {
        tj::enable_grad(x);
        Float s = tj::block_sum(x, 3);
        Float y = tj::gather(s, idx) * 2.f;
        tj::Float out = tj::zeros<Float>(s.size());
        tj::scatter_add(out, y, idx);
        tj::forward(x);
        return tj::grad(out);
    };
    auto fr3 = tj::freeze(fn3);
    for (size_t n : {size_t(10), size_t(100), size_t(31), size_t(10), size_t(1000)}) {
        INFO("n = " << n);
        Float x = rand_f(n);
        UInt32 idx = rand_u(7, 0, (n + 2) / 3 - 1);
        check_close("frozen3", fr3(x, idx), fn3(x, idx));
    }
}

// Empty indices (compress of an all-false mask) into every scatter, scatter_inc and a gradient; frozen compress
// with counts from 0 to all; a frozen function whose scatter target is also its gather source.
static void extra_test13_empty() {
    // S1: empty index arrays and empty targets.
    {
        Float x({1, 2, 3});
        UInt32 e = tj::compress(Bool({false, false, false}));
        CHECK(e.size() == 0);
        Float g = tj::gather(x, e);
        CHECK(g.size() == 0);
        Float t = x;
        tj::scatter(t, g, e);
        tj::scatter_add(t, g, e);
        tj::scatter_reduce(tj::ReduceOp::Max, t, g, e);
        check_eq("S1 t", t, {1.f, 2.f, 3.f});
        UInt32 c = tj::zeros<UInt32>(2);
        UInt32 o = tj::scatter_inc(c, tj::compress(Bool({false})));
        CHECK(o.size() == 0);
        tj::enable_grad(x);
        Float gg = tj::gather(x, e);
        tj::backward(tj::sum(gg));
        check_eq("S1 grad", tj::grad(x), {0.f, 0.f, 0.f});
    }
    // S2: frozen compress with counts 0 and all, with gradients.
    {
        FreezingOn on;
        auto fn = [](Float x, float thr) {
            tj::enable_grad(x);
            UInt32 idx = tj::compress(x > thr);
            Float y = tj::gather(x, idx);
            Float out = tj::zeros<Float>(x.size());
            tj::scatter_add(out, y * y, idx);
            tj::backward(out);
            return std::make_tuple(tj::detach(out), tj::grad(x), tj::sum(y));
        };
        auto fr = tj::freeze(fn);
        for (float thr : {0.f, 2.f, -2.f, 0.5f, 2.f}) {
            for (size_t n : {size_t(10), size_t(100)}) {
                INFO(thr << " " << n);
                Float x = rand_f(n);
                auto [a, b, c] = fr(x, thr);
                auto [a2, b2, c2] = fn(x, thr);
                check_eq("S2 out", a, a2);
                check_eq("S2 grad", b, b2);
                check_close("S2 sum", c, c2);
            }
        }
        // One per threshold (a host value), and one more where a count of 0 or 1 at record time meets another
        // count (docs/freezing.md "Compress, count and scatter_inc"): thr = 0.5 on 10 elements may keep one.
        CHECK(n_recordings(fr) >= 4);
        CHECK(n_recordings(fr) <= 6);
    }
    // S3: aliasing: the same array as scatter target and gather source in a frozen function.
    {
        FreezingOn on;
        auto fn = [](Float &t, Float src, UInt32 i) {
            tj::scatter(t, tj::gather(src, i) + 1.f, i);
            return tj::sum(t);
        };
        auto fr = tj::freeze(fn);
        for (size_t n : {size_t(8), size_t(64), size_t(8)}) {
            Float a = rand_f(n), b = Float(tj::to_vector(a));
            UInt32 i(permutation(n));
            Float r1 = fr(std::ref(a), a, i);
            Float r2 = fn(b, b, i);
            check_eq("S3 t", a, b);
            check_close("S3 r", r1, r2);
        }
    }
}
namespace {
/// A random linear (piecewise, without ties) program of x built from the memory operations, by seed.
Float random_program(const Float &x, uint64_t seed, std::vector<std::string> *log = nullptr) {
    std::mt19937_64 rng(seed);
    auto pick = [&](uint64_t k) { return size_t(rng() % k); };
    auto idx_of = [&](size_t m, size_t range) {
        std::vector<uint32_t> v(m);
        for (auto &e : v)
            e = uint32_t(rng() % (range + 2)); // some past the end
        return UInt32(v);
    };
    auto mask_of_ = [&](size_t m) {
        if (rng() % 3 == 0)
            return Bool(true);
        std::vector<bool> v(m);
        for (size_t q = 0; q < m; ++q)
            v[q] = rng() % 4 != 0;
        return Bool(v);
    };
    auto vals = [&](size_t m) {
        std::vector<float> v(m);
        for (auto &e : v)
            e = float(int(rng() % 7) - 3) * 0.5f + 0.25f;
        return Float(v);
    };
    Float a = x;
    std::vector<Float> pool = {x};
    int steps = 2 + int(pick(5));
    for (int s = 0; s < steps; ++s) {
        size_t n = a.size();
        int op = int(pick(10));
        if (log)
            log->push_back(std::to_string(op) + "@" + std::to_string(n));
        switch (op) {
        case 0: {
            size_t m = 1 + pick(40);
            a = tj::gather(a, idx_of(m, n), mask_of_(m));
            break;
        }
        case 1: {
            size_t m = 1 + pick(40);
            a = tj::gather(a, idx_of(m, n), mask_of_(m)) * vals(m);
            break;
        }
        case 2: { // scatter part of a into a target computed from another pool element
            const Float &b = pool[pick(pool.size())];
            Float t = b * vals(b.size());
            UInt32 i = idx_of(n, b.size());
            if (rng() % 2) {
                // distinct indices (a plain scatter with duplicates is not linear: every writer gets the gradient)
                std::vector<uint32_t> perm(std::max(n, b.size()) + 2);
                for (size_t q = 0; q < perm.size(); ++q)
                    perm[q] = uint32_t(q);
                std::shuffle(perm.begin(), perm.end(), rng);
                perm.resize(n);
                tj::scatter(t, a, UInt32(perm), mask_of_(n));
            } else {
                tj::scatter_add(t, a, i, mask_of_(n));
            }
            a = t;
            break;
        }
        case 3: { // scatter a width-1 value
            Float v = tj::gather(a, UInt32(uint32_t(pick(n))));
            Float t = a * 1.f;
            size_t m = 1 + pick(10);
            tj::scatter_add(t, v, idx_of(m, n), mask_of_(m));
            a = t;
            break;
        }
        case 4: {
            size_t b = 1 + pick(5);
            a = tj::block_sum(a, b);
            break;
        }
        case 5: {
            size_t b = 1 + pick(9);
            a = tj::block_prefix_reduce(tj::ReduceOp::Add, a, b, rng() % 2, rng() % 2);
            break;
        }
        case 6: { // scatter_reduce Min/Max of a (plus a distinct offset per lane: no ties) into another pool element
            const Float &b = pool[pick(pool.size())];
            Float t = b * 1.f + Float(float(rng() % 1000) * 1e-3f);
            Float v = a + tj::arange<Float>(n) * 1e-3f;
            tj::scatter_reduce(rng() % 2 ? tj::ReduceOp::Min : tj::ReduceOp::Max, t, v, idx_of(n, b.size()),
                               mask_of_(n));
            a = t;
            break;
        }
        case 7: {
            a = tj::select(mask_of_(n), a * 2.f, a * -1.f);
            break;
        }
        case 8: {
            a = a + tj::gather(pool[pick(pool.size())], idx_of(n, 3));
            break;
        }
        default: {
            a = tj::sum(a) * vals(1) + tj::gather(a, UInt32(0u));
            break;
        }
        }
        pool.push_back(a);
    }
    return a;
}
} // namespace
// Random programs of gathers, scatters, scatter_adds, scatter_reduce Min/Max (without ties), block sums, prefix
// sums, selects and broadcasts (masks, indices past the end, width-1 values): the backward and forward
// derivatives agree (<J^T g, t> = <g, J t>).
static void extra_test02_random_programs() {
    int bad = 0;
    for (uint64_t seed = 1; seed <= 400; ++seed) {
        size_t n = 1 + seed % 23;
        std::vector<float> hx = tjtest::uniform_values<float>(n, seed * 7, -1, 1);
        // backward
        Float x(hx);
        tj::enable_grad(x);
        Float y = random_program(x, seed);
        std::vector<float> g = tjtest::uniform_values<float>(y.size(), seed * 13, -1, 1);
        std::vector<float> t = tjtest::uniform_values<float>(n, seed * 17, -1, 1);
        tj::set_grad(y, Float(g));
        tj::backward(y);
        std::vector<float> gx = tj::to_vector(tj::grad(x));
        // forward
        Float x2(hx);
        tj::enable_grad(x2);
        std::vector<std::string> log;
        Float y2 = random_program(x2, seed, &log);
        tj::set_grad(x2, Float(t));
        tj::forward(x2);
        std::vector<float> ty = tj::to_vector(tj::grad(y2));
        double lhs = 0, rhs = 0, mag = 1e-6;
        for (size_t q = 0; q < n; ++q) {
            lhs += double(gx[q]) * t[q];
            mag += std::abs(double(gx[q]) * t[q]);
        }
        for (size_t q = 0; q < g.size(); ++q) {
            rhs += double(g[q]) * ty[q];
            mag += std::abs(double(g[q]) * ty[q]);
        }
        CHECK(ty.size() == g.size());
        if (std::abs(lhs - rhs) > 1e-4 * mag + 1e-5) {
            std::string ops;
            for (auto &s : log)
                ops += s + " ";
            MESSAGE("seed " << seed << " n " << n << " <J^T g, t> = " << lhs << " but <g, J t> = " << rhs << " ops "
                            << ops);
            ++bad;
        }
    }
    CHECK(bad == 0);
}
// The same random programs, with their backward, in frozen functions: replays equal the plain calls.
static void extra_test33_random_frozen() {
    FreezingOn on;
    int bad = 0;
    for (uint64_t seed = 1; seed <= 150; ++seed) {
        INFO("seed " << seed);
        size_t n = 1 + seed % 23;
        auto fn = [](Float x, Float g, uint64_t seed) {
            tj::enable_grad(x);
            Float y = random_program(x, seed);
            tj::set_grad(y, g);
            tj::backward(y);
            return std::make_pair(tj::detach(y), tj::grad(x));
        };
        auto fr = tj::freeze(fn, opts(seed % 2 == 0));
        size_t m = 0;
        {
            Float x0 = rand_f(n);
            m = random_program(x0, seed).size();
        }
        for (int call = 0; call < 3; ++call) {
            Float x = rand_f(n), g = rand_f(m);
            auto [y1, g1] = fr(x, g, seed);
            auto [y2, g2] = fn(x, g, seed);
            std::vector<float> a = tj::to_vector(y1), b = tj::to_vector(y2), c = tj::to_vector(g1),
                               d = tj::to_vector(g2);
            bool ok = a.size() == b.size() && c.size() == d.size();
            for (size_t q = 0; ok && q < a.size(); ++q)
                ok = std::abs(a[q] - b[q]) <= 1e-4f * (1 + std::abs(b[q]));
            for (size_t q = 0; ok && q < c.size(); ++q)
                ok = std::abs(c[q] - d[q]) <= 1e-4f * (1 + std::abs(d[q]));
            if (!ok) {
                std::vector<std::string> log;
                Float xx = rand_f(n);
                random_program(xx, seed, &log);
                std::string ops;
                for (auto &s : log)
                    ops += s + " ";
                MESSAGE("seed " << seed << " call " << call << " ops " << ops);
                ++bad;
                break;
            }
        }
    }
    CHECK(bad == 0);
}
namespace {
struct RedG : tj::Object {
    Float *out = nullptr;
    tj::ReduceOp op = tj::ReduceOp::Min;
    void f(const Float &v, const UInt32 &i) { tj::scatter_reduce(op, *out, v * 2.f, i); }
};
} // namespace
// scatter_reduce Min/Max with gradients at the top level, in a tj::if_stmt branch and in a tj::dispatch case, where
// the winner of each bucket is its last lane (a per-lane test of "won" made before the other lanes ran would be
// wrong), backward and forward.
static void extra_test18_contexts() {
    for (auto op : {tj::ReduceOp::Min, tj::ReduceOp::Max})
        for (int ctx : {0, 1, 2}) {
            INFO("op " << int(op) << " ctx " << ctx);
            size_t n = 1000;
            std::vector<float> hv(n);
            for (size_t q = 0; q < n; ++q)
                hv[q] = op == tj::ReduceOp::Min ? 1.f - float(q) / n : float(q) / n; // the last lane wins
            std::vector<uint32_t> hi(n);
            for (size_t q = 0; q < n; ++q)
                hi[q] = uint32_t(q % 3);
            Float t = tj::full<Float>(op == tj::ReduceOp::Min ? 5.f : -5.f, 3), v(hv);
            tj::enable_grad(t, v);
            Float out = t * 1.f;
            UInt32 idx(hi);
            if (ctx == 0) {
                tj::scatter_reduce(op, out, v * 2.f, idx);
            } else if (ctx == 1) {
                UInt32 d = tj::zeros<UInt32>(n);
                tj::if_stmt(
                    idx < 5u, std::tie(d), [&](UInt32 &) { tj::scatter_reduce(op, out, v * 2.f, idx); },
                    [](UInt32 &) {});
            } else {
                RedG a;
                a.out = &out;
                a.op = op;
                tj::Ptr<RedG> p = tj::select(idx < 5u, tj::Ptr<RedG>(&a), tj::Ptr<RedG>(nullptr));
                tj::dispatch(
                    p, [](RedG *o, const Float &v, const UInt32 &i) { o->f(v, i); }, v, idx);
            }
            std::vector<float> e(3);
            std::vector<size_t> last(3); // the last lane of each bucket
            for (size_t q = 0; q < n; ++q)
                last[q % 3] = q;
            for (size_t k = 0; k < 3; ++k)
                e[k] = 2.f * hv[last[k]];
            check_eq("value", out, e);
            tj::set_grad(out, Float({1, 10, 100}));
            tj::backward(out);
            std::vector<float> g(n, 0.f);
            for (size_t k = 0; k < 3; ++k)
                g[last[k]] = 2.f * (k == 0 ? 1.f : k == 1 ? 10.f : 100.f);
            check_close("gv", tj::grad(v), g);
            check_close("gt", tj::grad(t), {0.f, 0.f, 0.f});
            // Forward from the values (set_grad seeds the next traversal).
            Float tv = rand_f(n);
            std::vector<float> htv = tj::to_vector(tv);
            Float v2(hv);
            tj::enable_grad(v2);
            Float out2 = tj::full<Float>(op == tj::ReduceOp::Min ? 5.f : -5.f, 3);
            if (ctx == 0) {
                tj::scatter_reduce(op, out2, v2 * 2.f, idx);
            } else if (ctx == 1) {
                UInt32 d = tj::zeros<UInt32>(n);
                tj::if_stmt(
                    idx < 5u, std::tie(d), [&](UInt32 &) { tj::scatter_reduce(op, out2, v2 * 2.f, idx); },
                    [](UInt32 &) {});
            } else {
                RedG a;
                a.out = &out2;
                a.op = op;
                tj::Ptr<RedG> p = tj::select(idx < 5u, tj::Ptr<RedG>(&a), tj::Ptr<RedG>(nullptr));
                tj::dispatch(
                    p, [](RedG *o, const Float &v, const UInt32 &i) { o->f(v, i); }, v2, idx);
            }
            tj::set_grad(v2, tv);
            tj::forward(v2);
            check_close("forward", tj::grad(out2), {2.f * htv[last[0]], 2.f * htv[last[1]], 2.f * htv[last[2]]});
        }
}
