// runtime/flags.cpp — tj::set_flag / tj::flag: process-wide switches (ADSimplify, KernelFreezing)
#include <tracejit/error.h>
#include <tracejit/runtime.h>

#include <fmt/format.h>

#include <atomic>

namespace tj {

namespace {
std::atomic<bool> g_ad_simplify{true};
std::atomic<bool> g_kernel_freezing{true};

std::atomic<bool> &flag_ref(Flag f, const char *api) {
    switch (f) {
    case Flag::ADSimplify: return g_ad_simplify;
    case Flag::KernelFreezing: return g_kernel_freezing;
    }
    throw Error(fmt::format("{}: unknown flag {}", api, uint32_t(f)));
}
} // namespace

void set_flag(Flag f, bool value) { flag_ref(f, "tj::set_flag()") = value; }

bool flag(Flag f) { return flag_ref(f, "tj::flag()"); }

} // namespace tj
