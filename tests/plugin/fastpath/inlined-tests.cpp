// tests/plugin/fastpath/inlined-tests.cpp — the marked calls inlined into a fast body share its test of the flag, even
// across calls the compiler cannot see into, so their recording copies (and the objects they would be given) vanish
// from it: a `new` of an object with a marked constructor is removed with its `delete`; tj::track, called from a fast
// body, still records the marked functions it calls (docs/tape.md, "The flag")
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o - | %FileCheck --check-prefix=IR %s
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck %s

#include <tracejit/tape.h>

#include <cstdio>

class Point {
  public:
    [[jit::trace]] Point(double x, double y) : m_x(x), m_y(y) { m_norm = x * x + y * y; }
    [[jit::trace]] double norm() const { return m_norm + 0 * m_x * m_y; }

  private:
    double m_x, m_y, m_norm;
};

// The loop allocates nothing and calls no recording copy of Point's: one test, at the entry.
// IR-LABEL: define {{.*}}@_Z9sum_normsl(
// IR-NOT: @_Znwm
// IR-NOT: @_ZZN5Point
// IR: {{^}}}
[[jit::trace]] double sum_norms(long n) {
    double s = 0;
    for (long i = 0; i < n; ++i) {
        Point *p = new Point(static_cast<double>(i), 1.0);
        s += p->norm();
        delete p;
    }
    return s;
}

[[jit::trace]] int twice(int x) { return 2 * x; }

// twice is inlined here, its test folded into run's; tj::track, inlined too (forced), calls twice out of line, where
// the flag is read again: it records.
[[jit::trace]] int run(int n) {
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += twice(i);
    tj::tape::Tape tape;
    tj::tape::Context everything;
    [[clang::always_inline]] tape = tj::track(everything, twice, s);
    std::printf("%s", tj::tape::printlevels(*tape, 1).c_str());
    return s;
}

int main() {
    std::printf("%.0f\n", sum_norms(1000));
    // CHECK: 332834500
    std::printf("%d\n", run(10));
    // CHECK: twice(90) → 180 : int
    // CHECK: 90
}
