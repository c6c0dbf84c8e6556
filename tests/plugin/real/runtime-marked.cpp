// tests/plugin/real/runtime-marked.cpp — a large real code base with every function marked: tracejit's own runtime
// sources (with their own compile flags), each copied with [[jit::trace]] on every function definition
// (`tracejit-rewrite --mark-all`), compile with the plugin with no error and no warning the plain compile does not
// give (Inputs/mark_all_compile.py)
// Not in the sanitizer build: it runs none of the programs it compiles, and the plugin is built without sanitizers
// (docs/sanitizers.md), so there it would repeat the Release build's check at twice the cost; tracejit-rewrite
// --mark-all, the one sanitized program it runs, runs under the sanitizers in programs-marked.cpp.
// UNSUPPORTED: sanitize
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mark_all_compile.py %rewrite "%clangxx" "%plugin" %t \
// RUN:   "-std=c++20 -DFMT_SHARED -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS -I%S/../../../include -I%S/../../../runtime -isystem %llvm_include -Wall -Wextra -Wno-unused-parameter" \
// RUN:   %S/../../../runtime/tape/tape_recorder.cpp %S/../../../runtime/tape/node.cpp \
// RUN:   %S/../../../runtime/tape/tape_file.cpp %S/../../../runtime/tape/queries.cpp \
// RUN:   %S/../../../runtime/jit/var.cpp %S/../../../runtime/jit/loop.cpp %S/../../../runtime/ad/rules.cpp \
// RUN:   %S/../../../runtime/ad/traversal.cpp %S/../../../runtime/cache/disk_cache.cpp \
// RUN:   %S/../../../runtime/freeze/function.cpp %S/../../../runtime/backend/cpu/cpu_lowering.cpp \
// RUN:   %S/../../../runtime/backend/cpu/cpu_lowering_gather_scatter.cpp \
// RUN:   %S/../../../runtime/backend/cpu/cpu_lowering_packed_gather.cpp \
// RUN:   %S/../../../runtime/backend/cpu/cpu_lowering_loops.cpp \
// RUN:   %S/../../../runtime/backend/cpu/cpu_lowering_dispatch.cpp \
// RUN:   | %FileCheck %s
// CHECK: tape_recorder.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: node.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: tape_file.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: queries.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: var.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: loop.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: rules.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: traversal.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: disk_cache.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: function.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: cpu_lowering.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: cpu_lowering_gather_scatter.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: cpu_lowering_packed_gather.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: cpu_lowering_loops.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NEXT: cpu_lowering_dispatch.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings
// CHECK-NOT: {{.}}
