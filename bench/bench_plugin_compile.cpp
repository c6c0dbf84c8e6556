// bench/bench_plugin_compile.cpp — compile time of a realistic translation unit with and without the tracejit plugin
//
// Compiles bench/plugin_tu.cpp (≈1500 lines, four functions marked [[jit::trace]]) at -O2 with and without
// -fplugin=tracejit.so, and a copy of it with the marks removed (the plugin must then cost next to nothing: no
// pre-parse, no rewrite). The runs of the two compilers alternate; the figure is the median of the runs of the
// compilers' CPU time (user + system of the child, from wait4), which other load on the machine disturbs less than
// wall time (printed too, with the ratio of the best runs). On a loaded machine the noise is several per cent:
// loading the plugin itself costs well under a millisecond, so read the second ratio with that in mind. Before timing,
// one compile with -fplugin-arg-tracejit-dump checks that the plugin really rewrites the marked functions, so the
// comparison cannot silently measure a plugin that does nothing.
#include "bench_util.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

constexpr double goal_marked = 1.6;
constexpr double goal_unmarked = 1.05;

struct Run {
    int status = -1;
    double cpu = 0;  ///< child's user + system seconds
    double wall = 0; ///< seconds
};

/// Runs `args` with stdout to /dev/null and stderr to `stderr_file` (or /dev/null).
Run run(const std::vector<std::string> &args, const std::string &stderr_file = "/dev/null") {
    std::vector<char *> argv;
    for (const std::string &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    Run r;
    pid_t pid = 0;
    auto t0 = bench::Clock::now();
    int err = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (err != 0) {
        std::printf("  cannot run %s: %s\n", argv[0], std::strerror(err));
        return r;
    }
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    r.wall = bench::seconds_since(t0);
    r.status = status;
    r.cpu = double(usage.ru_utime.tv_sec) + 1e-6 * double(usage.ru_utime.tv_usec) + double(usage.ru_stime.tv_sec) +
            1e-6 * double(usage.ru_stime.tv_usec);
    return r;
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> compile_command(const std::string &source, bool plugin) {
    std::vector<std::string> cmd = {
        TJ_BENCH_CXX, "-std=c++20", "-O2",      "-Wno-unknown-attributes", "-I" TJ_BENCH_INCLUDE, "-c",
        source,       "-o",         "/dev/null"};
    if (plugin)
        cmd.insert(cmd.begin() + 1, "-fplugin=" TJ_BENCH_PLUGIN);
    return cmd;
}

struct Comparison {
    bench::Samples without_cpu, with_cpu, without_wall, with_wall;
};

bool compare(const std::string &source, int runs, Comparison &c) {
    for (int r = 0; r < runs + 1; ++r) { // the first pair warms the file cache and is not counted
        // Alternate which compile goes first, so that whatever favours the first or second of a pair (caches,
        // clock speed) favours both alike.
        Run a, b;
        if (r % 2 == 0) {
            a = run(compile_command(source, false));
            b = run(compile_command(source, true));
        } else {
            b = run(compile_command(source, true));
            a = run(compile_command(source, false));
        }
        if (a.status != 0 || b.status != 0) {
            std::printf("  compiling %s failed (status %d without the plugin, %d with it)\n", source.c_str(), a.status,
                        b.status);
            return false;
        }
        if (r == 0)
            continue;
        c.without_cpu.add(a.cpu);
        c.with_cpu.add(b.cpu);
        c.without_wall.add(a.wall);
        c.with_wall.add(b.wall);
    }
    return true;
}

void print_comparison(const char *what, const Comparison &c) {
    std::printf("  %-30s without %6.3f s (wall %6.3f)  with %6.3f s (wall %6.3f)  ratio %.3f (wall %.3f; best runs "
                "%.3f)\n",
                what, c.without_cpu.median(), c.without_wall.median(), c.with_cpu.median(), c.with_wall.median(),
                c.with_cpu.median() / c.without_cpu.median(), c.with_wall.median() / c.without_wall.median(),
                c.with_cpu.best() / c.without_cpu.best());
}

} // namespace

int main() {
    int runs = std::max(3, bench::env_int("BENCH_RUNS", 10) / 2);
    const std::string marked = TJ_BENCH_TU;
    std::string text = read_file(marked);
    size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    size_t marks = 0;
    std::string unmarked_text = text;
    const std::string mark = "[[jit::trace]] ";
    for (size_t pos; (pos = unmarked_text.find(mark)) != std::string::npos; ++marks)
        unmarked_text.erase(pos, mark.size());
    if (marks == 0) {
        std::printf("bench_plugin_compile: %s has no [[jit::trace]] function\n", marked.c_str());
        return 1;
    }
    // The copy without marks must hold no "jit::" at all: that is what lets the plugin skip the file.
    if (unmarked_text.find("jit::") != std::string::npos) {
        std::printf("bench_plugin_compile: %s mentions jit:: outside the marks\n", marked.c_str());
        return 1;
    }
    const bench::TempDir temp("tracejit-bench-compile");
    const std::string &dir = temp.path();
    const std::string unmarked = dir + "/plugin_tu_unmarked.cpp";
    std::ofstream(unmarked, std::ios::binary) << unmarked_text;

    // The plugin must really rewrite the marked functions (and leave the unmarked copy alone).
    int failures = 0;
    {
        std::vector<std::string> cmd = compile_command(marked, true);
        cmd.insert(cmd.begin() + 2, "-fplugin-arg-tracejit-dump");
        Run r = run(cmd, dir + "/dump.txt");
        std::string dump = read_file(dir + "/dump.txt");
        size_t frames = 0;
        for (size_t pos = 0; (pos = dump.find("__tjf(", pos)) != std::string::npos; ++pos)
            ++frames;
        if (r.status != 0 || frames < marks) {
            std::printf("  the plugin did not rewrite the %zu marked functions (status %d, %zu frames in the dump)\n",
                        marks, r.status, frames);
            ++failures;
        }
        cmd = compile_command(unmarked, true);
        cmd.insert(cmd.begin() + 2, "-fplugin-arg-tracejit-dump");
        r = run(cmd, dir + "/dump_unmarked.txt");
        if (r.status != 0 || read_file(dir + "/dump_unmarked.txt").find("__tjf") != std::string::npos) {
            std::printf("  the plugin rewrote the file without marks (status %d)\n", r.status);
            ++failures;
        }
    }

    std::printf("bench_plugin_compile: %s (%zu lines, %zu marked functions), -O2, median of %d runs of the compiler's\n"
                "  CPU time (user + system; wall time in parentheses)\n",
                marked.c_str(), lines, marks, runs);
    Comparison with_marks, without_marks;
    if (failures == 0 && compare(marked, runs, with_marks) && compare(unmarked, runs, without_marks)) {
        print_comparison("marked functions:", with_marks);
        print_comparison("the same file without marks:", without_marks);
        bench::print_goal("compile, 1500 lines, 4 marked functions",
                          with_marks.with_cpu.median() / with_marks.without_cpu.median(), goal_marked, "x",
                          bench::Better::Lower);
        bench::print_goal("compile, 1500 lines, no marked function",
                          without_marks.with_cpu.median() / without_marks.without_cpu.median(), goal_unmarked, "x",
                          bench::Better::Lower);
    } else {
        ++failures;
    }
    return failures ? 1 : 0;
}
