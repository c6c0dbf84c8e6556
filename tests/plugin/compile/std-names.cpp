// tests/plugin/compile/std-names.cpp — what the plugin injects changes no name lookup in the user's code: with
// `using namespace std;`, classes of the user's named like the std names tracejit's headers declare stay
// unambiguous, and a marked build includes no standard header that the plain build does not
// The injected tracejit/generated/tape_hooks.h includes no standard header (tracejit's own come with
// tracejit/tape.h, only into a file that includes a tracejit header: prepass.cpp).
// RUN: %bare_clangxx -fsyntax-only -MD -MF %t.plain.d %s
// RUN: tr -s ' \\' '\n\n' < %t.plain.d | grep '^/' | sort -u > %t.plain
// RUN: %clangxx %plugin -fsyntax-only -MD -MF %t.marked.d %s
// RUN: tr -s ' \\' '\n\n' < %t.marked.d | grep '^/' | grep -v '/tracejit/' | sort -u > %t.marked
// RUN: diff %t.plain %t.marked
// RUN: %trace_cxx -Wall -Wextra %s -o %t 2>&1 | count 0
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir %t.dir && env TRACEJIT_TAPE=%t.dir %t | %FileCheck %s
// RUN: %inspect %t.dir/*.tjtape | %FileCheck --check-prefix=TAPE %s
// REQUIRES: inspect

#include <cstdio>

using namespace std;

// Named like what <span>, <string>, <string_view>, <vector>, <exception>, <utility>, <type_traits>, <concepts>
// and <tuple> declare (tracejit/tape.h and tracejit/array.h include them).
struct span { int n; };
struct string { const char *data() const { return "own"; } unsigned long size() const { return 3; } };
struct string_view { int n; };
struct vector { int n; };
struct exception { int n; };
struct exception_ptr { int n; };
struct pair { int a, b; };
struct tuple { int n; };
struct is_same { int n; };
struct true_type { int n; };
struct integral_constant { int n; };
struct remove_cvref { int n; };
struct type_identity { int n; };
struct integral { int n; };
struct same_as { int n; };
struct initializer_list { int n; };
struct allocator { int n; };
struct basic_string { int n; };
struct char_traits { int n; };

[[jit::trace]] int total(span s, vector v, pair p) {
    string_view sv{s.n};
    exception e{v.n};
    exception_ptr ep{p.a};
    tuple t{p.b};
    is_same same{1};
    true_type yes{1};
    integral_constant ic{1};
    remove_cvref rc{1};
    type_identity ti{1};
    integral in{1};
    same_as sa{1};
    initializer_list il{1};
    allocator al{1};
    basic_string bs{1};
    char_traits ct{1};
    string own;
    int sum = sv.n + e.n + ep.n + t.n + same.n + yes.n + ic.n + rc.n + ti.n + in.n + sa.n + il.n + al.n + bs.n +
              ct.n + static_cast<int>(own.size());
    return sum;
}

int main() {
    std::printf("%d\n", total(span{1}, vector{2}, pair{3, 4}));
    // CHECK: 24
}
// TAPE: total(span{{.*}}) → 24 : int
// TAPE: string own → string
