// tests/runtime/test_util.h — small helpers shared by the runtime tests: temporary folders, log capture, errors
#pragma once

#include <tracejit/error.h>
#include <tracejit/log.h>

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tj_test {

/// The message of the tj::Error (or, given, other exception `E`) that `fn` throws ("" if it throws none).
template <typename E = tj::Error, typename Fn> std::string error_of(Fn &&fn) {
    try {
        fn();
    } catch (const E &e) {
        return e.what();
    }
    return {};
}

/// Whether `text` contains `part`.
inline bool contains(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

/// A fresh folder under /tmp, removed with everything in it at the end of the test.
struct TempDir {
    std::string path;
    explicit TempDir(const std::string &prefix = "tj_test") {
        std::string name = "/tmp/" + prefix + "_XXXXXX";
        REQUIRE(::mkdtemp(name.data()) != nullptr);
        path = name;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
};

/// Captures log lines at `level` and above instead of printing them; restores level and output at the end.
struct LogCapture {
    std::mutex mutex;
    std::vector<std::pair<tj::LogLevel, std::string>> lines;
    tj::LogLevel saved = tj::log_level();
    explicit LogCapture(tj::LogLevel level = tj::LogLevel::Trace) {
        tj::set_log_level(level);
        tj::set_log_callback([this](tj::LogLevel lvl, const std::string &line) {
            std::lock_guard<std::mutex> guard(mutex);
            lines.emplace_back(lvl, line);
        });
    }
    ~LogCapture() {
        tj::set_log_callback({});
        tj::set_log_level(saved);
    }
    LogCapture(const LogCapture &) = delete;
    LogCapture &operator=(const LogCapture &) = delete;

    /// Lines of level `lvl` that contain `part`.
    size_t count(tj::LogLevel lvl, const std::string &part = "") {
        std::lock_guard<std::mutex> guard(mutex);
        size_t n = 0;
        for (const auto &[l, text] : lines)
            n += l == lvl && text.find(part) != std::string::npos;
        return n;
    }
    /// Lines of any level that contain `part`.
    size_t count(const std::string &part) {
        std::lock_guard<std::mutex> guard(mutex);
        size_t n = 0;
        for (const auto &[l, text] : lines)
            n += text.find(part) != std::string::npos;
        return n;
    }
    /// The newest line (empty if none).
    std::string last() {
        std::lock_guard<std::mutex> guard(mutex);
        return lines.empty() ? std::string() : lines.back().second;
    }
    void clear() {
        std::lock_guard<std::mutex> guard(mutex);
        lines.clear();
    }
};

} // namespace tj_test
