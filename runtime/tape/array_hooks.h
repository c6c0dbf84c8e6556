// runtime/tape/array_hooks.h — what the tape asks of libtracejit about the AD nodes of differentiable arrays
//
// The tape runtime (libtracejit_tape) does not link the array runtime (libtracejit, which loads LLVM): a program
// that records only C++ values loads neither. A differentiable tj array on the tape holds a reference to its
// AD node; those references and the gradient text go through these hooks, which libtracejit sets when it is
// loaded (runtime/ad/tape_link.cpp). A nonzero AD node exists only where libtracejit made it, so the hooks are
// always set where they are needed; a call without them is a bug in tracejit (an internal assertion).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tj::tape::detail {

/// The AD functions of libtracejit the tape calls (tj::detail::ad_inc_ref & co., include/tracejit/detail/ad_core.h).
struct ArrayHooks {
    void (*ad_inc_ref)(uint32_t ad) noexcept;
    void (*ad_dec_ref)(uint32_t ad) noexcept;
    std::string (*ad_grad_summary)(uint32_t ad, size_t max_elements);
};

/// Called once by libtracejit as it is loaded; `hooks` must live as long as the process.
void set_array_hooks(const ArrayHooks *hooks) noexcept;

/// The hooks, for AD node `ad` (nonzero).
void ad_inc_ref(uint32_t ad) noexcept;
void ad_dec_ref(uint32_t ad) noexcept;
std::string ad_grad_summary(uint32_t ad, size_t max_elements);

} // namespace tj::tape::detail
