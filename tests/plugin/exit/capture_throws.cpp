// tests/plugin/exit/capture_throws.cpp — a value whose capture throws (out of memory, a throwing formatter) stops the tape, never the program
// The tape turns a value of a formattable type into text when it records it (include/tracejit/detail/tape_value.h).
// Here the formatter throws std::bad_alloc for some values and std::runtime_error for others, in an argument, a
// statement, a return and tj::track's result: each time recording stops (streamed or in memory) and the program's
// output is the plain build's.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx %s -lfmt -o %t
// RUN: %bare_clangxx -Wno-unknown-attributes -I%S/../../../include %s %link_tracejit -lfmt -o %t.plain
// RUN: %t.plain > %t.plain.out
// RUN: env TRACEJIT_TAPE=%t.dir %t > %t.out 2> %t.err
// RUN: diff %t.out %t.plain.out
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// RUN: %inspect %t.dir/*.tjtape --calls | %FileCheck --check-prefix=CALLS %s
// RUN: %t track > %t.track.out
// RUN: %FileCheck --check-prefix=TRACK %s < %t.track.out

#include <fmt/format.h>
#include <tracejit/tape.h>

#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>

struct Big {
    int n;
};

template <> struct fmt::formatter<Big> : fmt::formatter<int> {
    auto format(const Big &b, format_context &ctx) const {
        if (b.n == -1)
            throw std::bad_alloc();
        if (b.n == -2)
            throw std::runtime_error("no text for -2");
        return fmt::formatter<int>::format(b.n, ctx);
    }
};

[[jit::trace]] int weight(Big b) { return b.n * 2; }

[[jit::trace]] Big make(int n) { return Big{n}; }

[[jit::trace]] int total(int n, int bad) {
    int s = 0;
    for (int i = 0; i < n; ++i) {
        Big b = make(i == 3 ? bad : i);
        s += b.n;
    }
    return s;
}

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "track") == 0) {
        // In memory: each tj::track stops at the value that cannot be captured; the calls run on.
        int r = 0;
        tj::tape::Tape t = tj::track([&] { return r = weight(Big{-1}); });
        std::printf("argument: %d, %s\n", r, t->unfinished().c_str());
        t = tj::track([&] { return r = total(5, -1); });
        std::printf("statement: %d, %s\n", r, t->unfinished().c_str());
        t = tj::track([&] { return r = make(-2).n; });
        std::printf("return: %d, %s\n", r, t->unfinished().c_str());
        Big out{0};
        t = tj::track([&] { return out = Big{-1}; });
        std::printf("result: %d, %s\n", out.n, t->unfinished().c_str());
        return 0;
    }
    std::printf("%d\n", total(6, -1));
    std::printf("%d\n", total(6, 7));
    std::printf("%d\n", weight(Big{-1}));
    return 0;
}
// ERR: tracejit: TRACEJIT_TAPE: out of memory in make, called from total; the tape {{.*}}.tjtape ends there and the program runs on unrecorded
// ERR-NOT: tracejit
// CALLS: 0: total
// CALLS-NEXT: note: stopped: out of memory in make, called from total
// TRACK: argument: -2, stopped: out of memory
// TRACK-NEXT: statement: 6, stopped: out of memory
// TRACK-NEXT: return: -2, stopped: capturing a value threw std::runtime_error: no text for -2
// TRACK-NEXT: result: -1, stopped: out of memory
