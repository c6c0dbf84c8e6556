// runtime/tape/export_text.h — text helpers shared by the JSON and DOT exporters of a tape (UTF-8 clean-up)
#pragma once

#include <tracejit/tape.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tj::tape::detail {

/// Length of the well-formed UTF-8 sequence that starts `s` (1…4), or 0 when the bytes there are not one
/// (overlong forms, surrogates and code points above U+10FFFF count as ill-formed). A loaded tape may hold any
/// bytes, and both JSON and DOT readers reject ill-formed UTF-8, so the exporters replace such bytes.
inline size_t utf8_sequence_length(std::string_view s) {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
    auto cont = [&](size_t i) { return i < s.size() && (byte(i) & 0xC0) == 0x80; };
    unsigned char b0 = byte(0);
    if (b0 < 0x80)
        return 1;
    if (b0 >= 0xC2 && b0 <= 0xDF)
        return cont(1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        if (!cont(1) || !cont(2))
            return 0;
        unsigned char b1 = byte(1);
        if ((b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 >= 0xA0)) // overlong, surrogate
            return 0;
        return 3;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3))
            return 0;
        unsigned char b1 = byte(1);
        if ((b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 >= 0x90)) // overlong, above U+10FFFF
            return 0;
        return 4;
    }
    return 0;
}

/// Name of a ValueKind as the exporters write it ("Float", "None", …).
inline const char *value_kind_name(ValueKind kind) {
    switch (kind) {
    case ValueKind::None: return "None";
    case ValueKind::Bool: return "Bool";
    case ValueKind::Signed: return "Signed";
    case ValueKind::Unsigned: return "Unsigned";
    case ValueKind::Float: return "Float";
    case ValueKind::Pointer: return "Pointer";
    case ValueKind::String: return "String";
    case ValueKind::Array: return "Array";
    case ValueKind::Text: return "Text";
    }
    return "Unknown";
}

} // namespace tj::tape::detail
