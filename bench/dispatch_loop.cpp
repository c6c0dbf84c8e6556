// bench/dispatch_loop.cpp — the plain C++ side of bench_dispatch: the classes' scalar methods and the loop of virtual
// calls, in their own file (-O3 -march=native, bench/CMakeLists.txt) so that nothing is devirtualised or inlined into
// the timing loop
#include "dispatch_loop.h"

namespace bench {

std::unique_ptr<Shape> make_shape(int k, float a, float b) { return tjtest::make_kind(k, a, b); }

void virtual_calls(Shape *const *lanes, const float *x, float *out, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
        out[i] = lanes[i] ? lanes[i]->eval_ref(x[i]) : 0.f;
}

} // namespace bench
