// tests/runtime/test_memory_ops.cpp — gather, scatter and scatter_add: masks, out-of-range indices, atomic
// duplicates from many threads, copy on write, ordering with later reads, and their errors
#include "reference.h"

using namespace tjtest;

namespace {

/// Indices into an array of `source` elements, some past either end (negative ones only for signed types).
template <typename I> std::vector<I> indices(size_t n, uint64_t seed, size_t source) {
    std::vector<I> v = small_ints<I>(n, seed, std::is_signed_v<I> ? -5 : 0, int64_t(source) + 5);
    Rng rng(seed + 99);
    for (size_t i = 0; i < n; i += 11) // far out of range, where a bad bounds check would fault
        v[i] = (rng.next() & 1) ? std::numeric_limits<I>::max() : std::numeric_limits<I>::min() + I(1);
    return v;
}

template <typename I> bool in_range(I i, size_t size) {
    if constexpr (std::is_signed_v<I>)
        if (i < 0)
            return false;
    return uint64_t(i) < size;
}

} // namespace

TEST_CASE_TEMPLATE("gather with every index type: masks and out-of-range indices give 0", I, int32_t, uint32_t, int64_t,
                   uint64_t) {
    const size_t src_n = 1000;
    std::vector<float> src = uniform_values<float>(src_n, 1, -10, 10);
    tj::Float source(src);
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<I> iv = indices<I>(n, 2 + n, src_n);
        std::vector<bool> mv = map1(small_ints<int>(n, 3 + n, 0, 3), [](int x) { return x != 0; });
        tj::Array<I> index(iv);
        tj::Bool mask(mv);
        tj::Float plain = tj::gather<tj::Float>(source, index);
        tj::Float masked = tj::gather<tj::Float>(source, index, mask);
        tj::Float lazy_src = tj::gather<tj::Float>(source * 2.f, index, mask); // the source is evaluated first
        tj::eval(plain, masked, lazy_src);
        std::vector<float> e_plain(n), e_masked(n), e_lazy(n);
        for (size_t i = 0; i < n; ++i) {
            bool ok = in_range(iv[i], src_n);
            e_plain[i] = ok ? src[size_t(iv[i])] : 0.f;
            e_masked[i] = ok && mv[i] ? src[size_t(iv[i])] : 0.f;
            e_lazy[i] = ok && mv[i] ? src[size_t(iv[i])] * 2.f : 0.f;
        }
        check_exact("gather(source, index)", plain, e_plain);
        check_exact("gather(source, index, mask)", masked, e_masked);
        check_exact("gather(source * 2, index, mask)", lazy_src, e_lazy);
    }
    // A width-1 index broadcasts against a mask; a width-1 mask against an index.
    tj::Float g1 = tj::gather<tj::Float>(source, tj::Array<I>(I(7)), tj::Bool{true, false, true});
    check_exact("width-1 index", g1, std::vector<float>{src[7], 0.f, src[7]});
    tj::Float g2 = tj::gather<tj::Float>(source, tj::Array<I>{I(1), I(2)}, tj::opaque<tj::Bool>(false));
    check_exact("width-1 false mask", g2, std::vector<float>{0.f, 0.f});
}

TEST_CASE_TEMPLATE("gather of every element type, Bool included", T, bool, float, double, int32_t, uint32_t, int64_t,
                   uint64_t) {
    const size_t src_n = 513;
    std::vector<T> src = random_values<T>(src_n, 4);
    tj::Array<T> source(src);
    const size_t n = 1001;
    std::vector<int32_t> iv = indices<int32_t>(n, 5, src_n);
    tj::Array<T> g = tj::gather<tj::Array<T>>(source, tj::Int32(iv), tj::Int32(iv) % 3 != 0);
    std::vector<T> e(n);
    for (size_t i = 0; i < n; ++i)
        e[i] = in_range(iv[i], src_n) && iv[i] % 3 != 0 ? T(src[size_t(iv[i])]) : T(0);
    check_exact("gather", g, e);
}

TEST_CASE("masked-off lanes never touch memory, whatever their index") {
    const size_t n = 100003;
    tj::Int64 big = tj::full<tj::Int64>(INT64_MAX, n), neg = tj::full<tj::Int64>(INT64_MIN, n);
    tj::UInt64 huge = tj::full<tj::UInt64>(UINT64_MAX, n);
    tj::Bool off = tj::zeros<tj::Bool>(n), some = tj::arange<tj::Int32>(n) % 2 == 0;
    tj::Float source = tj::opaque<tj::Float>(1.f, 10);
    tj::Float g1 = tj::gather<tj::Float>(source, big, off), g2 = tj::gather<tj::Float>(source, huge, some),
              g3 = tj::gather<tj::Float>(source, neg, some);
    tj::eval(g1, g2, g3);
    check_exact("masked gather at INT64_MAX", g1, std::vector<float>(n, 0.f));
    check_exact("gather at UINT64_MAX", g2, std::vector<float>(n, 0.f));
    check_exact("gather at INT64_MIN", g3, std::vector<float>(n, 0.f));
    tj::Float target = tj::opaque<tj::Float>(5.f, 10);
    tj::scatter(target, tj::full<tj::Float>(9.f, n), big, some);
    tj::scatter(target, tj::full<tj::Float>(9.f, n), huge, off);
    tj::scatter_add(target, tj::full<tj::Float>(9.f, n), neg, some);
    tj::scatter_add(target, tj::full<tj::Float>(9.f, n), tj::arange<tj::Int64>(n), off);
    check_exact("target after out-of-range and masked-off scatters", target, std::vector<float>(10, 5.f));
}

TEST_CASE_TEMPLATE("scatter writes active in-range lanes and skips the rest", I, int32_t, uint32_t, int64_t, uint64_t) {
    const size_t target_n = 5000;
    // A permutation (so no index repeats) mixed with out-of-range and masked-off lanes.
    std::vector<I> iv(target_n + 300);
    for (size_t i = 0; i < target_n; ++i)
        iv[i] = I((i * 7919) % target_n);
    for (size_t i = target_n; i < iv.size(); ++i)
        iv[i] = std::is_signed_v<I> && i % 2 ? I(-1 - I(i % 50)) : I(target_n + i);
    std::vector<int64_t> values = small_ints<int64_t>(iv.size(), 6, -1000, 1000);
    std::vector<bool> mv(iv.size());
    for (size_t i = 0; i < mv.size(); ++i)
        mv[i] = i % 5 != 0 || i >= target_n;
    std::vector<int64_t> before = small_ints<int64_t>(target_n, 7, 5000, 6000);
    tj::Int64 t(before), t_add(before);
    tj::scatter(t, tj::Int64(values), tj::Array<I>(iv), tj::Bool(mv));
    tj::scatter_add(t_add, tj::Int64(values), tj::Array<I>(iv), tj::Bool(mv));
    std::vector<int64_t> e = before, e_add = before;
    for (size_t i = 0; i < iv.size(); ++i)
        if (mv[i] && in_range(iv[i], target_n)) {
            e[size_t(iv[i])] = values[i];
            e_add[size_t(iv[i])] += values[i];
        }
    check_exact("scatter", t, e);
    check_exact("scatter_add", t_add, e_add);
    // A width-1 value broadcasts over the indices.
    tj::Int64 t1 = tj::zeros<tj::Int64>(10);
    tj::scatter(t1, tj::Int64(int64_t(3)), tj::Array<I>{I(1), I(4), I(9), I(10)});
    check_exact("scatter of a width-1 value", t1, std::vector<int64_t>{0, 3, 0, 0, 3, 0, 0, 0, 0, 3});
}

TEST_CASE("scatter_add with many duplicate indices from all threads is exact") {
    const size_t n = (size_t(1) << 20) + 1;
    const size_t buckets = 17;
    std::vector<int32_t> vals = small_ints<int32_t>(n, 8, -3, 3);
    std::vector<uint32_t> idx(n);
    for (size_t i = 0; i < n; ++i)
        idx[i] = uint32_t((i * 2654435761u) % buckets);
    tj::UInt32 index(idx);
    tj::Int32 v(vals);

    std::vector<int64_t> e(buckets, 0);
    for (size_t i = 0; i < n; ++i)
        e[idx[i]] += vals[i];

    tj::Int32 ti = tj::zeros<tj::Int32>(buckets);
    tj::UInt64 tu = tj::zeros<tj::UInt64>(buckets);
    tj::Int64 tl = tj::zeros<tj::Int64>(buckets);
    tj::Float tf = tj::zeros<tj::Float>(buckets);
    tj::Float64 td = tj::zeros<tj::Float64>(buckets);
    tj::scatter_add(ti, v, index);
    tj::scatter_add(tu, tj::cast<uint64_t>(v), index);
    tj::scatter_add(tl, tj::cast<int64_t>(v) << 40, index);
    // Integer-valued floats: every partial sum is exact, so any order of the atomic adds gives the same result.
    tj::scatter_add(tf, tj::cast<float>(v), index);
    tj::scatter_add(td, tj::cast<double>(v), index);
    check_exact("Int32 scatter_add", ti, map1(e, [](int64_t x) { return int32_t(x); }));
    check_exact("UInt64 scatter_add (wraps)", tu, map1(e, [](int64_t x) { return uint64_t(x); }));
    check_exact("Int64 scatter_add", tl, map1(e, [](int64_t x) { return x * (int64_t(1) << 40); }));
    check_exact("Float scatter_add of integers", tf, map1(e, [](int64_t x) { return float(x); }));
    check_exact("Float64 scatter_add of integers", td, map1(e, [](int64_t x) { return double(x); }));

    // Every lane adds to one element: maximal contention.
    tj::Int32 one = tj::zeros<tj::Int32>(1);
    tj::Float onef = tj::zeros<tj::Float>(3);
    tj::scatter_add(one, tj::Int32(1), tj::zeros<tj::Int32>(n));
    tj::scatter_add(onef, tj::Float(1.f), tj::full<tj::UInt64>(2, n));
    CHECK(one.read(0) == int32_t(n));
    check_exact("all lanes into one float", onef, std::vector<float>{0.f, 0.f, float(n)});

    // Fractional values: within the error of float accumulation.
    std::vector<float> fv = uniform_values<float>(n, 9, 0, 1);
    tj::Float tfr = tj::zeros<tj::Float>(buckets);
    tj::scatter_add(tfr, tj::Float(fv), index);
    std::vector<double> ef(buckets, 0);
    for (size_t i = 0; i < n; ++i)
        ef[idx[i]] += fv[i];
    check_close("Float scatter_add of fractions", tfr, ef, 1e-3);
}

TEST_CASE("scatter with duplicate indices stores one of the written values") {
    const size_t n = 100001;
    tj::Int32 t = tj::full<tj::Int32>(-1, 4);
    tj::Int32 v = tj::arange<tj::Int32>(n);
    tj::scatter(t, v, v % 4);
    std::vector<int32_t> r = tj::to_vector(t);
    for (int32_t k = 0; k < 4; ++k) {
        CAPTURE(k);
        CHECK(r[size_t(k)] >= 0);
        CHECK(r[size_t(k)] % 4 == k);
    }
}

TEST_CASE("scatter copies on write: other arrays sharing the target keep their values") {
    std::vector<float> init = uniform_values<float>(100, 10, -1, 1);
    tj::Float t(init);
    tj::Float copy = t;
    tj::scatter(t, tj::Float(9.f), tj::UInt32{0u, 5u});
    std::vector<float> e = init;
    e[0] = e[5] = 9.f;
    check_exact("scattered target", t, e);
    check_exact("copy made before the scatter", copy, init);

    // A copy taken between two scatters sees the first only.
    tj::Float mid = t;
    tj::scatter_add(t, tj::Float(1.f), tj::UInt32{5u, 6u});
    std::vector<float> e2 = e;
    e2[5] += 1.f;
    e2[6] += 1.f;
    check_exact("target after two scatters", t, e2);
    check_exact("copy between the scatters", mid, e);

    // Lazy and literal targets: the expression itself is unchanged.
    tj::Float base(init);
    tj::Float lazy = base * 2.f;
    tj::Float lazy_copy = lazy;
    tj::scatter(lazy, tj::Float(0.f), tj::Int32(3));
    std::vector<float> doubled = map1(init, [](float x) { return x * 2.f; });
    check_exact("copy of a lazy target", lazy_copy, doubled);
    doubled[3] = 0.f;
    check_exact("scattered lazy target", lazy, doubled);
    tj::Float lit = tj::full<tj::Float>(1.f, 8), lit_copy = lit;
    tj::scatter(lit, tj::Float(2.f), tj::Int32(0));
    check_exact("copy of a literal target", lit_copy, std::vector<float>(8, 1.f));
    CHECK(lit.read(0) == 2.f);
    CHECK(lit.read(1) == 1.f);
}

TEST_CASE("reads after a scatter see it, in program order") {
    tj::Int32 t = tj::zeros<tj::Int32>(100);
    tj::scatter(t, tj::arange<tj::Int32>(100) * 3, tj::arange<tj::UInt32>(100));
    tj::Int32 g = tj::gather<tj::Int32>(t, tj::Int32{5, 10, 99, 100});
    check_exact("gather after scatter", g, std::vector<int32_t>{15, 30, 297, 0});
    // Two scatters to the same element: the later one wins; an add after them sees both.
    tj::scatter(t, tj::Int32(1), tj::Int32(7));
    tj::scatter(t, tj::Int32(2), tj::Int32(7));
    tj::scatter_add(t, tj::Int32(40), tj::Int32{7, 8});
    tj::Int32 after = tj::gather<tj::Int32>(t, tj::Int32{7, 8}) + 0;
    check_exact("scatter, scatter, scatter_add, gather", after, std::vector<int32_t>{42, 64});
    // Element-wise ops on the target after a scatter see it as well.
    tj::Int32 sum_t = t + t;
    CHECK(sum_t.read(7) == 84);
    CHECK(tj::sum(t).read(0) == 3 * (99 * 100 / 2) - 21 + 42 + 40);
    // A scatter whose value depends on a gather from another array.
    tj::Float src = tj::arange<tj::Float>(10) * 0.5f;
    tj::Float dst = tj::zeros<tj::Float>(10);
    tj::Int32 rev = 9 - tj::arange<tj::Int32>(10);
    tj::scatter(dst, tj::gather<tj::Float>(src, rev), tj::arange<tj::Int32>(10));
    check_exact("scatter(gather(reversed))", dst,
                std::vector<float>{4.5f, 4.f, 3.5f, 3.f, 2.5f, 2.f, 1.5f, 1.f, 0.5f, 0.f});
}

TEST_CASE("scatter of Bool values") {
    tj::Bool t = tj::zeros<tj::Bool>(6);
    tj::scatter(t, tj::Bool{true, true, false}, tj::Int64{1, 4, 1}, tj::Bool{true, true, false});
    check_exact("Bool scatter", t, std::vector<bool>{false, true, false, false, true, false});
}

TEST_CASE("gather and scatter errors name the function and the sizes") {
    tj::Float source = tj::opaque<tj::Float>(1.f, 10);
    tj::Int32 i5 = tj::opaque<tj::Int32>(1, 5), i4 = tj::opaque<tj::Int32>(1, 4);
    tj::Bool m3 = tj::opaque<tj::Bool>(true, 3);
    check_error([&] { (void)tj::gather<tj::Float>(source, i5, m3); }, {"tj::gather()", "5", "3"});
    check_error([&] { (void)tj::gather<tj::Float>(source, tj::opaque<tj::Float>(1.f, 5)); },
                {"tj::gather()", "index", "integer"});
    tj::Int32 not_a_mask = tj::opaque<tj::Int32>(1, 5);
    check_error([&] { tj::Float::steal(tj::detail::var_gather(source.index(), i5.index(), not_a_mask.index())); },
                {"tj::gather()", "mask", "Bool"});
    tj::Float target = tj::zeros<tj::Float>(10);
    check_error([&] { tj::scatter(target, tj::opaque<tj::Float>(2.f, 4), i5); }, {"tj::scatter()", "4", "5"});
    check_error([&] { tj::scatter(target, tj::opaque<tj::Float>(2.f, 5), i5, m3); }, {"tj::scatter()", "5", "3"});
    check_error([&] { tj::scatter_add(target, tj::opaque<tj::Float>(2.f, 5), i4); }, {"tj::scatter_add()", "5", "4"});
    check_error([&] { tj::scatter_add(target, tj::opaque<tj::Float>(2.f, 4), i4, m3); }, {"tj::scatter_add()", "3"});
    check_error([&] { tj::scatter(target, tj::Float(1.f), tj::opaque<tj::Float64>(1.0, 2)); },
                {"tj::scatter()", "index", "integer"});
    tj::Bool bt = tj::zeros<tj::Bool>(4);
    check_error([&] { tj::scatter_add(bt, tj::Bool(true), tj::Int32(0)); }, {"tj::scatter_add()", "Bool"});
    // The target is unchanged by failed calls.
    check_exact("target after failed scatters", target, std::vector<float>(10, 0.f));
}

TEST_CASE("scatter with the target as its own value reads the old contents") {
    const size_t n = (size_t(1) << 20) + 1; // large: the kernel runs on every thread
    tj::Int32 t = tj::arange<tj::Int32>(n);
    tj::eval(t);
    const tj::Int32 shift = (tj::arange<tj::Int32>(n) + 1) % int32_t(n);
    tj::scatter(t, t, shift); // t[(i + 1) % n] = old t[i]: a rotation
    const std::vector<int32_t> v = tj::to_vector(t);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i)
        wrong += v[(i + 1) % n] != int32_t(i);
    CHECK(wrong == 0);
}
