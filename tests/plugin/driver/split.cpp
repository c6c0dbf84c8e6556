// tests/plugin/driver/split.cpp — marks after the #include lines: the headers are parsed once, the rest is rewritten
// by a forked child (plugin/split_compile.h), and everything comes out as from the two-pass compile
// The dump names the line after which the compile split; without that note it is the two-pass compile's dump, byte
// for byte. The user's warnings (-Wall -Wextra) are the two-pass compile's, at the user's lines. The program runs and
// its tape holds the marked call.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2> %t.dir/split.txt
// RUN: %FileCheck --check-prefix=SPLIT %s < %t.dir/split.txt
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-split -fplugin-arg-tracejit-dump -fsyntax-only %s 2> %t.dir/two.txt
// RUN: sed -e 's/ (one parse: .*)$//' %t.dir/split.txt > %t.dir/split-unnoted.txt
// RUN: diff %t.dir/split-unnoted.txt %t.dir/two.txt
// RUN: %clangxx %plugin -Wall -Wextra -fsyntax-only %s 2> %t.dir/warnings-split.txt
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-split -Wall -Wextra -fsyntax-only %s 2> %t.dir/warnings-two.txt
// RUN: diff %t.dir/warnings-split.txt %t.dir/warnings-two.txt
// RUN: %FileCheck --check-prefix=WARN --implicit-check-not=warning: %s < %t.dir/warnings-split.txt
// RUN: %tape_cxx %s -o %t.dir/program
// RUN: env TRACEJIT_TAPE=%t.dir %t.dir/program | %FileCheck --check-prefix=OUT %s
// RUN: %inspect %t.dir/*.tjtape | %FileCheck --check-prefix=TAPE %s

// SPLIT: {{^}}// tracejit-dump: {{.*}}split.cpp (one parse: the compile split after line 25){{$}}
// SPLIT-NOT: {{^}}// tracejit-dump:

#include <cstdio>
#include <vector>

static int unused_helper() { return 0; }
// WARN-DAG: split.cpp:[[@LINE-1]]:12: warning: unused function 'unused_helper'

[[jit::trace]] int total(const std::vector<int> &v) {
    int unused = 0;
    // WARN-DAG: split.cpp:[[@LINE-1]]:9: warning: unused variable 'unused'
    int s = 0;
    for (int x : v)
        s += x;
    return s;
}

int main() {
    std::vector<int> v{1, 2, 3};
    std::printf("%d\n", total(v));
    // OUT: 6
}
// TAPE: total(std::vector<int>) → 6 : int   [split.cpp:[[# @LINE - 14]]]
