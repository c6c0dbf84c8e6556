// tests/plugin/driver/rewrite-tool.cpp — tracejit-rewrite prints the file as the plugin rewrites it
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck %s
// A file with nothing marked comes back unchanged.
// RUN: %rewrite %S/Inputs/plain.cpp -- -std=c++20 > %t.plain.cpp
// RUN: diff %S/Inputs/plain.cpp %t.plain.cpp
// The user's errors go to stderr and make the exit status 1.
// RUN: not %rewrite %S/Inputs/broken.cpp -- -std=c++20 2> %t.err
// RUN: %FileCheck --check-prefix=BROKEN %s < %t.err
// BROKEN: broken.cpp:4:13: error: expected expression
//
// CHECK: {{^}}// tests/plugin/driver/rewrite-tool.cpp — tracejit-rewrite prints
// CHECK: {{^}}int plain(int x) { return x; }{{$}}
// The body as written behind the check of the recording flag, then the instrumented copy (docs/tape.md, "Twins").
// CHECK: {{^\[\[}}jit::trace]] int traced(int x) {if (!::tj::tape::detail::recording()) {{\[\[likely\]\]}} {{{$}}
// CHECK-NEXT: {{^}}    int y = x * 3;{{$}}
// CHECK-NEXT: {{^}}    return y;{{$}}
// CHECK-NEXT: {{^}}} else {return {{$}}
// CHECK-NEXT: {{^}}#line 24 "{{.*}}rewrite-tool.cpp"{{$}}
// CHECK-NEXT: {{^}}[&]({{\[\[}}maybe_unused]] decltype(x) x) __attribute__((noinline, cold, minsize)) -> int {{\{.*}}__tjf
// CHECK-NEXT: {{^}}    int y = x * 3; __tjf.stmt(

int plain(int x) { return x; }

[[jit::trace]] int traced(int x) {
    int y = x * 3;
    return y;
}
