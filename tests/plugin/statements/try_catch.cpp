// tests/plugin/statements/try_catch.cpp — try/catch inside a marked function: handlers record the exception variable
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <stdexcept>
#include <string>

[[jit::trace]] int guarded(int x) {
    int r = 0;
    try {
        if (x < 0) throw std::invalid_argument("negative");
        // REWRITE: {{[{][{]}}__tjf.stmt([[#]]); throw std::invalid_argument("negative");}}
        r = x;
    } catch (const std::invalid_argument &e) {
        // REWRITE: } catch (const std::invalid_argument &e) {__tjf.stmt([[#]], e);
        r = -1;
    } catch (...) {
        // REWRITE: } catch (...) {__tjf.stmt([[#]]);
        r = -2;
    }
    return r;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(guarded, 4), 2);
    std::cout << tj::tape::printlevels(*tj::track(guarded, -4), 2);
    // CHECK: guarded(4) → 4 : int   [try_catch.cpp:12]
    // CHECK-NEXT: @1: [arg x] 4 : int
    // CHECK-NEXT: @2: [try_catch.cpp:13] int r = 0 → 0
    // CHECK-NEXT: @3: [try_catch.cpp:15]   if (x < 0) since @1 → false  (else)
    // CHECK-NEXT: @4: [try_catch.cpp:17]   r = x reads @1 → 4
    // CHECK-NEXT: @5: [try_catch.cpp:25] return r reads @4 → 4
    // CHECK-NEXT: guarded(-4) → -1 : int   [try_catch.cpp:12]
    // CHECK-NEXT: @1: [arg x] -4 : int
    // CHECK-NEXT: @2: [try_catch.cpp:13] int r = 0 → 0
    // CHECK-NEXT: @3: [try_catch.cpp:15]   if (x < 0) since @1 → true  (then)
    // CHECK-NEXT: @4: [try_catch.cpp:15]     throw std::invalid_argument("negative")
    // CHECK-NEXT: @5: [try_catch.cpp:18]   catch (const std::invalid_argument &e) → std::invalid_argument
    // CHECK-NEXT: @6: [try_catch.cpp:20]   r = -1 → -1
    // CHECK-NEXT: @7: [try_catch.cpp:25] return r reads @6 → -1
}
