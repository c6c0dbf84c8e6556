// tests/ptx_exec/test_util.h — runs hand-written PTX snippets on the engine for its own tests
#pragma once

#include "ptx_exec.h"

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ptx_test {

/// Host buffers that stand for device memory: a launch may touch exactly these.
struct Memory {
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    template <typename T> uint64_t add(std::vector<T> &v) {
        ranges.emplace_back(uint64_t(uintptr_t(v.data())), v.size() * sizeof(T));
        return uint64_t(uintptr_t(v.data()));
    }
    ptx_exec::GlobalMemoryCheck check() const {
        return [this](uint64_t a, uint64_t n) {
            for (auto [base, size] : ranges)
                if (a >= base && a + n <= base + size)
                    return true;
            return false;
        };
    }
};

inline const char *header = ".version 7.8\n.target sm_90\n.address_size 64\n";

/// Launches kernel `k` of `ptx` with 64-bit parameters `params`.
inline void launch(const std::string &ptx, const Memory &mem, std::vector<uint64_t> params, unsigned grid = 1,
                   unsigned block = 1) {
    ptx_exec::Program program(ptx);
    std::vector<void *> pointers;
    for (uint64_t &p : params)
        pointers.push_back(&p);
    ptx_exec::LaunchShape shape;
    shape.grid[0] = grid, shape.block[0] = block;
    program.launch("k", shape, pointers.data(), mem.check());
}

/// Runs one instruction `line` (e.g. "add.rn.f32 %d, %a, %b;") in one thread: %a, %b, %c are registers of type
/// `src` (.f32, .b32, .b64, .f64, .b16) loaded from `in`, %d one of type `dst` (also .pred) whose bits come back.
inline uint64_t run1(const std::string &line, const char *dst, const char *src, std::vector<uint64_t> in) {
    in.resize(3);
    std::vector<uint64_t> out(1, 0);
    Memory mem;
    const uint64_t out_address = mem.add(out), in_address = mem.add(in);
    const std::string s = src, d = dst;
    auto load_type = [](const std::string &t) { return t == ".b32" ? ".u32" : t == ".b64" ? ".u64" : t == ".b16" ? ".u16" : t.c_str(); };
    std::string ptx = std::string(header) + ".visible .entry k(.param .u64 out, .param .u64 in)\n{\n"
                      ".reg .b64 %o, %i;\n.reg .pred %p;\n.reg " + s + " %a, %b, %c;\n.reg " + d + " %d;\n.reg .b32 %flag;\n"
                      "ld.param.u64 %o, [out];\nld.param.u64 %i, [in];\n";
    for (int k = 0; k < 3; ++k)
        ptx += std::string("ld.global") + load_type(s) + " %" + char('a' + k) + ", [%i+" + std::to_string(8 * k) + "];\n";
    ptx += line + "\n";
    if (d == ".pred")
        ptx += "selp.u32 %flag, 1, 0, %d;\nst.global.u32 [%o], %flag;\n";
    else
        ptx += std::string("st.global") + load_type(d) + " [%o], %d;\n";
    ptx += "ret;\n}\n";
    launch(ptx, mem, {out_address, in_address});
    return out[0];
}

inline uint64_t f32(float x) { return std::bit_cast<uint32_t>(x); }
inline uint64_t f64(double x) { return std::bit_cast<uint64_t>(x); }
inline float as_f32(uint64_t v) { return std::bit_cast<float>(uint32_t(v)); }
inline double as_f64(uint64_t v) { return std::bit_cast<double>(v); }

/// The message of the ExecError `f` throws ("" if it throws none).
template <typename F> std::string error_of(F &&f) {
    try {
        f();
    } catch (const ptx_exec::ExecError &e) {
        return e.what();
    }
    return {};
}

} // namespace ptx_test
