// runtime/support/visit_type.h — calls a generic function with a value of the C++ type that a VarType stands for
#pragma once

#include <tracejit/detail/core.h>
#include <tracejit/error.h>

#include <cstdint>

namespace tj {

/// f(T{}) for the C++ type T of `t` (bool, int32_t, uint32_t, int64_t, uint64_t, float, double), returning what f
/// returns: the one switch from a runtime type to template code (CPU reductions and scans, constant folding).
template <typename F> decltype(auto) visit_type(VarType t, F &&f) {
    switch (t) {
    case VarType::Bool: return f(bool{});
    case VarType::Int32: return f(int32_t{});
    case VarType::UInt32: return f(uint32_t{});
    case VarType::Int64: return f(int64_t{});
    case VarType::UInt64: return f(uint64_t{});
    case VarType::Float32: return f(float{});
    case VarType::Float64: return f(double{});
    }
    TJ_UNREACHABLE("visit_type: a VarType outside the enumeration");
}

} // namespace tj
