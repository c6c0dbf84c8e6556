// tests/plugin/symbolic/tape.cpp — the tape shows a symbolic branch and a symbolic loop as such: one Branch or Loop
// node with the condition's source and the value "symbolic" (no way taken, no iteration number), followed once by
// the statements of the bodies as traced; a host branch next to it is recorded as before. The JSON, DOT and HTML
// exports and a saved and loaded tape file show the same nodes.
// RUN: %trace_cxx %s -o %t
// RUN: %t %t.tjtape | %FileCheck %s

#include <tracejit/tracejit.h>

#include <cstdio>
#include <iostream>
#include <string>

using tj::Float;
using tj::Int32;

[[jit::trace]] Float shrink(Float x, bool twice) {
    Int32 steps = 0;
    while (x > 1.f) {
        x = x * 0.5f;
        steps += 1;
    }
    if (x < 0.25f)
        x = x + 1.f;
    else
        x = x - 1.f;
    if (twice)
        x = x * 2.f;
    return x + tj::cast<float>(steps);
}

int main(int argc, char **argv) {
    tj::tape::Tape tape = tj::track(shrink, Float({0.5f, 3.f, 9.f}), true);
    std::cout << tj::tape::printlevels(*tape, 2) << "--\n";
    // CHECK: shrink(
    // CHECK-NEXT: @1: [arg x]
    // CHECK-NEXT: @2: [arg twice] true : bool
    // CHECK-NEXT: @3: [tape.cpp:18] Int32 steps = 0 → tj::Int32[1]
    // CHECK-NEXT: @4: [tape.cpp:19] while (x > 1.f) since @1 → symbolic{{$}}
    // CHECK-NEXT: @5: [tape.cpp:20]   x = x * 0.5f reads @1 → tj::Float[3]
    // CHECK-NEXT: @6: [tape.cpp:21]   steps += 1 reads @3 → tj::Int32[{{[0-9]+}}]
    // CHECK-NEXT: @7: [tape.cpp:23] if (x < 0.25f) since @5 → symbolic{{$}}
    // CHECK-NEXT: @8: [tape.cpp:24]   x = x + 1.f reads @5 → tj::Float[3]
    // CHECK-NEXT: @9: [tape.cpp:26]   x = x - 1.f reads @{{[0-9]+}} → tj::Float[3]
    // CHECK-NEXT: @10: [tape.cpp:27] if (twice) since @2 → true  (then)
    // CHECK-NEXT: @11: [tape.cpp:28]   x = x * 2.f reads @9 → tj::Float[3]
    // CHECK-NEXT: @12: [tape.cpp:29] return x + tj::cast<float>(steps) reads @6,@11 → tj::Float[3]
    // CHECK-NEXT: --

    const tj::tape::Node &loop = (*tape)[4], &branch = (*tape)[7];
    std::cout << tj::tape::kind_name(loop.kind()) << " " << loop.value_string() << " : " << loop.type_name()
              << " iteration " << loop.iteration() << "\n";
    std::cout << tj::tape::kind_name(branch.kind()) << " " << branch.value_string() << " taken '" << branch.taken()
              << "'\n";
    // CHECK-NEXT: Loop symbolic : tj::Bool iteration 0
    // CHECK-NEXT: Branch symbolic taken ''

    std::string json = tj::tape::to_json(*tape);
    std::cout << (json.find("\"text\": \"while (x > 1.f)\"") != std::string::npos ? "json loop" : "FAIL json") << "\n";
    std::cout << (json.find("\"value\": \"symbolic\"") != std::string::npos ? "json symbolic" : "FAIL json") << "\n";
    // CHECK-NEXT: json loop
    // CHECK-NEXT: json symbolic
    std::string dot = tj::tape::to_dot(*tape);
    std::cout << (dot.find("while (x > 1.f) → symbolic\"") != std::string::npos ? "dot loop" : "FAIL dot") << "\n";
    // CHECK-NEXT: dot loop
    std::string html = tj::tape::to_html(*tape);
    std::cout << (html.find("if (x &lt; 0.25f) since @5 → symbolic") != std::string::npos ? "html branch" : "FAIL html")
              << "\n";
    // CHECK-NEXT: html branch

    // A saved tape loads with the same lines.
    tj::tape::save(*tape, argv[1]);
    tj::tape::Tape loaded = tj::tape::load(argv[1]);
    std::cout << (tj::tape::printlevels(*loaded, 2) == tj::tape::printlevels(*tape, 2) ? "loaded same" : "FAIL load")
              << "\n";
    // CHECK-NEXT: loaded same
    (void)argc;
}
