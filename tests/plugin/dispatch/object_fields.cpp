// tests/plugin/dispatch/object_fields.cpp — in a plugin build a class derived from tj::Object needs no TJ_OBJECT_FIELDS
// The plugin writes each class's field list (plugin/engine/freeze/object_fields.h): a [[jit::freeze]] function that
// dispatches to objects with array fields records once and its replays read the fields' current values, for a
// private field, a class template, a class derived from another such class, and a class whose own
// TJ_OBJECT_FIELDS wins (its derived class adds its fields to the macro's). Each call equals the body run unfrozen
// and plain C++ virtual calls, and the lists add no warning.
// RUN: %trace_cxx %s -o %t && %t | %FileCheck %s
// RUN: %trace_cxx %s -fplugin-arg-tracejit-dump -fsyntax-only 2>&1 | %FileCheck --check-prefix=DUMP %s
// RUN: %trace_cxx -Wall -Wextra -fsyntax-only %s 2>&1 | not grep 'object_fields.cpp:.*warning'

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <vector>

using tj::Float;

struct Shape : tj::Object {
    virtual Float area(const Float &scale) const = 0;
    virtual float area_ref(float scale) const = 0;
};

class Disk final : public Shape {
    Float r; // private
    float host = 3.f; // a host value: part of what the recording traced
  public:
    explicit Disk(float radius) : r(tj::opaque<Float>(radius)) {}
    void resize(float radius) { r = tj::opaque<Float>(radius); }
    Float area(const Float &scale) const override { return host * r * r * scale; }
    float area_ref(float scale) const override { return host * r.read(0) * r.read(0) * scale; }
};
// DUMP: {{^}} _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winconsistent-missing-override\"") _Pragma("clang diagnostic ignored \"-Wsuggest-override\"") void tj_object_fields(::tj::detail::ObjectFields &) const { } _Pragma("clang diagnostic pop") };
// DUMP: {{^}} _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winconsistent-missing-override\"") _Pragma("clang diagnostic ignored \"-Wsuggest-override\"") void tj_object_fields(::tj::detail::ObjectFields &__tj_v) const { Shape::tj_object_fields(__tj_v); ::tj::detail::visit_object_field(__tj_v, "r", this->r); ::tj::detail::visit_object_field(__tj_v, "host", this->host); } _Pragma("clang diagnostic pop") };

template <typename T> struct Scaled final : Shape {
    T factor = tj::opaque<T>(2.f);
    std::vector<T> terms = {tj::opaque<T>(1.f), tj::opaque<T>(0.5f)};
    Float area(const Float &scale) const override { return factor * scale + terms[0] + terms[1]; }
    float area_ref(float scale) const override { return factor.read(0) * scale + terms[0].read(0) + terms[1].read(0); }
};

struct Annulus : Shape { // no `override`: the plugin's list adds no warning about that (-Winconsistent-missing-override)
    Float outer = tj::opaque<Float>(2.f);
    Float area(const Float &scale) const { return outer * outer * scale; }
    float area_ref(float scale) const { return outer.read(0) * outer.read(0) * scale; }
};

// DUMP: {{^}} _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winconsistent-missing-override\"") _Pragma("clang diagnostic ignored \"-Wsuggest-override\"") void tj_object_fields(::tj::detail::ObjectFields &__tj_v) const { Shape::tj_object_fields(__tj_v); ::tj::detail::visit_object_field(__tj_v, "factor", this->factor); ::tj::detail::visit_object_field(__tj_v, "terms", this->terms); } _Pragma("clang diagnostic pop") };
// DUMP: {{^}} _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winconsistent-missing-override\"") _Pragma("clang diagnostic ignored \"-Wsuggest-override\"") void tj_object_fields(::tj::detail::ObjectFields &__tj_v) const { Shape::tj_object_fields(__tj_v); ::tj::detail::visit_object_field(__tj_v, "outer", this->outer); } _Pragma("clang diagnostic pop") };

struct Ring final : Annulus {
    Float inner = tj::opaque<Float>(1.f);
    Float area(const Float &scale) const override { return (outer * outer - inner * inner) * scale; }
    float area_ref(float scale) const override {
        return (outer.read(0) * outer.read(0) - inner.read(0) * inner.read(0)) * scale;
    }
};

struct Weighted : Shape {
    Float w = tj::opaque<Float>(4.f);
    Float area(const Float &scale) const override { return w * scale; }
    float area_ref(float scale) const override { return w.read(0) * scale; }
    TJ_OBJECT_FIELDS(w)
};

// DUMP: {{^}} _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winconsistent-missing-override\"") _Pragma("clang diagnostic ignored \"-Wsuggest-override\"") void tj_object_fields(::tj::detail::ObjectFields &__tj_v) const { Annulus::tj_object_fields(__tj_v); ::tj::detail::visit_object_field(__tj_v, "inner", this->inner); } _Pragma("clang diagnostic pop") };
// DUMP: {{^}}    TJ_OBJECT_FIELDS(w)
// DUMP-NEXT: {{^}}};

struct Heavier final : Weighted {
    Float extra = tj::opaque<Float>(1.f);
    Float area(const Float &scale) const override { return (w + extra) * scale; }
    float area_ref(float scale) const override { return (w.read(0) + extra.read(0)) * scale; }
};

// DUMP: {{^}} _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winconsistent-missing-override\"") _Pragma("clang diagnostic ignored \"-Wsuggest-override\"") void tj_object_fields(::tj::detail::ObjectFields &__tj_v) const { Weighted::tj_object_fields(__tj_v); ::tj::detail::visit_object_field(__tj_v, "extra", this->extra); } _Pragma("clang diagnostic pop") };

[[jit::freeze]] Float total(const tj::Ptr<Shape> &shapes, const Float &scale) { return shapes->area(scale); }

int failures = 0;

void compare(const char *what, const std::vector<Shape *> &lanes) {
    std::vector<float> scale(lanes.size());
    for (size_t i = 0; i < scale.size(); ++i)
        scale[i] = 0.5f + 0.25f * float(i % 5);
    tj::Ptr<Shape> shapes(lanes);
    Float s(scale);
    std::vector<float> frozen = tj::to_vector(total(shapes, s));
    tj::set_flag(tj::Flag::KernelFreezing, false);
    std::vector<float> unfrozen = tj::to_vector(total(shapes, s));
    tj::set_flag(tj::Flag::KernelFreezing, true);
    double to_unfrozen = 0, to_cpp = 0;
    for (size_t i = 0; i < lanes.size(); ++i) {
        float cpp = lanes[i]->area_ref(scale[i]);
        to_unfrozen = std::max(to_unfrozen, std::fabs(double(frozen[i]) - unfrozen[i]));
        to_cpp = std::max(to_cpp, std::fabs(double(frozen[i]) - cpp) / (1.0 + std::fabs(cpp)));
    }
    tj::FreezeStats stats = tj::freeze_stats(&total);
    std::printf("%s: %s unfrozen, %s C++; %d recording(s), %d replay(s)\n", what,
                to_unfrozen == 0 ? "equals" : "DIFFERS FROM", to_cpp <= 1e-5 ? "as" : "NOT AS", int(stats.recordings),
                int(stats.replays));
    failures += to_unfrozen != 0 || to_cpp > 1e-5;
}

int main() {
    Disk disk(1.5f);
    Scaled<Float> scaled;
    Ring ring;
    Heavier heavier;
    std::vector<Shape *> lanes;
    for (int i = 0; i < 64; ++i)
        lanes.push_back(i % 4 == 0 ? static_cast<Shape *>(&disk) : i % 4 == 1 ? static_cast<Shape *>(&scaled)
                        : i % 4 == 2                                     ? static_cast<Shape *>(&ring)
                                                                         : static_cast<Shape *>(&heavier));
    compare("first call", lanes);
    // CHECK: first call: equals unfrozen, as C++; 1 recording(s), 0 replay(s)
    disk.resize(0.75f);
    compare("private field", lanes);
    // CHECK-NEXT: private field: equals unfrozen, as C++; 1 recording(s), 1 replay(s)
    scaled.factor = tj::opaque<Float>(5.f);
    scaled.terms[1] = tj::opaque<Float>(-3.f);
    compare("class template", lanes);
    // CHECK-NEXT: class template: equals unfrozen, as C++; 1 recording(s), 2 replay(s)
    ring.outer = tj::opaque<Float>(3.f);
    ring.inner = tj::opaque<Float>(0.5f);
    compare("derived of derived", lanes);
    // CHECK-NEXT: derived of derived: equals unfrozen, as C++; 1 recording(s), 3 replay(s)
    heavier.w = tj::opaque<Float>(7.f);
    heavier.extra = tj::opaque<Float>(2.f);
    compare("under a macro", lanes);
    // CHECK-NEXT: under a macro: equals unfrozen, as C++; 1 recording(s), 4 replay(s)
    return failures;
}
