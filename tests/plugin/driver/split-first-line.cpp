#include <cstdio> // tests/plugin/driver/split-first-line.cpp — an #include on the file's first line: the split comes after it
// The predefines end with the main file's lexer at its first byte, where that #include starts: the compile must not
// fork there (the child would parse the headers again, as two passes do), but once the preprocessor is back from the
// #include. The dump names the line after which the parent forked; without that note it is the two-pass compile's
// dump. The program runs and its tape holds the call.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2> %t.dir/split.txt
// RUN: %FileCheck --check-prefix=SPLIT %s < %t.dir/split.txt
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-split -fplugin-arg-tracejit-dump -fsyntax-only %s 2> %t.dir/two.txt
// RUN: sed -e 's/ (one parse: .*)$//' %t.dir/split.txt | diff - %t.dir/two.txt
// RUN: %tape_cxx %s -o %t.dir/program
// RUN: env TRACEJIT_TAPE=%t.dir %t.dir/program | %FileCheck --check-prefix=OUT %s
// RUN: %inspect %t.dir/*.tjtape | %FileCheck --check-prefix=TAPE %s

// SPLIT: {{^}}// tracejit-dump: {{.*}}split-first-line.cpp (one parse: the compile split after line 1){{$}}

[[jit::trace]] int twice(int x) {
    int y = 2 * x;
    return y;
}

int main() {
    std::printf("%d\n", twice(21));
    // OUT: 42
}
// TAPE: twice(21) → 42 : int   [split-first-line.cpp:[[# @LINE - 9]]]
