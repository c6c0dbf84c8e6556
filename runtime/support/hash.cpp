// runtime/support/hash.cpp — hash64 on LLVM's xxh3
#include "support/hash.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/xxhash.h>

namespace tj::support {

uint64_t hash64(const void *data, size_t size) {
    return llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(static_cast<const uint8_t *>(data), size));
}

} // namespace tj::support
