// tests/plugin/driver/line.cpp — rewriting keeps __LINE__ and diagnostics on the user's lines
// RUN: %trace_cxx -Wdeprecated-declarations %s -o %t 2>&1 | %FileCheck --implicit-check-not=error: %s
// RUN: %t | %FileCheck --check-prefix=OUT %s

#include <cstdio>

[[deprecated("use new_api")]] inline int old_api() { return 1; }

[[jit::trace]] int where(int x) {
    int before = __LINE__;
    int y = x + old_api();
    // CHECK: line.cpp:[[@LINE-1]]:17: warning: 'old_api' is deprecated: use new_api
    int after = __LINE__;
    return (after - before) * 100 + y;
}

int main() {
    std::printf("where(1) = %d\n", where(1));
    // OUT: where(1) = 302
    std::printf("main line %d\n", __LINE__);
    // OUT: main line [[# @LINE - 1]]
}
