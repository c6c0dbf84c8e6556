// bench/bench_util.h — tiny timing harness shared by the benchmarks: repeated runs, best/median, goal verdicts
//
// Every benchmark times a piece of work several times with steady_clock and
// reports the best run (the least disturbed by other processes on the shared
// cores) together with the median, so the noise is visible in the output.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <sys/mman.h>

namespace bench {

using Clock = std::chrono::steady_clock;

/// Seconds elapsed since `t0`.
inline double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// CPU time of the calling thread in seconds: unlike wall time, it does not count time spent waiting for a core
/// while other processes run (it still counts their effect on the caches).
inline double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// CPU time of the whole process (all its threads) in seconds: steadier than wall time on a loaded machine.
inline double process_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// Durations (seconds) of repeated runs of one measurement.
struct Samples {
    std::vector<double> s; ///< one entry per run, in run order

    void add(double seconds) { s.push_back(seconds); }
    /// Shortest run: the figure we report (least disturbed by other load).
    double best() const { return s.empty() ? 0 : *std::min_element(s.begin(), s.end()); }
    /// Median run: printed next to the best one so the noise is visible.
    double median() const {
        if (s.empty())
            return 0;
        std::vector<double> v = s;
        std::sort(v.begin(), v.end());
        size_t n = v.size();
        return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
};

/// Runs `setup` (untimed) then `work` (timed) `runs` times.
inline Samples measure(int runs, const std::function<void()> &setup, const std::function<void()> &work) {
    Samples out;
    for (int i = 0; i < runs; ++i) {
        if (setup)
            setup();
        auto t0 = Clock::now();
        work();
        out.add(seconds_since(t0));
    }
    return out;
}

/// Runs `work` `runs` times, timing each run.
inline Samples measure(int runs, const std::function<void()> &work) { return measure(runs, nullptr, work); }

/// Whether a smaller figure is better (times) or a larger one (throughputs).
enum class Better { Lower, Higher };

/// "MEETS" or "MISSES" for `value` against `goal`.
inline const char *verdict(double value, double goal, Better better) {
    bool ok = better == Better::Lower ? value <= goal : value >= goal;
    return ok ? "MEETS" : "MISSES";
}

/// One summary line with the goal and by how much it is met or missed; run.sh collects these lines.
inline void print_goal(const char *what, double value, double goal, const char *unit, Better better) {
    double ratio = better == Better::Lower ? goal / value : value / goal;
    std::printf("GOAL %-46s %10.3f %-5s goal %s %-9.3f %-6s (%.2fx of goal)\n", what, value, unit,
                better == Better::Lower ? "<=" : ">=", goal, verdict(value, goal, better), ratio);
}

/// Number of hardware threads (at least 1).
inline unsigned hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

/// Runs fn(begin, end) over [0, n) split evenly across `threads` std::threads (the caller runs the first part).
inline void split_range(size_t n, unsigned threads, const std::function<void(size_t, size_t)> &fn) {
    if (threads <= 1) {
        fn(0, n);
        return;
    }
    std::vector<std::thread> pool;
    size_t chunk = (n + threads - 1) / threads;
    chunk = (chunk + 63) & ~size_t(63); // whole cache lines per thread
    for (unsigned t = 1; t < threads; ++t) {
        size_t b = std::min(n, t * chunk), e = std::min(n, b + chunk);
        pool.emplace_back([&fn, b, e] { fn(b, e); });
    }
    fn(0, std::min(n, chunk));
    for (auto &th : pool)
        th.join();
}

/// Elements per block as tracejit's CPU launches split them (runtime/backend/cpu/cpu_device.cpp, block_size): 16 blocks
/// per thread, at least 16384 elements, whole cache lines; the whole range on one thread or below 32768 elements.
inline size_t pool_block_size(size_t n, size_t threads) {
    if (threads <= 1 || n < 32768)
        return n;
    size_t block = std::max<size_t>((n + threads * 16 - 1) / (threads * 16), 16384);
    return (block + 63) & ~size_t(63);
}

/// A buffer of `n` T aligned to 2 MiB and asked to be backed by transparent huge pages, as tracejit's buffers of that
/// size are (runtime/backend/cpu/cpu_memory.cpp), filled with zeros; lives until exit.
template <class T> T *huge_page_buffer(size_t n) {
    const size_t huge = size_t(2) << 20, bytes = (n * sizeof(T) + huge - 1) / huge * huge;
    void *p = std::aligned_alloc(huge, bytes);
    if (!p) {
        std::fprintf(stderr, "out of memory allocating %zu bytes\n", bytes);
        std::exit(1);
    }
    madvise(p, bytes, MADV_HUGEPAGE);
    std::memset(p, 0, bytes);
    return static_cast<T *>(p);
}

/// fn(begin, end) over [0, n) in pool_block_size blocks, taken in turn from a counter by `threads` std::threads (the
/// caller is one of them): the hand-written loops split their work as tracejit's pool does.
inline void run_blocks(size_t n, size_t threads, const std::function<void(size_t, size_t)> &fn) {
    const size_t block = std::max<size_t>(pool_block_size(n, threads), 1), blocks = (n + block - 1) / block;
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t b; (b = next.fetch_add(1)) < blocks;)
            fn(b * block, std::min(n, (b + 1) * block));
    };
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
}

/// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"); -1 when it cannot be read.
inline double status_bytes(const char *field) {
    std::ifstream status("/proc/self/status");
    std::string line;
    size_t len = std::strlen(field);
    while (std::getline(status, line))
        if (line.compare(0, len, field) == 0 && line.size() > len && line[len] == ':')
            return 1024.0 * std::stod(line.substr(len + 1)); // "VmHWM:   12345 kB"
    return -1;
}

/// A fresh private directory (removed with its contents by the destructor).
class TempDir {
  public:
    explicit TempDir(const char *prefix = "tracejit-bench") {
        std::string tmpl = (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
        std::vector<char> buf(tmpl.begin(), tmpl.end());
        buf.push_back('\0');
        if (!mkdtemp(buf.data())) {
            std::perror("mkdtemp");
            std::exit(1);
        }
        m_path = buf.data();
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::string &path() const { return m_path; }

  private:
    std::string m_path;
};

/// A fresh private directory for the disk cache; set TRACEJIT_CACHE_DIR to it before the first tracejit call so
/// the process starts with an empty disk cache.
class TempCacheDir : public TempDir {
  public:
    TempCacheDir() {
        setenv("TRACEJIT_CACHE_DIR", path().c_str(), 1);
        setenv("TRACEJIT_CACHE", "1", 1);
    }
};

/// Deterministic uniform floats in [lo, hi) (cheaper than std::uniform_real_distribution, which calls logl).
class Uniform {
  public:
    Uniform(uint64_t seed, float lo, float hi)
        : m_state(seed * 0x9E3779B97F4A7C15ull + 1), m_lo(lo), m_scale(hi - lo) {}
    float operator()() {
        m_state ^= m_state << 13; // xorshift64
        m_state ^= m_state >> 7;
        m_state ^= m_state << 17;
        return m_lo + m_scale * float(m_state >> 40) * 0x1p-24f;
    }

  private:
    uint64_t m_state;
    float m_lo, m_scale;
};

/// Times `a` and `b` `runs` times each, alternating (a, b, a, b, …) so that both see the same load.
inline void measure_alternating(int runs, Samples &a_samples, const std::function<void()> &a, Samples &b_samples,
                                const std::function<void()> &b) {
    for (int i = 0; i < runs; ++i) {
        auto t0 = Clock::now();
        a();
        a_samples.add(seconds_since(t0));
        t0 = Clock::now();
        b();
        b_samples.add(seconds_since(t0));
    }
}

/// This program's path, to run itself as a worker: /proc/self/exe, or `argv0` where that link cannot be read.
inline std::string self_path(const char *argv0) {
    std::error_code ec;
    std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    return ec ? std::string(argv0) : self;
}

/// The thread counts a benchmark compares: 1, and all hardware threads where there are more.
inline std::vector<unsigned> one_and_all_threads() {
    std::vector<unsigned> counts{1};
    if (hardware_threads() > 1)
        counts.push_back(hardware_threads());
    return counts;
}

/// Runs `self --worker` with TRACEJIT_THREADS=threads and BENCH_RUNS=runs (tracejit sizes its thread pool once per
/// process, so each thread count is a process of its own). Each output line that `take` accepts (returns true for)
/// is a result; every other line is printed. Returns the number of results, or -1 when the worker could not be
/// started or did not exit with 0.
inline long run_worker(const std::string &self, unsigned threads, int runs,
                       const std::function<bool(const char *line)> &take) {
    std::string cmd = "TRACEJIT_THREADS=" + std::to_string(threads) + " BENCH_RUNS=" + std::to_string(runs) + " '" +
                      self + "' --worker";
    FILE *p = popen(cmd.c_str(), "r");
    if (!p)
        return -1;
    char line[512];
    long got = 0;
    while (std::fgets(line, sizeof line, p)) {
        if (take(line))
            ++got;
        else
            std::fputs(line, stdout);
    }
    return pclose(p) == 0 ? got : -1;
}

/// Rows of results from the workers of run_workers, and how many workers failed or gave a wrong result.
template <class Row> struct WorkerRows {
    std::vector<Row> rows;
    int failures = 0;
};

/// The parent's side of a benchmark that runs itself as a worker per thread count: runs `self --worker` (run_worker)
/// for 1 and for all hardware threads in turn. `parse(line, row)` reads a worker's result line into a Row (false: not
/// a result line; it is printed); each worker must give `per_worker` rows, else "the worker failed" is printed. As each
/// worker ends, `print(threads, row)` prints the table line of each of its rows and returns whether the row's result
/// was right. An empty line follows the table.
template <class Row, class Parse, class Print>
WorkerRows<Row> run_workers(const std::string &self, int runs, long per_worker, Parse &&parse, Print &&print) {
    WorkerRows<Row> out;
    for (unsigned t : one_and_all_threads()) {
        size_t before = out.rows.size();
        long got = run_worker(self, t, runs, [&](const char *line) {
            Row r;
            if (!parse(line, r))
                return false;
            out.rows.push_back(r);
            return true;
        });
        if (got != per_worker) {
            std::printf("  %-7u | the worker failed\n", t);
            ++out.failures;
        }
        for (size_t i = before; i < out.rows.size(); ++i)
            out.failures += print(t, out.rows[i]) ? 0 : 1;
        std::fflush(stdout);
    }
    std::printf("\n");
    return out;
}

/// Integer from the environment (e.g. BENCH_RUNS to change the number of runs), or `fallback`.
inline int env_int(const char *name, int fallback) {
    const char *s = std::getenv(name);
    if (!s || !*s)
        return fallback;
    int v = std::atoi(s);
    return v > 0 ? v : fallback;
}

} // namespace bench
