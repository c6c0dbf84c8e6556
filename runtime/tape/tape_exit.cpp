// runtime/tape/tape_exit.cpp — saves TRACEJIT_TAPE recordings when the program ends inside a recorded call
//
// Handlers, installed once when the first TRACEJIT_TAPE recording starts: atexit and at_quick_exit (registered
// after everything constructed so far, so they run before those objects are destroyed), a terminate handler that
// chains the previous one, and sigaction handlers for SIGSEGV, SIGABRT, SIGBUS, SIGFPE and SIGILL that save, put
// the previous action back and raise the signal again, so that the program ends as it would have. Saving in a
// signal handler is not async-signal-safe (it allocates and writes a file): it is best effort, and skipped when the
// list of recordings is locked at that moment.
#include "tape_exit.h"

#include "../log.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

namespace tj::tape::detail {
namespace {

std::mutex g_live_mutex;
/// The TRACEJIT_TAPE recordings in progress (leaked: exit handlers may run after static destructors).
std::vector<TapeRecorder *> &live() {
    static auto *v = new std::vector<TapeRecorder *>;
    return *v;
}

constexpr int k_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
struct sigaction g_previous[std::size(k_signals)];
std::terminate_handler g_previous_terminate = nullptr;

const char *signal_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    }
    return "signal";
}

/// Saves every recording in progress with its open calls marked `reason`. From a signal handler the list is
/// only tried: a thread interrupted while holding it would never give it back.
void save_all(const std::string &reason, bool in_signal) noexcept {
    std::unique_lock lock(g_live_mutex, std::defer_lock);
    if (in_signal ? !lock.try_lock() : (lock.lock(), false))
        return;
    const std::string *dir = tape_directory();
    if (!dir)
        return;
    // The chunks queued for the writer thread are written first; from now on each thread writes its own. A fault
    // on the writer thread itself saves nothing more.
    if (StreamFile *f = StreamFile::existing(); f && !f->synchronous(in_signal))
        return;
    for (TapeRecorder *r : live()) {
        if (r->streaming()) { // the open calls end as unfinished; the file gets its index below
            r->stream_exit(reason);
            continue;
        }
        if (r->abandoned())
            continue;
        try {
            std::string path = r->save_unfinished(reason, *dir);
            logging::debug("tj::tape: TRACEJIT_TAPE: the program ended ({}); wrote {}", reason, path);
        } catch (const std::exception &e) {
            logging::warn("TRACEJIT_TAPE: could not save a tape when the program ended ({}): {}", reason, e.what());
        } catch (...) {
            logging::warn("TRACEJIT_TAPE: could not save a tape when the program ended ({})", reason);
        }
    }
    if (StreamFile *f = StreamFile::existing())
        f->finish(in_signal);
}

/// Constructed when the tape library is loaded, before the program's own static objects, so destroyed after
/// them: the marked calls their destructors make are written out too.
struct FinalFlush {
    ~FinalFlush() {
        if (StreamFile::existing())
            save_all("exit", false);
    }
} g_final_flush;

void on_exit() { save_all("exit", false); }
void on_quick_exit() { save_all("quick_exit", false); }

void on_terminate() {
    std::string reason = "terminate";
    if (std::exception_ptr e = std::current_exception())
        reason = "exception " + describe_exception(e);
    save_all(reason, false);
    if (g_previous_terminate)
        g_previous_terminate();
    std::abort();
}

void on_signal(int sig, siginfo_t *info, void *context) {
    size_t i = 0;
    while (i < std::size(k_signals) && k_signals[i] != sig)
        ++i;
    static volatile sig_atomic_t busy = 0; // a second fault while saving goes straight to the previous action
    if (!busy) {
        busy = 1;
        save_all(std::string("signal ") + signal_name(sig), true);
    }
    if (i == std::size(k_signals))
        return;
    const struct sigaction &prev = g_previous[i];
    sigaction(sig, &prev, nullptr);
    // A handler the program (or a sanitizer) installed before runs now, as it would have.
    if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction)
        return prev.sa_sigaction(sig, info, context);
    if (!(prev.sa_flags & SA_SIGINFO) && prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN)
        return prev.sa_handler(sig);
    // The default action: blocked while this handler runs, the signal raised again is delivered when it returns
    // (a fault would also come back at the same instruction).
    raise(sig);
}

void install() {
    std::atexit(on_exit);
    std::at_quick_exit(on_quick_exit);
    g_previous_terminate = std::set_terminate(on_terminate);
    for (size_t i = 0; i < std::size(k_signals); ++i) {
        struct sigaction sa = {};
        sa.sa_sigaction = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        if (sigaction(k_signals[i], &sa, &g_previous[i]) != 0)
            logging::warn("TRACEJIT_TAPE: cannot install the {} handler; a tape is not saved on that signal",
                          signal_name(k_signals[i]));
    }
}

} // namespace

void exit_guard_started(TapeRecorder *r) {
    static std::once_flag installed;
    std::call_once(installed, install);
    std::lock_guard lock(g_live_mutex);
    live().push_back(r);
}

void exit_guard_finished(TapeRecorder *r) noexcept {
    std::lock_guard lock(g_live_mutex);
    auto &v = live();
    v.erase(std::remove(v.begin(), v.end(), r), v.end());
}

} // namespace tj::tape::detail
