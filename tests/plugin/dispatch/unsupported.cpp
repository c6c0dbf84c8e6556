// tests/plugin/dispatch/unsupported.cpp — forms clang itself rejects, with or without the plugin (which then rewrites
// nothing and adds no message): dereferencing a pointer array (it has no `*`: the pointer differs per lane) and
// taking the address of a method through it
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Wno-unknown-attributes -fsyntax-only -Xclang -verify %s

#include <tracejit/tracejit.h>

using tj::Float;

struct Shape : tj::Object {
    virtual Float area(const Float &scale) const = 0;
    TJ_OBJECT_NO_FIELDS
};

[[jit::trace]] Float deref(tj::Ptr<Shape> shapes, Float scale) {
    Float a = (*shapes).area(scale); // expected-error {{indirection requires pointer operand ('tj::Ptr<Shape>' (aka 'Array<Shape *>') invalid)}}
    auto method = &shapes->area;     // expected-error {{cannot create a non-constant pointer to member function}}
    return a;
}
