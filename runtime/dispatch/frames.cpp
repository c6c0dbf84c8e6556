// runtime/dispatch/frames.cpp — the instances whose code this thread is tracing inside tj::dispatch (dispatch frames),
// so that a nested dispatch that would trace one of them again for the same function (a recursion) leaves it out
#include "dispatch/frames.h"

#include <tracejit/detail/dispatch_core.h>

#include <string>
#include <vector>

namespace tj::detail {
namespace {

struct Frame {
    uint32_t domain, id;
    std::string function; ///< (by name: the same lambda type may have a copy of its name per shared object)
};

std::vector<Frame> &frames() {
    static thread_local std::vector<Frame> f;
    return f;
}

} // namespace

void dispatch_frame_enter(uint32_t domain, uint32_t id, const char *function) {
    frames().push_back({domain, id, function ? function : ""});
}

void dispatch_frame_leave() noexcept {
    if (!frames().empty())
        frames().pop_back();
}

bool dispatch_frame_active(uint32_t domain, uint32_t id, const char *function) {
    for (const Frame &f : frames())
        if (f.domain == domain && f.id == id && f.function == function)
            return true;
    return false;
}

} // namespace tj::detail
