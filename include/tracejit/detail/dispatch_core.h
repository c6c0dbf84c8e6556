// include/tracejit/detail/dispatch_core.h — the id-based core of symbolic virtual calls that dispatch.h calls
//
// Every object derived from tj::Object is known to the registry while it lives. A pointer array stores 32-bit
// instance ids, one numbering per base class (a "domain", as Dr.Jit's registry has): id 0 is nullptr, an id is
// given to an object the first time a pointer to it is stored as that base, and never reused (an array holding the
// id of a destroyed object is then an error, not a call on another object). runtime/dispatch/ implements it.
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/detail/core.h>

#include <cstdint>
#include <string>
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
/// Every live object that has an id in `domain`: ids ascending, pointers as the base class (and, with `objects`,
/// as tj::Object).
void object_live(uint32_t domain, std::vector<uint32_t> &ids, std::vector<void *> &selves,
                 std::vector<const Object *> *objects = nullptr);
/// Stands for the objects of a domain in a frozen function's inputs (freeze_traverse.h flattens their declared
/// fields through it, once per domain and call): one per domain, at a fixed address.
struct DomainObjects {
    uint32_t domain;
};
const DomainObjects &object_domain_objects(uint32_t domain);
/// A frozen function's input pointer array `ids` of `domain` at `path`: when objects of the domain were destroyed,
/// its ids are read and a destroyed object's id is a tj::FreezeError naming the path (inside the recording they
/// cannot be read); with `defer`, the failure is noted for flatten_failed() instead (returns false then).
bool dispatch_check_input(uint32_t domain, uint32_t ids, const std::string &path, bool defer);
/// One more than the largest id given in `domain` so far.
uint32_t object_bound(uint32_t domain);
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
/// recording), or only those `ids` can hold when the graph shows it (a nested dispatch's argument: the values the
/// enclosing case's argument came from, a gather from a known pointer array, a select of such). Throws tj::Error
/// naming `api` when `ids` is known to hold the id of a destroyed object, or when objects of the domain were
/// destroyed and the ids cannot be checked (inside a recording: tj::FreezeError).
/// An instance whose code this thread is tracing already for the same `function` (a dispatch frame, below) is left
/// out: tracing it again would not end. The kernel then checks that no active lane holds it, and the evaluation that
/// runs the kernel throws the tj::Error that says the call recursed (jit/checks.cpp; a frozen function's replay
/// checks it too).
std::vector<DispatchTarget> dispatch_targets(uint32_t domain, uint32_t ids, const char *api, const char *function);
/// While the code of instance `id` of `domain` is traced for the dispatched `function` (its type's name): pushed on
/// this thread's stack of dispatch frames, which dispatch_targets consults.
void dispatch_frame_enter(uint32_t domain, uint32_t id, const char *function);
void dispatch_frame_leave() noexcept;
/// The class of a live object as the compiler spells it ("Disk", "ns::Kind<3>").
std::string object_class_name(const Object &object);
/// The Bool mask of the lanes of instance `id`: ids == id, ANDed with the mask of the symbolic branch, loop or
/// dispatch being traced (a new reference).
uint32_t dispatch_lanes(uint32_t ids, uint32_t id);
/// Starts the symbolic loop that runs instance `id`'s code in a dispatch over `ids`: its state is the ids (phis[0])
/// and the `n` argument arrays `args` (phis[1..n]); its condition is phis[0] == id, and the body sets phis[0] to 0,
/// so that the lanes of `id` run the body once and the others not at all. Per SIMD group (or GPU thread), a loop
/// whose condition holds for no lane skips the body: a kernel runs each instance's code only where it occurs.
/// Writes n + 1 new references into `phis`; returns the loop (loop_abort it if tracing throws).
uint32_t dispatch_case_begin(uint32_t ids, uint32_t id, const uint32_t *args, size_t n, uint32_t *phis);
/// Ends the loop of dispatch_case_begin: `phis` its argument phis (n), `results` the instance's result arrays (m),
/// `acc` the merged results of the instances before (the same types; zeros for the first). Writes the merged
/// results (`results` on the instance's lanes, `acc` elsewhere; new references) into `merged`.
void dispatch_case_end(uint32_t loop, const uint32_t *phis, size_t n, const uint32_t *results, const uint32_t *acc,
                       size_t m, uint32_t *merged);
/// Where `lanes` is set `r`, else `acc` (select; AD-aware). `r` may be empty in no case: throws tj::Error.
VarPair dispatch_merge(uint32_t lanes, VarPair r, VarPair acc);
/// How the tape shows a pointer array of `domain` whose ids are variable `ids`: var_summary's text with the array's
/// `type` ("tj::Array<Shape *>[5] evaluated r3 [Disk#1, Square#2, nullptr, …]": each id as its object's class).
std::string pointer_summary(uint32_t domain, uint32_t ids, size_t max_elements, const char *type);
/// The zero literal (width 1) of the type of `like` (a new reference).
uint32_t dispatch_zero(uint32_t like);
/// Throws the tj::Error of a result whose host values or layout differ between two instances.
[[noreturn]] void raise_dispatch_layout(const char *base_name);
/// Throws the tj::Error of `ptrs->method(…)` left as it is (not rewritten by the plugin into tj::dispatch).
[[noreturn]] void raise_unrewritten_call(const char *base_name);

} // namespace detail
} // namespace tj
