// tests/plugin/driver/split-restart.cpp — a split point inside a declaration (a namespace a macro opens) starts the
// compile again in two passes: the same program, the same tape
// The #include before the mark is at brace depth 0 in the text, but inside `namespace user` once OPEN_USER expands;
// the child finds the namespace around the split point and the compile runs again with
// -fplugin-arg-tracejit-no-split (plugin/split_compile.h): its dump has no split note.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %clangxx %plugin -I%S/Inputs -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=DUMP %s
// RUN: %tape_cxx -I%S/Inputs %s -o %t.dir/program
// RUN: env TRACEJIT_TAPE=%t.dir %t.dir/program | %FileCheck --check-prefix=OUT %s
// RUN: %inspect %t.dir/*.tjtape | %FileCheck --check-prefix=TAPE %s

// DUMP: {{^}}// tracejit-dump: {{.*}}split-restart.cpp{{$}}
// DUMP-NOT: {{^}}// tracejit-dump:

#include <cstdio>

#define OPEN_USER namespace user {
#define CLOSE_USER }

OPEN_USER
#include "split_helper.h"

[[jit::trace]] int next(int x) { return add_one(x); }

CLOSE_USER

int main() { std::printf("%d\n", user::next(41)); }
// OUT: 42
// TAPE: user::next(41) → 42 : int
