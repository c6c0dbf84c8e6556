// tests/plugin/statements/arrays.cpp — tj arrays in a marked function: the tape shows type, size, state and id,
// and the contents once evaluated; recording never evaluates an array
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include <tracejit/tracejit.h>

#include <cstdio>

[[jit::trace]] float norm2(tj::Float x) {
    tj::Float y = x * x + 1.f;
    tj::Float total = tj::sum(y);
    return total.read(0);
}

int main() {
    tj::Float x({1.f, 2.f, 3.f});
    tj::reset_kernel_stats();
    tj::tape::Tape tape = tj::track(norm2, x);
    std::fputs(tj::tape::printlevels(*tape, 2).c_str(), stdout);
    // CHECK: norm2(tj::Float[3] evaluated r{{[0-9]+}} [1, 2, 3]) → 17.0 : float
    // CHECK-NEXT: @1: [arg x] tj::Float[3] evaluated r{{[0-9]+}} [1, 2, 3] : tj::Float
    // CHECK-NEXT: @2: [arrays.cpp:11] tj::Float y = x * x + 1.f reads @1 → tj::Float[3] lazy r{{[0-9]+}}
    // CHECK-NEXT: @3: [arrays.cpp:12] tj::Float total = tj::sum(y) reads @2 → tj::Float[1] evaluated r{{[0-9]+}} [17]
    // CHECK-NEXT: @4: [arrays.cpp:13] return total.read(0) reads @3 → 17.0
    // Recording the lazy y did not evaluate it: the one kernel ran for the sum.
    std::printf("%s kernels: %llu\n", tj::kernel_stats().launches == 1 ? "ok" : "FAIL",
                static_cast<unsigned long long>(tj::kernel_stats().launches));
    // CHECK: ok kernels: 1
    const tj::tape::Node &y = (*tape)[2];
    std::printf("%s value kind\n", y.value_kind() == tj::tape::ValueKind::Array && y.type_name() == "tj::Float" ? "ok" : "FAIL");
    // CHECK: ok value kind
}
