// tests/plugin/compile/base-pointer.cpp — a function whose inline asm takes an operand in rbx, x86-64's base
// pointer of a frame with an over-aligned local and alloca, is not instrumented (its recording copy crashed: LLVM
// loads the operand over the base pointer, through which that copy addresses its Frame); the program runs as
// written, and -Wunrecorded says why (x86-64 only, as the asm)
// RUN: %trace_cxx -O2 -Wno-vla-cxx-extension %s -o %t 2>&1 | %FileCheck --allow-empty --implicit-check-not=warning: %s
// RUN: %t | %FileCheck --check-prefix=OUT %s
// RUN: rm -rf %t.tapes && mkdir %t.tapes && env TRACEJIT_TAPE=%t.tapes %t | %FileCheck --check-prefix=OUT %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wunrecorded -Wno-vla-cxx-extension -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=WARN %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wunrecorded -Wno-vla-cxx-extension -fsanitize=address -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=ASAN %s

#include <cstdio>

[[jit::trace]] long operand_b(long n) {
    // WARN: base-pointer.cpp:[[# @LINE - 1]]:21: warning: tracejit: 'operand_b' is not instrumented: its inline asm takes an operand in rbx, which is the base pointer of a frame with both an over-aligned local and alloca or a variable-length array on x86-64 {{.*}} [-fplugin-arg-tracejit-Wunrecorded]
    alignas(64) double buf[8];
    for (int i = 0; i < 8; ++i)
        buf[i] = i;
    char *p = static_cast<char *>(__builtin_alloca(n));
    p[0] = 1;
    asm volatile("nop" : : "b"(n + 7));
    long s = 0;
    for (int i = 0; i < 8; ++i)
        s += static_cast<long>(buf[i]);
    return s + p[0];
}

[[jit::trace]] long register_variable(long n) {
    // WARN: base-pointer.cpp:[[# @LINE - 1]]:21: warning: tracejit: 'register_variable' is not instrumented: its inline asm takes an operand in rbx
    alignas(64) double buf[8];
    for (int i = 0; i < 8; ++i)
        buf[i] = i;
    char vla[n];
    vla[0] = 2;
    register long r asm("rbx") = n;
    asm volatile("" : : "r"(r));
    long s = 0;
    for (int i = 0; i < 8; ++i)
        s += static_cast<long>(buf[i]);
    return s + vla[0];
}

// Without the over-aligned local the frame needs no base pointer: recorded as usual, except under AddressSanitizer,
// which aligns the alloca to 32 bytes.
[[jit::trace]] long no_realignment(long n) {
    // WARN-NOT: 'no_realignment'
    // ASAN: base-pointer.cpp:[[# @LINE - 2]]:21: warning: tracejit: 'no_realignment' is not instrumented: its inline asm takes an operand in rbx, which is the base pointer of a frame with alloca or a variable-length array under AddressSanitizer on x86-64
    char *p = static_cast<char *>(__builtin_alloca(n));
    p[0] = 3;
    asm volatile("nop" : : "b"(n));
    return p[0];
}

int main() {
    std::printf("%ld %ld %ld\n", operand_b(16), register_variable(16), no_realignment(16));
    // OUT: 29 30 3
}
