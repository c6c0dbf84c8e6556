// runtime/ad/tape_link.cpp — hands the tape (libtracejit_tape) the AD functions it needs for differentiable arrays
//
// The tape runtime is its own library without LLVM (runtime/tape/array_hooks.h); it reaches the AD graph only
// through these hooks, set while libtracejit is loaded, before main() and before any array exists.
#include "tape/array_hooks.h"

#include <tracejit/detail/ad_core.h>

namespace tj::detail {
namespace {

const tape::detail::ArrayHooks tape_array_hooks{&ad_inc_ref, &ad_dec_ref, &ad_grad_summary};

[[maybe_unused]] const bool tape_array_hooks_set = (tape::detail::set_array_hooks(&tape_array_hooks), true);

} // namespace
} // namespace tj::detail
