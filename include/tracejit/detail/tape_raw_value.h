// include/tracejit/detail/tape_raw_value.h — a C++ value on its way to the tape, without a standard header
//
// Type names and value kinds computed at compile time, RawValue (what libtracejit_tape copies) and with_value(),
// which hands any value to a hook as a RawValue: tj arrays and tensors through capture() of
// tracejit/detail/tape_value.h, every other type here. It includes no standard header and declares nothing outside
// namespace tj, because the code the plugin generates (tracejit/generated/tape_hooks.h) includes it in every file it
// rewrites: a name it brought into std would change name lookup in the user's code.
#pragma once

#include <tracejit/detail/tape_kinds.h>

// fmt is used only where the program uses it already: fmt included before this header, or TRACEJIT_TAPE_FMT
// (which the plugin defines for a file that includes fmt). Everyone else is spared its compile time and its names.
#if defined(FMT_VERSION) || defined(TRACEJIT_TAPE_FMT)
#if __has_include(<fmt/core.h>) // (a file __has_include looks for is a dependency of the compile)
#include <fmt/core.h>
#define TRACEJIT_TAPE_HAS_FMT 1
#endif
#endif

namespace tj::tape::detail {

using u32 = __UINT32_TYPE__;
using u64 = __UINT64_TYPE__;
using i64 = __INT64_TYPE__;
using usize = __SIZE_TYPE__;
using uptr = __UINTPTR_TYPE__;

/// `T` without references and cv-qualifiers (what the plugin's casts of bit-fields and vector elements name).
template <typename T> using Plain = __remove_cvref(T);
template <typename T> struct Identity { using type = T; };

/// The compiler's name of `T` ("double", "ns::Point"), computed at compile time from __PRETTY_FUNCTION__
/// ("… [T = double]"): its characters, between `start` and `end`.
template <typename T> struct TypeName {
    static constexpr const char *pretty() { return __PRETTY_FUNCTION__; }
    static constexpr usize find(const char *s, const char *what) {
        for (usize i = 0; s[i]; ++i) {
            usize j = 0;
            while (what[j] && s[i + j] == what[j])
                ++j;
            if (!what[j])
                return i;
        }
        return 0;
    }
    static constexpr usize start = find(pretty(), "T = ") + 4;
    static constexpr usize end = [] {
        usize i = start;
        while (pretty()[i] && pretty()[i] != ';' && pretty()[i] != ']')
            ++i;
        return i;
    }();
    /// True when the name is `name`.
    static constexpr bool is(const char *name) {
        usize i = 0;
        while (name[i] && start + i < end && pretty()[start + i] == name[i])
            ++i;
        return !name[i] && start + i == end;
    }
    static constexpr auto chars = [] {
        struct Buffer {
            char data[end - start + 1]{};
        } b;
        for (usize i = start; i < end; ++i)
            b.data[i - start] = pretty()[i];
        return b;
    }();
};

/// True for std::string and std::string_view (told by name: this header includes neither).
template <typename U> constexpr bool is_std_string() {
    return TypeName<U>::is("std::basic_string<char>") || TypeName<U>::is("std::basic_string_view<char>");
}

/// A null-terminated static copy of the compiler's name of `T`; readable names for the common cases.
template <typename T> constexpr const char *type_name() {
    if constexpr (TypeName<T>::is("std::basic_string<char>"))
        return "std::string";
    else if constexpr (TypeName<T>::is("std::basic_string_view<char>"))
        return "std::string_view";
    else
        return TypeName<T>::chars.data;
}

/// The types whose values capture() of tracejit/detail/tape_value.h captures (tj arrays, tensors): it
/// specializes this, with their ValueKind as `kind`.
template <typename T> struct RichValue { static constexpr bool value = false; };

/// How a value of type `T` is stored on the tape.
template <typename T> constexpr ValueKind value_kind_of() {
    using U = Plain<T>;
    if constexpr (__is_same(U, bool))
        return ValueKind::Bool;
    else if constexpr (__is_enum(U))
        return __is_signed(__underlying_type(U)) ? ValueKind::Signed : ValueKind::Unsigned;
    else if constexpr (__is_floating_point(U))
        return ValueKind::Float;
    else if constexpr (__is_integral(U))
        return __is_signed(U) ? ValueKind::Signed : ValueKind::Unsigned;
    else if constexpr (is_std_string<U>() || __is_same(__decay(U), const char *) || __is_same(__decay(U), char *))
        return ValueKind::String;
    else if constexpr (__is_pointer(U) || __is_nullptr(U))
        return ValueKind::Pointer;
    else if constexpr (RichValue<U>::value)
        return RichValue<U>::kind;
    else
        return ValueKind::Text;
}

/// A value on its way to the tape, as libtracejit_tape takes it: `bits` holds scalars (int64/uint64/double bits,
/// bool, address); `chars` (`size` of them, not owned: the recorder copies them) strings, array summaries and fmt
/// output; `type` is a static type name; `ad` is the AD node of a differentiable tj array, with one reference that
/// the recorder takes over.
struct RawValue {
    ValueKind kind = ValueKind::None;
    u64 bits = 0;
    const char *type = "";
    const char *chars = nullptr;
    usize size = 0;
    u32 ad = 0;
};

/// While one exists on a thread, calls of marked functions on it are not recorded: formatting a value for the
/// tape runs user code (a fmt formatter), which must not record into the tape it is being added to.
struct CaptureScope {
    CaptureScope() noexcept;
    ~CaptureScope();
    CaptureScope(const CaptureScope &) = delete;
    CaptureScope &operator=(const CaptureScope &) = delete;
};

/// True when `T`'s value reaches the tape without running anything that may throw: every type but those RichValue
/// names and, where fmt is used, those fmt formats. Such a value is made by raw_value_of().
template <typename T> constexpr bool captured_without_throwing() {
    using U = Plain<T>;
    if constexpr (RichValue<U>::value)
        return false;
#ifdef TRACEJIT_TAPE_HAS_FMT
    else if constexpr (value_kind_of<U>() == ValueKind::Text && !__is_array(U) && !__is_function(U))
        return !fmt::is_formattable<U>::value;
#endif
    else
        return true;
}

/// `v` as the tape stores it, for the types captured_without_throwing() accepts (its characters, if any, are v's).
template <typename T> RawValue raw_value_of(const T &v) noexcept {
    using U = Plain<T>;
    constexpr ValueKind kind = value_kind_of<U>();
    RawValue r;
    r.kind = kind;
    r.type = type_name<U>();
    if constexpr (kind == ValueKind::Bool) {
        r.bits = v ? 1 : 0;
    } else if constexpr (kind == ValueKind::Float) {
        double d = static_cast<double>(v);
        __builtin_memcpy(&r.bits, &d, sizeof d);
    } else if constexpr (kind == ValueKind::Signed) {
        r.bits = static_cast<u64>(static_cast<i64>(v));
    } else if constexpr (kind == ValueKind::Unsigned) {
        r.bits = static_cast<u64>(v);
    } else if constexpr (kind == ValueKind::String) {
        if constexpr (__is_pointer(__decay(U))) {
            if (v) {
                r.chars = v;
                r.size = __builtin_strlen(v);
            } else {
                r.kind = ValueKind::Pointer; // a null char pointer is shown as the address it is
            }
        } else {
            r.chars = v.data();
            r.size = v.size();
        }
    } else if constexpr (kind == ValueKind::Pointer) {
        if constexpr (__is_nullptr(U))
            r.bits = 0;
        else // any pointer (to functions and volatile objects too) as its address
            r.bits = reinterpret_cast<uptr>(v);
    }
    return r;
}

/// Calls `use` with `v` as the tape stores it, for the types RichValue does not name.
template <typename T, typename F> void with_raw_value(const T &v, F &&use) {
#ifdef TRACEJIT_TAPE_HAS_FMT
    using U = Plain<T>;
    if constexpr (!captured_without_throwing<U>()) {
        RawValue r;
        r.kind = ValueKind::Text;
        r.type = type_name<U>();
        CaptureScope scope; // the formatter may call marked functions: they run unrecorded
        auto text = fmt::format("{}", v);
        r.chars = text.data();
        r.size = text.size();
        use(static_cast<const RawValue &>(r));
        return;
    }
#endif
    use(static_cast<const RawValue &>(raw_value_of(v)));
}

struct Captured;
/// Captures a value of a type RichValue names (defined in tracejit/detail/tape_value.h).
template <typename T> Captured capture(const T &v);

/// The RawValue of a Captured (`C`), valid while it lives: its AD node's reference is handed over.
template <typename C> RawValue raw_of(C &&c) {
    RawValue r;
    r.kind = c.kind;
    r.bits = c.bits;
    r.type = c.type;
    r.chars = c.text.data();
    r.size = c.text.size();
    r.ad = c.take_ad();
    return r;
}

/// Calls `use` with the RawValue of `v`, whatever its type.
template <typename T, typename F> void with_value(const T &v, F &&use) {
    if constexpr (RichValue<Plain<T>>::value)
        use(static_cast<const RawValue &>(raw_of(capture(v))));
    else
        with_raw_value(v, static_cast<F &&>(use));
}

} // namespace tj::tape::detail
