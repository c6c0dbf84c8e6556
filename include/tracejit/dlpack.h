// include/tracejit/dlpack.h — arrays to and from DLPack tensors without copies (docs/interop.md)
//
// A separate header, not included by tracejit.h, so that only programs that use DLPack need its header
// (<dlpack/dlpack.h>, Debian's libdlpack-dev). Everything here is inline over the interop core: the runtime
// itself does not depend on DLPack.
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/interop_core.h>
#include <tracejit/runtime.h>

#include <dlpack/dlpack.h>

#include <cstdint>
#include <string>
#include <type_traits>

namespace tj {

namespace detail {

/// DLPack's type code for booleans (kDLBool, added in DLPack 0.8; Debian 12's header is 0.6 and lacks it).
inline constexpr uint8_t dlpack_bool_code = 6;

/// The DLPack data type of an array of `T`; Bool is kDLBool with 8 bits (tracejit stores a bool in one byte).
template <typename T> DLDataType dlpack_dtype() {
    DLDataType d{};
    d.lanes = 1;
    d.bits = uint8_t(std::is_same_v<T, bool> ? 8 : sizeof(T) * 8);
    if constexpr (std::is_same_v<T, bool>)
        d.code = dlpack_bool_code;
    else if constexpr (std::is_floating_point_v<T>)
        d.code = kDLFloat;
    else if constexpr (std::is_signed_v<T>)
        d.code = kDLInt;
    else
        d.code = kDLUInt;
    return d;
}

/// "float32", "int64", "bool8", "uint8x4", … for messages.
inline std::string dlpack_dtype_name(DLDataType d) {
    std::string name;
    switch (d.code) {
    case kDLInt: name = "int"; break;
    case kDLUInt: name = "uint"; break;
    case kDLFloat: name = "float"; break;
    case kDLBfloat: name = "bfloat"; break;
    case kDLComplex: name = "complex"; break;
    default: name = d.code == dlpack_bool_code ? "bool" : "(type code " + std::to_string(d.code) + ")"; break;
    }
    name += std::to_string(d.bits);
    if (d.lanes != 1)
        name += "x" + std::to_string(d.lanes);
    return name;
}

/// What a tensor made by to_dlpack owns: a reference to the array's variable, and the shape and strides.
struct DLPackContext {
    uint32_t index = 0;
    int64_t shape[1] = {0};
    int64_t strides[1] = {1};
};

} // namespace detail

/// A DLPack tensor sharing the buffer of `x` (no copy): 1-D, of the array's size, its dtype (Bool as kDLBool with
/// 8 bits), on kDLCPU or kDLCUDA device 0. The tensor keeps the buffer alive until its deleter is called (exactly
/// once, by whoever takes it). `x` must be evaluated: a literal or an unevaluated array (or one with a pending
/// scatter) throws tj::Error telling to call tj::make_opaque or tj::eval first; inside a frozen function,
/// tj::FreezeError. Waits for the device, so the memory can be read at once on any stream. The consumer must not
/// write into the memory: other arrays may share it.
template <typename T> DLManagedTensor *to_dlpack(const Array<T> &x) {
    const char *api = "tj::to_dlpack()";
    if (!x.index())
        throw Error(std::string(api) + ": the array is empty (default-constructed)");
    Backend where = Backend::CPU;
    const void *data = detail::var_buffer(x.index(), api, &where);
    auto *ctx = new detail::DLPackContext;
    auto *t = new DLManagedTensor{};
    ctx->index = x.index();
    ctx->shape[0] = int64_t(x.size());
    detail::var_inc_ref(ctx->index);
    t->dl_tensor.data = const_cast<void *>(data);
    t->dl_tensor.device = {where == Backend::CUDA ? kDLCUDA : kDLCPU, 0};
    t->dl_tensor.ndim = 1;
    t->dl_tensor.dtype = detail::dlpack_dtype<T>();
    t->dl_tensor.shape = ctx->shape;
    t->dl_tensor.strides = ctx->strides;
    t->dl_tensor.byte_offset = 0;
    t->manager_ctx = ctx;
    t->deleter = [](DLManagedTensor *self) {
        auto *c = static_cast<detail::DLPackContext *>(self->manager_ctx);
        detail::var_dec_ref(c->index);
        delete c;
        delete self;
    };
    return t;
}

/// An array over the memory of a DLPack tensor, without a copy, taking the tensor over: its deleter (if any) runs
/// exactly once, when the last array referring to the memory goes. The tensor must be 1-D and contiguous (no
/// strides, or stride 1), of T's dtype, on the current backend's device (kDLCPU for the CPU, kDLCUDA device 0
/// for CUDA), with its data (plus byte_offset) aligned to the element size. Anything else throws tj::Error and
/// leaves the tensor to the caller (its deleter is not called); inside a frozen function, tj::FreezeError. As
/// with tj::map, tracejit never writes into the memory (a scatter copies first).
template <typename A> A from_dlpack(DLManagedTensor *t) {
    using T = typename A::Value;
    const std::string api = "tj::from_dlpack()";
    if (!t)
        throw Error(api + ": the tensor is null");
    const DLTensor &d = t->dl_tensor;
    const DLDataType want = detail::dlpack_dtype<T>();
    if (d.dtype.code != want.code || d.dtype.bits != want.bits || d.dtype.lanes != want.lanes)
        throw Error(api + ": the tensor's dtype is " + detail::dlpack_dtype_name(d.dtype) + " but the array's is " +
                    detail::dlpack_dtype_name(want));
    if (d.ndim != 1)
        throw Error(api + ": the tensor has " + std::to_string(d.ndim) + " dimensions; only 1-D tensors map to an "
                    "array (reshape it to 1-D first)");
    if (!d.shape || d.shape[0] < 0)
        throw Error(api + ": the tensor has no valid shape");
    if (d.strides && d.strides[0] != 1 && d.shape[0] > 1)
        throw Error(api + ": the tensor is not contiguous (stride " + std::to_string(d.strides[0]) +
                    "); make a contiguous copy first");
    const Backend backend = tj::backend();
    const bool cuda = backend == Backend::CUDA;
    if (d.device.device_type != kDLCPU && d.device.device_type != kDLCUDA)
        throw Error(api + ": the tensor is on DLPack device type " + std::to_string(int(d.device.device_type)) +
                    "; only kDLCPU and kDLCUDA memory can be mapped");
    if ((d.device.device_type == kDLCUDA) != cuda)
        throw Error(api + ": the tensor is in " + (cuda ? "host" : "CUDA") + " memory but the current backend is " +
                    (cuda ? "CUDA" : "the CPU") + " (tj::set_backend)");
    if (cuda && d.device.device_id != 0)
        throw Error(api + ": the tensor is on CUDA device " + std::to_string(d.device.device_id) +
                    "; tracejit uses device 0");
    const size_t n = size_t(d.shape[0]);
    if (!d.data && n > 0)
        throw Error(api + ": the tensor's data pointer is null");
    const void *ptr = d.data ? static_cast<const char *>(d.data) + d.byte_offset : nullptr;
    std::function<void()> release;
    if (t->deleter)
        release = [t] { t->deleter(t); };
    return A::steal(detail::var_map(A::Type, ptr, n, std::move(release), api.c_str()));
}

} // namespace tj
