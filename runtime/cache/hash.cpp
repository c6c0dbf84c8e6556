// runtime/cache/hash.cpp — 64-bit multiply-xorshift hash over 8-byte words (four lanes for long inputs)
#include "cache/hash.h"

#include <cstring>

namespace tj::cache {
namespace {
constexpr uint64_t k1 = 0x9E3779B97F4A7C15ull, k2 = 0xC2B2AE3D27D4EB4Full;
uint64_t mix(uint64_t h) {
    h ^= h >> 31;
    h *= k2;
    h ^= h >> 29;
    return h;
}
} // namespace

uint64_t hash_bytes(const void *data, size_t size) {
    const auto *p = static_cast<const unsigned char *>(data);
    uint64_t h = k1 ^ (size * k2);
    size_t i = 0;
    // Four independent lanes over 32-byte blocks keep the multiplier busy on long keys.
    if (size >= 32) {
        uint64_t lane[4] = {h, h ^ k1, h ^ k2, h + k1};
        for (; i + 32 <= size; i += 32)
            for (int l = 0; l < 4; ++l) {
                uint64_t w;
                std::memcpy(&w, p + i + 8 * l, 8);
                lane[l] = (lane[l] ^ (w * k1)) * k2;
                lane[l] ^= lane[l] >> 29;
            }
        for (int l = 0; l < 4; ++l)
            h = (h ^ mix(lane[l])) * k2 + k1;
    }
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = (h ^ mix(w * k1)) * k2 + k1;
    }
    uint64_t tail = 0;
    std::memcpy(&tail, p + i, size - i);
    h = (h ^ mix(tail * k1 + (size - i))) * k2;
    return mix(h);
}

} // namespace tj::cache
