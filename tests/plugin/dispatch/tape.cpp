// tests/plugin/dispatch/tape.cpp — a call through a pointer array is one Call node on the tape, at the call's line:
// its text is the method's qualified name, its Argument nodes the pointer array ("this") and the arguments as
// written, its children the calls of marked methods that the dispatch traced (one per instance present; a method
// that is not marked leaves none), its value the dispatch's result; the statement that made it references it
// (position 0). DepthLimit makes it a leaf; JSON and a saved tape show the same node.
// RUN: %trace_cxx %s -o %t
// RUN: %t %t.tjtape | %FileCheck %s

#include <tracejit/tracejit.h>

#include <iostream>

using tj::Float;

struct Shape : tj::Object {
    virtual Float area(const Float &scale) const = 0;
    virtual void grow(float by) = 0;
    TJ_OBJECT_NO_FIELDS
};

struct Disk final : Shape {
    float r;
    explicit Disk(float radius) : r(radius) {}
    [[jit::trace]] Float area(const Float &scale) const override {
        Float a = 3.f * r * r;
        return a * scale;
    }
    void grow(float by) override { r += by; } // runs once per instance, when traced
};

struct Square final : Shape {
    float side = 2.f;
    Float area(const Float &scale) const override { return side * side * scale; } // not marked: no node
    [[jit::trace]] void grow(float by) override { side += by; }
};

[[jit::trace]] Float total(const tj::Ptr<Shape> &shapes, const Float &scale) {
    Float a = shapes->area(scale);
    shapes->grow(0.5f);
    return a + 1.f;
}

int main(int argc, char **argv) {
    Disk d1(1.f), d2(2.f);
    Square sq;
    tj::Ptr<Shape> shapes(std::vector<Shape *>{&d1, &sq, nullptr, &d2, &d1});
    tj::tape::Tape tape = tj::track(total, shapes, Float({1.f, 2.f, 3.f, 4.f, 5.f}));
    std::cout << tj::tape::printlevels(*tape, 3) << "--\n";
    // CHECK: total(
    // CHECK-NEXT: @1: [arg shapes] tj::Array<Shape *>[5] evaluated r{{[0-9]+}} [Disk#1, Square#2, nullptr, Disk#3, Disk#1]
    // CHECK-NEXT: @2: [arg scale] tj::Float[5]
    // CHECK-NEXT: @3: [tape.cpp:38] Shape::area(
    // CHECK-NEXT: @1: [arg this]
    // CHECK-NEXT: @2: [arg scale] tj::Float[5]
    // CHECK-NEXT: @3: [tape.cpp:24] Disk::area(
    // CHECK-NEXT: @4: [tape.cpp:24] Disk::area(
    // CHECK-NEXT: @4: [tape.cpp:38] Float a = shapes->area(scale) reads @1,@2,@3 → tj::Float[5]
    // CHECK-NEXT: @5: [tape.cpp:39] Shape::grow(
    // CHECK-NEXT: @1: [arg this]
    // CHECK-NEXT: @2: [arg by] 0.5 : float
    // CHECK-NEXT: @3: [tape.cpp:34] Square::grow(
    // CHECK-NEXT: @6: [tape.cpp:39] shapes->grow(0.5f) reads @1,@5
    // CHECK-NEXT: @7: [tape.cpp:40] return a + 1.f reads @4
    // CHECK-NEXT: --

    const tj::tape::Node &call = (*tape)[3];
    std::cout << tj::tape::kind_name(call.kind()) << " '" << call.text() << "' line " << call.location().line
              << " column " << call.location().column << " children " << call.children().size() << " value "
              << call.value_string() << " : " << call.type_name() << "\n";
    // CHECK-NEXT: Call 'Shape::area' line 38 column 15 children 4 value tj::Float[5] {{.*}} : tj::Float
    std::cout << "grow: " << (*tape)[5].text() << " children " << (*tape)[5].children().size() << " value '"
              << (*tape)[5].value_string() << "'\n";
    // CHECK-NEXT: grow: Shape::grow children 3 value ''
    std::cout << "disks grew: " << d1.r << " " << d2.r << ", square: " << sq.side << "\n";
    // CHECK-NEXT: disks grew: 1.5 2.5, square: 2.5

    tj::tape::DepthLimit one(1);
    tj::tape::Tape shallow = tj::track(one, total, shapes, Float({1.f, 2.f, 3.f, 4.f, 5.f}));
    std::cout << "leaf: " << (*shallow)[3].text() << " expanded " << (*shallow)[3].expanded() << " children "
              << (*shallow)[3].children().size() << "\n";
    // CHECK-NEXT: leaf: Shape::area expanded 0 children 2

    std::string json = tj::tape::to_json(*tape);
    std::cout << (json.find("\"text\": \"Shape::area\"") != std::string::npos ? "json call" : "FAIL json") << "\n";
    // CHECK-NEXT: json call
    tj::tape::save(*tape, argv[1]);
    tj::tape::Tape loaded = tj::tape::load(argv[1]);
    std::cout << (tj::tape::printlevels(*loaded, 3) == tj::tape::printlevels(*tape, 3) ? "loaded same" : "FAIL load")
              << "\n";
    // CHECK-NEXT: loaded same
    (void)argc;
}
