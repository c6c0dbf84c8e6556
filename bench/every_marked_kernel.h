// bench/every_marked_kernel.h — the three builds of bench/every_marked_kernel.cpp (bench_every_marked)
#pragma once

namespace every_twin {
/// Compiled with the plugin: every function is a twin (its body as written while nothing records).
double simulate(int n, int steps);
} // namespace every_twin

namespace every_instrumented {
/// Compiled with the plugin and -fplugin-arg-tracejit-no-twin: the instrumented bodies alone.
double simulate(int n, int steps);
} // namespace every_instrumented

namespace every_plain {
/// The same source compiled without the plugin.
double simulate(int n, int steps);
} // namespace every_plain
