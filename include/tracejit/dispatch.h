// include/tracejit/dispatch.h — symbolic virtual calls: tj::Object, pointer arrays tj::Ptr<Base> and tj::dispatch
// (docs/design.md §2 "Polymorphism", docs/vcalls.md)
//
// A class derived from tj::Object is registered while it lives. `tj::Ptr<Base>` (= `tj::Array<Base *>`) is an
// array of pointers to such objects, stored as 32-bit instance ids (0 = nullptr). `tj::dispatch(ptrs, f, args...)`
// calls `f(Base *self, args...)` once per instance that can occur in `ptrs`, each traced under the mask of its
// lanes, and merges the results into one value: one kernel in which every lane runs its own instance's code.
//
//     struct Shape : tj::Object { virtual tj::Float area(const tj::Float &scale) const = 0; };
//     struct Disk : Shape {
//         tj::Float r;
//         tj::Float area(const tj::Float &s) const override { return 3.14159f * r * r * s; }
//         TJ_OBJECT_FIELDS(r)
//     };
//     tj::Ptr<Shape> ptrs(std::vector<Shape *>{&disk, nullptr, &square});
//     tj::Float a = tj::dispatch(ptrs, [](Shape *s, const tj::Float &x) { return s->area(x); }, scale);
//
// In a function marked for the tracejit plugin, `ptrs->area(scale)` is rewritten into that call. Without the
// rewrite, `ptrs->...` compiles (so that the plugin's first parse accepts it) but throws tj::Error when it runs.
#pragma once

#include <tracejit/ad_custom.h>
#include <tracejit/array.h>
#include <tracejit/control.h>
#include <tracejit/detail/dispatch_core.h>
#include <tracejit/detail/freeze_traverse.h>
#include <tracejit/ops.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {

namespace detail {

/// What an object's TJ_OBJECT_FIELDS visits: the arrays that its dispatched code reads through `self` (frozen
/// functions flatten them as inputs, docs/vcalls.md). Type-erased, so that a virtual function can take it.
class ObjectFields {
  public:
    /// An array field of element type `type`; `array` points to the tj::Array<…>.
    virtual void array(const char *name, const void *array, VarType type) = 0;
    /// A pointer array field (tj::Ptr<…>): its ids (a tj::UInt32) and the domain of its base class.
    virtual void pointers(const char *name, const void *ids, uint32_t domain) = 0;
    /// Visits one field declared with TJ_OBJECT_FIELDS.
    template <typename X> void visit(const char *name, const X &x);

  protected:
    ~ObjectFields() = default;
};

/// The name of class `T` as the compiler spells it (a domain's key, and its name in messages), null-terminated.
template <typename T> const char *class_name() {
    static const std::string name(type_name_of<T>());
    return name.c_str();
}

struct FromIds {};

} // namespace detail

/// Base of every class whose objects may be stored in a tj::Ptr: registered while it lives. A copy is a new object
/// (registered on its own); assignment leaves the registration alone.
class Object {
  public:
    Object() { detail::object_register(this); }
    Object(const Object &) : Object() {}
    Object &operator=(const Object &) { return *this; }
    virtual ~Object() { detail::object_unregister(this); }

    /// Visits the arrays that this object's dispatched code reads, for freezing: TJ_OBJECT_FIELDS(field...) in
    /// the class body overrides it. The default declares none (a frozen function that dispatches to an object
    /// whose class does not override it throws tj::FreezeError, docs/vcalls.md).
    virtual void tj_object_fields(detail::ObjectFields &) const { m_fields_declared = false; }
    /// Whether the class declared its fields (false until tj_object_fields ran once without an override).
    bool tj_fields_declared() const { return m_fields_declared; }

  private:
    mutable bool m_fields_declared = true;
};

/// Makes `Array<Base *>` a valid array type for classes derived from tj::Object (its elements are UInt32 ids). The
/// constraint only asks for a class, which may still be incomplete where the type is named: a method declared in
/// the body of `Base` may take a `tj::Ptr<Base>` (a nested dispatch through an argument, docs/vcalls.md). That the
/// class derives from tj::Object is checked where the array type is instantiated.
template <typename B>
    requires std::is_class_v<B>
struct VarTypeOf<B *> {
    static constexpr VarType value = VarType::UInt32;
};

/// An array of pointers to objects derived from `B` (alias tj::Ptr<B>): instance ids of B's registry domain,
/// nullptr being id 0. Works with tj::gather, tj::scatter, tj::select, ==, != and tj::dispatch.
template <typename B>
    requires std::is_class_v<B>
class Array<B *> {
    static_assert(std::is_base_of_v<Object, B>, "tj::Ptr<B> (tj::Array<B *>): B must derive from tj::Object");

  public:
    using Value = B *;
    using Base = B;
    static constexpr VarType Type = VarType::UInt32;

    /// The empty array (size 0).
    Array() = default;
    /// A null pointer of width 1.
    Array(std::nullptr_t) : m_ids(0u) {}
    /// A pointer of width 1: `p` must point to a live object (else tj::Error).
    Array(B *p) : m_ids(p ? detail::object_id(domain(), p, p, "tj::Ptr()") : 0u) {}
    /// The pointers of a vector (evaluated, in memory); each must be null or point to a live object.
    explicit Array(const std::vector<B *> &ptrs) {
        std::vector<uint32_t> ids(ptrs.size());
        for (size_t i = 0; i < ptrs.size(); ++i)
            ids[i] = ptrs[i] ? detail::object_id(domain(), ptrs[i], ptrs[i], "tj::Ptr()") : 0u;
        m_ids = UInt32(ids);
    }
    /// Wraps ids of B's domain as they are (gather, scatter and select make them).
    Array(detail::FromIds, UInt32 ids) : m_ids(std::move(ids)) {}
    /// Wraps a variable of ids whose reference the new array takes over (the generic array algorithms use it).
    static Array steal(uint32_t index, uint32_t ad = 0) {
        if (ad)
            detail::ad_dec_ref(ad); // (pointer arrays carry no gradients)
        return Array(detail::FromIds{}, UInt32::steal(index));
    }
    static Array steal(detail::VarPair p) { return steal(p.jit, p.ad); }

    /// The instance ids (0 for nullptr).
    const UInt32 &ids() const { return m_ids; }
    size_t size() const { return m_ids.size(); }
    uint32_t index() const { return m_ids.index(); }
    uint32_t ad_index() const { return 0; }
    detail::VarPair pair() const { return {m_ids.index(), 0}; }
    /// Element i (evaluates the array): the object, or nullptr; tj::Error if it was destroyed.
    B *read(size_t i) const {
        return static_cast<B *>(detail::object_lookup(domain(), m_ids.read(i), "tj::Ptr::read()"));
    }
    /// Lets `ptrs->method(args...)` parse, for the tracejit plugin, which rewrites it in marked functions into
    /// tj::dispatch(ptrs, [](B *self, auto &&...a) { return self->method(a...); }, args...). Left as it is (no
    /// plugin, or a function not marked), it throws tj::Error when it runs: it never calls the method.
    B *operator->() const { detail::raise_unrewritten_call(detail::class_name<B>()); }

    /// B's registry domain.
    static uint32_t domain() {
        static const uint32_t d = detail::object_domain(detail::class_name<B>());
        return d;
    }

  private:
    UInt32 m_ids;
};

/// An array of pointers to objects of class B (or derived from it).
template <typename B> using Ptr = Array<B *>;

template <typename T> struct is_pointer_array : std::false_type {};
template <typename B> struct is_pointer_array<Array<B *>> : std::true_type {};
/// True for tj::Ptr<…> types.
template <typename A> inline constexpr bool is_pointer_array_v = is_pointer_array<std::remove_cvref_t<A>>::value;

template <typename B> Bool operator==(const Array<B *> &a, const Array<B *> &b) { return a.ids() == b.ids(); }
template <typename B> Bool operator!=(const Array<B *> &a, const Array<B *> &b) { return a.ids() != b.ids(); }
template <typename B> Bool operator==(const Array<B *> &a, std::nullptr_t) { return a.ids() == 0u; }
template <typename B> Bool operator!=(const Array<B *> &a, std::nullptr_t) { return a.ids() != 0u; }
template <typename B> Bool operator==(const Array<B *> &a, B *b) { return a == Array<B *>(b); }
template <typename B> Bool operator!=(const Array<B *> &a, B *b) { return a != Array<B *>(b); }
/// Pointer arrays have no arithmetic or ordering.
#define TJ_PTR_NO_OP_(OP)                                                                                             \
    template <typename B> void operator OP(const Array<B *> &, const Array<B *> &) = delete;
TJ_PTR_NO_OP_(+)
TJ_PTR_NO_OP_(-)
TJ_PTR_NO_OP_(*)
TJ_PTR_NO_OP_(/)
TJ_PTR_NO_OP_(%)
TJ_PTR_NO_OP_(<)
TJ_PTR_NO_OP_(<=)
TJ_PTR_NO_OP_(>)
TJ_PTR_NO_OP_(>=)
TJ_PTR_NO_OP_(&)
TJ_PTR_NO_OP_(|)
#undef TJ_PTR_NO_OP_

/// mask ? a : b, per lane.
template <typename B> Array<B *> select(const Bool &mask, const Array<B *> &a, const Array<B *> &b) {
    return Array<B *>(detail::FromIds{}, select(mask, a.ids(), b.ids()));
}
template <typename B> Array<B *> select(const Bool &mask, const Array<B *> &a, std::nullptr_t) {
    return select(mask, a, Array<B *>(nullptr));
}
template <typename B> Array<B *> select(const Bool &mask, std::nullptr_t, const Array<B *> &b) {
    return select(mask, Array<B *>(nullptr), b);
}
/// The pointers, evaluated, on the host (tj::Error for a destroyed object).
template <typename B> std::vector<B *> to_vector(const Array<B *> &a) {
    std::vector<uint32_t> ids = to_vector(a.ids());
    std::vector<B *> out(ids.size());
    for (size_t i = 0; i < ids.size(); ++i)
        out[i] = static_cast<B *>(detail::object_lookup(Array<B *>::domain(), ids[i], "tj::to_vector()"));
    return out;
}

namespace detail {

template <typename X> void ObjectFields::visit(const char *name, const X &x) {
    if constexpr (is_pointer_array_v<X>)
        pointers(name, &x.ids(), X::domain());
    else if constexpr (is_array_v<X>)
        array(name, &x, X::Type);
    else if constexpr (IsStdVector<X>::value || IsStdArray<X>::value)
        for (const auto &e : x)
            visit(name, e);
    else
        static_assert(sizeof(X) == 0, "TJ_OBJECT_FIELDS: a field must be a tj array, a tj::Ptr, or a std::vector or "
                                      "std::array of them");
}

/// Whether ObjectFields::visit takes a field of type `X`: a tj array, a tj::Ptr, a std::vector or std::array of them.
template <typename X> constexpr bool object_field_visitable() {
    if constexpr (is_pointer_array_v<X> || is_array_v<X>)
        return true;
    else if constexpr (IsStdVector<X>::value || IsStdArray<X>::value)
        return object_field_visitable<typename X::value_type>();
    else
        return false;
}

/// One field of a class whose field list the tracejit plugin wrote (plugin/engine/freeze/object_fields.h): visited
/// when it holds arrays, left out otherwise (a host value is part of what a recording traced, as without the plugin).
template <typename X> void visit_object_field(ObjectFields &v, const char *name, const X &x) {
    if constexpr (object_field_visitable<std::remove_cvref_t<X>>())
        v.visit(name, x);
}

/// Forwards an object's declared fields to a freezing visitor (Flattener, OpaqueMaker) as fields of that object.
template <typename V> class FieldsFor final : public ObjectFields {
  public:
    explicit FieldsFor(V &v) : m_v(v) {}
    void array(const char *name, const void *a, VarType type) override {
        switch (type) {
        case VarType::Bool: return field<bool>(name, a);
        case VarType::Int32: return field<int32_t>(name, a);
        case VarType::UInt32: return field<uint32_t>(name, a);
        case VarType::Int64: return field<int64_t>(name, a);
        case VarType::UInt64: return field<uint64_t>(name, a);
        case VarType::Float32: return field<float>(name, a);
        case VarType::Float64: return field<double>(name, a);
        }
    }
    void pointers(const char *name, const void *ids, uint32_t domain) override {
        field<uint32_t>(name, ids);
        visit_pointees(m_v, domain, static_cast<const UInt32 *>(ids)->index());
    }

  private:
    template <typename T> void field(const char *name, const void *a) {
        // (OpaqueMaker turns a literal field into memory in place, which keeps its value, as it does for a const
        // pointee's arrays)
        m_v.visit_field(name, *const_cast<Array<T> *>(static_cast<const Array<T> *>(a)));
    }
    V &m_v;
};

/// The objects of a domain, for freezing: the live ids are part of the layout key (another set of objects records
/// anew) and each object's declared fields are inputs.
template <typename V> void tj_fields(V &v, const DomainObjects &d) {
    std::vector<uint32_t> ids;
    std::vector<void *> selves;
    std::vector<const Object *> objs;
    object_live(d.domain, ids, selves, &objs);
    uint64_t count = ids.size();
    v.host(count);
    for (size_t k = 0; k < ids.size(); ++k) {
        uint32_t id = ids[k];
        v.host(id);
        if constexpr (std::is_same_v<V, Rebuilder>) // writing the fields back after a replay: the recorded objects
            if (count != ids.size() || id != ids[k])
                raise_freeze(std::string("tj::freeze(): the objects of ") + object_domain_name(d.domain) +
                             " are not those the recording's body left (it created or destroyed one that outlived "
                             "it); their fields cannot be written back");
        std::string name = std::string(object_domain_name(d.domain)) + "#" + std::to_string(ids[k]);
        [[maybe_unused]] auto scope = v.field(name);
        FieldsFor<V> fields(v);
        objs[k]->tj_object_fields(fields);
        if (!objs[k]->tj_fields_declared()) {
            std::string path = "an input";
            if constexpr (std::is_same_v<V, Flattener>) {
                if (!v.paths) {
                    flatten_fail_later();
                    return;
                }
                path = v.path;
            }
            raise_freeze("tj::freeze(): " + path + ": the class of this object does not declare the arrays its "
                         "dispatched code reads; add TJ_OBJECT_FIELDS(field...) (or TJ_OBJECT_NO_FIELDS) to its class "
                         "body, so that a replay reads their current values");
        }
    }
}

template <typename V> void visit_pointees(V &v, uint32_t domain, uint32_t ids) {
    if constexpr (std::is_same_v<V, Flattener>) {
        // Without paths (the flattening of every call), a failure is only noted: the caller flattens again with
        // paths, which throws the tj::FreezeError naming the input (freeze.h). The writes after a recording's body
        // (skip_const_pointees) are not checked: the inputs were, and the ids cannot be read inside the recording.
        if (!v.skip_const_pointees && !dispatch_check_input(domain, ids, v.path, !v.paths))
            return;
    }
    visit_domain_objects(v, domain);
}

template <typename V> void visit_domain_objects(V &v, uint32_t domain) {
    // Once per domain and call: a shared pointee. Not const: the dispatched code may scatter into the objects'
    // fields, and a frozen function writes them back after a replay as it does other pointees (ThroughReferences).
    auto ref = std::ref(const_cast<DomainObjects &>(object_domain_objects(domain)));
    [[maybe_unused]] auto scope = v.field("objects");
    v.reference(ref);
}

/// Sets every array of `v` to a width-1 zero of its type (the result of lanes that run no instance).
template <typename V> void zero_state(V &v) {
    StateCollector c = collect_state(v);
    for (StateSlot &s : c.arrays) {
        VarPair p = s.get(s.array);
        if (p.jit)
            s.set(s.array, {dispatch_zero(p.jit), 0});
    }
}

/// Sets every array of a default-constructed result to `n` zeros (a dispatch with no instance to run).
struct ZeroFiller {
    size_t n;
    template <typename T> void array(Array<T> &a) { a = Array<T>::steal(var_literal(Array<T>::Type, 0, n)); }
    template <typename T> void host(T &) {}
    template <typename C> void resize(C &) {}
    template <typename O> bool presence(O &o) { return o.has_value(); }
    template <typename M> void map(M &m) {
        for (auto &[k, v] : m)
            traverse(*this, v);
    }
    template <typename P> void shared(P &) {}
    template <typename P> void reference(P &) {}
    struct Scope {
        ~Scope() {}
    };
    Scope index(size_t) { return {}; }
    Scope field(std::string_view) { return {}; }
    template <typename T> void visit_field(const char *, T &x) { traverse(*this, x); }
};

/// acc = lanes ? r : acc, for every array of the two results (which must have the same layout).
template <typename V> void merge_result(const char *base_name, uint32_t lanes, V &r, V &acc) {
    StateCollector cr = collect_state(r), ca = collect_state(acc);
    if (cr.fingerprint != ca.fingerprint)
        raise_dispatch_layout(base_name);
    for (size_t k = 0; k < cr.arrays.size(); ++k) {
        VarPair m = dispatch_merge(lanes, cr.arrays[k].get(cr.arrays[k].array), ca.arrays[k].get(ca.arrays[k].array));
        ca.arrays[k].set(ca.arrays[k].array, m);
    }
}

} // namespace detail

namespace detail {

/// Whether an object's declared fields include an array with gradients enabled.
class GradFieldCheck final : public ObjectFields {
  public:
    bool any = false;
    void array(const char *, const void *a, VarType type) override {
        // (every tj::Array<T> holds the same two ids; the type only picks the class to read them through)
        if (type == VarType::Float32)
            any |= static_cast<const Float *>(a)->ad_index() != 0;
        else if (type == VarType::Float64)
            any |= static_cast<const Float64 *>(a)->ad_index() != 0;
    }
    void pointers(const char *, const void *, uint32_t) override {}
};

/// Whether any array in `x` has gradients enabled.
template <typename X> bool has_grad(const X &x) {
    X copy = x;
    StateCollector c = collect_state(copy);
    for (StateSlot &s : c.arrays)
        if (s.get(s.array).ad)
            return true;
    return false;
}

/// Whether a dispatch can run each instance's code as a loop that only the lanes of that instance enter (the fast
/// form): no gradients are involved (the arguments and the objects' declared fields have none) and every object
/// declared its fields (so that none with gradients can hide). Otherwise every instance's code is traced over all
/// lanes under its mask and merged with select, which AD differentiates (docs/vcalls.md).
template <typename... Args> bool dispatch_in_loops(const std::vector<DispatchTarget> &targets, const Object *const *objs,
                                                   const Args &...args) {
    if ((has_grad(args) || ...))
        return false;
    for (size_t k = 0; k < targets.size(); ++k) {
        GradFieldCheck check;
        objs[k]->tj_object_fields(check);
        if (check.any || !objs[k]->tj_fields_declared())
            return false;
    }
    return true;
}

/// While one instance's code is traced: a dispatch frame (dispatch_core.h), so that a nested dispatch does not trace
/// it again for the same function.
struct DispatchFrame {
    DispatchFrame(uint32_t domain, uint32_t id, const char *function) { dispatch_frame_enter(domain, id, function); }
    ~DispatchFrame() { dispatch_frame_leave(); }
    DispatchFrame(const DispatchFrame &) = delete;
    DispatchFrame &operator=(const DispatchFrame &) = delete;
};

/// The result of a dispatch on a pointer array of no lanes (width 0, or the empty array): every array of a
/// default-constructed result has size 0. The arguments' arrays must have 0 or 1 lanes (else tj::Error naming both
/// sizes); `f` is not called.
template <typename V, typename... Args> V dispatch_empty(const Args &...args) {
    std::tuple<std::decay_t<Args>...> copies(args...);
    StateCollector c = collect_state(copies);
    for (size_t k = 0; k < c.arrays.size(); ++k)
        if (uint32_t id = c.arrays[k].get(c.arrays[k].array).jit)
            if (size_t n = var_size(id); n > 1)
                raise("tj::dispatch(): size mismatch: the pointer array has 0 lanes but argument array " +
                      std::to_string(k + 1) + " has " + std::to_string(n) + " (only width-1 arrays broadcast)");
    V out{};
    ZeroFiller zeros{0};
    traverse(zeros, out);
    return out;
}

/// One instance's code in the fast form: a loop that only its lanes enter (dispatch_case_begin). `acc` holds the
/// merged results of the instances before (empty before the first; unused, an int, for a `f` that returns nothing).
template <typename B, typename V, typename F, typename... Args>
void dispatch_case(const char *base_name, const char *function, uint32_t ids, const DispatchTarget &t,
                   std::optional<V> &acc, F &f, const Args &...args) {
    std::tuple<std::decay_t<Args>...> work(args...);
    StateCollector c = collect_state(work);
    size_t n = c.arrays.size();
    std::vector<uint32_t> init(n), phis(n + 1);
    for (size_t k = 0; k < n; ++k) {
        init[k] = c.arrays[k].get(c.arrays[k].array).jit;
        if (!init[k])
            raise("tj::dispatch(): argument array " + std::to_string(k + 1) + " is empty (uninitialized)");
    }
    uint32_t loop = dispatch_case_begin(ids, t.id, init.data(), n, phis.data());
    UInt32 ids_phi = UInt32::steal(phis[0]);
    constexpr bool returns_nothing = std::is_void_v<std::invoke_result_t<F &, B *, const Args &...>>;
    struct AbortOnExit { // tracing threw (no try/catch here: the public headers compile with -fno-exceptions)
        uint32_t loop;
        bool armed = true;
        ~AbortOnExit() {
            if (armed)
                loop_abort(loop);
        }
    } abort_on_exit{loop};
    std::optional<V> r;
    for (size_t k = 0; k < n; ++k)
        c.arrays[k].set(c.arrays[k].array, {phis[k + 1], 0});
    {
        DispatchFrame frame(Array<B *>::domain(), t.id, function);
        if constexpr (returns_nothing)
            std::apply([&](auto &...a) { f(static_cast<B *>(t.self), a...); }, work);
        else
            r.emplace(std::apply([&](auto &...a) { return f(static_cast<B *>(t.self), a...); }, work));
    }
    if constexpr (returns_nothing) {
        abort_on_exit.armed = false; // (dispatch_case_end ends or frees the loop itself)
        dispatch_case_end(loop, phis.data() + 1, n, nullptr, nullptr, 0, nullptr);
    } else {
        if (!acc) {
            acc.emplace(*r);
            zero_state(*acc);
        }
        StateCollector cr = collect_state(*r), ca = collect_state(*acc);
        if (cr.fingerprint != ca.fingerprint)
            raise_dispatch_layout(base_name);
        size_t m = cr.arrays.size();
        std::vector<uint32_t> res(m), before(m), merged(m);
        for (size_t j = 0; j < m; ++j) {
            VarPair p = cr.arrays[j].get(cr.arrays[j].array);
            if (p.ad) {
                raise("tj::dispatch(): an instance's result has gradients enabled although no argument or declared "
                      "field has (was tj::enable_grad called inside the dispatched function?)");
            }
            res[j] = p.jit;
            before[j] = ca.arrays[j].get(ca.arrays[j].array).jit;
        }
        abort_on_exit.armed = false;
        dispatch_case_end(loop, phis.data() + 1, n, res.data(), before.data(), m, merged.data());
        for (size_t j = 0; j < m; ++j)
            ca.arrays[j].set(ca.arrays[j].array, {merged[j], 0});
    }
}

} // namespace detail

/// Calls `f(B *self, args...)` for every lane of `ptrs`, with `self` the lane's object: `f` is traced once per
/// instance that can occur in `ptrs` (every live object of B's domain, or only those the ids can hold where that is
/// known: dispatch_targets), with that instance's lanes active, and the results are merged into one kernel. No lanes
/// give empty results. Lanes holding nullptr, or masked off by an enclosing symbolic branch, loop or dispatch, give
/// zeros (and run no scatter). The result may be an array, a tuple, a TJ_STRUCT, ... (anything tj::if_stmt merges);
/// every instance must return the same layout. `f` may gather, scatter, branch, loop and dispatch again (a recursion
/// is a tj::Error, docs/vcalls.md); gradients reach the arguments and the objects' gradient-enabled fields.
template <typename B, typename F, typename... Args> auto dispatch(const Array<B *> &ptrs, F &&f, const Args &...args) {
    using R = std::invoke_result_t<F &, B *, const Args &...>;
    using V = std::decay_t<R>;
    const char *base_name = detail::class_name<B>();
    const char *function = detail::class_name<std::decay_t<F>>(); // (its type's name: a lambda's says where it is)
    if (ptrs.size() == 0) { // no lanes (the empty array too): empty results, as Dr.Jit gives
        if constexpr (std::is_void_v<R>) {
            (void)detail::dispatch_empty<std::tuple<>>(args...);
            return;
        } else {
            return detail::dispatch_empty<V>(args...);
        }
    }
    std::vector<detail::DispatchTarget> targets =
        detail::dispatch_targets(Array<B *>::domain(), ptrs.index(), "tj::dispatch()", function);
    std::vector<const Object *> objs(targets.size());
    for (size_t k = 0; k < targets.size(); ++k)
        objs[k] = static_cast<B *>(targets[k].self);
    std::optional<std::conditional_t<std::is_void_v<R>, int, V>> acc;
    detail::BranchGradScope isolate; // a backward in one instance's code must not free what another's needs
    if (detail::dispatch_in_loops(targets, objs.data(), args...)) {
        for (const detail::DispatchTarget &t : targets)
            detail::dispatch_case<B>(base_name, function, ptrs.index(), t, acc, f, args...);
    } else {
        for (const detail::DispatchTarget &t : targets) {
            Bool lanes = Bool::steal(detail::dispatch_lanes(ptrs.index(), t.id));
            detail::DispatchFrame frame(Array<B *>::domain(), t.id, function);
            if constexpr (std::is_void_v<R>) {
                detail::MaskScope scope("tj::dispatch()", lanes.index());
                f(static_cast<B *>(t.self), args...);
            } else {
                std::optional<V> r;
                {
                    detail::MaskScope scope("tj::dispatch()", lanes.index());
                    r.emplace(f(static_cast<B *>(t.self), args...));
                }
                if (!acc) {
                    acc.emplace(*r);
                    detail::zero_state(*acc);
                }
                detail::merge_result(base_name, lanes.index(), *r, *acc);
            }
        }
    }
    if constexpr (!std::is_void_v<R>) {
        if (!acc) { // no instance can occur: every lane is null
            acc.emplace();
            size_t n = ptrs.size(); // (the lanes: the largest of the pointers' and the arguments' sizes)
            std::tuple<std::decay_t<Args>...> copies(args...);
            for (detail::StateSlot &s : detail::collect_state(copies).arrays)
                if (uint32_t id = s.get(s.array).jit)
                    n = std::max(n, detail::var_size(id));
            detail::ZeroFiller zeros{n};
            detail::traverse(zeros, *acc);
        }
        return std::move(*acc);
    }
}

} // namespace tj

/// TJ_OBJECT_FIELDS(field...): in the body of a class derived from tj::Object, declares the array fields that its
/// dispatched code reads (tj arrays, tj::Ptr, std::vector/std::array of them), so that frozen functions take them as
/// inputs. A derived class lists its base class's fields too. In a file compiled with the tracejit plugin a class
/// without it gets its list from the plugin (docs/vcalls.md); one with it keeps it.
#define TJ_OBJECT_FIELD_(f) v.visit(#f, f);
#define TJ_OBJECT_FIELDS(...)                                                                                         \
    void tj_object_fields(::tj::detail::ObjectFields &v) const override {                                             \
        TJ_FOR_EACH_(TJ_OBJECT_FIELD_, __VA_ARGS__)                                                                   \
    }
/// TJ_OBJECT_NO_FIELDS: in the body of a class derived from tj::Object whose dispatched code reads no array fields.
#define TJ_OBJECT_NO_FIELDS                                                                                           \
    void tj_object_fields(::tj::detail::ObjectFields &) const override {}
