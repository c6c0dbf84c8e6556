// bench/bench_tape_startup.cpp — start-up time and peak memory of a plugin-built program that uses only the tape
//
// Starts the three builds of bench/tape_startup_main.cpp (every function marked, no arrays, no tape asked for):
// without the plugin, with it linked with libtracejit_tape (what tracejit_instrument() links), and with it
// linked with libtracejit as well (the full runtime, which loads LLVM). Each round starts the three once, in
// turn, so that drifts in machine load hit all alike; a start is timed from fork() to the end of wait4(), and
// wait4()'s rusage gives the child's peak resident set (ru_maxrss). Figures are medians over the rounds; ratios
// are medians of the per-round ratios. Before timing, each program runs once with --report: the three must
// compute the same result, and only the full build may map libLLVM.
#include "bench_util.h"

#include <cstdio>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Program {
    const char *label;
    const char *path;
    bench::Samples seconds;
    bench::Samples rss_mb;
};

/// One start of `path` with its output thrown away: wall seconds and peak RSS in MB; false if it failed.
bool start_once(const char *path, double &seconds, double &rss_mb) {
    const auto t0 = bench::Clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        std::perror("fork");
        return false;
    }
    if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        if (null >= 0)
            ::dup2(null, STDOUT_FILENO);
        ::execl(path, path, static_cast<char *>(nullptr));
        std::_Exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) {
        std::perror("wait4");
        return false;
    }
    seconds = bench::seconds_since(t0);
    rss_mb = double(usage.ru_maxrss) / 1024.0; // KiB on Linux
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::printf("  %s ended with status %d\n", path, status);
        return false;
    }
    return true;
}

/// The --report line of `path` ("<result> tape=… runtime=… llvm=…"), empty on failure.
std::string report(const char *path) {
    std::string command = std::string(path) + " --report";
    std::FILE *out = popen(command.c_str(), "r");
    if (!out)
        return {};
    char line[256] = {};
    if (!std::fgets(line, sizeof line, out))
        line[0] = '\0';
    if (pclose(out) != 0)
        return {};
    std::string s = line;
    while (!s.empty() && s.back() == '\n')
        s.pop_back();
    return s;
}

} // namespace

int main() {
    const int rounds = 3 * bench::env_int("BENCH_RUNS", 10);
    Program programs[] = {{"without the plugin", TJ_STARTUP_PLAIN, {}, {}},
                          {"plugin, linked with tracejit::tape", TJ_STARTUP_TAPE, {}, {}},
                          {"plugin, linked with the full runtime", TJ_STARTUP_FULL, {}, {}}};
    int failures = 0;

    // The three compute the same thing; the tape build maps the tape library and no LLVM; the full one maps LLVM.
    const std::string plain = report(TJ_STARTUP_PLAIN), tape = report(TJ_STARTUP_TAPE), full = report(TJ_STARTUP_FULL);
    auto result_of = [](const std::string &r) { return r.substr(0, r.find(' ')); };
    const bool same = !plain.empty() && result_of(plain) == result_of(tape) && result_of(plain) == result_of(full);
    const bool mapped_ok = plain.find("tape=0 runtime=0 llvm=0") != std::string::npos &&
                           tape.find("tape=1 runtime=0 llvm=0") != std::string::npos &&
                           full.find("tape=1 runtime=1 llvm=1") != std::string::npos;
    if (!same || !mapped_ok) {
        std::printf("  unexpected reports:\n    plain: %s\n    tape:  %s\n    full:  %s\n", plain.c_str(), tape.c_str(),
                    full.c_str());
        ++failures;
    }

    bench::Samples tape_time, full_time, tape_rss, full_rss, full_vs_tape_time;
    for (int r = 0; r < rounds + 1 && failures == 0; ++r) {
        double s[3], m[3];
        for (int p = 0; p < 3; ++p)
            if (!start_once(programs[p].path, s[p], m[p]))
                ++failures;
        if (failures || r == 0) // the first round warms the page cache
            continue;
        for (int p = 0; p < 3; ++p) {
            programs[p].seconds.add(s[p]);
            programs[p].rss_mb.add(m[p]);
        }
        tape_time.add(s[1] / s[0]);
        full_time.add(s[2] / s[0]);
        full_vs_tape_time.add(s[2] / s[1]);
        tape_rss.add(m[1] / m[0]);
        full_rss.add(m[2] / m[0]);
    }
    if (failures)
        return 1;

    std::printf("bench_tape_startup: a program with every function marked, no arrays, no tape asked for, started %d "
                "times each (alternating); medians: wall time from fork to exit, peak RSS\n",
                rounds);
    for (const Program &p : programs)
        std::printf("  %-38s %7.2f ms  %7.1f MB\n", p.label, p.seconds.median() * 1e3, p.rss_mb.median());
    std::printf("  ratios to the build without the plugin: tape library %.2fx time, %.2fx RSS; full runtime %.2fx "
                "time, %.2fx RSS\n",
                tape_time.median(), tape_rss.median(), full_time.median(), full_rss.median());
    std::printf("  the full runtime against the tape library: %.1fx the start-up time, +%.1f MB RSS\n",
                full_vs_tape_time.median(), programs[2].rss_mb.median() - programs[1].rss_mb.median());
    return 0;
}
