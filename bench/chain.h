// bench/chain.h — the long operation chains that bench_trace and bench_compile build
#pragma once

#include <tracejit/tracejit.h>

#include <cstddef>

namespace bench {

/// Appends `ops` operations to x, cycling through *a, +b, -a, *b: one traced operation each, and since every
/// operation reads the previous one, common-subexpression elimination cannot merge any two of them.
inline void build_chain(tj::Float &x, const tj::Float &a, const tj::Float &b, size_t ops) {
    for (size_t i = 0; i < ops; ++i) {
        switch (i & 3) {
        case 0: x = x * a; break;
        case 1: x = x + b; break;
        case 2: x = x - a; break;
        default: x = x * b; break;
        }
    }
}

} // namespace bench
