// tests/runtime/run_self.h — runs one hidden test case of this test binary in a child process
//
// Settings the runtime reads once per process (TRACEJIT_CACHE_DIR, TRACEJIT_CACHE, TRACEJIT_THREADS) can only be
// tested in a fresh process. A test spawns /proc/self/exe with a doctest filter that selects a helper case
// marked doctest::skip() (so ctest never runs it on its own) and an environment of its choosing.
#pragma once

#include <doctest/doctest.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace tj_test {

/// Environment changes for a child: a value sets the variable, nullopt removes it.
using EnvChanges = std::vector<std::pair<std::string, std::optional<std::string>>>;

/// Starts the hidden test case named `test_case` in a new process of this binary with the environment changed by
/// `env`, without waiting for it; returns its process id (for wait_self). With `stderr_path`, the child's stderr
/// goes to that file.
inline pid_t spawn_self(const std::string &test_case, const EnvChanges &env, const char *stderr_path = nullptr,
                        const char *stdout_path = nullptr) {
    // doctest splits a filter at commas: a name with one would select no case, and the child would pass.
    REQUIRE_MESSAGE(test_case.find(',') == std::string::npos, "a helper case name holds a ',': " << test_case);
    std::vector<std::string> vars;
    for (char **e = environ; *e; ++e) {
        const std::string entry = *e;
        bool changed = false;
        for (const auto &[name, value] : env)
            changed |= entry.compare(0, name.size() + 1, name + "=") == 0;
        if (!changed)
            vars.push_back(entry);
    }
    for (const auto &[name, value] : env)
        if (value)
            vars.push_back(name + "=" + *value);
    std::vector<char *> envp;
    for (std::string &v : vars)
        envp.push_back(v.data());
    envp.push_back(nullptr);

    std::string exe = "/proc/self/exe", no_skip = "--no-skip", filter = "--test-case=" + test_case;
    // Only failures are printed — unless stdout goes to a file, which then gets the summary too.
    std::string quiet = stdout_path ? "--no-intro" : "--minimal";
    char *argv[] = {exe.data(), no_skip.data(), filter.data(), quiet.data(), nullptr};
    pid_t pid = 0;
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    if (stderr_path)
        ::posix_spawn_file_actions_addopen(&actions, 2, stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (stdout_path)
        ::posix_spawn_file_actions_addopen(&actions, 1, stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, envp.data());
    ::posix_spawn_file_actions_destroy(&actions);
    REQUIRE_MESSAGE(err == 0, "posix_spawn of /proc/self/exe failed: " << std::strerror(err));
    return pid;
}

/// Waits for a process of spawn_self; returns its exit status (doctest exits with 0 when every check passed), or -1
/// when it did not exit (a signal ended it: `*signal`, when given, is set to it).
inline int wait_self(pid_t pid, int *signal = nullptr) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        REQUIRE(errno == EINTR);
    if (signal)
        *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Runs the hidden test case named `test_case` in a new process of this binary and waits for it (spawn_self, then
/// wait_self).
/// A child that exits with 0 but ran no test case or checked nothing (a filter that selects no case, a helper
/// without assertions) gives run_self's status helper_ran_nothing instead, so a parent's `== 0` cannot pass on it.
constexpr int helper_ran_nothing = 97;

/// The number after `label` in doctest's summary `text` ("test cases: 1 | ..."), or -1 if it is not there.
inline long summary_count(const std::string &text, const char *label) {
    const size_t at = text.rfind(label);
    return at == std::string::npos ? -1 : std::strtol(text.c_str() + at + std::strlen(label), nullptr, 10);
}

inline int run_self(const std::string &test_case, const EnvChanges &env, int *signal = nullptr,
                    const char *stderr_path = nullptr) {
    char out_path[] = "/tmp/tj_run_self_XXXXXX";
    const int fd = ::mkstemp(out_path);
    REQUIRE_MESSAGE(fd >= 0, "mkstemp failed: " << std::strerror(errno));
    ::close(fd);
    const int status = wait_self(spawn_self(test_case, env, stderr_path, out_path), signal);
    std::string text;
    if (FILE *f = std::fopen(out_path, "r")) {
        char buffer[4096];
        for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
            text.append(buffer, n);
        std::fclose(f);
    }
    std::remove(out_path);
    if (status != 0) {
        std::fwrite(text.data(), 1, text.size(), stdout); // the child's failures, as it would have printed them
        return status;
    }
    const long cases = summary_count(text, "test cases:"), checks = summary_count(text, "assertions:");
    if (cases < 1 || checks < 1) {
        MESSAGE("helper case '" << test_case << "' ran " << cases << " test cases with " << checks
                                << " assertions: it checked nothing");
        return helper_ran_nothing;
    }
    return 0;
}

} // namespace tj_test
