// tests/plugin/statements/exception.cpp — an exception leaving marked functions closes their frames, is recorded on
// each Call it leaves, and leaves the tape usable; the program's behaviour is unchanged
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <stdexcept>

[[jit::trace]] double checked_sqrt(double x) {
    if (x < 0)
        throw std::domain_error("negative input");
    return x / 2;
}
// The body is wrapped in a handler that records the exception and rethrows it, on the line of the closing brace.
// REWRITE: {{^}} } catch (...) { __tjf.thrown(); throw; } }(x);}}{{$}}

[[jit::trace]] double pipeline(double x) {
    double y = x - 10;
    double r = checked_sqrt(y);
    return r + 1;
}

int main() {
    try {
        tj::track(pipeline, 4.0);
    } catch (const std::domain_error &e) {
        std::cout << "caught: " << e.what() << "\n";
        // CHECK: caught: negative input
    }
    tj::tape::Tape tape = tj::tape::take_last();
    std::cout << tj::tape::printlevels(*tape, 3);
    std::cout << "pipeline exception: " << tape->exception() << "\n";
    std::cout << "checked_sqrt exception: " << (*tape)[3].exception() << "\n";
    // Recording goes on normally afterwards.
    std::cout << tj::tape::printlevels(*tj::track(pipeline, 14.0), 1);
    // CHECK: pipeline(4.0) → threw std::domain_error: negative input   [exception.cpp:20]
    // CHECK-NEXT: @1: [arg x] 4.0 : double
    // CHECK-NEXT: @2: [exception.cpp:21] double y = x - 10 reads @1 → -6.0
    // CHECK-NEXT: @3: [exception.cpp:12] checked_sqrt(-6.0) → threw std::domain_error: negative input
    // CHECK-NEXT: @1: [arg x] -6.0 : double
    // CHECK-NEXT: @2: [exception.cpp:13] if (x < 0) since @1 → true  (then)
    // CHECK-NEXT: @3: [exception.cpp:14]   throw std::domain_error("negative input")
    // CHECK-NEXT: pipeline exception: std::domain_error: negative input
    // CHECK-NEXT: checked_sqrt exception: std::domain_error: negative input
    // CHECK-NEXT: pipeline(14.0) → 3.0 : double   [exception.cpp:20]
}
