// tests/plugin/exit/loop_tail.cpp — TRACEJIT_TAPE_LOOP=k keeps a loop's first and last k iterations, counts those between
// A loop of at most 2k iterations is recorded whole (the same text as without the limit); a longer one shows its
// first k, one Statement counting the rest but the last k, then the last k, also when the loop is nested, is left
// by break, return or an exception in its last k, and its body calls marked functions. The variables written in
// the counted iterations have that Statement as last writer; those written in the last k, their own nodes.
// REQUIRES: inspect
// RUN: rm -rf %t.all %t.loop && mkdir -p %t.all %t.loop
// RUN: %trace_cxx %s -o %t
// RUN: %t > %t.plain.out
// RUN: env TRACEJIT_TAPE=%t.all %t > %t.all.out
// RUN: env TRACEJIT_TAPE=%t.loop TRACEJIT_TAPE_LOOP=2 %t > %t.loop.out
// RUN: diff %t.all.out %t.plain.out
// RUN: diff %t.loop.out %t.plain.out
// RUN: %inspect %t.all/*.tjtape --call 0 > %t.all.0
// RUN: %inspect %t.loop/*.tjtape --call 0 > %t.loop.0
// RUN: diff %t.all.0 %t.loop.0
// RUN: %inspect %t.all/*.tjtape --call 1 > %t.all.1
// RUN: %inspect %t.loop/*.tjtape --call 1 > %t.loop.1
// RUN: diff %t.all.1 %t.loop.1
// RUN: %inspect %t.loop/*.tjtape --call 2 | %FileCheck --check-prefix=TOTAL %s
// RUN: %inspect %t.loop/*.tjtape --call 3 | %FileCheck --check-prefix=NESTED %s
// RUN: %inspect %t.loop/*.tjtape --call 4 | %FileCheck --check-prefix=BREAK %s
// RUN: %inspect %t.loop/*.tjtape --call 5 | %FileCheck --check-prefix=RETURN %s
// RUN: %inspect %t.loop/*.tjtape --call 6 | %FileCheck --check-prefix=THROW %s

#include <cstdio>
#include <stdexcept>

[[jit::trace]] int sq(int x) { return x * x; }

[[jit::trace]] int total(int n) {
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += sq(i);
    return s;
}

[[jit::trace]] int nested(int n) {
    int s = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            s += j;
        s += i;
    }
    return s;
}

[[jit::trace]] int find(int n, int stop) {
    int i = 0;
    while (i < n) {
        if (i == stop)
            break;
        ++i;
    }
    return i;
}

[[jit::trace]] int early(int n, int stop) {
    for (int i = 0; i < n; ++i) {
        if (i == stop)
            return i;
    }
    return -1;
}

[[jit::trace]] int thrower(int n, int stop) {
    int s = 0;
    for (int i = 0; i < n; ++i) {
        if (i == stop)
            throw std::runtime_error("stop");
        s += i;
    }
    return s;
}

int main() {
    std::printf("%d\n", total(4));
    std::printf("%d\n", nested(3));
    std::printf("%d\n", total(10));
    std::printf("%d\n", nested(6));
    std::printf("%d\n", find(100, 50));
    std::printf("%d\n", early(100, 60));
    try {
        std::printf("%d\n", thrower(100, 70));
    } catch (const std::exception &e) {
        std::printf("%s\n", e.what());
    }
    return 0;
}
// TOTAL: total(10) → 285 : int   [loop_tail.cpp:31]
// TOTAL-NEXT:   @1: [arg n] 10 : int
// TOTAL-NEXT:   @2: [loop_tail.cpp:32] int s = 0 → 0
// TOTAL-NEXT:   @3: [loop_tail.cpp:33] int i = 0 → 0
// TOTAL-NEXT:   @4: [loop_tail.cpp:33] for (int i = 0; i < n; ++i) since @1,@3 → true  (iteration 1)
// TOTAL-NEXT:   @5: [loop_tail.cpp:29] sq(0) → 0 : int
// TOTAL-NEXT:     @1: [arg x] 0 : int
// TOTAL-NEXT:     @2: [loop_tail.cpp:29] return x * x reads @1 → 0
// TOTAL-NEXT:   @6: [loop_tail.cpp:34]   s += sq(i) reads @2,@3,@5 → 0
// TOTAL-NEXT:   @7: [loop_tail.cpp:33]   ++i reads @3 → 1
// TOTAL-NEXT:   @8: [loop_tail.cpp:33] for (int i = 0; i < n; ++i) since @1,@7 → true  (iteration 2)
// TOTAL-NEXT:   @9: [loop_tail.cpp:29] sq(1) → 1 : int
// TOTAL-NEXT:     @1: [arg x] 1 : int
// TOTAL-NEXT:     @2: [loop_tail.cpp:29] return x * x reads @1 → 1
// TOTAL-NEXT:   @10: [loop_tail.cpp:34]   s += sq(i) reads @6,@7,@9 → 1
// TOTAL-NEXT:   @11: [loop_tail.cpp:33]   ++i reads @7 → 2
// TOTAL-NEXT:   @12: [loop_tail.cpp:33]   … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 6
// TOTAL-NEXT:   @13: [loop_tail.cpp:33] for (int i = 0; i < n; ++i) since @1,@12 → true  (iteration 9)
// TOTAL-NEXT:   @14: [loop_tail.cpp:29] sq(8) → 64 : int
// TOTAL-NEXT:     @1: [arg x] 8 : int
// TOTAL-NEXT:     @2: [loop_tail.cpp:29] return x * x reads @1 → 64
// TOTAL-NEXT:   @15: [loop_tail.cpp:34]   s += sq(i) reads @12,@14 → 204
// TOTAL-NEXT:   @16: [loop_tail.cpp:33]   ++i reads @12 → 9
// TOTAL-NEXT:   @17: [loop_tail.cpp:33] for (int i = 0; i < n; ++i) since @1,@16 → true  (iteration 10)
// TOTAL-NEXT:   @18: [loop_tail.cpp:29] sq(9) → 81 : int
// TOTAL-NEXT:     @1: [arg x] 9 : int
// TOTAL-NEXT:     @2: [loop_tail.cpp:29] return x * x reads @1 → 81
// TOTAL-NEXT:   @19: [loop_tail.cpp:34]   s += sq(i) reads @15,@16,@18 → 285
// TOTAL-NEXT:   @20: [loop_tail.cpp:33]   ++i reads @16 → 10
// TOTAL-NEXT:   @21: [loop_tail.cpp:33] for (int i = 0; i < n; ++i) since @1,@20 → false  (iteration 11)
// TOTAL-NEXT:   @22: [loop_tail.cpp:35] return s reads @19 → 285
// BREAK: find(100, 50) → 50 : int   [loop_tail.cpp:48]
// BREAK-NEXT:   @1: [arg n] 100 : int
// BREAK-NEXT:   @2: [arg stop] 50 : int
// BREAK-NEXT:   @3: [loop_tail.cpp:49] int i = 0 → 0
// BREAK-NEXT:   @4: [loop_tail.cpp:50] while (i < n) since @1,@3 → true  (iteration 1)
// BREAK-NEXT:   @5: [loop_tail.cpp:51]   if (i == stop) since @2,@3 → false  (else)
// BREAK-NEXT:   @6: [loop_tail.cpp:53]   ++i reads @3 → 1
// BREAK-NEXT:   @7: [loop_tail.cpp:50] while (i < n) since @1,@6 → true  (iteration 2)
// BREAK-NEXT:   @8: [loop_tail.cpp:51]   if (i == stop) since @2,@6 → false  (else)
// BREAK-NEXT:   @9: [loop_tail.cpp:53]   ++i reads @6 → 2
// BREAK-NEXT:   @10: [loop_tail.cpp:50]   … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 47
// BREAK-NEXT:   @11: [loop_tail.cpp:50] while (i < n) since @1,@10 → true  (iteration 50)
// BREAK-NEXT:   @12: [loop_tail.cpp:51]   if (i == stop) since @2,@10 → false  (else)
// BREAK-NEXT:   @13: [loop_tail.cpp:53]   ++i reads @10 → 50
// BREAK-NEXT:   @14: [loop_tail.cpp:50] while (i < n) since @1,@13 → true  (iteration 51)
// BREAK-NEXT:   @15: [loop_tail.cpp:51]   if (i == stop) since @2,@13 → true  (then)
// BREAK-NEXT:   @16: [loop_tail.cpp:52]     break
// BREAK-NEXT:   @17: [loop_tail.cpp:55] return i reads @13 → 50
// RETURN: early(100, 60) → 60 : int   [loop_tail.cpp:58]
// RETURN-NEXT:   @1: [arg n] 100 : int
// RETURN-NEXT:   @2: [arg stop] 60 : int
// RETURN-NEXT:   @3: [loop_tail.cpp:59] int i = 0 → 0
// RETURN-NEXT:   @4: [loop_tail.cpp:59] for (int i = 0; i < n; ++i) since @1,@3 → true  (iteration 1)
// RETURN-NEXT:   @5: [loop_tail.cpp:60]   if (i == stop) since @2,@3 → false  (else)
// RETURN-NEXT:   @6: [loop_tail.cpp:59]   ++i reads @3 → 1
// RETURN-NEXT:   @7: [loop_tail.cpp:59] for (int i = 0; i < n; ++i) since @1,@6 → true  (iteration 2)
// RETURN-NEXT:   @8: [loop_tail.cpp:60]   if (i == stop) since @2,@6 → false  (else)
// RETURN-NEXT:   @9: [loop_tail.cpp:59]   ++i reads @6 → 2
// RETURN-NEXT:   @10: [loop_tail.cpp:59]   … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 57
// RETURN-NEXT:   @11: [loop_tail.cpp:59] for (int i = 0; i < n; ++i) since @1,@10 → true  (iteration 60)
// RETURN-NEXT:   @12: [loop_tail.cpp:60]   if (i == stop) since @2,@10 → false  (else)
// RETURN-NEXT:   @13: [loop_tail.cpp:59]   ++i reads @10 → 60
// RETURN-NEXT:   @14: [loop_tail.cpp:59] for (int i = 0; i < n; ++i) since @1,@13 → true  (iteration 61)
// RETURN-NEXT:   @15: [loop_tail.cpp:60]   if (i == stop) since @2,@13 → true  (then)
// RETURN-NEXT:   @16: [loop_tail.cpp:61]     return i reads @13 → 60
// THROW: thrower(100, 70) → threw std::runtime_error: stop   [loop_tail.cpp:66]
// THROW-NEXT:   @1: [arg n] 100 : int
// THROW-NEXT:   @2: [arg stop] 70 : int
// THROW-NEXT:   @3: [loop_tail.cpp:67] int s = 0 → 0
// THROW-NEXT:   @4: [loop_tail.cpp:68] int i = 0 → 0
// THROW-NEXT:   @5: [loop_tail.cpp:68] for (int i = 0; i < n; ++i) since @1,@4 → true  (iteration 1)
// THROW-NEXT:   @6: [loop_tail.cpp:69]   if (i == stop) since @2,@4 → false  (else)
// THROW-NEXT:   @7: [loop_tail.cpp:71]   s += i reads @3,@4 → 0
// THROW-NEXT:   @8: [loop_tail.cpp:68]   ++i reads @4 → 1
// THROW-NEXT:   @9: [loop_tail.cpp:68] for (int i = 0; i < n; ++i) since @1,@8 → true  (iteration 2)
// THROW-NEXT:   @10: [loop_tail.cpp:69]   if (i == stop) since @2,@8 → false  (else)
// THROW-NEXT:   @11: [loop_tail.cpp:71]   s += i reads @7,@8 → 1
// THROW-NEXT:   @12: [loop_tail.cpp:68]   ++i reads @8 → 2
// THROW-NEXT:   @13: [loop_tail.cpp:68]   … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 67
// THROW-NEXT:   @14: [loop_tail.cpp:68] for (int i = 0; i < n; ++i) since @1,@13 → true  (iteration 70)
// THROW-NEXT:   @15: [loop_tail.cpp:69]   if (i == stop) since @2,@13 → false  (else)
// THROW-NEXT:   @16: [loop_tail.cpp:71]   s += i reads @13 → 2415
// THROW-NEXT:   @17: [loop_tail.cpp:68]   ++i reads @13 → 70
// THROW-NEXT:   @18: [loop_tail.cpp:68] for (int i = 0; i < n; ++i) since @1,@17 → true  (iteration 71)
// THROW-NEXT:   @19: [loop_tail.cpp:69]   if (i == stop) since @2,@17 → true  (then)
// THROW-NEXT:   @20: [loop_tail.cpp:70]     throw std::runtime_error("stop")
// NESTED: nested(6) → 105 : int   [loop_tail.cpp:38]
// NESTED:   @11: [loop_tail.cpp:41]     ++j reads @8 → 2
// NESTED-NEXT:   @12: [loop_tail.cpp:41]     … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 2
// NESTED-NEXT:   @13: [loop_tail.cpp:41]   for (int j = 0; j < n; ++j) since @1,@12 → true  (iteration 5)
// NESTED-NEXT:   @14: [loop_tail.cpp:42]     s += j reads @12 → 10
// NESTED-NEXT:   @15: [loop_tail.cpp:41]     ++j reads @12 → 5
// NESTED-NEXT:   @16: [loop_tail.cpp:41]   for (int j = 0; j < n; ++j) since @1,@15 → true  (iteration 6)
// NESTED-NEXT:   @17: [loop_tail.cpp:42]     s += j reads @14,@15 → 15
// NESTED-NEXT:   @18: [loop_tail.cpp:41]     ++j reads @15 → 6
// NESTED-NEXT:   @19: [loop_tail.cpp:41]   for (int j = 0; j < n; ++j) since @1,@18 → false  (iteration 7)
// NESTED:   @37: [loop_tail.cpp:41]   for (int j = 0; j < n; ++j) since @1,@36 → false  (iteration 7)
// NESTED-NEXT:   @38: [loop_tail.cpp:43]   s += i reads @21,@35 → 31
// NESTED-NEXT:   @39: [loop_tail.cpp:40]   ++i reads @21 → 2
// NESTED-NEXT:   @40: [loop_tail.cpp:40]   … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 2
// NESTED:   @73: [loop_tail.cpp:41]     ++j reads @70 → 6
// NESTED-NEXT:   @74: [loop_tail.cpp:41]   for (int j = 0; j < n; ++j) since @1,@73 → false  (iteration 7)
// NESTED-NEXT:   @75: [loop_tail.cpp:43]   s += i reads @58,@72 → 105
// NESTED-NEXT:   @76: [loop_tail.cpp:40]   ++i reads @58 → 6
// NESTED-NEXT:   @77: [loop_tail.cpp:40] for (int i = 0; i < n; ++i) since @1,@76 → false  (iteration 7)
