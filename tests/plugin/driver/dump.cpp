// tests/plugin/driver/dump.cpp — -fplugin-arg-tracejit-dump prints each rewritten file, headed by its name
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck %s
//
// The whole file is printed, unmarked code as written; the mark on the declaration of twice() carries to its
// definition, which is rewritten: its body as written, then the instrumented copy after a `#line` directive that
// numbers it as the user's lines. Only rewritten files are printed, once each.
// CHECK: {{^}}// tracejit-dump: {{.*}}dump.cpp
// CHECK-NEXT: {{^}}// tests/plugin/driver/dump.cpp — -fplugin-arg-tracejit-dump
// CHECK: {{^}}int untouched(int x) { return x - 1; }{{$}}
// CHECK: {{^}}int twice {{_Pragma\([^)]*\) _Pragma\([^)]*\) }}(int x) {if (!::tj::tape::detail::recording()) {{\[\[likely\]\]}} {{{$}}
// CHECK-NEXT: {{^}}    int y = x + x;{{$}}
// CHECK-NEXT: {{^}}    return y;{{$}}
// CHECK-NEXT: {{^}}} else {return {{$}}
// CHECK-NEXT: {{^}}#line 26 "{{.*}}dump.cpp"{{$}}
// CHECK-NEXT: {{^}}[&]({{\[\[}}maybe_unused]] decltype(x) x) __attribute__((noinline, cold, minsize)) -> int {{\{.*}}__tjf
// CHECK-NEXT: {{^}}    int y = x + x;
// CHECK-NEXT: {{^}}    {{.*}}return y;
// CHECK-NEXT: {{^}} }
// CHECK-SAME: }(x);}} _Pragma("clang diagnostic pop"){{$}}
// CHECK-NOT: tracejit-dump

int untouched(int x) { return x - 1; }

[[jit::trace]] int twice(int x);

int twice(int x) {
    int y = x + x;
    return y;
}
