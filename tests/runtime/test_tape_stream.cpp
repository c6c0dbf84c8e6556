// tests/runtime/test_tape_stream.cpp — streamed TRACEJIT_TAPE files: index, bounded memory, limits, failures
//
// Each case runs a hidden child case of this binary with TRACEJIT_TAPE set (the setting is read once per process),
// then reads the file the child wrote and compares it with the same calls recorded in memory by tj::track.
#include "run_self.h"
#include "test_tape_functions.h"

#include "tape/tape_limits.h" // read_tape_limits, glob_match

#include <tracejit/tape.h>
#include <tracejit/tape_index.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tape_fns;

namespace fs = std::filesystem;

namespace {

fs::path scratch_dir(const std::string &name) {
    fs::path dir = fs::temp_directory_path() / ("tj-tape-stream-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// The one file in `dir` (a failed CHECK when there is not exactly one).
std::string only_file(const fs::path &dir) {
    std::vector<std::string> files;
    for (const auto &e : fs::directory_iterator(dir))
        files.push_back(e.path().string());
    CHECK(files.size() == 1);
    return files.empty() ? std::string() : files.front();
}

/// Peak resident memory of this process in KiB (VmHWM).
long peak_rss_kib() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::strtol(line.c_str() + 6, nullptr, 10);
    return -1;
}

std::string json(const tj::tape::Node &n) { return tj::tape::to_json(n); }

} // namespace

TEST_CASE("tape stream: child records several top-level calls" * doctest::skip()) {
    REQUIRE(std::getenv("TRACEJIT_TAPE"));
    CHECK(h(2.0, 3) == 7.0);
    CHECK(classify(2) == 20);
    CHECK(pick(3) == 0);
    CHECK(absval(-2.5) == 2.5);
    CHECK(poly(3.0) == 10.0);
    tj::tape::Tape t = tj::track(h, 1.0, 1); // tj::track still records in memory, into no file
    CHECK(t->children().size() == 9);
    CHECK_THROWS_AS(risky(20.0), std::runtime_error);
    CHECK(outer(1.0) == outer(1.0));
    CHECK(grid(3) == grid(3));
}

TEST_CASE("tape stream: every top-level call of a process goes into one file, as tj::track records it") {
    fs::path dir = scratch_dir("calls");
    const pid_t pid =
        tj_test::spawn_self("tape stream: child records several top-level calls", {{"TRACEJIT_TAPE", dir.string()}});
    REQUIRE(tj_test::wait_self(pid) == 0);
    const std::string file = only_file(dir);
    REQUIRE(!file.empty());
    CHECK(fs::path(file).filename().string() == "tracejit_tests-" + std::to_string(pid) + ".tjtape"); // <program>-<pid>
    tj::tape::TapeIndex index = tj::tape::read_index(file);
    CHECK(index.indexed);
    CHECK(index.notes.empty());
    const std::vector<std::string> names = {"h",     "classify", "pick",  "absval", "poly",
                                            "risky", "outer",    "outer", "grid",   "grid"};
    CHECK(index.calls == names);
    // Each call read alone is what tj::track records in memory: nodes, values, references, constants.
    CHECK(json(*tj::tape::load_call(file, 0)) == json(*tj::track(h, 2.0, 3)));
    CHECK(json(*tj::tape::load_call(file, 1)) == json(*tj::track(classify, 2)));
    CHECK(json(*tj::tape::load_call(file, 2)) == json(*tj::track(pick, 3)));
    CHECK(json(*tj::tape::load_call(file, 3)) == json(*tj::track(absval, -2.5)));
    CHECK(json(*tj::tape::load_call(file, 4)) == json(*tj::track(poly, 3.0)));
    CHECK(json(*tj::tape::load_call(file, 6)) == json(*tj::track(outer, 1.0)));
    CHECK(json(*tj::tape::load_call(file, 8)) == json(*tj::track(grid, 3)));
    tj::tape::Tape thrown = tj::tape::load_call(file, 5);
    CHECK(thrown->exception() == "std::runtime_error: too big");
    // The whole file: a root named after it above every call.
    tj::tape::Tape all = tj::tape::load(file);
    REQUIRE(all->children().size() == names.size());
    CHECK(all->children()[4].text() == "poly");
    tj::tape::Tape poly_in_memory = tj::track(poly, 3.0);
    REQUIRE(all->children()[4].children().size() == poly_in_memory->children().size());
    for (size_t i = 0; i < poly_in_memory->children().size(); ++i)
        CHECK(json(all->children()[4].children()[i]) == json(poly_in_memory->children()[i]));
    CHECK_THROWS_WITH_AS(tj::tape::load_call(file, 10), doctest::Contains("call 10 does not exist (the tape has 10)"),
                         tj::Error);
    fs::remove_all(dir);
}

TEST_CASE("tape stream: child records statements after many calls" * doctest::skip()) {
    REQUIRE(std::getenv("TRACEJIT_TAPE"));
    for (int n : {125, 126, 200})
        CHECK(many(0.5, n) > 0);
}

// A streamed node writes its count of references in one byte, filled in after them, while it cannot have 128 or
// more (the calls made since the node before plus its operands); otherwise it counts them first (two bytes here).
TEST_CASE("tape stream: a node with 127, 128 or 202 references is read back as tj::track records it") {
    fs::path dir = scratch_dir("refs");
    const pid_t pid = tj_test::spawn_self("tape stream: child records statements after many calls",
                                          {{"TRACEJIT_TAPE", dir.string()}});
    REQUIRE(tj_test::wait_self(pid) == 0);
    const std::string file = only_file(dir);
    REQUIRE(!file.empty());
    const int counts[] = {125, 126, 200};
    for (size_t call = 0; call < 3; ++call) {
        tj::tape::Tape streamed = tj::tape::load_call(file, call);
        tj::tape::Tape in_memory = tj::track(many, 0.5, counts[call]);
        CHECK(json(*streamed) == json(*in_memory));
        // The statement's node follows the n calls of sq and reads x and n: n + 2 references.
        const tj::tape::Node &statement = streamed->children()[2 + counts[call]];
        CHECK(statement.kind() == tj::tape::Kind::Statement);
        CHECK(statement.references().size() == size_t(counts[call]) + 2);
    }
    fs::remove_all(dir);
}

TEST_CASE("tape stream: child records a long loop" * doctest::skip()) {
    REQUIRE(std::getenv("TRACEJIT_TAPE"));
    const long before = peak_rss_kib();
    const double r = h(1.0, 300'000); // about 1.5 million nodes: over 100 MB as a tape in memory
    CHECK(r == 300'000.0);
    const long grown = peak_rss_kib() - before;
    MESSAGE("peak resident memory grew by " << grown / 1024 << " MiB while recording");
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
    return; // (AddressSanitizer keeps freed memory in its quarantine, up to 256 MiB: the peak says nothing here)
#endif
#endif
    CHECK(grown < 48 * 1024);
}

TEST_CASE("tape stream: a long recording stays in bounded memory and its call is read back") {
    fs::path dir = scratch_dir("long");
    REQUIRE(tj_test::run_self("tape stream: child records a long loop", {{"TRACEJIT_TAPE", dir.string()}}) == 0);
    const std::string file = only_file(dir);
    CHECK(fs::file_size(file) < 64u << 20);
    tj::tape::Tape t = tj::tape::load_call(file, 0);
    CHECK(t->text() == "h");
    CHECK(t->value<double>() == 300'000.0);
    CHECK(t->children().size() == 2 + 2 + 3 * 300'000 + 1 + 1); // args, 2 statements, 3 per iteration, loop end, return
    const tj::tape::Node &last_add = (*t)[2 + 2 + 3 * 299'999 + 2];
    CHECK(last_add.text() == "r += pow(x, i)");
    CHECK(last_add.value<double>() == 300'000.0);
    fs::remove_all(dir);
}

TEST_CASE("tape stream: a long loop's last K iterations wait in bounded memory") {
    fs::path dir = scratch_dir("long-tail");
    // The child checks its peak memory: the iterations past K are recorded into memory, only the last K kept.
    REQUIRE(tj_test::run_self("tape stream: child records a long loop",
                              {{"TRACEJIT_TAPE", dir.string()}, {"TRACEJIT_TAPE_LOOP", "100"}}) == 0);
    const std::string file = only_file(dir);
    CHECK(fs::file_size(file) < 64u << 10);
    tj::tape::Tape t = tj::tape::load_call(file, 0);
    CHECK(t->value<double>() == 300'000.0);
    // args, 2 statements, 3 per kept iteration, the count, the loop end, the return
    REQUIRE(t->children().size() == 2 + 2 + 3 * 100 + 1 + 3 * 100 + 1 + 1);
    CHECK((*t)[2 + 2 + 3 * 100 + 1].value<uint64_t>() == 300'000 - 200); // (@305)
    const tj::tape::Node &last_add = (*t)[2 + 2 + 3 * 100 + 1 + 3 * 99 + 2];
    CHECK(last_add.text() == "r += pow(x, i)");
    CHECK(last_add.value<double>() == 300'000.0);
    fs::remove_all(dir);
}

TEST_CASE("tape stream: child runs under its limits" * doctest::skip()) {
    REQUIRE(std::getenv("TRACEJIT_TAPE"));
    CHECK(grid(3) == grid(3));
    CHECK(h(1.0, 1000) == 1000.0);
    CHECK(poly(2.0) == 5.0);
}

TEST_CASE("tape stream: limits") {
    fs::path dir = scratch_dir("limits");
    const char *child = "tape stream: child runs under its limits";
    SUBCASE("a statement budget stops the tape where it is reached, and the program runs on") {
        REQUIRE(tj_test::run_self(child, {{"TRACEJIT_TAPE", dir.string()}, {"TRACEJIT_TAPE_STATEMENTS", "200"}}) == 0);
        const std::string file = only_file(dir);
        tj::tape::TapeIndex index = tj::tape::read_index(file);
        REQUIRE(index.notes.size() == 1);
        CHECK(index.notes[0] == "stopped: TRACEJIT_TAPE_STATEMENTS=200 reached in h");
        CHECK(index.calls == std::vector<std::string>{"grid", "grid", "h"});
        tj::tape::Tape t = tj::tape::load_call(file, 2);
        CHECK(t->unfinished() == "stopped: TRACEJIT_TAPE_STATEMENTS=200 reached");
        CHECK(tj::tape::load(file)->unfinished() == index.notes[0]);
    }
    SUBCASE("a size limit") {
        REQUIRE(tj_test::run_self(child, {{"TRACEJIT_TAPE", dir.string()}, {"TRACEJIT_TAPE_LIMIT", "1K"}}) == 0);
        const std::string file = only_file(dir);
        CHECK(fs::file_size(file) <= 1024);
        tj::tape::TapeIndex index = tj::tape::read_index(file);
        REQUIRE(index.notes.size() == 1);
        CHECK(index.notes[0] == "stopped: TRACEJIT_TAPE_LIMIT=1024 bytes reached");
        CHECK(index.calls.empty());
    }
    SUBCASE("functions by pattern, the first calls of each, a depth") {
        REQUIRE(tj_test::run_self(child, {{"TRACEJIT_TAPE", dir.string()},
                                          {"TRACEJIT_TAPE_FUNCTIONS", "sq, gr*"},
                                          {"TRACEJIT_TAPE_CALLS", "1"}}) == 0);
        const std::string file = only_file(dir);
        tj::tape::TapeIndex index = tj::tape::read_index(file);
        // poly is left out: its sq call is a top-level call of its own.
        CHECK(index.calls == std::vector<std::string>{"grid", "sq"});
        REQUIRE(index.notes.size() == 1);
        CHECK(index.notes[0] == "TRACEJIT_TAPE_CALLS=1: the calls of grid after the first 1 are not recorded");
        CHECK(json(*tj::tape::load_call(file, 0)) == json(*tj::track(grid, 3)));
    }
    SUBCASE("a depth") {
        REQUIRE(tj_test::run_self(child, {{"TRACEJIT_TAPE", dir.string()}, {"TRACEJIT_TAPE_DEPTH", "1"}}) == 0);
        tj::tape::Tape t = tj::tape::load_call(only_file(dir), 3);
        CHECK(t->text() == "poly");
        tj::tape::DepthLimit one(1);
        CHECK(json(*t) == json(*tj::track(one, poly, 2.0)));
    }
    SUBCASE("a loop's first and last K iterations are recorded, those between counted") {
        REQUIRE(tj_test::run_self(child, {{"TRACEJIT_TAPE", dir.string()}, {"TRACEJIT_TAPE_LOOP", "2"}}) == 0);
        const std::string file = only_file(dir);
        // grid(3)'s loops run at most 2K times: recorded whole, as in memory.
        CHECK(json(*tj::tape::load_call(file, 0)) == json(*tj::track(grid, 3)));
        tj::tape::Tape t = tj::tape::load_call(file, 2);
        CHECK(t->text() == "h");
        // x, n, r = 0, i = 0, 2 iterations (loop, r +=, i +=), the count, 2 iterations, the last loop test, the return.
        REQUIRE(t->children().size() == 4 + 2 * 3 + 1 + 2 * 3 + 1 + 1);
        const tj::tape::Node &count = (*t)[11]; // (@11)
        CHECK(count.text() == "… iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2)");
        CHECK(count.value<uint64_t>() == 996);
        const tj::tape::Node &first_kept = (*t)[12];
        CHECK(first_kept.kind() == tj::tape::Kind::Loop);
        CHECK(first_kept.iteration() == 999);
        // i was last written in the counted iterations, then in the kept ones.
        std::vector<const tj::tape::Node *> read = tj::tape::referenced(first_kept);
        CHECK(std::find(read.begin(), read.end(), &count) != read.end());
        CHECK((*t)[13].value<double>() == 999.0); // r += pow(x, i) in iteration 999
        read = tj::tape::referenced((*t)[16]);    // r += … in iteration 1000 reads r of iteration 999
        CHECK(std::find(read.begin(), read.end(), &(*t)[13]) != read.end());
        const tj::tape::Node &end = (*t)[18];
        CHECK(end.kind() == tj::tape::Kind::Loop);
        CHECK(end.iteration() == 1001);
        CHECK(end.value<bool>() == false);
        read = tj::tape::referenced(end);
        CHECK(std::find(read.begin(), read.end(), &(*t)[17]) != read.end());
        CHECK((*t)[19].value<double>() == 1000.0);
    }
    SUBCASE("a limit that does not parse turns recording off, in one line") {
        const std::string err = (dir / "stderr.txt").string();
        pid_t pid =
            tj_test::spawn_self(child, {{"TRACEJIT_TAPE", dir.string()}, {"TRACEJIT_TAPE_LIMIT", "12x"}}, err.c_str());
        CHECK(tj_test::wait_self(pid) == 0);
        std::ifstream in(err);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        CHECK(text == "tracejit: TRACEJIT_TAPE: TRACEJIT_TAPE_LIMIT='12x' is not a size (bytes, with an optional "
                      "suffix K, M or G); nothing is recorded and the program runs on unrecorded\n");
        fs::remove(err);
        CHECK(fs::is_empty(dir));
    }
    fs::remove_all(dir);
}

TEST_CASE("tape stream: limits are read from the environment") {
    using tj::tape::detail::glob_match;
    CHECK(glob_match("sq", "sq"));
    CHECK(glob_match("ns::*", "ns::Body::step"));
    CHECK(glob_match("s?", "sq"));
    CHECK_FALSE(glob_match("s?", "sum"));
    CHECK_FALSE(glob_match("*::f", "g"));
    static const char *values[][2] = {{"TRACEJIT_TAPE_LIMIT", "3M"},
                                      {"TRACEJIT_TAPE_STATEMENTS", "1000"},
                                      {"TRACEJIT_TAPE_FUNCTIONS", "a*, b"},
                                      {"TRACEJIT_TAPE_LOOP", "4"}};
    auto get = [](const char *name) -> const char * {
        for (auto &v : values)
            if (std::strcmp(v[0], name) == 0)
                return v[1];
        return nullptr;
    };
    tj::tape::detail::TapeLimits l = tj::tape::detail::read_tape_limits(get);
    CHECK(l.error.empty());
    CHECK(l.bytes == 3u << 20);
    CHECK(l.statements == 1000);
    CHECK(l.functions == std::vector<std::string>{"a*", "b"});
    CHECK(l.loop == 4);
    CHECK(l.calls == 0);
    CHECK(l.depth == 0);
}

TEST_CASE("tape stream: child fills a file up to its size limit" * doctest::skip()) {
    REQUIRE(std::getenv("TRACEJIT_TAPE"));
    struct rlimit limit = {256 * 1024, 256 * 1024}; // RLIMIT_FSIZE: writing past it fails with EFBIG and SIGXFSZ
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
    CHECK(h(1.0, 2'000'000) == 2'000'000.0);
    CHECK(poly(2.0) == 5.0);
}

TEST_CASE("tape stream: a full disk stops the tape, never the program") {
    fs::path dir = scratch_dir("full");
    const std::string err = (dir.parent_path() / ("tj-stream-full-" + std::to_string(::getpid()) + ".txt")).string();
    pid_t pid = tj_test::spawn_self("tape stream: child fills a file up to its size limit",
                                    {{"TRACEJIT_TAPE", dir.string()}}, err.c_str());
    int signal = 0;
    CHECK(tj_test::wait_self(pid, &signal) == 0);
    CHECK(signal == 0); // no SIGXFSZ reached the program
    std::ifstream in(err);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("tracejit: TRACEJIT_TAPE: cannot write ") == 0);
    CHECK(text.find("the file size limit") != std::string::npos);
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    fs::remove(err);
    // What was written before stays readable: the call, open when the file stopped, ends there.
    const std::string file = only_file(dir);
    CHECK(fs::file_size(file) <= 256 * 1024);
    tj::tape::TapeIndex index = tj::tape::read_index(file);
    CHECK_FALSE(index.indexed); // no room was left for the index: the chunks were read
    REQUIRE(index.calls.size() == 1);
    tj::tape::Tape t = tj::tape::load_call(file, 0);
    CHECK(t->text() == "h");
    CHECK(t->unfinished().find("the tape ends here") == 0);
    CHECK(t->children().size() > 1000);
    fs::remove_all(dir);
}

TEST_CASE("tape stream: child records into a folder it cannot write" * doctest::skip()) {
    CHECK(h(2.0, 2) == 3.0);
    CHECK(poly(1.0) == 2.0);
}

TEST_CASE("tape stream: an unwritable folder is reported in one line and the program runs on") {
    fs::path dir = scratch_dir("unwritable");
    const std::string err = (dir / "stderr.txt").string();
    pid_t pid = tj_test::spawn_self("tape stream: child records into a folder it cannot write",
                                    {{"TRACEJIT_TAPE", (dir / "missing").string()}}, err.c_str());
    CHECK(tj_test::wait_self(pid) == 0);
    std::ifstream in(err);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("tracejit: TRACEJIT_TAPE: cannot create " + (dir / "missing").string() + "/") == 0);
    CHECK(text.find("(No such file or directory); the program runs on unrecorded\n") != std::string::npos);
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    fs::remove_all(dir);
}

namespace {
/// A Context whose expand() fails as an allocation inside the recorder would.
struct FailingContext : tj::tape::Context {
    bool expand(const tj::tape::Node &, int depth) override {
        if (depth >= 2)
            throw std::bad_alloc();
        return true;
    }
};
} // namespace

TEST_CASE("tape stream: out of memory inside the recorder stops the tape, not the program") {
    FailingContext ctx;
    tj::tape::Tape t;
    double r = 0;
    CHECK_NOTHROW(t = tj::track(ctx, [&] { return r = poly(3.0); }));
    CHECK(r == 10.0);
    REQUIRE(t);
    CHECK(t->unfinished() == "stopped: out of memory");
}

TEST_CASE("tape stream: child records on several threads and forks" * doctest::skip()) {
    REQUIRE(std::getenv("TRACEJIT_TAPE"));
    CHECK(poly(3.0) == 10.0);
    double a = 0, b = 0;
    std::thread first([&] { a = h(1.0, 20000); }), second([&] { b = h(2.0, 3); });
    first.join();
    second.join();
    CHECK(a == 20000.0);
    CHECK(b == 7.0);
    pid_t pid = fork(); // the child records nothing, and never into this process's file
    if (pid == 0) {
        const bool ok = h(1.0, 100000) == 100000.0;
        // quick_exit: the tape's at_quick_exit handler runs (and must not write the parent's file), but not
        // LeakSanitizer's exit check, which in a child forked from a threaded process reports the parent's
        // live buffers, whose owning threads the child does not have, as leaks.
        std::quick_exit(ok ? 0 : 1);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECK(status == 0);
    CHECK(grid(3) == grid(3));
}

TEST_CASE("tape stream: threads write into the process's one file, a forked child into none") {
    fs::path dir = scratch_dir("threads");
    REQUIRE(tj_test::run_self("tape stream: child records on several threads and forks",
                              {{"TRACEJIT_TAPE", dir.string()}}) == 0);
    const std::string file = only_file(dir);
    tj::tape::TapeIndex index = tj::tape::read_index(file);
    std::vector<std::string> calls = index.calls;
    std::sort(calls.begin(), calls.end());
    CHECK(calls == std::vector<std::string>{"grid", "grid", "h", "h", "poly"});
    for (size_t i = 0; i < index.calls.size(); ++i) {
        tj::tape::Tape t = tj::tape::load_call(file, i);
        if (t->text() != "h")
            continue;
        if (t->children()[0].value<double>() == 1.0)
            CHECK(json(*t) == json(*tj::track(h, 1.0, 20000)));
        else
            CHECK(json(*t) == json(*tj::track(h, 2.0, 3)));
    }
    CHECK(tj::tape::load(file)->children().size() == 5);
    fs::remove_all(dir);
}
