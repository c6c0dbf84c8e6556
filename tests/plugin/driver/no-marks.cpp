// tests/plugin/driver/no-marks.cpp — a file without a jit attribute is compiled unchanged, with no pre-pass
// Nothing is rewritten (dump prints nothing) and the program links without libtracejit.
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump %s -o %t 2>&1 | count 0
// RUN: %t | %FileCheck --check-prefix=OUT %s
//
// Whether to pre-parse is decided by looking for the attribute namespace in the text of the main file and of the
// files it includes, found through the user's include folders (this file avoids spelling it even in comments).
// System headers are never read: a mark reachable only through an -isystem folder is not looked for, no pre-pass
// runs and nothing is rewritten, which shows the pre-pass was skipped. Through -I the same header is found and
// rewritten.
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -DANGLED -isystem %S/Inputs %s -o %t.system 2>&1 | count 0
// RUN: %t.system | %FileCheck --check-prefix=ANGLED %s
// RUN: %trace_cxx -fplugin-arg-tracejit-dump -DANGLED -I%S/Inputs %s -o %t.angled 2>&1 | %FileCheck --check-prefix=DUMP %s
// DUMP: {{^}}// tracejit-dump: {{.*}}Inputs/marked_header.h
// DUMP: __tjf.stmt(
// RUN: %t.angled | %FileCheck --check-prefix=ANGLED %s

#include <cstdio>
#ifdef ANGLED
#include <marked_header.h>
#endif

int add(int a, int b) { return a + b; }

int main() {
    std::printf("add = %d\n", add(2, 3));
    // OUT: add = 5
#ifdef ANGLED
    std::printf("twice = %d\n", twice(4));
    // ANGLED: twice = 8
#endif
}
