// tests/plugin/driver/inputs.cpp — inputs the plugin cannot rewrite are said so; a missing -I is made up for
//
// Standard input cannot be parsed twice: compiled unchanged, with a warning.
// RUN: %clangxx %plugin -fsyntax-only -x c++ - < %s 2>&1 | %FileCheck --check-prefix=STDIN %s
// STDIN: warning: tracejit: functions marked in standard input are not rewritten and not recorded
//
// -save-temps compiles the preprocessed file, which has no include path for the runtime's headers: a warning.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %clangxx %plugin -save-temps -c %s -o inputs.o 2>&1 \
// RUN:   | %FileCheck --check-prefix=TEMPS %s
// TEMPS: warning: tracejit: functions marked in a preprocessed file (-save-temps) are not rewritten and not recorded
//
// Without tracejit's include folder on the command line, the plugin includes the runtime header from the folder
// that goes with it, and the file is rewritten all the same.
// RUN: %bare_clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BARE %s
// BARE: // tracejit-dump: {{.*}}inputs.cpp
// BARE: {{^}}int cube {{_Pragma\([^)]*\) _Pragma\([^)]*\) }}(int x) {if (!::tj::tape::detail::recording())
// BARE: {{^}}[&]({{\[\[}}maybe_unused]] decltype(x) x) __attribute__((noinline, cold, minsize)) -> int {{\{.*}}__tjf

[[jit::trace]] int cube(int x);

int cube(int x) {
    int y = x * x * x;
    return y;
}
