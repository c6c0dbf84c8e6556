// include/tracejit/detail/tape_value.h — how the tape captures a C++ value: type names, value kinds, formatting hooks
//
// Scalars are captured as raw bits and formatted only when someone reads value_string(), so recording a
// statement stays cheap; strings, tj arrays and other types are turned into text when captured (they may
// change afterwards). A differentiable tj array also hands its AD node to the tape, which shows the gradient
// that reached it (Node::grad_string()).
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/dispatch_core.h>
#include <tracejit/tape.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

// fmt is used only where the program uses it already: fmt included before this header, or TRACEJIT_TAPE_FMT
// (which the plugin defines for a file that includes fmt). Everyone else is spared its compile time.
#if (defined(FMT_VERSION) || defined(TRACEJIT_TAPE_FMT)) && __has_include(<fmt/core.h>)
#include <fmt/core.h>
#define TRACEJIT_TAPE_HAS_FMT 1
#endif

namespace tj::tape::detail {

/// The compiler's name of `T` ("double", "std::basic_string<char>", "ns::Point"), computed at compile time.
template <typename T> constexpr std::string_view type_name_view() {
    std::string_view p = __PRETTY_FUNCTION__;
    size_t start = p.find("T = ") + 4;
    size_t end = p.find_first_of(";]", start);
    return p.substr(start, end - start);
}
template <typename T> struct TypeNameStorage {
    static constexpr std::string_view view = type_name_view<T>();
    static constexpr auto chars = [] {
        struct Buffer {
            char data[view.size() + 1]{};
        } b;
        for (size_t i = 0; i < view.size(); ++i)
            b.data[i] = view[i];
        return b;
    }();
};
/// A null-terminated static copy of type_name_view<T>(); readable names for the common cases.
template <typename T> constexpr const char *type_name() {
    if constexpr (std::is_same_v<T, std::string>)
        return "std::string";
    else if constexpr (std::is_same_v<T, std::string_view>)
        return "std::string_view";
    else
        return TypeNameStorage<T>::chars.data;
}

template <typename T> struct IsJitArray : std::false_type {};
template <JitScalar T> struct IsJitArray<Array<T>> : std::true_type {};

/// How a value of type `T` is stored on the tape.
template <typename T> constexpr ValueKind value_kind_of() {
    using U = std::remove_cvref_t<T>;
    if constexpr (std::is_same_v<U, bool>)
        return ValueKind::Bool;
    else if constexpr (std::is_enum_v<U>)
        return std::is_signed_v<std::underlying_type_t<U>> ? ValueKind::Signed : ValueKind::Unsigned;
    else if constexpr (std::is_floating_point_v<U>)
        return ValueKind::Float;
    else if constexpr (std::is_integral_v<U>)
        return std::is_signed_v<U> ? ValueKind::Signed : ValueKind::Unsigned;
    else if constexpr (std::is_same_v<U, std::string> || std::is_same_v<U, std::string_view> ||
                       std::is_same_v<std::decay_t<U>, const char *> || std::is_same_v<std::decay_t<U>, char *>)
        return ValueKind::String;
    else if constexpr (std::is_pointer_v<U> || std::is_null_pointer_v<U>)
        return ValueKind::Pointer;
    else if constexpr (IsJitArray<U>::value)
        return ValueKind::Array;
    else
        return ValueKind::Text;
}

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

/// While one exists on a thread, calls of marked functions on it are not recorded: formatting a value for the
/// tape runs user code (a fmt formatter), which must not record into the tape it is being added to.
struct CaptureScope {
    CaptureScope() noexcept;
    ~CaptureScope();
    CaptureScope(const CaptureScope &) = delete;
    CaptureScope &operator=(const CaptureScope &) = delete;
};

/// Throws tj::Error unless `node` holds a value of the C++ type named `type` (Node::value<T>()).
void check_value_type(const Node &node, const char *type, ValueKind kind);

/// Captures `v` as the tape stores it.
template <typename T> Captured capture(const T &v) {
    using U = std::remove_cvref_t<T>;
    constexpr ValueKind kind = value_kind_of<U>();
    Captured c;
    c.kind = kind;
    c.type = type_name<U>();
    if constexpr (kind == ValueKind::Bool) {
        c.bits = v ? 1 : 0;
    } else if constexpr (kind == ValueKind::Float) {
        double d = static_cast<double>(v);
        std::memcpy(&c.bits, &d, sizeof d);
    } else if constexpr (kind == ValueKind::Signed) {
        c.bits = static_cast<uint64_t>(static_cast<int64_t>(v));
    } else if constexpr (kind == ValueKind::Unsigned) {
        c.bits = static_cast<uint64_t>(v);
    } else if constexpr (kind == ValueKind::String) {
        if constexpr (std::is_pointer_v<std::decay_t<U>>) {
            if (v)
                c.text = v;
            else
                c.kind = ValueKind::Pointer; // a null char pointer is shown as the address it is
        } else {
            c.text = std::string(v);
        }
    } else if constexpr (kind == ValueKind::Pointer) {
        if constexpr (std::is_null_pointer_v<U>)
            c.bits = 0;
        else // any pointer (to functions and volatile objects too) as its address
            c.bits = reinterpret_cast<uintptr_t>(v);
    } else if constexpr (kind == ValueKind::Array && requires { U::domain(); }) { // a tj::Ptr: its type, classes
        c.text = tj::detail::pointer_summary(U::domain(), v.index(), 16, c.type);
    } else if constexpr (kind == ValueKind::Array) {
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
    } else if constexpr (requires { v.tape_summary(); U::tape_type_name; }) { // a tj::Tensor: type, shape, state
        c.text = v.tape_summary();
        c.type = U::tape_type_name;
        if (uint32_t ad = v.ad_index()) [[unlikely]] {
            tj::detail::ad_inc_ref(ad);
            c.ad = ad;
        }
    } else {
#ifdef TRACEJIT_TAPE_HAS_FMT
        if constexpr (!std::is_array_v<U> && !std::is_function_v<U> && fmt::is_formattable<U>::value) {
            CaptureScope scope; // the formatter may call marked functions: they run unrecorded
            c.text = fmt::format("{}", v);
        }
#endif
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
