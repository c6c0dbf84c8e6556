// runtime/jit/api.cpp — backend selection, kernel statistics and the whos() table of live variables
#include "jit/var.h"

#include "backend/device.h"
#include "cache/kernel_cache.h"
#include "log.h"

#include <tracejit/error.h>
#include <tracejit/runtime.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tj {

std::string jit::format_element(VarType t, const void *p, size_t i) {
    switch (t) {
    case VarType::Bool: return static_cast<const uint8_t *>(p)[i] ? "true" : "false";
    case VarType::Int32: return fmt::format("{}", static_cast<const int32_t *>(p)[i]);
    case VarType::UInt32: return fmt::format("{}", static_cast<const uint32_t *>(p)[i]);
    case VarType::Int64: return fmt::format("{}", static_cast<const int64_t *>(p)[i]);
    case VarType::UInt64: return fmt::format("{}", static_cast<const uint64_t *>(p)[i]);
    case VarType::Float32: return fmt::format("{}", static_cast<const float *>(p)[i]);
    case VarType::Float64: return fmt::format("{}", static_cast<const double *>(p)[i]);
    }
    return "?";
}

std::vector<char> jit::host_elements(const Variable &v, uint64_t max_elements) {
    std::vector<char> out(std::min(v.size, max_elements) * detail::type_size(v.type));
    backends::device(where(v)).copy_to_host(out.data(), v.data, v.type, std::min(v.size, max_elements));
    return out;
}

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

bool has_backend(Backend b) { return backends::unavailable_reason(b).empty(); }

void set_backend(Backend b) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    if (std::string why = backends::unavailable_reason(b); !why.empty())
        throw Error("tj::set_backend(): " + why);
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
        uint64_t bytes = v.op == detail::Op::Data ? jit::buffer_elements(s, id) * detail::type_size(v.type) : 0;
        total += bytes;
        const char *st = v.op == detail::Op::Data ? (v.dirty ? "dirty" : "evaluated")
                         : v.op == detail::Op::Literal ? "literal"
                                                       : "lazy";
        auto label = s.labels.find(id);
        auto shape = s.shapes.find(id);
        std::string text = label == s.labels.end() ? "" : label->second;
        if (shape != s.shapes.end()) // a tensor's data: its type and shape, before the label
            text = text.empty() ? shape->second : shape->second + " " + text;
        out += fmt::format("{:>8}  {:<5} {:>10} {:>5} {:>12}  {:<10} {}\n", id, detail::type_name(v.type), v.size,
                           v.ref, bytes, st, text);
    }
    out += fmt::format("{} live variables, {} bytes in memory\n", live, total);
    return out;
}

namespace {
const char *array_type_name(VarType t) {
    switch (t) {
    case VarType::Bool: return "tj::Bool";
    case VarType::Int32: return "tj::Int32";
    case VarType::UInt32: return "tj::UInt32";
    case VarType::Int64: return "tj::Int64";
    case VarType::UInt64: return "tj::UInt64";
    case VarType::Float32: return "tj::Float";
    case VarType::Float64: return "tj::Float64";
    }
    return "tj::?";
}

} // namespace

namespace detail {
void raise(const std::string &message) { throw Error(message); }
void raise_freeze(const std::string &message) { throw FreezeError(message); }

void raise_read_past_end(size_t index, size_t size) {
    throw Error(fmt::format("tj::Array::read(): index {} is past the end of an array of size {}", index, size));
}

std::string var_summary(uint32_t id, size_t max_elements) {
    if (id == 0)
        return "tj::Float[0] empty";
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    const jit::Variable &v = jit::var(s, id, "tj::tape");
    const char *st = v.op == detail::Op::Data ? (v.dirty ? "dirty" : "evaluated") : v.op == detail::Op::Literal ? "literal" : "lazy";
    std::string out = fmt::format("{}[{}] {} r{}", array_type_name(v.type), v.size, st, id);
    if (v.op == detail::Op::Literal) {
        out += " = " + jit::format_element(v.type, &v.literal, 0);
    } else if (v.op == detail::Op::Data && !v.dirty && v.size <= max_elements) {
        std::vector<char> host = jit::host_elements(v, v.size);
        out += " [";
        for (uint64_t i = 0; i < v.size; ++i)
            out += (i ? ", " : "") + jit::format_element(v.type, host.data(), i);
        out += "]";
    }
    return out;
}
} // namespace detail

void whos() { std::fputs(whos_str().c_str(), stdout); }

} // namespace tj
