// include/tracejit/detail/interop_core.h — the id-based core of uninitialised arrays and of memory other code shares
//
// A variable can own a buffer of its backend's allocator (the usual case) or wrap foreign memory (tj::map,
// tj::from_dlpack): then the runtime never frees it nor writes into it, and runs the owner's release function
// once when the variable goes. interop.h and dlpack.h are the typed façade over these functions.
#pragma once

#include <tracejit/detail/core.h>

#include <cstddef>
#include <cstdint>
#include <functional>

namespace tj::detail {

/// An evaluated variable of `size` elements of `t` whose contents are unspecified (memory of the current backend).
uint32_t var_empty(VarType t, size_t size);
/// Evaluates `id` if needed (a literal becomes a buffer: `id` is then replaced by a new variable and the old
/// reference dropped), waits for the device, and returns the address of its buffer (null for size 0).
const void *var_data_ptr(uint32_t &id, const char *api);
/// The buffer of an evaluated variable and the backend of its memory, without evaluating anything: throws
/// tj::Error (naming `api`) for a literal, an unevaluated variable or one with a pending scatter. Waits for the
/// device.
const void *var_buffer(uint32_t id, const char *api, Backend *where);
/// A variable of `size` (> 0) elements of `t` in foreign memory at `ptr` (of the current backend), never freed
/// by tracejit: `release` (may be empty) runs once when the variable is freed, after the runtime's lock is
/// released. Throws tj::Error (naming `api`) for a null or misaligned `ptr`, and tj::FreezeError in a frozen body.
uint32_t var_map(VarType t, const void *ptr, size_t size, std::function<void()> release, const char *api);

} // namespace tj::detail
