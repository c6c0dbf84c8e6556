// runtime/jit/api.cpp — backend selection, kernel statistics and the whos() table of live variables
#include "jit/var.h"

#include "cache/kernel_cache.h"
#include "log.h"

#include <tracejit/error.h>
#include <tracejit/runtime.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tj {

KernelStats kernel_stats() {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    return s.stats;
}

void reset_kernel_stats() {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    s.stats = KernelStats{};
}

void clear_kernel_cache() { cache::clear_memory(); }

bool has_backend(Backend b) { return b == Backend::CPU; }

void set_backend(Backend b) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    if (b == Backend::CUDA)
        throw Error(std::string("tj::set_backend(): ") + jit::cuda_missing);
    s.backend = b;
    s.backend_error.clear(); // an explicit choice replaces a bad TRACEJIT_BACKEND
}

Backend backend() {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::check_backend(s);
    return s.backend;
}

std::string whos_str() {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    std::string out = fmt::format("{:>8}  {:<5} {:>10} {:>5} {:>12}  {:<10} {}\n", "id", "type", "size", "refs",
                                  "memory", "state", "label");
    uint64_t total = 0;
    size_t live = 0;
    for (uint32_t id = 1; id < s.vars.size(); ++id) {
        const jit::Variable &v = s.vars[id];
        if (v.op == detail::Op::Count)
            continue;
        ++live;
        uint64_t bytes = v.op == detail::Op::Data ? v.size * detail::type_size(v.type) : 0;
        total += bytes;
        const char *st = v.op == detail::Op::Data ? (v.dirty ? "dirty" : "evaluated")
                         : v.op == detail::Op::Literal ? "literal"
                                                       : "lazy";
        auto label = s.labels.find(id);
        out += fmt::format("{:>8}  {:<5} {:>10} {:>5} {:>12}  {:<10} {}\n", id, detail::type_name(v.type), v.size,
                           v.ref, bytes, st, label == s.labels.end() ? "" : label->second);
    }
    out += fmt::format("{} live variables, {} bytes in memory\n", live, total);
    return out;
}

void whos() { std::fputs(whos_str().c_str(), stdout); }

} // namespace tj
