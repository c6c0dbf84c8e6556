// tests/plugin/driver/engine-diagnostics.cpp — what the engine will not rewrite is reported at the user's line, also in headers
// (under -Wunrecorded: by default the plugin shows none of them, as the plain build shows none)
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wunrecorded -fsyntax-only -Xclang -verify %s
// RUN: %clangxx %plugin -fsyntax-only %s 2>&1 | count 0
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include -Xclang -verify > /dev/null

#include "Inputs/constexpr_header.h"

[[jit::trace]] constexpr int cube(int x) { return x * x * x; } // expected-warning-re {{{{.*}}constexpr{{.*}}}}

int use() { return cube(2) + square(3); }
