// tests/runtime/test_freeze_threads.cpp — one frozen function called from 4 threads at once, each with its own
// inputs and sizes: every result equals the plain function's (docs/design.md §3, thread safety); bodies, and
// arguments' copy constructors and destructors, that wait for another thread's evaluation run without the
// runtime's lock
#include "freeze_check.h"

#include <atomic>
#include <chrono>
#include <future>
#include <latch>
#include <mutex>
#include <thread>

using namespace tjtest;
using tj_test::error_of;

namespace {

constexpr int thread_count = 4;
constexpr int calls_per_thread = 50;

/// Calls `frozen` from 4 threads, 50 times each, on fresh inputs of a size of the thread's own (varying a
/// little from call to call), comparing each result with the plain `body` on the host. Returns the first
/// mismatch ("" when all agree) and counts the calls compared.
template <typename Frozen, typename Body> std::string hammer(Frozen &frozen, Body body, std::atomic<int> &compared) {
    const size_t base_sizes[thread_count] = {7, 1000, 4096, 100003};
    std::mutex mutex;
    std::string first_error;
    auto fail = [&](const std::string &what) {
        std::lock_guard<std::mutex> guard(mutex);
        if (first_error.empty())
            first_error = what;
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < thread_count; ++t)
        threads.emplace_back([&, t] {
            try {
                for (int c = 0; c < calls_per_thread; ++c) {
                    size_t n = base_sizes[t] + size_t(c % 3) * 8;
                    uint64_t seed = uint64_t(t) * 1000 + uint64_t(c);
                    tj::Float x = random_array<float>(n, seed), y = random_array<float>(n, seed + 500);
                    std::vector<float> got = tj::to_vector(frozen(x, y));
                    std::vector<float> expect = tj::to_vector(body(x, y));
                    if (got.size() != expect.size()) {
                        fail(fmt::format("thread {} call {} (n={}): size {}, expected {}", t, c, n, got.size(),
                                         expect.size()));
                        continue;
                    }
                    for (size_t i = 0; i < got.size(); ++i)
                        if (!same_value(got[i], expect[i])) {
                            fail(fmt::format("thread {} call {} (n={}): [{}] = {}, expected {}", t, c, n, i, got[i],
                                             expect[i]));
                            break;
                        }
                    ++compared;
                }
            } catch (const std::exception &e) {
                fail(fmt::format("thread {}: {}", t, e.what()));
            }
        });
    for (std::thread &th : threads)
        th.join();
    return first_error;
}

/// hammer(), then checks that every call's result was compared and right, and that each call recorded or replayed.
/// Returns the frozen function's counts.
template <typename Frozen, typename Body> tj::FreezeStats check_hammered(Frozen &frozen, Body body) {
    std::atomic<int> compared{0};
    std::string error = hammer(frozen, body, compared);
    CHECK_MESSAGE(error.empty(), error);
    CHECK(compared == thread_count * calls_per_thread);
    tj::FreezeStats st = stats_of(frozen);
    CHECK(st.recordings + st.replays == uint64_t(thread_count * calls_per_thread));
    return st;
}

/// Evaluates an array of its own (what another thread does while a frozen call is under way).
void evaluate_other_array() {
    tj::Float y = random_array<float>(100, 7) * 3.f;
    tj::eval(y);
}

} // namespace

TEST_CASE("freeze: one frozen element-wise function called from 4 threads") {
    auto body = [](const tj::Float &x, const tj::Float &y) { return tj::fma(x, y, tj::sin(x)) - y * 0.5f; };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "shared_elementwise"});
    tj::FreezeStats st = check_hammered(frozen, body);
    CHECK(st.recordings >= 1);
    CHECK(st.recordings <= uint64_t(thread_count)); // at most each thread's first call, racing
}

TEST_CASE("freeze: one frozen function with a scatter_add and a reduction called from 4 threads") {
    // Integer-valued floats keep the sums exact whatever the order of the atomic adds.
    auto body = [](const tj::Float &x, const tj::Float &y) {
        tj::Float xi = tj::floor(x), yi = tj::floor(y);
        tj::Float pairs = tj::zeros<tj::Float>(x.size()); // the first half holds the sums of pairs
        tj::scatter_add(pairs, xi, tj::arange<tj::UInt32>(x.size()) / 2u);
        tj::Float g = tj::gather<tj::Float>(pairs, tj::arange<tj::UInt32>(x.size()) / 2u);
        return g * 2.f + yi + tj::hmax(yi);
    };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "shared_scatter"});
    check_hammered(frozen, body);
}

TEST_CASE("freeze: another thread's evaluation while a body records does not steal its scatter") {
    // The body queues a scatter and pauses; meanwhile another thread evaluates its own work (which flushes the
    // queue of pending side effects). The recording must still hold the scatter, or the replay leaves it out.
    std::latch queued(1), flushed(1);
    std::atomic<bool> pause{true};
    auto body = [&](const tj::Float &x) {
        tj::Float out = tj::zeros<tj::Float>(x.size());
        tj::scatter(out, x * 2.f, tj::arange<tj::UInt32>(x.size()));
        if (pause.exchange(false)) {
            queued.count_down();
            flushed.wait();
        }
        return out + 1.f;
    };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "paused"});
    std::string other_error;
    std::thread other([&] {
        queued.wait();
        other_error = error_of<std::exception>([] {
            evaluate_other_array();
            tj::sync();
        });
        flushed.count_down();
    });
    tj::Float x = random_array<float>(1000, 1);
    tj::Float recorded;
    std::string error = error_of<std::exception>([&] { recorded = frozen(x); });
    other.join();
    CHECK_MESSAGE(other_error.empty(), other_error);
    REQUIRE_MESSAGE(error.empty(), error);
    check_exact("recorded: 2x + 1", recorded, tj::to_vector(x * 2.f + 1.f));
    tj::Float x2 = random_array<float>(1000, 2);
    check_exact("replayed: 2x + 1", frozen(x2), tj::to_vector(x2 * 2.f + 1.f));
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 1);
}

TEST_CASE("freeze: a scatter another thread queues while a body records is not recorded into it") {
    // The body starts recording and pauses; another thread queues a scatter into its own array; then the body
    // evaluates. That scatter belongs to no recording: the body must record without it and succeed.
    std::latch started(1), queued(1);
    std::atomic<bool> pause{true};
    tj::Float target = tj::opaque<tj::Float>(0.f, 100), source = random_array<float>(100, 3);
    std::string other_error;
    std::thread other([&] {
        started.wait();
        // pending until someone evaluates
        other_error = error_of<std::exception>([&] { tj::scatter(target, source, tj::arange<tj::UInt32>(100)); });
        queued.count_down();
    });
    auto frozen = tj::freeze(
        [&](const tj::Float &x) {
            if (pause.exchange(false)) {
                started.count_down();
                queued.wait();
            }
            tj::Float y = x * 2.f;
            tj::eval(y);
            return y + 1.f;
        },
        tj::FreezeOptions{.name = "bystander"});
    tj::Float x = random_array<float>(1000, 1);
    tj::Float result;
    std::string error = error_of<std::exception>([&] { result = frozen(x); });
    other.join();
    CHECK_MESSAGE(other_error.empty(), other_error);
    CHECK_MESSAGE(error.empty(), error);
    if (error.empty())
        check_exact("recorded", result, tj::to_vector(x * 2.f + 1.f));
    check_exact("the other thread's scatter", target, tj::to_vector(source));
    tj::Float x2 = random_array<float>(1000, 2);
    check_exact("replayed", frozen(x2), tj::to_vector(x2 * 2.f + 1.f));
}

TEST_CASE("freeze: a body that waits for another thread's evaluation runs without the runtime's lock") {
    // A frozen call holds the runtime's lock from flattening to rebuilding its result (docs/freezing.md, "Threads"),
    // and must release it before the body runs: here the body waits for a thread that evaluates, which would never
    // finish while the lock is held. Recording (the first call), a nested frozen call inside the body (a plain call)
    // and Flag::KernelFreezing off (a plain call) each wait once; the replay runs no body.
    auto inner = tj::freeze([](const tj::Float &x) { return x + 1.f; }, tj::FreezeOptions{.name = "inner"});
    auto body = [&](const tj::Float &x) {
        std::string other_error;
        std::thread other([&] { other_error = error_of<std::exception>(evaluate_other_array); });
        other.join();
        CHECK_MESSAGE(other_error.empty(), other_error);
        return inner(x * 2.f);
    };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "waits"});
    tj::Float x = random_array<float>(1000, 1);
    check_exact("recorded", frozen(x), tj::to_vector(x * 2.f + 1.f));
    tj::Float x2 = random_array<float>(1000, 2);
    check_exact("replayed", frozen(x2), tj::to_vector(x2 * 2.f + 1.f));
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 1);
    {
        FreezingFlagGuard guard;
        tj::set_flag(tj::Flag::KernelFreezing, false);
        tj::Float x3 = random_array<float>(1000, 3);
        check_exact("with freezing off", frozen(x3), tj::to_vector(x3 * 2.f + 1.f));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 1);
}

namespace {

/// An argument whose copy constructor and the copy's destructor wait for another thread that evaluates a tracejit
/// array (a handle that synchronises with a worker). Made or dropped under the runtime's lock, such a copy would wait
/// forever; here a wait longer than 30 s counts as a timeout, and the worker is joined at the end of the test.
struct Waiting {
    tj::Float x;
    bool copy = false;
    static inline std::atomic<int> waits{0}, timeouts{0};
    static inline std::vector<std::thread> late; ///< workers that did not finish in time (joined by the test)

    explicit Waiting(tj::Float v) : x(std::move(v)) {}
    Waiting(const Waiting &o) : x(o.x), copy(true) { wait_for_worker(); }
    Waiting &operator=(const Waiting &) = default;
    ~Waiting() {
        if (copy)
            wait_for_worker();
    }
    static void wait_for_worker() {
        auto done = std::make_shared<std::promise<void>>();
        std::future<void> finished = done->get_future();
        std::thread worker([done] {
            tj::Float y = random_array<float>(64, 11) * 3.f;
            tj::eval(y);
            done->set_value();
        });
        ++waits;
        if (finished.wait_for(std::chrono::seconds(30)) == std::future_status::ready) {
            worker.join();
        } else {
            ++timeouts;
            late.push_back(std::move(worker));
        }
    }
};
TJ_STRUCT(Waiting, x)

} // namespace

TEST_CASE("freeze: an argument whose copy waits for another thread's evaluation is copied without the runtime's lock") {
    // A frozen call copies its arguments for the body; a copy constructor or destructor of the user's runs outside the
    // runtime's lock (docs/freezing.md, "Threads"), on the recording call and on replays alike.
    static_assert(!tj::detail::copy_runs_no_user_code<Waiting>);
    static_assert(tj::detail::copy_runs_no_user_code<std::tuple<tj::Float, std::vector<tj::UInt32>, int>>);
    auto f = [](const Waiting &w, const tj::Float &y) { return w.x * y + 1.f; };
    auto frozen = tj::freeze(f, tj::FreezeOptions{.name = "waiting_copies"});
    Waiting::waits = 0;
    Waiting::timeouts = 0;
    for (int call = 0; call < 3; ++call) {
        Waiting w(random_array<float>(500, 20 + call));
        tj::Float y = random_array<float>(500, 40 + call);
        check_exact("call " + std::to_string(call), frozen(w, y), tj::to_vector(w.x * y + 1.f));
    }
    for (std::thread &t : Waiting::late)
        t.join();
    Waiting::late.clear();
    CHECK(Waiting::timeouts.load() == 0);
    CHECK(Waiting::waits.load() == 6); // a copy and its destruction per call
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}
