// tests/plugin/statements/blocks.cpp — nested blocks (nesting), labels and goto, null statements, lambdas in the body
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] int blocks(int x) {
    int y = x;
    {
        int z = y + 1;
        {
            y = z * 2;
        }
    }
    ;
    // REWRITE: {{^}}    ;{{$}}
    int tries = 0;
again:
    tries += 1;
    if (tries < 2) goto again;
    // REWRITE: if (__tjf.cond([[#]], static_cast<bool>(tries < 2))) {{[{][{]}}__tjf.stmt([[#]]); goto again;}}
    auto add = [y](int v) { int w = v + y; return w; };
    // REWRITE: auto add = [y](int v) { int w = v + y; return w; }; __tjf.stmt([[#]], add);
    return add(tries);
}

int main() {
    auto tape = tj::track(blocks, 4);
    std::cout << tj::tape::printlevels(*tape, 2);
    for (const tj::tape::Node &n : tape->children())
        std::cout << n.index() << ":" << n.nesting() << " ";
    std::cout << "\n";
    // CHECK: blocks(4) → 12 : int   [blocks.cpp:10]
    // CHECK-NEXT: @1: [arg x] 4 : int
    // CHECK-NEXT: @2: [blocks.cpp:11] int y = x reads @1 → 4
    // CHECK-NEXT: @3: [blocks.cpp:13]   int z = y + 1 reads @2 → 5
    // CHECK-NEXT: @4: [blocks.cpp:15]     y = z * 2 reads @3 → 10
    // CHECK-NEXT: @5: [blocks.cpp:20] int tries = 0 → 0
    // CHECK-NEXT: @6: [blocks.cpp:22] tries += 1 reads @5 → 1
    // CHECK-NEXT: @7: [blocks.cpp:23] if (tries < 2) since @6 → true  (then)
    // CHECK-NEXT: @8: [blocks.cpp:23]   goto again
    // CHECK-NEXT: @9: [blocks.cpp:22] tries += 1 reads @6 → 2
    // CHECK-NEXT: @10: [blocks.cpp:23] if (tries < 2) since @9 → false  (else)
    // CHECK-NEXT: @11: [blocks.cpp:25] auto add = [y](int v) { int w = v + y; return w; } reads @4 → (lambda at {{.*}}blocks.cpp:25:16)
    // CHECK-NEXT: @12: [blocks.cpp:27] return add(tries) reads @9,@11 → 12
    // Nesting: 0 in the body, +1 per enclosing block.
    // CHECK-NEXT: 1:0 2:0 3:1 4:2 5:0 6:0 7:0 8:1 9:0 10:0 11:0 12:0
}
