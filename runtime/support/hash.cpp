// runtime/support/hash.cpp — hash64 on xxHash's XXH3 (Debian's libxxhash-dev, inlined: no library to load)
#include "support/hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace tj::support {

uint64_t hash64(const void *data, size_t size) { return XXH3_64bits(data, size); }

} // namespace tj::support
