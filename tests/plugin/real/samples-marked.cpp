// tests/plugin/real/samples-marked.cpp — tracejit's samples with every function marked (`tracejit-rewrite
// --mark-all`) compile with the plugin with no error and no warning the plain build does not give, and print
// exactly what the plain build prints, timings aside (Inputs/mark_all_run.py). The disk cache is off, so that the
// kernel counts the samples print are the same in both runs. (random_walk is left out: it is compiled with the
// plugin already, and marking more of it rightly changes the tape it prints.)
// Not in the sanitizer build: the samples run for seconds each there, twice, and the Release build already shows
// the plugin's part; programs-marked.cpp runs marked code under the sanitizers.
// UNSUPPORTED: sanitize
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TRACEJIT_CACHE=0 %python %S/../Inputs/mark_all_run.py %rewrite "%clangxx" "%plugin" "%link_tracejit -lfmt" \
// RUN:   %t "-std=c++20 -I%S/../../../include -O2 -Wall -Wextra" %S/../../../samples/monte_carlo.cpp %S/../../../samples/rotation_descent.cpp \
// RUN:   %S/../../../samples/projectile.cpp %S/../../../samples/frozen_waves.cpp %S/../../../samples/wavefront.cpp \
// RUN:   %S/../../../samples/mandelbrot.cpp | %FileCheck %s
// CHECK: monte_carlo.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// CHECK-NEXT: rotation_descent.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// CHECK-NEXT: projectile.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// CHECK-NEXT: frozen_waves.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// CHECK-NEXT: wavefront.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// CHECK-NEXT: mandelbrot.cpp: {{[1-9][0-9]*}} functions marked, 0 errors, 0 added warnings, output identical ({{[1-9][0-9]*}} lines)
// CHECK-NOT: {{.}}
