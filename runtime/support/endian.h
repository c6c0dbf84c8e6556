// runtime/support/endian.h — little-endian integers in byte buffers: how tracejit's files store every integer
#pragma once

#include <cstdint>

namespace tj::support {

inline void write32le(char *p, uint32_t v) {
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<char>(v >> (8 * i));
}
inline void write64le(char *p, uint64_t v) {
    for (int i = 0; i < 8; ++i)
        p[i] = static_cast<char>(v >> (8 * i));
}
inline uint32_t read32le(const char *p) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
        v |= uint32_t(static_cast<unsigned char>(p[i])) << (8 * i);
    return v;
}
inline uint64_t read64le(const char *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
    return v;
}

} // namespace tj::support
