// bench/tape_kernel.h — the two builds of bench/tape_kernel.cpp: with the tracejit plugin and without it
#pragma once

namespace instrumented {
/// Compiled with the plugin: records while a tape is active.
double kernel(int n, double a);
} // namespace instrumented

namespace plain {
/// The same source compiled without the plugin.
double kernel(int n, double a);
} // namespace plain
