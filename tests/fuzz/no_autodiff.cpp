// tests/fuzz/no_autodiff.cpp — the AD core's entry points that the tape sources name, for the fuzzer (which
// compiles the tape sources without the rest of the runtime)
//
// Only the recorder gives a node an AD node; a loaded tape has none, so reading tapes never reaches these.
// Reaching one is a finding: it aborts.
#include <tracejit/ad_core.h>

#include <cstdio>
#include <cstdlib>

namespace {
[[noreturn]] void unreachable(const char *what) {
    std::fprintf(stderr, "tape_reader_fuzz: %s reached from a loaded tape (loaded nodes have no AD node)\n", what);
    std::abort();
}
} // namespace

namespace tj::detail {
void ad_inc_ref(uint32_t) noexcept { unreachable("tj::detail::ad_inc_ref"); }
void ad_dec_ref(uint32_t) noexcept { unreachable("tj::detail::ad_dec_ref"); }
std::string ad_grad_summary(uint32_t, size_t) { unreachable("tj::detail::ad_grad_summary"); }
} // namespace tj::detail
