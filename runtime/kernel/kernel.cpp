// runtime/kernel/kernel.cpp — the count of loaded kernels, kept by LoadedKernel's constructor and destructor
#include "kernel/kernel.h"

#include <atomic>

namespace tj {
namespace {

std::atomic<uint64_t> loaded{0};

} // namespace

LoadedKernel::LoadedKernel(const void *entry) : m_entry(entry) {
    TJ_ASSERT(entry, "a loaded kernel without an entry point");
    loaded.fetch_add(1, std::memory_order_relaxed);
}

LoadedKernel::~LoadedKernel() { loaded.fetch_sub(1, std::memory_order_relaxed); }

uint64_t loaded_kernels() { return loaded.load(std::memory_order_relaxed); }

} // namespace tj
