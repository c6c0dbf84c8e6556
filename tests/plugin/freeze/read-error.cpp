// tests/plugin/freeze/read-error.cpp — reading an array's contents on the host inside a frozen function is a compile
// error at the read (a replay runs no C++: the value read at the recording would be used on every call)
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %plugin -fsyntax-only %s 2>&1 | %FileCheck %s

#include <tracejit/tracejit.h>

#include <vector>

[[jit::freeze]] tj::Float reads(tj::Float x) {
    float first = x.read(0); // expected-error {{reading the contents of a tj array in a frozen function cannot be replayed ('read' in 'reads')}}
    // CHECK: read-error.cpp:[[# @LINE - 1]]:21: error: tracejit: reading the contents of a tj array in a frozen function cannot be replayed
    std::vector<float> all = tj::to_vector(x); // expected-error {{reading the contents of a tj array in a frozen function cannot be replayed ('tj::to_vector' in 'reads')}}
    auto later = [&] { return x.read(1); }; // expected-error {{cannot be replayed ('read' in 'reads')}}
    return x * first + float(all.size()) + later();
}

// In a template: a read of an object whose type is tj::Array<…>. (On a template parameter's type, `A x`, nothing
// is known before instantiation, and the pre-pass does not instantiate: the run time reports such a read.)
template <typename T> [[jit::freeze]] tj::Array<T> generic(tj::Array<T> x) {
    if (x.read(0) > 0) // expected-error {{cannot be replayed ('read' in 'generic')}}
        return x;
    std::vector<T> host = tj::to_vector(x); // expected-error {{cannot be replayed ('tj::to_vector' in 'generic')}}
    return -x * T(host.size());
}

template <typename T> struct Holder {
    tj::Array<T> value;
    [[jit::freeze]] T first() const { return value.read(0); } // expected-error {{cannot be replayed ('read' in 'first')}}
};

// Not errors: reading in a traced (not frozen) function, sizes, reading after the frozen call.
[[jit::trace]] float traced(tj::Float x) { return x.read(0); }
[[jit::freeze]] tj::Float sized(tj::Float x) { return x * float(x.size()); }

float use(tj::Float x) {
    tj::Float64 y(x.size());
    return generic(x).read(0) + float(generic(y).read(0)) + Holder<float>{x}.first() + traced(x) + reads(x).read(0) +
           sized(x).read(0);
}
