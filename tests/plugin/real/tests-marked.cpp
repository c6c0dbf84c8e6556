// tests/plugin/real/tests-marked.cpp — tracejit's own doctest sources with every function marked (helpers, fixtures;
// the TEST_CASE bodies come from doctest's macros and are left as they are) compile with the plugin with no error
// and no warning the plain compile does not give (Inputs/mark_all_compile.py)
// Not in the sanitizer build: it runs none of the programs it compiles, and the plugin is built without sanitizers
// (docs/sanitizers.md), so there it would repeat the Release build's check at twice the cost; tracejit-rewrite
// --mark-all, the one sanitized program it runs, runs under the sanitizers in programs-marked.cpp.
// UNSUPPORTED: sanitize
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mark_all_compile.py %rewrite "%clangxx" "%plugin" %t \
// RUN:   "-std=c++20 -DFMT_SHARED -I%S/../../../runtime -I%S/../../../include -Wall -Wextra -Wno-unused-parameter" \
// RUN:   %S/../../runtime/test_tape.cpp %S/../../runtime/test_disk_cache.cpp %S/../../runtime/test_ops.cpp \
// RUN:   %S/../../runtime/test_cuda_ptx.cpp %S/../../runtime/test_cache_integration.cpp \
// RUN:   | %FileCheck %s
// CHECK: test_tape.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: test_disk_cache.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: test_ops.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: test_cuda_ptx.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: test_cache_integration.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NOT: {{.}}
