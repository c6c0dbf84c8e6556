// tests/plugin/freeze/tensor-texture.cpp — a [[jit::freeze]] function taking a tensor and a texture: the tensor's
// first dimension changes without a new recording, its other dimensions and the texture's shape are in the key,
// new texels set outside are used on replay; the tape shows the tensor with its shape
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/compare.h"


// Warps the rows of `pos` (n × 2 positions in [0, 1]) through the texture and sums the channels of each lookup.
[[jit::freeze]] tj::TensorXf shade(const tj::TensorXf &pos, const tj::Texture2f &tex) {
    tj::Float x = pos.slice({tj::all, 0}).array(), y = pos.slice({tj::all, 1}).array();
    std::vector<tj::Float> c = tex.eval({x * 0.9f + 0.05f, y});
    tj::TensorXf rgb(c[0] + c[1] + c[2], {pos.shape()[0]});
    return rgb * 2.f;
}
[[jit::trace]] tj::TensorXf shade_traced(const tj::TensorXf &pos, const tj::Texture2f &tex);
tj::TensorXf shade_plain(const tj::TensorXf &pos, const tj::Texture2f &tex) {
    tj::Float x = pos.slice({tj::all, 0}).array(), y = pos.slice({tj::all, 1}).array();
    std::vector<tj::Float> c = tex.eval({x * 0.9f + 0.05f, y});
    tj::TensorXf rgb(c[0] + c[1] + c[2], {pos.shape()[0]});
    return rgb * 2.f;
}

[[jit::trace]] tj::TensorXf shade_traced(const tj::TensorXf &pos, const tj::Texture2f &tex) {
    tj::TensorXf doubled = pos * 2.f;
    return shade_plain(doubled, tex);
}

int main() {
    std::mt19937 rng(3);
    tj::Texture2f tex({16, 8}, 3);
    bool ok = true;
    for (size_t n : {100, 250, 100, 7}) {
        tex.set_value(random_array(rng, 16 * 8 * 3)); // new texels, set outside the frozen function
        tj::TensorXf pos(random_array(rng, n * 2) * 0.5f + 0.5f, {n, 2});
        tj::TensorXf got = shade(pos, tex), want = shade_plain(pos, tex);
        ok &= got.shape() == want.shape() && same(got.array(), want.array());
    }
    std::printf("%s shade\n", ok ? "ok" : "FAIL");
    // CHECK: ok shade
    print_stats("shade", tj::freeze_stats(&shade));
    // CHECK-NEXT: shade: recordings 1 replays 3

    // Another texture shape is another key.
    tj::Texture2f small({4, 4}, 3);
    small.set_value(random_array(rng, 4 * 4 * 3));
    tj::TensorXf pos(random_array(rng, 20), {10, 2});
    ok = same(shade(pos, small).array(), shade_plain(pos, small).array());
    std::printf("%s small\n", ok ? "ok" : "FAIL");
    // CHECK: ok small
    print_stats("shade", tj::freeze_stats(&shade));
    // CHECK-NEXT: shade: recordings 2 replays 3

    // The tape shows the tensor argument with its shape.
    auto tape = tj::track(shade_traced, pos, small);
    std::printf("%s\n", tj::tape::printlevels(*tape, 2).c_str());
    // CHECK: shade_traced(tj::TensorXf[10, 2] evaluated r{{[0-9]+}}, tj::Texture<float, 2>) → tj::TensorXf[10] lazy
    // CHECK: [arg pos] tj::TensorXf[10, 2] evaluated r{{[0-9]+}} : tj::TensorXf
    // CHECK: tj::TensorXf doubled = pos * 2.f reads @1 → tj::TensorXf[10, 2] lazy
}
