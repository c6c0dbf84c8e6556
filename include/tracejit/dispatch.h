// include/tracejit/dispatch.h — symbolic virtual calls: tj::Object, pointer arrays tj::Ptr<Base> and tj::dispatch
// (DESIGN §2 "Polymorphism", docs/vcalls.md)
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
#include <tracejit/dispatch_core.h>
#include <tracejit/freeze_traverse.h>
#include <tracejit/ops.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
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

/// Makes `Array<Base *>` a valid array type for classes derived from tj::Object (its elements are UInt32 ids).
template <typename B>
    requires std::is_base_of_v<Object, B>
struct VarTypeOf<B *> {
    static constexpr VarType value = VarType::UInt32;
};

/// An array of pointers to objects derived from `B` (alias tj::Ptr<B>): instance ids of B's registry domain,
/// nullptr being id 0. Works with tj::gather, tj::scatter, tj::select, ==, != and tj::dispatch.
template <typename B>
    requires std::is_base_of_v<Object, B>
class Array<B *> {
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

/// Calls `f(B *self, args...)` for every lane of `ptrs`, with `self` the lane's object: `f` is traced once per
/// instance that can occur in `ptrs` (every live object of B's domain, or only those present when the ids are
/// known), under the mask of that instance's lanes, and the results are merged, so that the whole call becomes part
/// of one kernel. Lanes holding nullptr, or masked off by an enclosing symbolic branch, loop or dispatch, give zeros
/// (and run no scatter). The result may be an array, a tuple, a TJ_STRUCT, ... (anything tj::if_stmt merges);
/// every instance must return the same layout. `f` may gather, scatter, branch, loop and dispatch again; gradients
/// flow through it to the arguments and to the objects' gradient-enabled fields.
template <typename B, typename F, typename... Args> auto dispatch(const Array<B *> &ptrs, F &&f, const Args &...args) {
    using R = std::invoke_result_t<F &, B *, const Args &...>;
    const char *base_name = detail::class_name<B>();
    if (!ptrs.index())
        detail::raise("tj::dispatch(): the pointer array is empty (uninitialized)");
    std::vector<detail::DispatchTarget> targets =
        detail::dispatch_targets(Array<B *>::domain(), ptrs.index(), "tj::dispatch()");
    if constexpr (std::is_void_v<R>) {
        for (const detail::DispatchTarget &t : targets) {
            Bool lanes = Bool::steal(detail::dispatch_lanes(ptrs.index(), t.id));
            detail::MaskScope scope("tj::dispatch()", lanes.index());
            f(static_cast<B *>(t.self), args...);
        }
    } else {
        using V = std::decay_t<R>;
        std::optional<V> acc;
        for (const detail::DispatchTarget &t : targets) {
            Bool lanes = Bool::steal(detail::dispatch_lanes(ptrs.index(), t.id));
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
        if (!acc) { // no instance can occur: every lane is null
            acc.emplace();
            detail::ZeroFiller zeros{ptrs.size()};
            detail::traverse(zeros, *acc);
        }
        return std::move(*acc);
    }
}

} // namespace tj

/// TJ_OBJECT_FIELDS(field...): in the body of a class derived from tj::Object, declares the array fields that its
/// dispatched code reads (tj arrays, tj::Ptr, std::vector/std::array of them), so that frozen functions take them as
/// inputs. A derived class lists its base class's fields too.
#define TJ_OBJECT_FIELD_(f) v.visit(#f, f);
#define TJ_OBJECT_FIELDS(...)                                                                                         \
    void tj_object_fields(::tj::detail::ObjectFields &v) const override {                                             \
        TJ_FOR_EACH_(TJ_OBJECT_FIELD_, __VA_ARGS__)                                                                   \
    }
/// TJ_OBJECT_NO_FIELDS: in the body of a class derived from tj::Object whose dispatched code reads no array fields.
#define TJ_OBJECT_NO_FIELDS                                                                                           \
    void tj_object_fields(::tj::detail::ObjectFields &) const override {}
