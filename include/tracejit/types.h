// include/tracejit/types.h — the enumerations the public API names: scalar types, backends, reduction operators
#pragma once

#include <cstdint>

namespace tj {

/// Scalar type of a JIT variable.
enum class VarType : uint8_t { Bool, Int32, UInt32, Int64, UInt64, Float32, Float64 };

/// Backends that can run kernels.
enum class Backend { CPU, CUDA };

/// Operators of block, prefix and scatter reductions (Dr.Jit's names). And/Or are for Bool and integer arrays.
enum class ReduceOp : uint8_t { Add, Mul, Min, Max, And, Or };

} // namespace tj
