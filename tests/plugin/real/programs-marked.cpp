// tests/plugin/real/programs-marked.cpp — real programs with every function marked (`tracejit-rewrite --mark-all`)
// compile with the plugin with no error and no warning the plain build does not give, and print exactly what the
// plain build prints (Inputs/mark_all_run.py): a header-heavy program (most of the C++20 standard library, and
// functions of most kinds: templates, concepts, coroutines, virtual and operator members, lambdas, exceptions,
// threads), run once more with TRACEJIT_TAPE so that every twin also takes its recording path; and runtime tests
// (their helper functions marked: the TEST_CASE bodies come from doctest's macros, which no mark can enter;
// doctest's summary lines are the output compared)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mark_all_run.py --tape %rewrite "%clangxx" "%plugin" "%link_tracejit" %t \
// RUN:   "-std=c++20 -I%S/../../../include -O1 -Wall -Wextra" %S/../Inputs/many_headers.cpp | %FileCheck --check-prefix=HEADERS %s
// HEADERS: many_headers.cpp: {{[1-9][0-9]+}} functions marked, 0 errors, 0 added warnings, output identical ({{[3-9][0-9]}} lines, with a tape: {{[1-9][0-9]*}} files)
// HEADERS-NOT: {{.}}
// RUN: %python %S/../Inputs/mark_all_run.py --extra %S/../Inputs/doctest_main.cpp %rewrite "%clangxx" "%plugin" \
// RUN:   "%link_tracejit -lfmt" %t "-std=c++20 -I%S/../../../include -I%S/../../../runtime -O1 -Wall -Wextra -Wno-unused-parameter" \
// RUN:   %S/../../runtime/test_reductions_block.cpp %S/../../runtime/test_random.cpp \
// RUN:   %S/../../runtime/test_control_freeze.cpp %S/../../runtime/test_control_loop.cpp | %FileCheck --check-prefix=TESTS %s
// TESTS: test_reductions_block.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// TESTS-NEXT: test_random.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// TESTS-NEXT: test_control_freeze.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// TESTS-NEXT: test_control_loop.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// TESTS-NOT: {{.}}
