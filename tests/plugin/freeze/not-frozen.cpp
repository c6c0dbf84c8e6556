// tests/plugin/freeze/not-frozen.cpp — what [[jit::freeze]] cannot freeze is a warning at the function; it then runs
// unfrozen (and is still recorded on the tape)
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s

#include <tracejit/array.h>

struct Vec {
    tj::Float v;
    [[jit::freeze]] Vec operator+(const Vec &o) const { return {v + o.v}; } // expected-warning {{tracejit: 'operator+' is not frozen: only named functions can be frozen (not constructors, destructors, operators or conversions); it runs unfrozen}}
    [[jit::freeze]] tj::Float &ref() { return v; } // expected-warning {{tracejit: 'ref' is not frozen: a frozen function returns values, not references; it runs unfrozen}}
    [[jit::freeze]] friend tj::Float both(const Vec &a) { return a.v; } // expected-warning {{'both' is not frozen: friend functions cannot be frozen}}
};

[[jit::freeze]] tj::Float unnamed(tj::Float x, int) { return x; } // expected-warning {{'unnamed' is not frozen: every parameter of a frozen function needs a name}}
[[jit::freeze]] float c_variadic(float x, ...) { return x; } // expected-warning {{'c_variadic' is not frozen: C variadic functions cannot be frozen}}

template <typename T> T twice(T x) { return x + x; }
template <> [[jit::freeze]] tj::Float twice(tj::Float x) { return x * 2.f; } // expected-warning {{'twice' is not frozen: explicit specializations cannot be frozen (freeze the template)}}

// Accepted: a trailing parameter pack.
template <typename... Ts> [[jit::freeze]] tj::Float sum_all(tj::Float x, Ts... rest) { return (x + ... + rest); }
tj::Float use(tj::Float x) { return sum_all(x, x, x) + twice(x) + unnamed(x, 1) + both(Vec{x}); }
