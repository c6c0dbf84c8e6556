// tests/plugin/fastpath/fast-calls.cpp — the bodies as written of twinned functions call one another's test-free
// copies (plugin/fast_calls.h), so a chain of small marked functions is inlined as deep as in the plain build: a
// 16-level recursive template, whose levels each keep their cold recording call, would break after about 11 levels
// (checked with -fplugin-arg-tracejit-no-fast-calls); with a tape, every level is still recorded. A constructor whose
// initializers have effects before its body's test (a counter, a base class), called from unmarked code, runs them
// once, as in the plain build. A constructor whose initializers may throw (each an `invoke`, so its test is not in
// its entry block) tests before its entry: unmarked code runs one test, then the test-free copy of it all, and the
// recording way is one cold call (`.tj_rec`), where the inlined tests of its members' constructors, with their
// recording calls, used to pile up (a parser's grammar of a hundred rules took minutes to optimize). An unmarked
// template over marked operators, called from a marked function, has a test-free copy of its own, inlined there as
// in the plain build; an unmarked function that starts a tape from such a copy still records.
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o - | %FileCheck --check-prefix=IR %s
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o - | %FileCheck --check-prefix=SPLIT %s
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o - | %FileCheck --check-prefix=FOLD %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-fast-calls -O2 -S -emit-llvm %s -o - | %FileCheck --check-prefix=NOFAST %s
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck %s
// RUN: ls %t.dir | count 1

#include <tracejit/tape.h>

#include <cstdio>

template <int N> struct Level {
    [[jit::trace]] static void step(unsigned &acc, const unsigned *p) {
        Level<N - 1>::step(acc, p);
        unsigned v = p[N - 1] * 2654435761u + 12345u;
        acc += v ^ (v >> 7);
    }
};

template <> struct Level<0> {
    [[jit::trace]] static void step(unsigned &, const unsigned *) {}
};

// The whole chain is inlined into the loop: no call of a level is left in sum.
// IR-LABEL: define {{.*}}@_Z3sumPKji(
// IR-NOT: call {{.*}}@_ZN5LevelILi
// IR: {{^}}}
// Without the copies, the chain breaks on the way.
// NOFAST-LABEL: define {{.*}}@_Z3sumPKji(
// NOFAST: call {{.*}}@_ZN5LevelILi
[[jit::trace]] unsigned sum(const unsigned *p, int rounds) {
    unsigned acc = 0;
    for (int r = 0; r < rounds; ++r)
        Level<16>::step(acc, p);
    return acc;
}
// The test-free copies are internal.
// IR: define internal {{.*}}@_ZN5LevelILi{{[0-9]+}}EE4stepERjPKj.tj_fast(

static int events = 0;

struct Base {
    [[jit::trace]] Base() { events += 1; }
    [[jit::trace]] ~Base() { events += 100; }
};

struct Counted : Base {
    int id;
    int twice;
    [[jit::trace]] explicit Counted(int t) : id(events++), twice(2 * t) { events += 10; }
    [[jit::trace]] ~Counted() { events += 1000; }
};

// Unmarked: it calls the constructors themselves (a marked caller's copy would call their copies).
int make_three() {
    int s = 0;
    for (int i = 0; i < 3; ++i) {
        Counted c(i);
        s += c.twice + c.id;
    }
    return s;
}

struct Part {
    int v;
    [[jit::trace]] explicit Part(int x) : v(x * 3) {
        if (x < 0)
            throw x;
    }
    [[jit::trace]] ~Part() { events += 1; }
};

// `b(x + 1)` is an invoke: `a` is destroyed should it throw.
struct Whole {
    Part a, b;
    [[jit::trace]] explicit Whole(int x) : a(x), b(x + 1) { events += 10000; }
};

// One test of the flag; the way taken without a recording holds no call.
// SPLIT-LABEL: define {{.*}}@_Z10make_wholei(
// SPLIT: load {{.*}}@_ZN2tj4tape6detail11g_recordingE
// SPLIT-NOT: g_recordingE
// SPLIT: call {{.*}}@_ZN5WholeC2Ei.tj_rec(
// SPLIT-NOT: g_recordingE
// SPLIT: {{^}}}
// SPLIT: define internal {{.*}}@_ZN5WholeC2Ei.tj_rec({{.*}} #[[REC:[0-9]+]]
// SPLIT: attributes #[[REC]] = { cold minsize {{.*}}noinline {{.*}}optsize
int make_whole(int x) {
    Whole w(x);
    return w.a.v + w.b.v;
}

[[jit::trace]] int marked_whole(int x) {
    Whole w(x);
    return w.a.v + w.b.v;
}

struct Val {
    double x;
};
struct Ptr {
    const Val *p;
};
[[jit::trace]] inline Val operator+(Val a, Val b) { return Val{a.x + b.x}; }
[[jit::trace]] inline Val operator*(Val a, Val b) { return Val{a.x * b.x}; }
[[jit::trace]] inline Val operator-(Val a, Val b) { return Val{a.x - b.x}; }
[[jit::trace]] inline bool operator!=(Ptr a, Ptr b) { return a.p != b.p; }
[[jit::trace]] inline Ptr &operator++(Ptr &a) {
    ++a.p;
    return a;
}
[[jit::trace]] inline const Val &operator*(Ptr a) { return *a.p; }

// Unmarked, as a library's algorithm is, over marked operators: a marked caller's copy calls its test-free copy,
// in which the operators' copies are called, so it is inlined as in the plain build. Judged with the operators'
// tests and recording calls inlined into it, it was not (an outside benchmark ran 1.25x slower marked).
template <class It, class T> T fold(It first, It last, T init) {
    for (; first != last; ++first)
        init = init + *first * *first - *first;
    return init;
}

// FOLD-LABEL: define {{.*}}@_Z5totalPK3Valii(
// FOLD-NOT: call {{.*}}@_Z4fold
// FOLD: {{^}}}
[[jit::trace]] double total(const Val *v, int n, int rounds) {
    double s = 0;
    for (int r = 0; r < rounds; ++r)
        s += fold(Ptr{v}, Ptr{v + n}, Val{0.5}).x;
    return s;
}

[[jit::trace]] int leaf(int x) { return x + 1; }

// Unmarked and reaching a twin, so the copy of calls_tracker calls a copy of it; the tape it starts still records
// leaf: tj::track calls its callable through a function never inlined, where no copy is made.
int track_inside(int x) {
    tj::tape::Context everything;
    tj::tape::Tape t = tj::track(everything, [&] { return leaf(x) * 2; });
    std::printf("%s", tj::tape::printlevels(*t, 5).c_str());
    return leaf(x);
}

[[jit::trace]] int calls_tracker(int x) { return track_inside(x) + leaf(x); }

int main() {
    unsigned data[16];
    for (unsigned i = 0; i < 16; ++i)
        data[i] = i * i + 1;
    std::printf("%u\n", sum(data, 1000));
    // The sums of a plain build (-O0, without the plugin).
    // CHECK: 1012675112
    int s = make_three();
    std::printf("make_three %d, events %d\n", s, events);
    // Per object: Base() +1, id(events++) +1, the body +10, ~Counted +1000, ~Base +100.
    // CHECK: make_three 3345, events 3336
    std::printf("wholes %d %d, events %d\n", make_whole(2), marked_whole(3), events);
    // Per Whole: its body +10000, two ~Part +1 each.
    // CHECK: wholes 15 21, events 23340
    tj::tape::Tape tape;
    tj::tape::Context everything;
    tape = tj::track(everything, sum, data, 1);
    std::printf("%s", tj::tape::printlevels(*tape, 20).c_str());
    // CHECK: sum({{.*}}, 1) → 1087639401 : unsigned int
    // CHECK: Level::step<16>(0,
    // CHECK: Level::step<1>(
    // CHECK: Level<0>::step()
    Val vals[3] = {{1}, {2}, {4}};
    std::printf("total %g\n", total(vals, 3, 10));
    // CHECK: total 145
    tape = tj::track(everything, total, vals, 2, 1);
    std::printf("%s", tj::tape::printlevels(*tape, 20).c_str());
    // The unmarked fold's calls of the marked operators are recorded as calls of total.
    // CHECK: total({{.*}}, 2, 1) → 2.5 : double
    // CHECK: operator!=(Ptr, Ptr) → true
    // CHECK: operator*(Val, Val)
    // CHECK: operator+(Val, Val)
    // CHECK: operator-(Val, Val)
    // CHECK: operator++(Ptr)
    // CHECK: operator!=(Ptr, Ptr) → true
    // CHECK: operator++(Ptr)
    // CHECK: operator!=(Ptr, Ptr) → false
    std::printf("calls_tracker %d\n", calls_tracker(5));
    // CHECK: leaf(5) → 6 : int
    // CHECK: calls_tracker 12
    tape = tj::track(everything, marked_whole, 4);
    std::printf("%s", tj::tape::printlevels(*tape, 20).c_str());
    // The members' constructors run before Whole's frame opens: they are calls of marked_whole.
    // CHECK: marked_whole(4) → 27 : int
    // CHECK: Part::Part(4)
    // CHECK: Part::Part(5)
    // CHECK: Whole::Whole(4)
    // CHECK: events += 10000
    // CHECK: Part::~Part()
    // CHECK: Part::~Part()
}
