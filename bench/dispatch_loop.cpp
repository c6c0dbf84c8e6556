// bench/dispatch_loop.cpp — the plain C++ side of bench_dispatch: the classes' scalar methods and the loop of virtual
// calls, in their own file (-O3 -march=native, bench/CMakeLists.txt) so that nothing is devirtualised or inlined into
// the timing loop
#include "dispatch_shapes.h"

#include <utility>
#include <vector>

namespace bench {

template <int K> float Kind<K>::eval_scalar(float x) const {
    constexpr float c = 0.5f * K;
    if constexpr (K % 4 == 0)
        return x * ha + hb + c;
    else if constexpr (K % 4 == 1)
        return std::sin(x) * ha + hb + c;
    else if constexpr (K % 4 == 2)
        return std::sqrt(std::fabs(x)) * ha - hb + c;
    else
        return x * x * ha + hb * x + c;
}

std::unique_ptr<Shape> make_shape(int k, float a, float b) {
    using Maker = std::unique_ptr<Shape> (*)(float, float);
    static const auto makers = []<int... Ks>(std::integer_sequence<int, Ks...>) {
        return std::vector<Maker>{
            [](float a, float b) -> std::unique_ptr<Shape> { return std::make_unique<Kind<Ks>>(a, b); }...};
    }(std::make_integer_sequence<int, 64>{});
    return makers.at(size_t(k))(a, b);
}

void virtual_calls(Shape *const *lanes, const float *x, float *out, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
        out[i] = lanes[i] ? lanes[i]->eval_scalar(x[i]) : 0.f;
}

} // namespace bench
