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

// ---------------------------------------------------------------------------------------------------------------
// test01–test08: gather and scatter, plain, masked, nested (component by component) and of structs

TEST_CASE("test_memop.py test01_gather_simple") {
    // Dr.Jit's TypeError for dtype=str has no C++ counterpart (the result type is the source's).
    check_eq("gather", tj::gather(tj::arange<Float>(10), UInt32({0, 5, 3})), {0.f, 5.f, 3.f});
    check_eq("masked", tj::gather(tj::arange<Float>(10), UInt32({0, 5, 3}), Bool({true, false, true})),
             {0.f, 0.f, 3.f});
    check_eq("int32", tj::gather(tj::arange<Int32>(10), UInt32({0, 5, 3})), {0, 5, 3});
    check_eq("uint32", tj::gather(tj::arange<UInt32>(10), UInt32({0, 5, 3}), Bool({true, false, true})),
             {0u, 0u, 3u});
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
}

// The gradients of gathers and scatters (docs/autodiff.md): a gather's backward is a scatter_add into zeros of
// the source's size, its forward a gather of the tangent; a scatter's backward zeroes the overwritten positions of
// the target's gradient and gathers the value's; masked lanes and indices past the end take no part.
TEST_CASE("test_memop.py test01_gather_simple (gradients)") {
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

TEST_CASE("test_memop.py test02_scatter_simple (gradients)") {
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
    case tj::ReduceOp::Add: case tj::ReduceOp::Or: return T(0);
    case tj::ReduceOp::Mul: return T(1);
    case tj::ReduceOp::Min:
        return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
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
        CHECK(error_of([&] { tj::scatter_reduce(op, buf, A(T(1)), UInt32(0u)); tj::eval(buf); }) != "");
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
            check_close("buckets", buf, std::vector<T>(wide.begin(), wide.end()), std::is_same_v<T, float> ? 1e-4 : 1e-9);
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
            check_close("masked", buf2, std::vector<T>(wide2.begin(), wide2.end()), std::is_same_v<T, float> ? 1e-4 : 1e-9);
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
    for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max, tj::ReduceOp::And,
                            tj::ReduceOp::Or}) {
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
}

// The gradients of scatter_reduce Min/Max (docs/autodiff.md: Dr.Jit's convention), backward and forward, with
// ties, masks and indices past the end, against the host.
TEST_CASE("test_memop.py test18_scatter_reduce (gradients)") {
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
}
