// tests/runtime/test_interop.cpp — x.data() and tj::map: pointers to arrays' buffers and arrays over foreign memory
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "test_util.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace {

using tj::Float;
using tj::Int32;
using tj::UInt32;
using tj_test::contains;
using tj_test::error_of;

std::string freeze_error_of(const std::function<void()> &fn) {
    try {
        fn();
    } catch (const tj::FreezeError &e) {
        return e.what();
    }
    return {};
}

} // namespace

TEST_CASE("data: the evaluated buffer of an array, of host data, of a lazy expression and of a literal") {
    Float a = {1.f, 2.f, 3.f};
    const float *p = a.data();
    REQUIRE(p != nullptr);
    CHECK(p[0] == 1.f);
    CHECK(p[2] == 3.f);
    CHECK(a.data() == p); // the same buffer each time
    Float copy = a;
    CHECK(copy.data() == p);

    Float lazy = a * 2.f + 1.f;
    const float *q = lazy.data(); // evaluates
    CHECK(std::vector<float>(q, q + 3) == std::vector<float>{3.f, 5.f, 7.f});
    CHECK(q != p);

    const Float lit = tj::full<Float>(4.f, 5); // a literal: made a buffer of its own
    CHECK(tj::detail::var_is_literal(lit.index()));
    const float *l = lit.data();
    CHECK(std::vector<float>(l, l + 5) == std::vector<float>(5, 4.f));
    CHECK_FALSE(tj::detail::var_is_literal(lit.index()));
    CHECK(lit.data() == l);
    Float other_lit = tj::full<Float>(4.f, 5); // the same literal elsewhere stays a literal
    CHECK(tj::detail::var_is_literal(other_lit.index()));

    Int32 ints = tj::arange<Int32>(4) - 2;
    const int32_t *ip = ints.data();
    CHECK(std::vector<int32_t>(ip, ip + 4) == std::vector<int32_t>{-2, -1, 0, 1});
    tj::Bool mask = tj::arange<UInt32>(3) == 1u;
    const bool *bp = mask.data();
    CHECK(std::vector<bool>(bp, bp + 3) == std::vector<bool>{false, true, false});

    // A pending scatter is run first.
    Float target = tj::zeros<Float>(3);
    tj::scatter(target, Float(9.f), UInt32(1u));
    const float *t = target.data();
    CHECK(std::vector<float>(t, t + 3) == std::vector<float>{0.f, 9.f, 0.f});
}

TEST_CASE("data: null for the empty array and an array of size 0") {
    CHECK(Float().data() == nullptr);
    CHECK(Float(std::vector<float>{}).data() == nullptr);
    CHECK(tj::zeros<Float>(0).data() == nullptr);
}

TEST_CASE("map: wraps foreign memory without a copy — release runs once when the last reference goes") {
    std::vector<float> host = {1.f, 2.f, 3.f, 4.f};
    int released = 0;
    size_t live = tj::detail::var_count();
    {
        Float m = tj::map<Float>(host.data(), host.size(), [&] { ++released; });
        CHECK(m.size() == 4);
        CHECK(m.data() == host.data()); // no copy
        CHECK(tj::to_vector(m * 2.f) == std::vector<float>{2.f, 4.f, 6.f, 8.f});
        host[1] = 20.f; // the array reads the memory as it is
        CHECK(m.read(1) == 20.f);
        Float copy = m;
        m = Float();
        CHECK(released == 0);
        CHECK(copy.read(0) == 1.f);
    }
    CHECK(released == 1);
    CHECK(tj::detail::var_count() == live);
    CHECK(host == std::vector<float>{1.f, 20.f, 3.f, 4.f}); // never freed or written by tracejit
}

TEST_CASE("map: an expression holding the only reference releases when it is evaluated") {
    std::vector<int32_t> host = {5, 6, 7};
    int released = 0;
    Int32 m = tj::map<Int32>(host.data(), host.size(), [&] { ++released; });
    Int32 y = m + 1;
    m = Int32();
    CHECK(released == 0); // y's graph still reads it
    tj::eval(y);          // y becomes a buffer: the mapped variable goes inside the runtime
    CHECK(released == 1);
    CHECK(tj::to_vector(y) == std::vector<int32_t>{6, 7, 8});
}

TEST_CASE("map: a scatter copies first, the foreign memory is never written") {
    std::vector<float> host = {1.f, 2.f, 3.f};
    int released = 0;
    Float m = tj::map<Float>(host.data(), host.size(), [&] { ++released; });
    tj::scatter(m, Float(7.f), UInt32(0u));
    tj::scatter_add(m, Float(1.f), UInt32(2u));
    CHECK(tj::to_vector(m) == std::vector<float>{7.f, 2.f, 4.f});
    CHECK(m.data() != host.data());
    CHECK(host == std::vector<float>{1.f, 2.f, 3.f});
    CHECK(released == 1); // m now owns its copy: nothing refers to the foreign memory any more
}

TEST_CASE("map: a release function may call tracejit — a throwing one is logged") {
    std::vector<float> host = {1.f, 2.f};
    float seen = 0;
    {
        Float m = tj::map<Float>(host.data(), 2, [&] { seen = tj::sum(Float({3.f, 4.f})).read(0); });
    }
    CHECK(seen == 7.f);

    tj_test::LogCapture log(tj::LogLevel::Error);
    {
        Float m = tj::map<Float>(host.data(), 2, [] { throw std::runtime_error("owner gone"); });
    }
    CHECK(log.count(tj::LogLevel::Error, "owner gone") == 1);
}

TEST_CASE("map: size 0, a null pointer, a misaligned pointer") {
    int released = 0;
    {
        Float z = tj::map<Float>(nullptr, 0, [&] { ++released; });
        CHECK(z.size() == 0);
        CHECK(z.data() == nullptr);
    }
    CHECK(released == 1);

    std::string e = error_of([&] { tj::map<Float>(nullptr, 3, [&] { ++released; }); });
    CHECK(contains(e, "tj::map(): the pointer is null but the array has 3 elements"));
    CHECK(released == 1); // an error leaves the memory to the caller: release does not run

    alignas(8) char bytes[16] = {};
    e = error_of([&] { tj::map<Float>(reinterpret_cast<const float *>(bytes + 1), 2); });
    CHECK(contains(e, "tj::map(): the pointer"));
    CHECK(contains(e, "not aligned"));
}

TEST_CASE("data and map inside a frozen function are FreezeErrors — mapped arrays are fine inputs") {
    std::vector<float> host = {1.f, 2.f, 3.f};
    auto reads_pointer = tj::freeze([](const Float &x) {
        Float y = x + 1.f;
        return Float(y.data()[0]);
    });
    std::string e = freeze_error_of([&] { reads_pointer(Float({1.f, 2.f})); });
    CHECK(contains(e, "tj::Array::data() is called inside a frozen function"));

    auto maps = tj::freeze([&](const Float &x) { return x + tj::map<Float>(host.data(), 3); });
    e = freeze_error_of([&] { maps(Float({1.f, 2.f, 3.f})); });
    CHECK(contains(e, "tj::map() is called inside a frozen function"));

    auto twice = tj::freeze([](const Float &x) { return x * 2.f; });
    int released = 0;
    for (int call = 0; call < 3; ++call) {
        std::vector<float> in = {float(call), 1.f, 2.f, 3.f};
        Float m = tj::map<Float>(in.data(), in.size(), [&] { ++released; });
        CHECK(tj::to_vector(twice(m)) == std::vector<float>{2.f * float(call), 2.f, 4.f, 6.f});
    }
    CHECK(released == 3);
    CHECK(twice.stats().recordings == 1);
}
