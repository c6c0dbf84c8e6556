// runtime/control_follow.cpp — the memory of tj::if_stmt's state arrays, followed through its branches' scatters
//
// A scatter into an array that shares its buffer writes a copy (copy on write), and one with gradients makes a new AD
// node: the array's ids change while it stays the memory the branch received. The scatter functions report each change
// (scatter_note, called by ops.h and reductions.h), and tj::if_stmt (control.h, BranchMemory) follows each state array
// by where the branch keeps it and its ids: an array assigned another value no longer matches, so it is no longer that
// memory, while a copy `y = x` that is scattered into lives elsewhere and is not followed.
#include <tracejit/detail/ad_core.h>
#include <tracejit/detail/control_core.h>

#include <algorithm>
#include <vector>

namespace tj::detail {

/// The arrays followed on this thread (several if_stmts, nested, follow theirs at once).
static std::vector<FollowedArray *> &followed() {
    static thread_local std::vector<FollowedArray *> list;
    return list;
}

void follow_array(FollowedArray *f, bool on) noexcept {
    std::vector<FollowedArray *> &list = followed();
    auto at = std::find(list.begin(), list.end(), f);
    if (on && at == list.end())
        list.push_back(f);
    else if (!on && at != list.end())
        list.erase(at);
}

void scatter_note(const void *array, uint32_t jit, uint32_t ad, uint32_t new_jit, uint32_t new_ad) noexcept {
    if (jit == new_jit && ad == new_ad)
        return;
    for (FollowedArray *f : followed()) {
        if (f->array != array || f->jit != jit || f->ad != ad)
            continue;
        var_inc_ref(new_jit);
        ad_inc_ref(new_ad);
        var_lend(new_jit, true);
        var_lend(f->jit, false);
        var_dec_ref(f->jit);
        ad_dec_ref(f->ad);
        f->jit = new_jit;
        f->ad = new_ad;
    }
}

} // namespace tj::detail
