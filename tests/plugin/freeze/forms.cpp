// tests/plugin/freeze/forms.cpp — the forms of definitions the wrapper handles: heads over several lines with
// comments, macros in the head, trailing return types, noexcept, internal linkage, a class template's members (a
// lambda capturing `this`, a void member, an out-of-line member template), containers in and out, abbreviated
// templates, template output parameters, the mark after the name
// RUN: %trace_cxx -Werror %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/compare.h"

#include <utility>
#include <vector>

#define MY_INLINE inline

[[jit::freeze]] tj::Float   // a comment inside the head
multi_line(tj::Float x,     /* another */ int n)
{
    return x * float(n);
}
[[jit::freeze]] MY_INLINE tj::Float with_macro(tj::Float x) { return x + 1.f; }
[[jit::freeze]] auto trailing(tj::Float x) -> tj::Float { return x - 1.f; }
[[jit::freeze]] tj::Float no_throw(tj::Float x) noexcept { return x * x; }
namespace {
[[jit::freeze]] tj::Float anonymous(tj::Float x) { return x * 3.f; }
}
[[jit::freeze]] static tj::Float internal(tj::Float x) { return x * 4.f; }

template <typename A> struct Oscillator {
    A phase;
    [[jit::freeze]] A tick(A dt) {
        auto advance = [this, dt] { phase = phase + dt; };
        advance();
        return phase * 2.f;
    }
    [[jit::freeze]] void damp() { phase = phase * 0.5f; }
};

[[jit::freeze]] std::pair<tj::Float, tj::Float> sum_and_product(const std::vector<tj::Float> &xs) {
    tj::Float s = xs[0], p = xs[0];
    for (size_t i = 1; i < xs.size(); ++i) {
        s = s + xs[i];
        p = p * xs[i];
    }
    return {s, p};
}

[[jit::freeze]] auto abbreviated(auto x) { return x * 2.f; }
tj::Float mark_after_name [[jit::freeze]] (tj::Float x) { return x + 2.f; }

// A member template of a class template, defined out of line.
template <typename T> struct Box {
    tj::Array<T> scale;
    template <typename U> [[jit::freeze]] U apply(U u) const;
};
template <typename T> template <typename U> U Box<T>::apply(U u) const { return u * scale; }
template <typename T> [[jit::freeze]] void store_twice(T &out, T x) { out = x + x; }

int main() {
    std::mt19937 rng(1);
    bool ok = true;
    for (int i = 0; i < 3; ++i) {
        tj::Float x = random_array(rng, 40), phase = random_array(rng, 40);
        ok &= same(multi_line(x, 2), x * 2.f) && same(with_macro(x), x + 1.f) && same(trailing(x), x - 1.f) &&
              same(no_throw(x), x * x) && same(anonymous(x), x * 3.f) && same(internal(x), x * 4.f) &&
              same(abbreviated(x), x * 2.f) && same(mark_after_name(x), x + 2.f) &&
              same(Box<float>{phase}.apply(x), x * phase);
        Oscillator<tj::Float> o{phase};
        ok &= same(o.tick(x), (phase + x) * 2.f) && same(o.phase, phase + x);
        o.damp();
        ok &= same(o.phase, (phase + x) * 0.5f);
        auto [s, p] = sum_and_product({x, phase, x});
        ok &= same(s, x + phase + x) && same(p, x * phase * x);
        tj::Float out = random_array(rng, 40);
        store_twice(out, x);
        ok &= same(out, x + x);
    }
    std::printf("%s forms\n", ok ? "ok" : "FAIL");
    // CHECK: ok forms
    print_stats("multi_line", tj::freeze_stats(&multi_line));
    print_stats("with_macro", tj::freeze_stats(&with_macro));
    print_stats("store_twice", tj::freeze_stats(&store_twice<tj::Float>));
    print_stats("sum_and_product", tj::freeze_stats(&sum_and_product));
    // CHECK-NEXT: multi_line: recordings 1 replays 2
    // CHECK-NEXT: with_macro: recordings 1 replays 2
    // CHECK-NEXT: store_twice: recordings 1 replays 2
    // CHECK-NEXT: sum_and_product: recordings 1 replays 2
}
