// include/tracejit/dispatch_core.h — the id-based core of symbolic virtual calls that dispatch.h calls
//
// Every object derived from tj::Object is known to the registry while it lives. A pointer array stores 32-bit
// instance ids, one numbering per base class (a "domain", as Dr.Jit's registry has): id 0 is nullptr, an id is
// given to an object the first time a pointer to it is stored as that base, and never reused (an array holding the
// id of a destroyed object is then an error, not a call on another object). runtime/dispatch/ implements it.
#pragma once

#include <tracejit/ad_core.h>
#include <tracejit/core.h>

#include <cstdint>
#include <vector>

namespace tj {

class Object;

namespace detail {

/// The domain of the base class named `base_name` (created on first use).
uint32_t object_domain(const char *base_name);
/// The base class's name of a domain, for messages.
const char *object_domain_name(uint32_t domain);
/// The id of `object` in `domain` (given now if it has none), `self` being the pointer to it as the domain's base
/// class. Throws tj::Error naming `api` when `object` is not a live tj::Object (never constructed, or destroyed).
uint32_t object_id(uint32_t domain, const Object *object, void *self, const char *api);
/// The object of `id` in `domain`, as the base class pointer it was registered with (null for id 0); throws
/// tj::Error naming `api` when the object was destroyed or the id was never given.
void *object_lookup(uint32_t domain, uint32_t id, const char *api);
/// Every live object that has an id in `domain`: ids ascending, pointers as the base class.
void object_live(uint32_t domain, std::vector<uint32_t> &ids, std::vector<void *> &selves);
/// One more than the largest id given in `domain` so far.
uint32_t object_bound(uint32_t domain);
/// A counter that changes whenever an id is given or an object with an id is destroyed in `domain`.
uint64_t object_generation(uint32_t domain);
/// Called by tj::Object's constructor and destructor.
void object_register(const Object *object);
void object_unregister(const Object *object) noexcept;

/// One instance a dispatch traces: its id and its pointer as the base class.
struct DispatchTarget {
    uint32_t id;
    void *self;
};
/// The instances a dispatch over the UInt32 ids `ids` of `domain` traces: the live objects of the domain, only
/// those present in `ids` when its values are known (a literal, or evaluated outside a frozen function's
/// recording). Throws tj::Error naming `api` when `ids` is known to hold the id of a destroyed object, or when
/// objects of the domain were destroyed and the ids cannot be checked (inside a recording: tj::FreezeError).
std::vector<DispatchTarget> dispatch_targets(uint32_t domain, uint32_t ids, const char *api);
/// The Bool mask of the lanes of instance `id`: ids == id, ANDed with the mask of the symbolic branch, loop or
/// dispatch being traced (a new reference).
uint32_t dispatch_lanes(uint32_t ids, uint32_t id);
/// Where `lanes` is set `r`, else `acc` (select; AD-aware). `r` may be empty in no case: throws tj::Error.
VarPair dispatch_merge(uint32_t lanes, VarPair r, VarPair acc);
/// The zero literal (width 1) of the type of `like` (a new reference).
uint32_t dispatch_zero(uint32_t like);
/// Throws the tj::Error of a result whose host values or layout differ between two instances.
[[noreturn]] void raise_dispatch_layout(const char *base_name);
/// Throws the tj::Error of `ptrs->method(…)` left as it is (not rewritten by the plugin into tj::dispatch).
[[noreturn]] void raise_unrewritten_call(const char *base_name);

} // namespace detail
} // namespace tj
