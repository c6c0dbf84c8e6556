// include/tracejit/interop.h — uninitialised arrays and arrays over memory that other code owns (docs/interop.md)
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/interop_core.h>

#include <functional>
#include <utility>

namespace tj {

/// An evaluated array of `n` elements whose contents are unspecified (in memory of the current backend): for
/// buffers that a scatter fills entirely. Inside a frozen function it holds zeros (so that the replay can make it).
template <typename A> A empty(size_t n) { return A::steal(detail::var_empty(A::Type, n)); }

/// An array of the `n` elements at `ptr`, without a copy: memory of the current backend (a host pointer on the
/// CPU, a device pointer on CUDA), owned by the caller, aligned to the element size and valid until `release`
/// runs. tracejit never frees or writes it: a scatter into the array first copies it (copy on write). `release`
/// (optional) runs exactly once, when the last array referring to the memory goes (outside the runtime's lock;
/// an exception from it is logged and dropped). Throws tj::Error for a null `ptr` with `n` > 0 (then `release`
/// does not run) and tj::FreezeError inside a frozen function.
template <typename A> A map(const typename A::Value *ptr, size_t n, std::function<void()> release = {}) {
    return A::steal(detail::var_map(A::Type, ptr, n, std::move(release), "tj::map()"));
}

} // namespace tj
