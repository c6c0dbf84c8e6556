// tests/plugin/fastpath/load-time.cpp — whether anything records is decided when libtracejit_tape loads, so the first
// marked call of a process already runs its body as written when TRACEJIT_TAPE is not set (docs/tape.md, "Twins")
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t | %FileCheck --check-prefix=PLAIN %s
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck --check-prefix=TAPE %s
// RUN: ls %t.dir | count 1

#include <tracejit/generated/tape_hooks.h>

#include <cstdio>

[[jit::trace]] int twice(int k) { return 2 * k; }

// Before any marked call: 0 without TRACEJIT_TAPE (nothing left to read), nonzero with it.
const unsigned flag_at_start = tj::tape::detail::g_recording;

int main() {
    std::printf("flag at start %u\n", flag_at_start);
    std::printf("%d\n", twice(21));
    std::printf("flag after %u\n", tj::tape::detail::g_recording);
}
// PLAIN: flag at start 0
// PLAIN-NEXT: 42
// PLAIN-NEXT: flag after 0
// TAPE: flag at start 2
// TAPE-NEXT: 42
// TAPE-NEXT: flag after 2
