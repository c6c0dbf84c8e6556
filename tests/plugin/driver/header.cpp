// tests/plugin/driver/header.cpp — a marked function in a header included with quotes is rewritten
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck --check-prefix=OUT %s
//
// Only the header holds a mark, so only it is rewritten and printed.
// CHECK-NOT: tracejit-dump: {{.*}}header.cpp
// CHECK: {{^}}// tracejit-dump: {{.*}}Inputs/marked_header.h
// CHECK: {{^\[\[}}jit::trace]] inline int twice {{_Pragma\([^)]*\) _Pragma\([^)]*\) }}(int x) {if (!::tj::tape::detail::recording())
// CHECK: {{^}}#line 4 "{{.*}}Inputs/marked_header.h"{{$}}
// CHECK-NEXT: {{^}}[&]({{\[\[}}maybe_unused]] decltype(x) x) __attribute__((noinline, cold, minsize)) -> int {{\{.*}}__tjf
// CHECK-NOT: tracejit-dump
#include "Inputs/marked_header.h"

#include <cstdio>

int main() {
    std::printf("twice(21) = %d\n", twice(21));
    // OUT: twice(21) = 42
}
