// tests/conformance/test_autodiff.cpp — Dr.Jit's tests/test_autodiff.py (first cases) ported to tracejit's AD
//
// The cases are ported from Dr.Jit's tests/test_autodiff.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the
// C++ written anew. docs/conformance.md lists every Dr.Jit test with its status.
#include "conformance.h"

using namespace conf;

TEST_CASE("test_autodiff.py test006_add_bwd") {
    Float a(1.f), b(2.f);
    tj::enable_grad(a, b);
    tj::backward(2.f * a + b);
    CHECK(tj::grad(a).read(0) == 2.f);
    CHECK(tj::grad(b).read(0) == 1.f);
}

TEST_CASE("test_autodiff.py test007_add_fwd") {
    Float a(1.f), b(2.f);
    tj::enable_grad(a, b);
    Float c = 2.f * a + b;
    tj::forward(a, false);
    CHECK(tj::grad(c).read(0) == 2.f);
    tj::set_grad(c, 101.f);
    tj::forward(b);
    CHECK(tj::grad(c).read(0) == 102.f);
}

TEST_CASE("test_autodiff.py test008_branch_fwd") {
    Float a(1.f);
    tj::enable_grad(a);
    Float d;
    {
        Float b = a + 1.f, c = a + 1.f;
        d = b + c;
    }
    tj::forward(a);
    CHECK(tj::grad(d).read(0) == 2.f);
}
