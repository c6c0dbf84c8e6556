// tests/plugin/dispatch/unmarked.cpp — `ptrs->method(x)` where the plugin does not rewrite it (a function that is not
// marked, or no plugin at all) compiles and throws tj::Error when it runs, naming the class: it never calls the
// method on some object; the same call in a marked function dispatches
// RUN: %trace_cxx %s -o %t && %t | %FileCheck %s
// RUN: %clangxx -Wno-unknown-attributes %s %link_tracejit -o %t.plain && %t.plain | %FileCheck --check-prefix=PLAIN %s

#include <tracejit/tracejit.h>

#include <cstdio>

using tj::Float;

struct Shape : tj::Object {
    virtual Float area(const Float &scale) const = 0;
    TJ_OBJECT_NO_FIELDS
};

struct Disk final : Shape {
    Float area(const Float &scale) const override { return 3.f * scale; }
};

Float unmarked(const tj::Ptr<Shape> &shapes, const Float &scale) { return shapes->area(scale); }

[[jit::trace]] Float marked(const tj::Ptr<Shape> &shapes, const Float &scale) { return shapes->area(scale); }

int main() {
    Disk disk;
    tj::Ptr<Shape> shapes(std::vector<Shape *>{&disk, nullptr});
    Float scale({1.f, 2.f});
    try {
        Float a = unmarked(shapes, scale);
        std::printf("FAIL: unmarked gave %zu lanes\n", a.size());
    } catch (const tj::Error &e) {
        std::printf("unmarked: tj::Error: %s\n", e.what());
    }
    // CHECK: unmarked: tj::Error: {{.*}}Shape
    // PLAIN: unmarked: tj::Error: {{.*}}Shape
    try {
        std::vector<float> a = tj::to_vector(marked(shapes, scale));
        std::printf("marked: %g %g\n", a[0], a[1]);
    } catch (const tj::Error &e) {
        std::printf("marked: tj::Error: %s\n", e.what());
    }
    // CHECK-NEXT: marked: 3 0
    // PLAIN-NEXT: marked: tj::Error: {{.*}}Shape
}
