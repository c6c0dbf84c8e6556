// tests/plugin/dispatch/diagnostics.cpp — what a pointer array's `->` cannot do in a marked function is a compile
// error at the user's line and column, saying why: reading a field, a static member function, a destructor, spelling
// out `operator->`, a call written in a macro, a method that takes a non-const reference (tj::dispatch passes const
// arguments); a plain call next to them is fine, and so is a method returning a host value (the runtime checks
// that every instance returns the same)
// (-verify without twins: a twin's two copies of the body would hold each expectation twice.)
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-twin -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %plugin -fsyntax-only %s 2>&1 | %FileCheck %s

#include <tracejit/tracejit.h>

using tj::Float;

struct Shape : tj::Object {
    float radius = 1.f;
    virtual Float area(const Float &scale) const = 0;
    static int count() { return 0; }
    virtual float perimeter() const = 0;
    virtual void area_into(Float &out) const = 0;
    TJ_OBJECT_NO_FIELDS
};

#define AREA(p, s) p->area(s)

[[jit::trace]] Float misuse(tj::Ptr<Shape> shapes, Float scale) {
    float r = shapes->radius; // expected-error {{tracejit: 'ptrs->radius' reads a field through a pointer array, which is not supported: read it in a method and call that method (`ptrs->method()`, one call per lane)}}
    // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:21: error: tracejit: 'ptrs->radius' reads a field
    int n = shapes->count(); // expected-error {{tracejit: 'Shape::count' is a static member function, which no lane's object calls: call it as 'Shape::count(...)'}}
    // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:19: error: tracejit: 'Shape::count' is a static member function
    Shape *one = shapes.operator->(); // expected-error {{tracejit: 'operator->' of a pointer array only names a method to call on every lane (`ptrs->method(args...)`); it gives no pointer}}
    // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:25: error: tracejit: 'operator->' of a pointer array
    shapes->~Shape(); // expected-error {{tracejit: objects cannot be destroyed through a pointer array}}
    Float a = AREA(shapes, scale); // expected-error {{tracejit: this call through a pointer array is written in a macro and cannot be rewritten into tj::dispatch; write it outside the macro}}
    // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:15: error: tracejit: this call through a pointer array is written in a macro
    float p = shapes->perimeter(); // fine
    Float b = shapes->area(scale); // fine
    shapes->area_into(b); // expected-error {{tracejit: 'Shape::area_into' takes 'out' by non-const reference, which a call through a pointer array cannot give it (tj::dispatch passes each argument to every lane's call as const); return the result instead}}
    // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:11: error: tracejit: 'Shape::area_into' takes 'out' by non-const reference
    return a + b + r + float(n) + p + (one ? 1.f : 0.f);
}
