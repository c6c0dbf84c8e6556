// bench/dispatch_loop.h — the plain C++ side of bench_dispatch (dispatch_loop.cpp): the objects of the tests' class
// family (tests/runtime/dispatch_shapes.h, one home for both) and the hand-written loop of virtual calls
#pragma once

#include "dispatch_shapes.h"

#include <cstddef>
#include <memory>

namespace bench {

using tjtest::Shape;

/// A new object of class k (0 ≤ k < 64), made in dispatch_loop.cpp: the classes' plain methods (eval_ref) are
/// instantiated there only, with that file's flags (-O3 -march=native).
std::unique_ptr<Shape> make_shape(int k, float a, float b);

/// out[i] = lanes[i] ? lanes[i]->eval_ref(x[i]) : 0 for i in [begin, end): the hand-written loop.
void virtual_calls(Shape *const *lanes, const float *x, float *out, size_t begin, size_t end);

} // namespace bench
