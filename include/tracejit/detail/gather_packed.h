// include/tracejit/detail/gather_packed.h — packed gathers: `count` consecutive elements per index, read together
// (docs/tensors.md, "Packed gathers"); tj::Texture's texel reads
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/ad_core.h>
#include <tracejit/detail/core.h>
#include <tracejit/error.h>
#include <tracejit/ops.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tj::detail {

/// The `count` consecutive elements source[index + k] for k < count, one array per k, where mask is set (0 where it
/// is not, or past the end of source). The arrays are read together: a kernel that uses them loads `count`
/// elements per element at once. Internal: tj::Texture's texel reads.
template <typename A, typename I>
std::vector<A> gather_packed(const A &source, const I &index, size_t count, const Bool &mask_ = true) {
    if (count == 0 || count > UINT32_MAX)
        raise("tj::detail::gather_packed(): a packet of " + std::to_string(count) + " elements");
    Bool storage;
    const Bool &mask = active_mask(mask_, storage);
    std::vector<A> out;
    out.reserve(count);
    for (uint32_t k = 0; k < uint32_t(count); ++k) {
        if (count == 1)
            out.push_back(gather(source, index, mask));
        else if (source.ad_index()) [[unlikely]]
            out.push_back(A::steal(ad_gather_packed(source.pair(), index.index(), mask.index(), uint32_t(count), k)));
        else
            out.push_back(A::steal(var_gather_packed(source.index(), index.index(), mask.index(), uint32_t(count), k)));
    }
    return out;
}

} // namespace tj::detail
