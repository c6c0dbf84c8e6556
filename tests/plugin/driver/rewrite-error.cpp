// tests/plugin/driver/rewrite-error.cpp — an error in the rewritten text of a line is reported as a `tracejit:`
// error at the user's line, showing the line as written (never the rewritten one), with its notes left out; one
// error counted
// RUN: not %clangxx %plugin -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=__tjf

// A type whose comma operator takes anything: a template-dependent expression statement records its value through
// `(EXPR, ::tj::tape::detail::Void{})` (docs/tape.md, "Values in templates"), which is then ambiguous.
struct Any {
    template <class U> Any operator,(U &&) { return *this; }
    Any operator+(int) { return *this; }
};

template <class T> [[jit::trace]] void g(T t) {
    int unchanged = 1;
    t + unchanged;
}

int main() { g(Any{}); }

// CHECK: rewrite-error.cpp:15:5: error: tracejit: use of overloaded operator ',' is ambiguous {{.*}}(in the rewritten text of this line: -fplugin-arg-tracejit-dump shows it; -fplugin-arg-tracejit-off compiles the file without recording)
// CHECK-NEXT: {{^}}   15 |     t + unchanged;{{$}}
// CHECK-NEXT: ^
// CHECK-NEXT: 1 error generated.
