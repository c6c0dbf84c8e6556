// tests/plugin/statements/unsupported.cpp — what the engine does not rewrite is a warning at the function, and the
// program still compiles and runs as written
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wunrecorded -fsyntax-only -Xclang -verify %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <coroutine>
#include <cstdio>

[[jit::trace]] int guarded(int x) try { // expected-warning-re {{{{.*}}'guarded' is not instrumented: function-try-blocks are not supported}}
    return x + 1;
} catch (...) {
    return 0;
}

[[jit::trace]] consteval int ce(int x) { return x * 2; } // expected-warning-re {{{{.*}}'ce' is not instrumented: consteval functions{{.*}}}}

struct Task {
    struct promise_type {
        Task get_return_object() { return {}; }
        std::suspend_never initial_suspend() noexcept { return {}; }
        std::suspend_never final_suspend() noexcept { return {}; }
        void return_void() {}
        void unhandled_exception() {}
    };
};
[[jit::trace]] Task coro() { // expected-warning-re {{{{.*}}'coro' is not instrumented: coroutines are not supported}}
    co_return;
}

#define DEFINE_TWICE(name) int name(int x) { return 2 * x; }
[[jit::trace]] DEFINE_TWICE(twice) // expected-warning-re {{{{.*}}'twice' is not instrumented: its body comes from a macro}}

int main() {
    coro();
    std::printf("%d %d %d\n", guarded(1), ce(2), twice(3));
    // CHECK: 2 4 6
}
