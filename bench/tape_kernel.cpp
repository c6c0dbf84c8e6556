// bench/tape_kernel.cpp — the marked numeric loop of bench_tape, compiled twice: with the plugin and without it
//
// bench/CMakeLists.txt builds this file once with -fplugin=tracejit.so and -DTAPE_KERNEL_NS=instrumented, and
// once without the plugin and with -DTAPE_KERNEL_NS=plain (the attribute is then ignored), so bench_tape can call
// both versions of the same code side by side.
#ifndef TAPE_KERNEL_NS
#error "compile with -DTAPE_KERNEL_NS=<namespace>"
#endif

namespace TAPE_KERNEL_NS {

/// A damped recurrence with a running sum of squares: per iteration a loop test and three statements (the
/// increment included). No branch inside: clang turns a small `if` into a select in one build and keeps a jump
/// in the other, which would measure code generation luck rather than the hooks.
[[jit::trace]] double kernel(int n, double a) {
    double x = a;
    double s = 0;
    for (int i = 0; i < n; ++i) {
        x = x * 0.999 + 0.001;
        s += x * x;
    }
    return s + x;
}

} // namespace TAPE_KERNEL_NS
