// tests/plugin/dispatch/freeze.cpp — a [[jit::freeze]] function that calls through a pointer array records once and
// replays with new inputs (other objects in the lanes, null lanes, new argument values; a new host argument records
// anew); the objects' array fields (TJ_OBJECT_FIELDS: inputs found through the registry) are read at their current
// values, and a marked method calls through a member pointer array; each call equals the body run unfrozen and
// plain C++ virtual calls
// RUN: %trace_cxx %s -o %t && %t | %FileCheck %s

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using tj::Float;

struct Shape : tj::Object {
    virtual Float area(const Float &scale) const = 0;
    virtual float area_ref(float scale) const = 0;
};

struct Disk final : Shape {
    Float r = tj::opaque<Float>(1.5f);
    Float area(const Float &scale) const override { return 3.f * r * r * scale; }
    float area_ref(float scale) const override { return 3.f * r.read(0) * r.read(0) * scale; }
    TJ_OBJECT_FIELDS(r)
};

struct Square final : Shape {
    float side = 2.f; // a host float: a constant of the kernels
    [[jit::trace]] Float area(const Float &scale) const override { return side * side * scale; }
    float area_ref(float scale) const override { return side * side * scale; }
    TJ_OBJECT_NO_FIELDS
};

/// Calls through its own pointer array (one child, for every lane).
struct Group final : Shape {
    tj::Ptr<Shape> children;
    Shape *child;
    explicit Group(Shape *c) : children(c), child(c) {}
    [[jit::trace]] Float area(const Float &scale) const override { return children->area(scale) + 1.f; }
    float area_ref(float scale) const override { return child->area_ref(scale) + 1.f; }
    TJ_OBJECT_FIELDS(children)
};

[[jit::freeze]] Float total(const tj::Ptr<Shape> &shapes, const Float &scale, float k) {
    return shapes->area(scale) * k;
}

int failures = 0;

void compare(const char *what, const std::vector<Shape *> &lanes, const std::vector<float> &scale, float k = 2.f) {
    tj::Ptr<Shape> shapes(lanes);
    Float s(scale);
    std::vector<float> frozen = tj::to_vector(total(shapes, s, k));
    tj::set_flag(tj::Flag::KernelFreezing, false);
    std::vector<float> unfrozen = tj::to_vector(total(shapes, s, k));
    tj::set_flag(tj::Flag::KernelFreezing, true);
    double to_unfrozen = 0, to_cpp = 0;
    for (size_t i = 0; i < lanes.size(); ++i) {
        float cpp = lanes[i] ? k * lanes[i]->area_ref(scale[i]) : 0.f;
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
    Disk disk;
    Square square;
    Group group(&disk);
    Shape *objects[] = {&disk, &square, &group, nullptr};
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> uniform(0.5f, 2.f);
    auto random_lanes = [&](size_t n) {
        std::vector<Shape *> lanes(n);
        for (Shape *&p : lanes)
            p = objects[rng() % 4];
        return lanes;
    };
    auto random_scale = [&](size_t n) {
        std::vector<float> s(n);
        for (float &v : s)
            v = uniform(rng);
        return s;
    };
    compare("first call", random_lanes(257), random_scale(257));
    // CHECK: first call: equals unfrozen, as C++; 1 recording(s), 0 replay(s)
    compare("new lanes and scales", random_lanes(257), random_scale(257));
    // CHECK-NEXT: new lanes and scales: equals unfrozen, as C++; 1 recording(s), 1 replay(s)
    compare("again", random_lanes(257), random_scale(257));
    // CHECK-NEXT: again: equals unfrozen, as C++; 1 recording(s), 2 replay(s)
    disk.r = tj::opaque<Float>(0.75f); // read by the replay through the registry: no new recording
    compare("disk resized", random_lanes(257), random_scale(257));
    // CHECK-NEXT: disk resized: equals unfrozen, as C++; 1 recording(s), 3 replay(s)
    compare("another k", random_lanes(257), random_scale(257), 3.f); // a host value: part of the layout key
    // CHECK-NEXT: another k: equals unfrozen, as C++; 2 recording(s), 3 replay(s)
    return failures;
}
