// runtime/tape/tape_threads.cpp — OpenMP parallel regions of recorded calls: adopting worker threads, attaching their calls
//
// Which region a thread works for: the innermost open region it started itself (the team's thread 0), else the one
// region whose starting thread is this thread's ancestor in the OpenMP team hierarchy (the starting thread's level
// is one less than this thread's, with the same ancestor thread numbers above it). libomp's functions are weak
// references: a program without OpenMP has no regions. Each thread records into a recorder of its own; the
// registry's mutex is taken when a thread is adopted and when its call returns, so that the region's end, which
// takes it too, sees everything the thread recorded (the team's join orders them; the mutex makes that visible to
// ThreadSanitizer as well).
#include "tape_threads.h"

#include "../log.h"
#include "tape_recorder.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

extern "C" {
int omp_get_level(void) __attribute__((weak));
int omp_get_ancestor_thread_num(int level) __attribute__((weak));
int omp_get_thread_num(void) __attribute__((weak));
}

namespace tj::tape::detail {

std::atomic<int> g_open_regions{0};

struct ParallelRegion {
    TapeRecorder *parent = nullptr;
    FrameState *frame = nullptr;
    bool suppress = false;             ///< the call records no body: neither do its threads
    std::thread::id starter;           ///< the thread that started the region (its thread 0)
    int level = -1;                    ///< omp_get_level() where it started (-1: OpenMP not loaded)
    std::vector<int> ancestors;        ///< omp_get_ancestor_thread_num(1…level) there
    TapeRecorder *starter_previous = nullptr; ///< the starter's recording before the region
    struct Worker {
        std::thread::id thread;
        std::unique_ptr<TapeRecorder> recorder;
    };
    std::vector<Worker> workers;
    uint32_t next_thread = 1; ///< thread numbers when OpenMP's are unknown
};

namespace {

std::mutex g_mutex;
std::vector<ParallelRegion *> g_regions; // guarded by g_mutex, in the order they started

bool openmp_loaded() { return omp_get_level && omp_get_ancestor_thread_num && omp_get_thread_num; }

std::vector<int> ancestors_up_to(int level) {
    std::vector<int> out;
    for (int l = 1; l <= level; ++l)
        out.push_back(omp_get_ancestor_thread_num(l));
    return out;
}

/// The region this thread works for, or null (g_mutex held).
ParallelRegion *region_of_this_thread() {
    const std::thread::id self = std::this_thread::get_id();
    for (auto it = g_regions.rbegin(); it != g_regions.rend(); ++it)
        if ((*it)->starter == self)
            return *it;
    if (!openmp_loaded())
        return g_regions.size() == 1 ? g_regions.front() : nullptr;
    const int level = omp_get_level();
    if (level <= 0)
        return nullptr; // not on a team's thread: a thread of its own (std::thread, …)
    const std::vector<int> ancestors = ancestors_up_to(level - 1);
    ParallelRegion *found = nullptr;
    for (ParallelRegion *r : g_regions)
        if (r->level == level - 1 && r->ancestors == ancestors) {
            if (found) {
                static std::once_flag warned;
                std::call_once(warned, [] {
                    logging::warn("tj::tape: a thread of an OpenMP team matches several recorded parallel regions "
                                  "(several threads recording at once); its calls are recorded on their own");
                });
                return nullptr;
            }
            found = r;
        }
    return found;
}

} // namespace

TapeRecorder *adopt_for_region(bool *suppress) {
    std::lock_guard lock(g_mutex);
    ParallelRegion *region = region_of_this_thread();
    if (!region)
        return nullptr;
    if (region->suppress) {
        *suppress = true;
        return nullptr;
    }
    const std::thread::id self = std::this_thread::get_id();
    for (ParallelRegion::Worker &w : region->workers)
        if (w.thread == self)
            return w.recorder.get();
    uint32_t thread = 0;
    if (self != region->starter)
        thread = openmp_loaded() ? static_cast<uint32_t>(omp_get_thread_num()) : region->next_thread++;
    TapeRecorder *r = TapeRecorder::worker(region->parent->context(), region->frame->depth, thread);
    region->workers.push_back({self, std::unique_ptr<TapeRecorder>(r)});
    return r;
}

void worker_idle(TapeRecorder *) noexcept {
    std::lock_guard lock(g_mutex); // publishes what this thread recorded to the region's end
}

void parallel_begin(FrameState &fs, uint32_t) {
    if (fs.region) // cannot happen: the plugin ends each region it begins
        parallel_abandon(fs);
    auto region = std::make_unique<ParallelRegion>();
    region->parent = fs.recorder;
    region->frame = &fs;
    region->suppress = fs.leaf || !*fs.record;
    region->starter = std::this_thread::get_id();
    if (openmp_loaded()) {
        region->level = omp_get_level();
        region->ancestors = ancestors_up_to(region->level);
    }
    region->starter_previous = this_thread_recorder();
    {
        std::lock_guard lock(g_mutex);
        g_regions.push_back(region.get());
        g_open_regions.fetch_add(1, std::memory_order_relaxed);
    }
    fs.region = region.release();
    // The starter is the team's thread 0: its calls in the region are recorded like the other threads' ones.
    set_this_thread_recorder(nullptr);
}

namespace {

/// Takes `fs`'s region out of the registry and gives the starter its recording back.
std::unique_ptr<ParallelRegion> unregister(FrameState &fs) noexcept {
    std::unique_ptr<ParallelRegion> region(fs.region);
    fs.region = nullptr;
    {
        std::lock_guard lock(g_mutex);
        g_regions.erase(std::remove(g_regions.begin(), g_regions.end(), region.get()), g_regions.end());
        g_open_regions.fetch_sub(1, std::memory_order_relaxed);
    }
    set_this_thread_recorder(region->starter_previous);
    return region;
}

} // namespace

void parallel_end(FrameState &fs, uint32_t site) {
    if (!fs.region) { // cannot happen: recorded as a plain statement
        if (Node *n = fs.recorder->record(fs, site, Kind::Statement, Captured{}))
            fs.recorder->done(n);
        return;
    }
    std::unique_ptr<ParallelRegion> region = unregister(fs);
    std::sort(region->workers.begin(), region->workers.end(), // thread numbers differ within a team
                     [](const ParallelRegion::Worker &a, const ParallelRegion::Worker &b) {
                         return a.recorder->thread() < b.recorder->thread();
                     });
    std::vector<std::unique_ptr<TapeRecorder>> workers;
    for (ParallelRegion::Worker &w : region->workers)
        workers.push_back(std::move(w.recorder));
    fs.recorder->parallel_statement(fs, site, std::move(workers));
}

void parallel_abandon(FrameState &fs) noexcept { unregister(fs); }

} // namespace tj::tape::detail
