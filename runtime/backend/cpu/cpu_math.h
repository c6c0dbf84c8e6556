// runtime/backend/cpu/cpu_math.h — float32 math functions emitted inline into CPU kernels (no call per vector)
#pragma once

#include <llvm/IR/IRBuilder.h>

#include <functional>

namespace tj::cpu {

/// Computes a function on the lanes an inline path cannot handle (glibc's libmvec on the whole vector).
using MathFallback = std::function<llvm::Value *(llvm::Value *)>;

/// sin(x) or cos(x) of a float32 vector, inline: reduction by pi in three float parts (Cody–Waite with FMA) and one
/// odd minimax polynomial on [-pi/2, pi/2] for both; at most 1.8 ulp for |x| <= 2^17. Vectors with any lane beyond
/// that (or infinite, or NaN) also run `fallback` and take its result on those lanes.
llvm::Value *sin_cos_f32(llvm::IRBuilder<> &b, llvm::Value *x, bool cosine, const MathFallback &fallback);

} // namespace tj::cpu
