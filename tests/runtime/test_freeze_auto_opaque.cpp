// tests/runtime/test_freeze_auto_opaque.cpp — literal inputs that change (auto-opaque on and off, its log line
// with path and values), the warn_after warning, record/replay log lines and Flag::KernelFreezing
#include "freeze_check.h"

using namespace tjtest;
using tj_test::LogCapture;

namespace {

/// The captured lines that contain `part` (and `also`).
std::vector<std::string> lines_with(LogCapture &log, const std::string &part, const std::string &also = "") {
    std::lock_guard<std::mutex> guard(log.mutex);
    std::vector<std::string> out;
    for (const auto &[level, text] : log.lines)
        if (text.find(part) != std::string::npos && text.find(also) != std::string::npos)
            out.push_back(text);
    return out;
}

/// The auto-opaque lines that name `path`.
std::vector<std::string> made_opaque(LogCapture &log, const std::string &path) {
    return lines_with(log, path, "opaque");
}

/// All captured lines, one per line (for failure messages).
std::string all_lines(LogCapture &log) {
    std::lock_guard<std::mutex> guard(log.mutex);
    std::string out;
    for (const auto &[level, text] : log.lines)
        out += text + "\n";
    return out;
}

} // namespace

TEST_CASE("freeze: a literal input that changes is made opaque: one more recording, then replays") {
    LogCapture log(tj::LogLevel::Info);
    int runs = 0;
    auto body = [&runs](const tj::Float &x, const tj::Float &scale) {
        ++runs;
        return x * scale + 1.f;
    };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "scaled"});
    tj::Float x = random_array<float>(1000, 1);
    for (float s : {2.f, 3.f, 4.f, 5.f, 2.f}) {
        CAPTURE(s);
        tj::Float scale(s); // a literal
        check_same("x * scale + 1", frozen(x, scale), x * s + 1.f);
    }
    CHECK(runs == 2);
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 3);
    // One line, naming the function, the input's path and its old and new values.
    std::vector<std::string> changed = made_opaque(log, "args[1]");
    REQUIRE_MESSAGE(changed.size() == 1, all_lines(log));
    CHECK_MESSAGE(changed[0].find("scaled") != std::string::npos, changed[0]);
    CHECK_MESSAGE(changed[0].find(" 2") != std::string::npos, changed[0]);
    CHECK_MESSAGE(changed[0].find(" 3") != std::string::npos, changed[0]);
    CHECK(made_opaque(log, "args[0]").empty()); // x is no literal

    // An opaque scale from the start replays the same recording.
    check_same("opaque scale", frozen(x, tj::opaque<tj::Float>(7.f)), x * 7.f + 1.f);
    CHECK(stats_of(frozen).recordings == 2);
}

TEST_CASE("freeze: the log names a changed literal inside containers by its full path") {
    LogCapture log(tj::LogLevel::Info);
    auto body = [](const std::vector<tj::Float> &xs, const std::pair<tj::Int32, tj::Float> &p) {
        return xs[0] * xs[1] + tj::cast<float>(p.first) * p.second;
    };
    auto frozen = tj::freeze(body);
    tj::Float x = random_array<float>(100, 1);
    for (int i = 0; i < 4; ++i) {
        CAPTURE(i);
        std::vector<tj::Float> xs{x, tj::Float(1.5f + float(i))};               // args[0][1] changes
        auto p = std::make_pair(tj::Int32(3), tj::Float(i < 2 ? 0.5f : 0.25f)); // args[1][1] later
        check_same("result", frozen(xs, p), body(xs, p));
    }
    CHECK_MESSAGE(made_opaque(log, "args[0][1]").size() == 1, all_lines(log));
    CHECK_MESSAGE(made_opaque(log, "args[1][1]").size() == 1, all_lines(log));
    CHECK(made_opaque(log, "args[1][0]").empty()); // the Int32 literal never changed
    CHECK(stats_of(frozen).recordings == 3);
    CHECK(stats_of(frozen).replays == 1);
}

TEST_CASE("freeze: a changing literal passed twice (aliased) is made opaque once and then replays") {
    int runs = 0;
    auto body = [&runs](const tj::Float &a, const tj::Float &b) {
        ++runs;
        return a * b + 1.f;
    };
    auto frozen = tj::freeze(body);
    for (float v : {1.f, 2.f, 3.f, 4.f, 5.f}) {
        CAPTURE(v);
        tj::Float s(v); // a literal, passed as both arguments
        check_exact("s * s + 1", frozen(s, s), std::vector<float>{v * v + 1.f});
    }
    // Every call is a recording or a replay: the first value, the first change, then replays.
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 3);
    CHECK(runs == 2);
}

TEST_CASE("freeze: with auto_opaque off every literal input is opaque from the first call (one recording)") {
    LogCapture log(tj::LogLevel::Info);
    auto frozen = tj::freeze([](const tj::Float &x, const tj::Float &scale) { return x * scale; },
                             tj::FreezeOptions{.auto_opaque = false, .name = "literal_scale"});
    tj::Float x = random_array<float>(1000, 1);
    for (float s : {2.f, 3.f, 4.f}) {
        CAPTURE(s);
        check_same("x * scale", frozen(x, tj::Float(s)), x * s);
    }
    CHECK(stats_of(frozen).recordings == 1);
    check_same("x * 3 again", frozen(x, tj::Float(3.f)), x * 3.f);
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
    CHECK_MESSAGE(lines_with(log, "opaque").empty(), all_lines(log)); // nothing was made opaque
}

TEST_CASE("freeze: warn_after re-recordings give one warning naming the function") {
    LogCapture log(tj::LogLevel::Warn);
    auto frozen = tj::freeze([](const tj::Float &x, int k) { return x + float(k); },
                             tj::FreezeOptions{.warn_after = 3, .name = "restless"});
    tj::Float x = random_array<float>(100, 1);
    for (int k = 0; k < 8; ++k) {
        CAPTURE(k);
        check_same("x + k", frozen(x, k), x + float(k)); // a new host value: a new recording every call
        size_t warnings = lines_with(log, "restless").size();
        CHECK(warnings == (k >= 3 ? 1u : 0u)); // after the third re-recording (the fourth call), once
    }
    CHECK(stats_of(frozen).recordings == 8);
    CHECK(stats_of(frozen).retraces == 7);
    std::vector<std::string> warned = lines_with(log, "restless");
    REQUIRE(warned.size() == 1);
    CHECK(log.count(tj::LogLevel::Warn, "restless") == 1);
}

TEST_CASE("freeze: every record and replay logs a line at info level saying why") {
    LogCapture log(tj::LogLevel::Info);
    auto frozen =
        tj::freeze([](const tj::Float &x, int k) { return x * float(k); }, tj::FreezeOptions{.name = "logged"});
    tj::Float x = random_array<float>(100, 1);
    frozen(x, 1);
    frozen(x, 1);
    frozen(x, 2);
    frozen(x, 2);
    frozen(x, 2);
    std::vector<std::string> lines = lines_with(log, "logged");
    size_t replays = 0, records = 0;
    for (const std::string &l : lines) {
        replays += l.find("replay") != std::string::npos;
        records += l.find("recording") != std::string::npos;
    }
    CHECK(replays == 3);
    CHECK(records >= 2);
    CHECK(log.count(tj::LogLevel::Info, "first call") >= 1); // the reason of the first recording
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: with Flag::KernelFreezing off calls run the body — on again, the recordings are reused") {
    int runs = 0;
    auto body = [&runs](const tj::Float &x, const tj::Float &y) {
        ++runs;
        return tj::fma(x, y, x);
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 1;
    auto call = [&](size_t n) {
        tj::Float x = random_array<float>(n, seed++), y = random_array<float>(n, seed++);
        tj::Float got = frozen(x, y);
        check_same("fma(x, y, x)", got, tj::fma(x, y, x));
    };
    call(100);
    CHECK(runs == 1);
    tj::set_flag(tj::Flag::KernelFreezing, false);
    CHECK_FALSE(tj::flag(tj::Flag::KernelFreezing));
    call(100);
    call(1000);
    call(7);
    CHECK(runs == 4);
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 0);
    tj::set_flag(tj::Flag::KernelFreezing, true);
    call(2000);
    call(3);
    CHECK(runs == 4);
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}
