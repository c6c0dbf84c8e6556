// tests/runtime/test_smoke.cpp — end to end: trace, fuse, evaluate, read back
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cmath>

TEST_CASE("a fused expression evaluates to the scalar result") {
    tj::Float a = tj::arange<tj::Float>(1000);
    tj::Float b = a * 2.f + tj::sin(a);
    std::vector<float> v = tj::to_vector(b);
    REQUIRE(v.size() == 1000);
    for (size_t i = 0; i < v.size(); ++i)
        CHECK(v[i] == doctest::Approx(float(i) * 2.f + std::sin(float(i))).epsilon(1e-5));
}
