// include/tracejit/detail/tape_value.h — how the tape captures a C++ value: Captured, and tj arrays and tensors
//
// Scalars are captured as raw bits and formatted only when someone reads value_string(), so recording a
// statement stays cheap; strings, tj arrays and other types are turned into text when captured (they may
// change afterwards). Type names, value kinds and the capture of everything but tj types are in
// tracejit/detail/tape_raw_value.h, which includes no standard header (the plugin's generated code includes it in
// every file it rewrites). A differentiable tj array also hands its AD node to the tape, which shows the gradient
// that reached it (Node::grad_string()).
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/dispatch_core.h>
#include <tracejit/detail/tape_raw_value.h>
#include <tracejit/tape.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tj::tape::detail {

template <typename T> struct IsJitArray : std::false_type {};
template <JitScalar T> struct IsJitArray<Array<T>> : std::true_type {};

/// tj arrays and tensors are captured by capture() below (tracejit/detail/tape_raw_value.h captures the rest).
template <typename T>
    requires IsJitArray<T>::value
struct RichValue<T> {
    static constexpr bool value = true;
    static constexpr ValueKind kind = ValueKind::Array;
};
template <typename T>
    requires(!IsJitArray<T>::value && requires(const T &v) {
        v.tape_summary();
        T::tape_type_name;
    })
struct RichValue<T> {
    static constexpr bool value = true;
    static constexpr ValueKind kind = ValueKind::Text;
};

/// Drops one reference to the AD node `ad` of a differentiable tj array (in libtracejit_tape, which hands it to
/// libtracejit: a program that records no arrays does not load libtracejit).
void release_ad_node(uint32_t ad) noexcept;

/// A value on its way to the tape. `bits` holds scalars (int64/uint64/double bits, bool, address); `text`
/// holds strings (unquoted), array summaries and fmt output; `type` is a static type name; `ad` is the AD node
/// of a differentiable tj array, with one reference that the Captured owns until the recorder takes it over
/// (take_ad()), so a value dropped on any path (a leaf call, an exception) releases it. Move-only for that.
struct Captured {
    ValueKind kind = ValueKind::None;
    uint64_t bits = 0;
    std::string text;
    const char *type = "";
    uint32_t ad = 0; ///< AD node (0: none); one reference held

    Captured() = default;
    Captured(Captured &&o) noexcept
        : kind(o.kind), bits(o.bits), text(std::move(o.text)), type(o.type), ad(std::exchange(o.ad, 0)) {}
    Captured &operator=(Captured &&o) noexcept {
        if (this != &o) {
            release_ad();
            kind = o.kind;
            bits = o.bits;
            text = std::move(o.text);
            type = o.type;
            ad = std::exchange(o.ad, 0);
        }
        return *this;
    }
    Captured(const Captured &) = delete;
    Captured &operator=(const Captured &) = delete;
    ~Captured() { release_ad(); }

    /// Hands the AD node and its reference over to the caller (0 when there is none).
    uint32_t take_ad() noexcept { return std::exchange(ad, 0); }

  private:
    void release_ad() noexcept {
        if (ad) [[unlikely]]
            release_ad_node(std::exchange(ad, 0));
    }
};

/// The Captured of a RawValue (its characters copied, its AD node's reference taken over).
inline Captured captured(const RawValue &r) {
    Captured c;
    c.ad = r.ad;
    c.kind = r.kind;
    c.bits = r.bits;
    c.type = r.type;
    if (r.chars)
        c.text.assign(r.chars, r.size);
    return c;
}

/// Throws tj::Error unless `node` holds a value of the C++ type named `type` (Node::value<T>()).
void check_value_type(const Node &node, const char *type, ValueKind kind);

/// Captures `v` as the tape stores it.
template <typename T> Captured capture(const T &v) {
    using U = std::remove_cvref_t<T>;
    Captured c;
    if constexpr (!RichValue<U>::value) {
        with_raw_value(v, [&](const RawValue &r) { c = captured(r); });
    } else if constexpr (IsJitArray<U>::value) {
        c.kind = ValueKind::Array;
        c.type = type_name<U>();
        if constexpr (requires { U::domain(); }) { // a tj::Ptr: its type, classes
            c.text = tj::detail::pointer_summary(U::domain(), v.index(), 16, c.type);
        } else {
            c.text = tj::detail::var_summary(v.index(), 16);
            if (uint32_t ad = v.ad_index()) [[unlikely]] { // differentiable: the node keeps it for its gradient
                tj::detail::ad_inc_ref(ad);
                c.ad = ad;
            }
            c.type = U::Type == VarType::Float32   ? "tj::Float"
                     : U::Type == VarType::Float64 ? "tj::Float64"
                     : U::Type == VarType::Int32   ? "tj::Int32"
                     : U::Type == VarType::UInt32  ? "tj::UInt32"
                     : U::Type == VarType::Int64   ? "tj::Int64"
                     : U::Type == VarType::UInt64  ? "tj::UInt64"
                                                   : "tj::Bool";
        }
    } else { // a tj::Tensor: type, shape, state
        c.kind = ValueKind::Text;
        c.text = v.tape_summary();
        c.type = U::tape_type_name;
        if (uint32_t ad = v.ad_index()) [[unlikely]] {
            tj::detail::ad_inc_ref(ad);
            c.ad = ad;
        }
    }
    return c;
}

template <typename T> void track_result(TapeRecorder *rec, const T &value) {
#if defined(__cpp_exceptions)
    try {
        track_result_captured(rec, capture(value));
    } catch (...) { // never the callable's caller's problem: the tape says why it stopped
        track_capture_failed(rec, std::current_exception());
    }
#else
    track_result_captured(rec, capture(value));
#endif
}

} // namespace tj::tape::detail
