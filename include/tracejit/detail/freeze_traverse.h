// include/tracejit/detail/freeze_traverse.h — how frozen functions see their inputs and outputs: flattening to arrays
// and a layout key, and rebuilding outputs (docs/design.md §3, after FlareJax)
//
// One visitor protocol serves every supported type: `traverse(v, x)` calls `v.array(a)` for each tj array,
// `v.host(x)` for arithmetic values, enums and strings, `v.count(n)` before the elements of a container,
// `v.shared(p)` / `v.reference(r)` for what a std::shared_ptr / std::reference_wrapper points to (each pointee is
// visited once, so shared references stay shared and cycles end), and recurses. Types declared with TJ_STRUCT
// (or whose fields the plugin generates) provide `tj_fields(v, x)`, found by argument-dependent lookup. The
// Flattener (const inputs) writes the layout key and collects the arrays; the Rebuilder (mutable outputs) reads a
// recorded layout back; ThroughReferences visits only what references reach (a frozen body's writes there).
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/array.h>
#include <tracejit/error.h>

#include <array>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {

namespace detail {

/// Whether `T` declares its fields for freezing (TJ_STRUCT or a plugin-generated tj_fields).
template <typename V, typename T>
concept HasFields = requires(V &v, T &x) { tj_fields(v, x); };

template <typename T> struct IsStdVector : std::false_type {};
template <typename T, typename A> struct IsStdVector<std::vector<T, A>> : std::true_type {};
template <typename T> struct IsStdArray : std::false_type {};
template <typename T, size_t N> struct IsStdArray<std::array<T, N>> : std::true_type {};
template <typename T> struct IsTupleLike : std::false_type {};
template <typename... Ts> struct IsTupleLike<std::tuple<Ts...>> : std::true_type {};
template <typename A, typename B> struct IsTupleLike<std::pair<A, B>> : std::true_type {};
template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T> struct IsStringMap : std::false_type {};
template <typename V, typename C, typename A> struct IsStringMap<std::map<std::string, V, C, A>> : std::true_type {};
template <typename T> struct IsSharedPtr : std::false_type {};
template <typename T> struct IsSharedPtr<std::shared_ptr<T>> : std::true_type {};
template <typename T> struct IsRefWrapper : std::false_type {};
template <typename T> struct IsRefWrapper<std::reference_wrapper<T>> : std::true_type {};

/// Whether copying and destroying a `T` runs none of the user's code (tj arrays, host values, standard containers of
/// them, std::shared_ptr and std::reference_wrapper, whose pointees are neither copied nor, as the caller keeps the
/// original, destroyed): a frozen call copies such arguments under the runtime's lock (freeze.h, Frozen::call).
template <typename T> constexpr bool copy_runs_no_user_code_f() {
    if constexpr (is_array_v<T> || std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string> ||
                  IsSharedPtr<T>::value || IsRefWrapper<T>::value)
        return true;
    else if constexpr (IsStdArray<T>::value || IsOptional<T>::value)
        return copy_runs_no_user_code_f<typename T::value_type>();
    else if constexpr (IsStdVector<T>::value) // (with the standard allocator)
        return std::is_same_v<T, std::vector<typename T::value_type>> &&
               copy_runs_no_user_code_f<typename T::value_type>();
    else if constexpr (IsStringMap<T>::value) // (with the standard comparison and allocator)
        return std::is_same_v<T, std::map<std::string, typename T::mapped_type>> &&
               copy_runs_no_user_code_f<typename T::mapped_type>();
    else if constexpr (IsTupleLike<T>::value)
        return []<size_t... I>(std::index_sequence<I...>) {
            return (copy_runs_no_user_code_f<std::tuple_element_t<I, T>>() && ...);
        }(std::make_index_sequence<std::tuple_size_v<T>>());
    else
        return false;
}
template <typename T> inline constexpr bool copy_runs_no_user_code = copy_runs_no_user_code_f<T>();

/// Visits `x` (const for flattening, mutable for rebuilding) with visitor `v`.
template <typename V, typename X> void traverse(V &v, X &x) {
    using T = std::remove_cv_t<X>;
    if constexpr (is_array_v<T>) {
        v.array(x);
    } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string>) {
        v.host(x);
    } else if constexpr (IsStdVector<T>::value) {
        v.resize(x);
        size_t i = 0;
        for (auto &e : x) {
            [[maybe_unused]] auto scope = v.index(i++);
            traverse(v, e);
        }
    } else if constexpr (IsStdArray<T>::value) {
        for (size_t i = 0; i < x.size(); ++i) {
            [[maybe_unused]] auto scope = v.index(i);
            traverse(v, x[i]);
        }
    } else if constexpr (IsTupleLike<T>::value) {
        std::apply([&](auto &...es) {
            size_t i = 0;
            ((void)[&] {
                [[maybe_unused]] auto scope = v.index(i++);
                traverse(v, es);
            }(), ...);
        }, x);
    } else if constexpr (IsOptional<T>::value) {
        if (v.presence(x)) {
            [[maybe_unused]] auto scope = v.field("value");
            traverse(v, *x);
        }
    } else if constexpr (IsStringMap<T>::value) {
        v.map(x);
    } else if constexpr (IsSharedPtr<T>::value) {
        v.shared(x);
    } else if constexpr (IsRefWrapper<T>::value) {
        v.reference(x); // like a shared_ptr: visited once, so a cycle of references ends
    } else if constexpr (HasFields<V, X>) {
        tj_fields(v, x);
    } else {
        static_assert(sizeof(T) == 0, "tj::freeze: this type cannot be an input or output of a frozen function; "
                                      "declare its fields with TJ_STRUCT(Type, field...)");
    }
}

/// Visits the objects of a pointer array's domain (tj::Ptr, dispatch.h, which defines it): their declared fields are
/// inputs of a frozen function.
template <typename V> void visit_pointees(V &v, uint32_t domain, uint32_t ids);
/// The same without checking the ids (the fields written back through a frozen function's pointer arrays).
template <typename V> void visit_domain_objects(V &v, uint32_t domain);

/// Notes that the flattening of this thread's call met an input that cannot be frozen (dispatch.h), so that the
/// caller flattens again with paths, which throws naming it; flatten_failed() tells and clears the note.
void flatten_fail_later() noexcept;
bool flatten_failed() noexcept;

/// Layout key bytes for a value of a trivially copyable type.
template <typename T> void append_bytes(std::string &key, const T &v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    key.append(b, sizeof(T));
}

/// Flattens inputs: the arrays in traversal order and the layout key (structure, types, literal values,
/// aliasing, host values). With `paths`, also the path of each array ("args[1].pos[0]").
class Flattener {
  public:
    struct Leaf {
        uint32_t jit = 0, ad = 0;
        bool literal = false;
        uint32_t literal_at = 0; ///< offset of the literal's value in `key` (auto-opaque compares it)
        uint32_t key_at = 0;     ///< offset of the leaf's record in `key` (log lines name what differs)
        uint32_t alias_of = UINT32_MAX; ///< the earlier leaf holding the same array
        /// A tensor's array: the body knows its size from the shape without reading it (a recording treats sizes
        /// made from it as following it, runtime/freeze/recording_device.h, RecordingDevice::infer).
        bool shaped = false;
    };
    std::vector<Leaf> arrays;
    std::string key;
    std::vector<std::string> *paths = nullptr;
    std::string path = "args";
    bool refuse_shared = false;       ///< flattening outputs: a shared_ptr cannot be rebuilt
    bool skip_const_pointees = false; ///< flattening the writes through references: a const pointee has none

    /// Back to a new Flattener's state, keeping the capacity of its vectors and strings (a frozen call reuses one
    /// per thread: freeze.h, CallScratch).
    void clear() {
        arrays.clear();
        key.clear();
        paths = nullptr;
        path.assign("args");
        refuse_shared = skip_const_pointees = false;
        m_shared.clear();
        m_shared_paths.clear();
        m_sizes.clear();
        m_leading.clear();
        m_key_at = 0;
    }

    template <typename T> void array(const Array<T> &a) {
        uint32_t id = a.index();
        m_key_at = uint32_t(key.size());
        key.push_back('A');
        key.push_back(char(Array<T>::Type));
        for (uint32_t i = 0; i < arrays.size(); ++i)
            if (id && arrays[i].jit == id) { // the same array twice: aliasing is part of the key
                key.push_back('=');
                append_bytes(key, i);
                push_leaf(id, a.ad_index(), false, 0);
                arrays.back().alias_of = i;
                return;
            }
        uint64_t size = 0, bits = 0;
        bool literal = id && var_key_info(id, size, bits);
        push_leaf(id, a.ad_index(), literal, 0);
        if (literal) {
            key.push_back('L');
            arrays.back().literal_at = uint32_t(key.size());
            append_bytes(key, bits);
        } else {
            key.push_back(id ? 'O' : '0');
        }
        // Sizes are not in the key, but how they relate is: width 1 (it broadcasts), empty, or the same size as an
        // earlier array (a kernel over both). A replay whose sizes relate otherwise records anew. An empty array
        // is a class of its own: the body takes another path through the JIT for it (no kernels, reductions of
        // nothing folded), so a recording made with it has sizes that follow no input and must never replay for
        // one that is not empty (nor the other way round, where its reductions would refuse the dry run).
        uint32_t group = size == 1 ? 0xFFFFFFFFu : size == 0 ? 0xFFFFFFFEu : uint32_t(m_sizes.size());
        for (uint32_t i = 0; size > 1 && i < m_sizes.size(); ++i)
            if (m_sizes[i] == size) {
                group = i;
                break;
            }
        append_bytes(key, group);
        m_sizes.push_back(size);
        if constexpr (requires { Array<T>::domain(); })
            if (!refuse_shared) // (an output: its ids only)
                visit_pointees(*this, Array<T>::domain(), id);
    }
    template <typename T> void host(const T &x) {
        if constexpr (std::is_same_v<T, std::string>) {
            key.push_back('s');
            append_bytes(key, uint64_t(x.size()));
            key += x;
        } else {
            key.push_back('h');
            key.push_back(char(sizeof(T)));
            append_bytes(key, x);
        }
    }
    /// A tensor's first dimension (tensor.h): not in the key, but which earlier tensor's first dimension it equals
    /// is, and whether it is 1 (a broadcast recorded for equal dimensions is wrong for unequal ones).
    void leading_dim(uint64_t n) {
        uint32_t group = n == 1 ? 0xFFFFFFFFu : uint32_t(m_leading.size());
        for (uint32_t i = 0; n != 1 && i < m_leading.size(); ++i)
            if (m_leading[i] == n) {
                group = i;
                break;
            }
        key.push_back('D');
        append_bytes(key, group);
        m_leading.push_back(n);
        m_next_shaped = true; // (the tensor's array comes next)
    }
    template <typename C> void resize(const C &c) { count(c.size()); }
    template <typename O> bool presence(const O &o) {
        count(o.has_value());
        return o.has_value();
    }
    template <typename M> void map(const M &m) {
        count(m.size());
        for (auto &[k, val] : m) {
            host(k);
            auto scope = field(k);
            traverse(*this, val);
        }
    }
    template <typename P> void shared(const std::shared_ptr<P> &p) { pointee(p.get(), "std::shared_ptr", "*"); }
    template <typename P> void reference(const std::reference_wrapper<P> &r) {
        pointee(&r.get(), "std::reference_wrapper", "get()");
    }
    void count(uint64_t n) {
        key.push_back('#');
        append_bytes(key, n);
    }

    /// Path scopes: restore the path when they end (no-ops unless `paths` is set).
    struct Scope {
        Flattener *f;
        size_t len;
        ~Scope() {
            if (f)
                f->path.resize(len);
        }
    };
    Scope index(size_t i) {
        if (!paths)
            return {nullptr, 0};
        size_t len = path.size();
        path += "[" + std::to_string(i) + "]";
        return {this, len};
    }
    Scope field(std::string_view name) {
        if (!paths)
            return {nullptr, 0};
        size_t len = path.size();
        path += ".";
        path += name;
        return {this, len};
    }
    /// TJ_STRUCT and plugin-generated fields call this.
    template <typename T> void visit_field(const char *name, const T &x) {
        auto scope = field(name);
        traverse(*this, x);
    }
    /// The objects reached through shared_ptrs and reference_wrappers, in visiting order (and their paths when
    /// `paths` is set).
    const std::vector<const void *> &pointees() const { return m_shared; }
    const std::vector<std::string> &pointee_paths() const { return m_shared_paths; }

  private:
    template <typename P> void pointee(P *addr, const char *kind, std::string_view name) {
        if (refuse_shared)
            raise_freeze("tj::freeze(): " + path + ": a frozen function cannot return a " + kind +
                         " (return the values)");
        if (skip_const_pointees && std::is_const_v<P>) { // read-only: nothing to write back
            key.push_back('C');
            return;
        }
        for (uint32_t i = 0; i < m_shared.size(); ++i)
            if (m_shared[i] == addr) { // seen before: shared (or a cycle): flattened once
                key.push_back('S');
                append_bytes(key, i);
                return;
            }
        key.push_back(addr ? 'P' : 'N');
        if (!addr)
            return;
        m_shared.push_back(addr);
        if (paths)
            m_shared_paths.push_back(path);
        auto scope = field(name);
        traverse(*this, *addr);
    }
    void push_leaf(uint32_t jit, uint32_t ad, bool literal, uint32_t at) {
        arrays.push_back({jit, ad, literal, at, m_key_at, UINT32_MAX, std::exchange(m_next_shaped, false)});
        if (paths)
            paths->push_back(path);
    }
    std::vector<const void *> m_shared;
    std::vector<std::string> m_shared_paths;
    std::vector<uint64_t> m_sizes; ///< sizes of the distinct arrays so far (size groups of the key)
    std::vector<uint64_t> m_leading; ///< first dimensions of the tensors so far (leading_dim)
    bool m_next_shaped = false;      ///< the next leaf is a tensor's array (leading_dim)
    uint32_t m_key_at = 0;
};

/// Visits only what a value reaches through its std::shared_ptrs and std::reference_wrappers: the objects a frozen
/// body can write so that the caller sees it. The rest of the value is walked without a word to the inner visitor
/// (a Flattener with skip_const_pointees, or a Rebuilder with follow_references), which visits each pointee whole.
template <typename V> class ThroughReferences {
  public:
    explicit ThroughReferences(V &inner) : m_inner(inner) {}
    template <typename T> void array(T &) {
        // A pointer array reaches the objects of its domain, whose fields dispatched code may scatter into.
        if constexpr (requires { std::remove_const_t<T>::domain(); })
            visit_domain_objects(m_inner, std::remove_const_t<T>::domain());
    }
    template <typename T> void host(T &) {}
    template <typename C> void resize(C &) {}
    template <typename O> bool presence(O &o) { return o.has_value(); }
    template <typename M> void map(M &m) {
        for (auto &[k, val] : m) {
            auto scope = field(k);
            traverse(*this, val);
        }
    }
    template <typename P> void shared(P &p) { m_inner.shared(p); }
    template <typename R> void reference(R &r) { m_inner.reference(r); }
    auto index(size_t i) { return m_inner.index(i); }
    auto field(std::string_view name) { return m_inner.field(name); }
    template <typename T> void visit_field(const char *name, T &x) {
        auto scope = field(name);
        traverse(*this, x);
    }

  private:
    V &m_inner;
};

/// Rebuilds outputs from the arrays and layout a Flattener recorded for them (counts, host values, map keys).
class Rebuilder {
  public:
    Rebuilder(const std::vector<uint32_t> &ids, const std::vector<uint32_t> &ads, const std::string &layout)
        : m_ids(ids), m_ads(ads), m_layout(layout) {}

    /// Each id taken holds one reference: the array takes it over.
    template <typename T> void array(Array<T> &a) {
        expect('A');
        m_pos += 1; // type
        char c = m_layout[m_pos++];
        if (c == '=')
            m_pos += sizeof(uint32_t);
        else if (c == 'L')
            m_pos += sizeof(uint64_t) + sizeof(uint32_t);
        else
            m_pos += sizeof(uint32_t); // size group
        a = Array<T>::steal(m_ids[m_next], m_ads[m_next]);
        ++m_next;
        if constexpr (requires { Array<T>::domain(); })
            if (follow_references) // (inside a pointee written back: its domain's objects, as the Flattener visits)
                visit_domain_objects(*this, Array<T>::domain());
    }
    template <typename T> void host(T &x) {
        if constexpr (std::is_same_v<T, std::string>) {
            expect('s');
            uint64_t n = read<uint64_t>();
            x.assign(m_layout.data() + m_pos, n);
            m_pos += n;
        } else {
            expect('h');
            m_pos += 1;
            x = read<T>();
        }
    }
    /// A tensor's first dimension (Flattener::leading_dim): the rebuilt tensor takes it from its array's size.
    void leading_dim(uint64_t) {
        expect('D');
        m_pos += sizeof(uint32_t);
    }
    template <typename C> void resize(C &c) {
        uint64_t n = count();
        if constexpr (std::is_default_constructible_v<typename C::value_type>)
            c.resize(n);
        else // (a vector of references, written back through the inputs' references: the body kept its size)
            TJ_ASSERT(n == c.size(), "tj::freeze(): a container of references changed size");
    }
    template <typename O> bool presence(O &o) {
        if (count())
            o.emplace();
        else
            o.reset();
        return o.has_value();
    }
    template <typename M> void map(M &m) {
        m.clear();
        uint64_t n = count();
        for (uint64_t i = 0; i < n; ++i) {
            std::string k;
            host(k);
            traverse(*this, m[k]);
        }
    }
    /// Off (outputs): a shared_ptr or reference_wrapper cannot be rebuilt. On (the writes through the inputs'
    /// references, see ThroughReferences): the pointees are the caller's, and are written in place.
    bool follow_references = false;
    template <typename P> void shared(std::shared_ptr<P> &p) { pointee(p.get(), "std::shared_ptr"); }
    template <typename P> void reference(std::reference_wrapper<P> &r) {
        pointee(&r.get(), "std::reference_wrapper");
    }
    uint64_t count() {
        expect('#');
        return read<uint64_t>();
    }
    struct Scope {};
    Scope index(size_t) { return {}; }
    Scope field(std::string_view) { return {}; }
    template <typename T> void visit_field(const char *, T &x) { traverse(*this, x); }

  private:
    template <typename P> void pointee(P *p, const char *kind) {
        if (!follow_references)
            raise_freeze(std::string("tj::freeze(): a frozen function cannot return a ") + kind +
                         " (return the values)");
        char c = m_layout[m_pos++];
        if (c == 'S') {
            m_pos += sizeof(uint32_t); // written where it was first reached
        } else if (c == 'P') {
            TJ_ASSERT(p, "tj::freeze(): a reference recorded as set is null at replay");
            if constexpr (!std::is_const_v<P>) // (a const pointee is flattened as 'C')
                traverse(*this, *p); // the same pointer as when recorded: freezing checked the body kept it
        } else {
            TJ_ASSERT(c == 'C' || (c == 'N' && !p), "tj::freeze(): the recorded references do not match the inputs");
        }
    }
    void expect(char c) {
        // The layout was written from a value of this same output type when the function was recorded.
        TJ_ASSERT(m_pos < m_layout.size() && m_layout[m_pos] == c,
                  "tj::freeze(): the recorded output layout does not match the output type");
        ++m_pos;
    }
    template <typename T> T read() {
        T v;
        std::memcpy(&v, m_layout.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }
    const std::vector<uint32_t> &m_ids;
    const std::vector<uint32_t> &m_ads;
    const std::string &m_layout;
    size_t m_pos = 0;
    size_t m_next = 0;
};

} // namespace detail
} // namespace tj

// TJ_STRUCT(Type, field...): declares the fields of `Type` for freezing (use it in Type's namespace, after it).
#define TJ_FIELD_VISIT_(f) v.visit_field(#f, x.f);
#define TJ_FOR_EACH_1_(m, a) m(a)
#define TJ_FOR_EACH_2_(m, a, ...) m(a) TJ_FOR_EACH_1_(m, __VA_ARGS__)
#define TJ_FOR_EACH_3_(m, a, ...) m(a) TJ_FOR_EACH_2_(m, __VA_ARGS__)
#define TJ_FOR_EACH_4_(m, a, ...) m(a) TJ_FOR_EACH_3_(m, __VA_ARGS__)
#define TJ_FOR_EACH_5_(m, a, ...) m(a) TJ_FOR_EACH_4_(m, __VA_ARGS__)
#define TJ_FOR_EACH_6_(m, a, ...) m(a) TJ_FOR_EACH_5_(m, __VA_ARGS__)
#define TJ_FOR_EACH_7_(m, a, ...) m(a) TJ_FOR_EACH_6_(m, __VA_ARGS__)
#define TJ_FOR_EACH_8_(m, a, ...) m(a) TJ_FOR_EACH_7_(m, __VA_ARGS__)
#define TJ_FOR_EACH_9_(m, a, ...) m(a) TJ_FOR_EACH_8_(m, __VA_ARGS__)
#define TJ_FOR_EACH_10_(m, a, ...) m(a) TJ_FOR_EACH_9_(m, __VA_ARGS__)
#define TJ_FOR_EACH_11_(m, a, ...) m(a) TJ_FOR_EACH_10_(m, __VA_ARGS__)
#define TJ_FOR_EACH_12_(m, a, ...) m(a) TJ_FOR_EACH_11_(m, __VA_ARGS__)
#define TJ_FOR_EACH_13_(m, a, ...) m(a) TJ_FOR_EACH_12_(m, __VA_ARGS__)
#define TJ_FOR_EACH_14_(m, a, ...) m(a) TJ_FOR_EACH_13_(m, __VA_ARGS__)
#define TJ_FOR_EACH_15_(m, a, ...) m(a) TJ_FOR_EACH_14_(m, __VA_ARGS__)
#define TJ_FOR_EACH_16_(m, a, ...) m(a) TJ_FOR_EACH_15_(m, __VA_ARGS__)
#define TJ_COUNT_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, N, ...) N
#define TJ_CAT_(a, b) a##b
#define TJ_CAT2_(a, b) TJ_CAT_(a, b)
#define TJ_FOR_EACH_(m, ...)                                                                                       \
    TJ_CAT2_(TJ_FOR_EACH_, TJ_COUNT_(__VA_ARGS__, 16_, 15_, 14_, 13_, 12_, 11_, 10_, 9_, 8_, 7_, 6_, 5_, 4_, 3_,  \
                                     2_, 1_))(m, __VA_ARGS__)
#define TJ_STRUCT(Type, ...)                                                                                       \
    template <typename V> inline void tj_fields(V &v, Type &x) { TJ_FOR_EACH_(TJ_FIELD_VISIT_, __VA_ARGS__) }        \
    template <typename V> inline void tj_fields(V &v, const Type &x) { TJ_FOR_EACH_(TJ_FIELD_VISIT_, __VA_ARGS__) }
