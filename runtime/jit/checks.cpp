// runtime/jit/checks.cpp — errors that only a kernel can see (a lane's value that the trace could not read), reported
// through a flag the kernel sets and the evaluation that ran it reads
#include "backend/device.h"
#include "jit/var.h"

#include <tracejit/error.h>

#include <string>
#include <utility>

namespace tj::jit {

void add_check(State &s, uint32_t flag, std::string before, std::string after) {
    s.checks.push_back({flag, std::move(before), std::move(after)});
}

void run_checks(State &s) {
    // Inside a frozen function's recording the flags stay unread (the recording device refuses host reads): the next
    // evaluation outside it reads them.
    if (backends::thread_override())
        return;
    std::string failure;
    for (size_t i = 0; i < s.checks.size();) {
        State::Check &c = s.checks[i];
        const Variable &v = s.vars[c.flag];
        if (v.op != Op::Data || v.dirty) { // its kernel has not run yet
            ++i;
            continue;
        }
        uint32_t value = 0;
        backends::active_device(where(v)).copy_to_host(&value, v.data, v.type, 1);
        if (value && failure.empty())
            failure = c.before + std::to_string(value) + c.after;
        uint32_t flag = c.flag;
        s.checks.erase(s.checks.begin() + long(i));
        dec_ref(s, flag);
    }
    if (!failure.empty())
        throw Error(failure);
}

} // namespace tj::jit
