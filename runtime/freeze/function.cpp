// runtime/freeze/function.cpp — one frozen function: recordings by layout key, auto-opaque, statistics, logs
//
// A call flattens its inputs (freeze_traverse.h) and comes here. freeze_begin decides: auto-opaque first (a
// literal input that changed since the last call with the same structure is made opaque, and the caller keys
// again), then a recording for the exact key is replayed after a dry run of its sizes, else the body is
// recorded: the inputs are evaluated and bound to slots, a RecordingDevice becomes this thread's device
// override, and freeze_end stores what it saw.
#include "freeze/grad.h"
#include "freeze/recording_device.h"
#include "freeze/replay.h"
#include "jit/var.h"
#include "log.h"

#include <tracejit/freeze.h>

#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace tj::detail {

using freezing::GradCapture;
using freezing::RecordingDevice;
using freezing::Recording;

struct FreezeFunction {
    FreezeOptions options;
    // Everything below is guarded by the runtime's lock (jit::State::mutex), which a frozen call holds from its
    // flattening through its replay (freeze_lock): one lock, so a replay takes no mutex of its own.
    struct Held {
        std::shared_ptr<const Recording> recording;
        uint64_t last_used = 0; ///< `uses` at its last recording or replay (FreezeOptions::limit evicts the least)
    };
    /// Per backend (indexed by tj::Backend: a recording's kernels and buffers are that backend's), by layout key.
    std::unordered_map<std::string, Held> recordings[2];
    uint64_t uses = 0;
    /// Per input structure (the key without literal values): the literal values of the last call, and the
    /// leaves auto-opaque has made opaque.
    struct Literals {
        std::vector<uint64_t> last;
        std::vector<uint32_t> opaque;
    };
    std::unordered_map<std::string, Literals> literals;
    FreezeStats stats;
    bool warned = false;
    std::string last_reason;
};

namespace {

double now_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

const std::string &name_of(const FreezeFunction *fn) {
    static const std::string unnamed = "frozen function";
    return fn->options.name.empty() ? unnamed : fn->options.name;
}

/// The key with the literal values blanked: the structure auto-opaque compares calls by.
std::string structure_of(const Flattener &in) {
    std::string s = in.key;
    for (const Flattener::Leaf &l : in.arrays)
        if (l.literal)
            std::memset(s.data() + l.literal_at, 0, sizeof(uint64_t));
    return s;
}

/// The key recordings are held by: the layout key, and which leaves have gradients enabled and whether their
/// gradients are suspended here (tj::SuspendGrad: a recording made with gradients holds their derivative, one made
/// without, or suspended, has none). `with_grad` holds it when it differs.
const std::string &key_of(const Flattener &in, std::string &with_grad) {
    const ad::Graph &g = ad::graph();
    bool any = false;
    for (const Flattener::Leaf &l : in.arrays)
        any |= ad::live(g, l.ad) != 0; // (an inert node stands for no gradient)
    if (!any)
        return in.key;
    with_grad = in.key;
    with_grad.push_back('G');
    for (const Flattener::Leaf &l : in.arrays)
        with_grad.push_back(!ad::live(g, l.ad) ? '0' : ad::tracked(l.ad) ? '1' : 's');
    return with_grad;
}

std::string path_of(const FreezeCall &call, uint32_t leaf) {
    if (call.paths) {
        std::vector<std::string> paths = call.paths(call.paths_context);
        if (leaf < paths.size())
            return paths[leaf];
    }
    return fmt::format("input array #{}", leaf);
}

/// Decides which literal leaves to make opaque; true when the caller must key again.
bool auto_opaque(FreezeFunction *fn, const Flattener &in, FreezeCall &call) {
    bool any = false;
    for (const Flattener::Leaf &l : in.arrays)
        any |= l.literal;
    if (!any)
        return false; // nothing to compare (and no key copy on the common path)
    FreezeFunction::Literals &lit = fn->literals[structure_of(in)];
    size_t n = in.arrays.size();
    bool first = lit.last.empty();
    lit.last.resize(n, 0);
    for (uint32_t i = 0; i < n; ++i) {
        const Flattener::Leaf &l = in.arrays[i];
        if (!l.literal)
            continue;
        uint64_t bits;
        std::memcpy(&bits, in.key.data() + l.literal_at, sizeof bits); // the value the key holds
        bool known = !fn->options.auto_opaque || // Dr.Jit's auto_opaque=False: every literal is opaque
                     std::find(lit.opaque.begin(), lit.opaque.end(), i) != lit.opaque.end();
        if (!known && !first && bits != lit.last[i]) {
            logging::info("freeze: {}: {} changed from {} to {}: made opaque, the function is recorded again",
                          name_of(fn), path_of(call, i), jit::format_element(var_type(l.jit), &lit.last[i], 0),
                          jit::format_element(var_type(l.jit), &bits, 0));
            lit.opaque.push_back(i);
            known = true;
        }
        lit.last[i] = bits;
        if (known)
            call.make_opaque.push_back(i);
    }
    // The same literal passed again (an alias leaf) goes opaque with it.
    for (uint32_t i = 0; i < n; ++i)
        if (in.arrays[i].alias_of != UINT32_MAX &&
            std::find(call.make_opaque.begin(), call.make_opaque.end(), in.arrays[i].alias_of) != call.make_opaque.end())
            call.make_opaque.push_back(i);
    return !call.make_opaque.empty();
}

/// Which part of the key differs from the closest recording (for the log line of a new recording).
std::string why_record(FreezeFunction *fn, const Flattener &in, const FreezeCall &call, Backend backend) {
    const auto &recordings = fn->recordings[int(backend)];
    if (recordings.empty())
        return fn->recordings[1 - int(backend)].empty()
                   ? "first call"
                   : "first call on this backend (the recordings are for the other)";
    size_t best = 0;
    for (auto &[key, rec] : recordings) {
        size_t same = 0;
        while (same < key.size() && same < in.key.size() && key[same] == in.key[same])
            ++same;
        best = std::max(best, same);
    }
    // The leaf whose record holds the first differing byte (a host value or container size between two
    // arrays shows up as the array before it).
    int32_t at = -1;
    for (uint32_t i = 0; i < in.arrays.size(); ++i)
        if (in.arrays[i].key_at <= best)
            at = int32_t(i);
    if (at < 0)
        return "the layout key differs from the recorded ones before the first array (a host value or a container "
               "size)";
    return fmt::format("the layout key differs from the recorded ones at {} (its type, literal value or aliasing, "
                       "or a host value or container size right after it)",
                       path_of(call, uint32_t(at)));
}

/// Evaluates the inputs and binds their buffers; returns false when an input is not in memory.
void bind_inputs(const Flattener &in, freezing::BoundInputs &bound, std::vector<uint32_t> &ids, RecordingDevice *rec) {
    jit::State &s = jit::state();
    std::vector<uint32_t> lazy;
    for (const Flattener::Leaf &l : in.arrays)
        if (l.jit && !l.literal && s.vars[l.jit].op != detail::Op::Data)
            lazy.push_back(l.jit);
    if (!lazy.empty())
        jit::eval_locked(s, lazy.data(), lazy.size());
    jit::flush_side_effects(s);
    for (const Flattener::Leaf &l : in.arrays) {
        ids.push_back(l.jit);
        void *buf = l.jit && !l.literal ? s.vars[l.jit].data : nullptr;
        bool literal = l.jit && l.literal; // a slot of its own without a buffer: its width is an input size
        if (rec) {
            rec->add_input(buf, literal, l.jit ? s.vars[l.jit].type : VarType::Float32, l.jit ? s.vars[l.jit].size : 0);
            if (l.shaped && l.jit) // a tensor's shape tells the body its array's size
                rec->after_size_read(s.vars[l.jit].size);
        } else if (literal) {
            bound.buffers.push_back(nullptr);
            bound.sizes.push_back(s.vars[l.jit].size);
            bound.memory.push_back(s.backend);
        } else if (buf && std::find(bound.buffers.begin(), bound.buffers.end(), buf) == bound.buffers.end()) {
            bound.buffers.push_back(buf); // an aliased input binds once, as it was recorded
            bound.sizes.push_back(s.vars[l.jit].size);
            bound.memory.push_back(jit::where(s.vars[l.jit]));
        }
    }
}

size_t held_count(const FreezeFunction *fn) { return fn->recordings[0].size() + fn->recordings[1].size(); }

/// Drops the least recently used recordings until at most FreezeOptions::limit remain (the runtime's lock held).
void evict_beyond_limit(FreezeFunction *fn) {
    while (fn->options.limit && held_count(fn) > fn->options.limit) {
        auto *oldest_map = &fn->recordings[0];
        auto oldest = oldest_map->end();
        for (auto &map : fn->recordings)
            for (auto it = map.begin(); it != map.end(); ++it)
                if (oldest == oldest_map->end() || it->second.last_used < oldest->second.last_used) {
                    oldest_map = &map;
                    oldest = it;
                }
        logging::info("freeze: {}: the least recently used recording is dropped (limit {})", name_of(fn),
                      fn->options.limit);
        oldest_map->erase(oldest); // a replay in flight holds its own reference
    }
}

std::mutex &registry_mutex() {
    static std::mutex m;
    return m;
}
std::map<const void *, FreezeFunction *> &registry() {
    static auto *r = new std::map<const void *, FreezeFunction *>();
    return *r;
}

} // namespace

FreezeFunction *freeze_create(const FreezeOptions &options) {
    auto *fn = new FreezeFunction();
    fn->options = options;
    return fn;
}

void freeze_destroy(FreezeFunction *fn) noexcept {
    if (!fn)
        return;
    {
        std::lock_guard lock(registry_mutex());
        for (auto it = registry().begin(); it != registry().end();)
            it = it->second == fn ? registry().erase(it) : std::next(it);
    }
    delete fn;
}

void freeze_lock() noexcept { jit::state().mutex.lock(); }

void freeze_unlock() noexcept { jit::state().mutex.unlock(); }

FreezeStats freeze_stats_of(const FreezeFunction *fn) {
    jit::Lock lock(jit::state().mutex);
    return fn->stats;
}

void freeze_clear(FreezeFunction *fn) {
    jit::Lock lock(jit::state().mutex);
    for (auto &map : fn->recordings)
        map.clear();
    fn->literals.clear();
}

void freeze_warn_state(const FreezeFunction *fn) {
    logging::warn("tj::freeze(): {}: the callable holds state (a lambda's captures): captures are not inputs, so a "
                  "host value captured by reference and changed later (or a captured literal array) replays as the "
                  "recording saw it; pass such values as arguments, or as state with "
                  "frozen.call(std::tie(...), args...)",
                  name_of(fn));
}

size_t freeze_recording_count(const FreezeFunction *fn) {
    jit::Lock lock(jit::state().mutex);
    return held_count(fn);
}

void freeze_register(const void *function, FreezeFunction *fn) {
    std::lock_guard lock(registry_mutex());
    registry()[function] = fn;
}

FreezeFunction *freeze_lookup_registered(const void *function) {
    std::lock_guard lock(registry_mutex());
    auto it = registry().find(function);
    return it == registry().end() ? nullptr : it->second;
}

void freeze_begin(FreezeFunction *fn, const Flattener &in, FreezeCall &call) {
    // Off, or called from the body of another frozen function that is recording: run the body, whose launches
    // then become part of the outer recording.
    if (!flag(Flag::KernelFreezing) || freezing::active()) {
        call.action = FreezeCall::Action::RunPlain;
        return;
    }
    double start = now_ms();
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex); // (the caller holds it already: freeze_lock)
    jit::check_backend(s);
    const Backend at = s.backend; // the selected backend picks the recordings
    std::shared_ptr<const Recording> rec;
    std::string reason;
    if (auto_opaque(fn, in, call))
        return; // the caller makes those inputs opaque and comes back
    thread_local std::string with_grad; // its capacity stays: no allocation per call
    auto found = fn->recordings[int(at)].find(key_of(in, with_grad));
    if (found != fn->recordings[int(at)].end()) {
        rec = found->second.recording;
        found->second.last_used = ++fn->uses;
    } else
        reason = why_record(fn, in, call, at);
    if (rec) {
        bool replayed = false;
        // Reused per thread: a replay allocates no working vectors. (Nothing between filling them and
        // connect_replay's first lines, which read the input ids, can call a frozen function: the replay only drives
        // the device.)
        thread_local freezing::BoundInputs bound;
        thread_local std::vector<uint64_t> sizes;
        thread_local std::vector<uint32_t> ids;
        bound.buffers.clear();
        bound.sizes.clear();
        bound.memory.clear();
        ids.clear();
        bind_inputs(in, bound, ids, nullptr);
        if (!rec->grads_unheld.empty())
            reason = freezing::gradient_conflict(*rec, in);
        if (reason.empty())
            reason = freezing::dry_run(*rec, bound, sizes);
        if (reason.empty()) {
            try {
                freezing::replay(*rec, bound, ids, sizes, call.out_jit);
                replayed = true;
            } catch (const freezing::ReplayMismatch &e) { // a guard on a compress count failed: record anew
                reason = e.what();
            }
        }
        if (replayed && rec->grad)
            freezing::connect_replay(rec, in, ids, call.out_jit, call.out_ad);
        else if (replayed)
            freezing::refill(call.out_ad, call.out_jit.size(), 0);
        if (replayed) {
            call.out_layout = rec->out_layout;
            call.action = FreezeCall::Action::Replayed;
            double ms = now_ms() - start;
            ++fn->stats.replays;
            fn->stats.replay_ms += ms;
            logging::info("freeze: {}: replay ({} launches, {:.3f} ms)", name_of(fn), rec->launches, ms);
            return;
        }
        reason = "dry run failed: " + reason;
        ++fn->stats.dry_run_failures;
    }
    // Record.
    if (fn->stats.recordings > 0)
        ++fn->stats.retraces;
    ++fn->stats.recordings;
    fn->last_reason = reason;
    if (fn->stats.retraces >= fn->options.warn_after && fn->options.warn_after && !fn->warned) {
        fn->warned = true;
        logging::warn("freeze: {} was recorded again {} times (last reason: {}); inputs that change every call "
                      "(host values, new sizes that break a dry run) defeat freezing",
                      name_of(fn), fn->stats.retraces, reason);
    }
    logging::info("freeze: {}: recording ({})", name_of(fn), reason);
    auto *recorder = new RecordingDevice(name_of(fn), at);
    {
        freezing::BoundInputs unused;
        std::vector<uint32_t> ids;
        try {
            bind_inputs(in, unused, ids, recorder);
        } catch (...) {
            delete recorder;
            throw;
        }
        recorder->end_inputs();
    }
    try {
        call.grad = new GradCapture(in, name_of(fn), *recorder); // enters the body's IsolateGrad scope
    } catch (...) {
        delete recorder;
        throw;
    }
    freezing::install(recorder);
    call.recording = recorder;
    call.start_ms = start;
    call.action = FreezeCall::Action::Record;
}

void freeze_end(FreezeFunction *fn, const Flattener &in, const Flattener &out, FreezeCall &call) {
    auto *recorder = static_cast<RecordingDevice *>(call.recording);
    auto *grad = static_cast<GradCapture *>(call.grad);
    jit::State &s = jit::state();
    try {
        jit::Lock lock(s.mutex);
        std::vector<uint32_t> lazy;
        for (const Flattener::Leaf &l : out.arrays) {
            if (l.jit && !l.literal && (s.vars[l.jit].op != detail::Op::Data || s.vars[l.jit].dirty))
                lazy.push_back(l.jit);
        }
        grad->analyse(out, lazy); // what the derivative reads is evaluated with the outputs
        if (!lazy.empty())
            jit::eval_locked(s, lazy.data(), lazy.size());
        jit::flush_side_effects(s);
        // Checks whose flags the body's kernels set (made inside the recording): a replay reads them as well.
        for (const jit::State::Check &c : s.checks)
            if (const jit::Variable &f = s.vars[c.flag]; f.op == detail::Op::Data && !f.dirty && f.data)
                recorder->add_check(f.data, c.before, c.after);
        Recording &rec = recorder->recording();
        for (const Flattener::Leaf &l : out.arrays) {
            if (!l.jit) {
                rec.outputs.push_back({});
                continue;
            }
            const jit::Variable &v = s.vars[l.jit];
            rec.outputs.push_back(recorder->output(v.data, v.op == detail::Op::Literal, v.type, v.literal, v.size));
        }
        grad->record_outputs(*recorder);
        rec.out_layout = out.key;
        freezing::install(nullptr);
        grad->record_derivatives(rec);
    } catch (...) {
        freeze_abort(fn, call);
        throw;
    }
    auto stored = std::make_shared<const Recording>(std::move(recorder->recording()));
    double ms = now_ms() - call.start_ms;
    delete recorder;
    call.recording = nullptr;
    logging::info("freeze: {}: recorded {} steps ({} launches) in {:.3f} ms", name_of(fn), stored->steps.size(),
                  stored->launches, ms);
    {
        jit::Lock lock(s.mutex);
        std::string with_grad;
        auto &held = fn->recordings[int(stored->backend)][key_of(in, with_grad)]; // (before `stored` is moved from)
        held = {std::move(stored), ++fn->uses};
        evict_beyond_limit(fn);
        fn->stats.record_ms += ms;
    }
    // Leaving the body's IsolateGrad scope: what a backward inside gave the inputs goes on backward from them.
    std::unique_ptr<GradCapture> owned(grad);
    call.grad = nullptr;
    owned->finish();
    // The flags of checks the recording's kernels set are read now (outside the recording), as after an evaluation.
    jit::Lock lock(s.mutex);
    if (!s.checks.empty())
        jit::run_checks(s);
}

void freeze_abort(FreezeFunction *fn, FreezeCall &call) noexcept {
    auto *recorder = static_cast<RecordingDevice *>(call.recording);
    if (recorder && freezing::active() == recorder)
        freezing::install(nullptr);
    delete recorder;
    call.recording = nullptr;
    delete static_cast<GradCapture *>(call.grad); // leaves the body's scope, passing nothing on
    call.grad = nullptr;
}

} // namespace tj::detail
