// runtime/tape/array_hooks.cpp — the AD hooks libtracejit sets for the tape (array_hooks.h)
#include "array_hooks.h"

#include <tracejit/error.h>
#include <tracejit/tape.h> // declares release_ad_node() (tape_value.h)

#include <atomic>

namespace tj::tape::detail {
namespace {

std::atomic<const ArrayHooks *> g_hooks{nullptr};

const ArrayHooks &hooks() {
    const ArrayHooks *h = g_hooks.load(std::memory_order_acquire);
    TJ_ASSERT(h, "the tape holds an AD node, but libtracejit (which made it) has not set the tape's array hooks");
    return *h;
}

} // namespace

void set_array_hooks(const ArrayHooks *hooks) noexcept { g_hooks.store(hooks, std::memory_order_release); }

void ad_inc_ref(uint32_t ad) noexcept { hooks().ad_inc_ref(ad); }
void ad_dec_ref(uint32_t ad) noexcept { hooks().ad_dec_ref(ad); }
std::string ad_grad_summary(uint32_t ad, size_t max_elements) { return hooks().ad_grad_summary(ad, max_elements); }

void release_ad_node(uint32_t ad) noexcept { ad_dec_ref(ad); }

} // namespace tj::tape::detail
