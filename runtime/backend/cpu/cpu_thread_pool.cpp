// runtime/backend/cpu/cpu_thread_pool.cpp — worker threads for CPU kernels (TRACEJIT_THREADS, default all cores)
#include "backend/cpu/cpu_thread_pool.h"

#include "log.h"

#include <tracejit/runtime.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace tj::cpu {
namespace {

size_t threads_from_env() {
    size_t hw = std::max(1u, std::thread::hardware_concurrency());
    const char *s = std::getenv("TRACEJIT_THREADS");
    if (!s || !*s)
        return hw;
    char *end = nullptr;
    long v = std::strtol(s, &end, 10);
    if (*end || v < 1 || v > 1024) {
        logging::warn("TRACEJIT_THREADS={} is not a thread count in 1..1024; using {}", s, hw);
        return hw;
    }
    return size_t(v);
}

/// One job at a time (launches are serialised by the JIT lock); workers grab blocks with an atomic counter.
class Pool {
  public:
    explicit Pool(size_t n) : m_size(n) {
        for (size_t i = 1; i < n; ++i)
            m_workers.emplace_back([this] { work(); });
        for (auto &t : m_workers)
            t.detach(); // the pool lives until exit; joining at exit could deadlock static destructors
    }
    size_t size() const { return m_size; }

    void run(uint64_t n, uint64_t block, RangeFn fn, void *ctx) {
        uint64_t blocks = (n + block - 1) / block;
        {
            std::unique_lock<std::mutex> lk(m_mutex);
            // A worker that woke too late for the previous job may still be in drain(), reading the job's fields
            // and counters: they change only when no worker is inside (ThreadSanitizer found the race).
            m_finished.wait(lk, [&] { return m_active == 0; });
            m_fn = fn;
            m_ctx = ctx;
            m_n = n;
            m_block = block;
            m_blocks = blocks;
            m_next.store(0);
            m_done.store(0);
            ++m_generation;
        }
        m_wake.notify_all();
        drain();
        // The last blocks are running on other threads, and end within one block's time: wait for them awake a while
        // (going to sleep and being woken again costs more than a short block here, on a virtual machine most).
        for (int spin = 0; spin < spin_limit && m_done.load(std::memory_order_acquire) != m_blocks; ++spin)
            pause();
        // Wait for every block and for every worker to leave drain(): none may see the next job's counters early.
        std::unique_lock<std::mutex> lk(m_mutex);
        m_finished.wait(lk, [&] { return m_done.load() == m_blocks && m_active == 0; });
    }

  private:
    /// Pauses of the caller's wait for the last blocks before it sleeps (tens of µs).
    static constexpr int spin_limit = 2000;
    static void pause() {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#else
        std::this_thread::yield();
#endif
    }

    void drain() {
        for (;;) {
            uint64_t b = m_next.fetch_add(1);
            if (b >= m_blocks)
                return;
            uint64_t start = b * m_block, end = std::min(m_n, start + m_block);
            m_fn(m_ctx, start, end);
            if (m_done.fetch_add(1) + 1 == m_blocks) {
                std::lock_guard<std::mutex> g(m_mutex);
                m_finished.notify_all();
            }
        }
    }
    void work() {
        uint64_t seen = 0;
        for (;;) {
            {
                std::unique_lock<std::mutex> lk(m_mutex);
                m_wake.wait(lk, [&] { return m_generation != seen; });
                seen = m_generation;
                ++m_active;
            }
            drain();
            std::lock_guard<std::mutex> g(m_mutex);
            if (--m_active == 0)
                m_finished.notify_all();
        }
    }

    size_t m_size;
    std::vector<std::thread> m_workers;
    std::mutex m_mutex;
    std::condition_variable m_wake, m_finished;
    RangeFn m_fn = nullptr;
    void *m_ctx = nullptr;
    uint64_t m_n = 0, m_block = 1, m_blocks = 0, m_generation = 0;
    size_t m_active = 0; ///< workers inside drain(), guarded by m_mutex; the job's fields change only at 0
    std::atomic<uint64_t> m_next{0}, m_done{0};
};

Pool &pool() {
    static Pool *p = new Pool(threads_from_env());
    return *p;
}

} // namespace

void parallel_for(uint64_t n, uint64_t block, RangeFn fn, void *ctx) {
    if (n == 0)
        return;
    if (block >= n || pool().size() == 1) {
        fn(ctx, 0, n);
        return;
    }
    pool().run(n, block, fn, ctx);
}

size_t pool_size() { return pool().size(); }

} // namespace tj::cpu

namespace tj {
size_t thread_count() { return cpu::pool_size(); }
} // namespace tj
