// tests/plugin/exit/full_disk.cpp — a full disk (RLIMIT_FSIZE) stops the tape, never the program
// The file stops growing at the limit (writes fail with EFBIG, and the SIGXFSZ they raise never reaches the
// program); tracejit says so in one line on stderr, the program's output and status are the plain build's, and
// what was written stays readable.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx %s -o %t
// RUN: %bare_clangxx -Wno-unknown-attributes -I%S/../../../include %s -o %t.plain
// RUN: env TRACEJIT_TAPE=%t.dir %python %S/../Inputs/file_size_limit.py 131072 %t > %t.out 2> %t.err
// RUN: %t.plain > %t.plain.out
// RUN: diff %t.out %t.plain.out
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// RUN: %inspect %t.dir/*.tjtape --calls | %FileCheck --check-prefix=CALLS %s
// RUN: %inspect %t.dir/*.tjtape --call 0 --depth 2 | %FileCheck %s

#include <cstdio>

[[jit::trace]] long step(long s, long i) { return s + i % 7; }

[[jit::trace]] int main() {
    long s = 0;
    for (long i = 0; i < 3000000; ++i)
        s = step(s, i);
    std::printf("%ld\n", s);
    return 0;
}
// ERR: tracejit: TRACEJIT_TAPE: cannot write {{.*}}.tjtape (File too large — the file size limit); the tape ends at its last complete chunk and the program runs on unrecorded
// ERR-NOT: tracejit
// CALLS: 0: main
// CALLS-NEXT: note: the file has no index (the program ended before finishing it); its chunks were read
// CHECK: main()  (unfinished: the tape ends here (the program was killed before it finished the file))   [full_disk.cpp:20]
// CHECK-NEXT: @1: [full_disk.cpp:21] long s = 0 → 0
