// tests/runtime/test_internal_error.cpp — a broken invariant (TJ_ASSERT) reports its file and line and aborts
#include <tracejit/error.h>

#include <doctest/doctest.h>

#include "run_self.h"
#include "test_util.h"

#include <csignal>
#include <fstream>
#include <sstream>

TEST_CASE("internal error helper: a failing TJ_ASSERT" * doctest::skip()) {
    int answer = 41;
    TJ_ASSERT(answer == 41, "this one holds");
    TJ_ASSERT(answer == 42, "the answer is " + std::to_string(answer)); // does not return
}

TEST_CASE("internal error: TJ_ASSERT names the file and line on stderr and aborts, whatever the log level") {
    tj_test::TempDir dir("tj_internal_error");
    const std::string log = dir.path + "/stderr.txt";
    int signal = 0;
    int status = tj_test::run_self("internal error helper: a failing TJ_ASSERT", {{"TRACEJIT_LOG", "off"}}, &signal,
                                   log.c_str());
    CHECK(status == -1);
    CHECK(signal == SIGABRT);
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    CAPTURE(text.str());
    CHECK(text.str().find("tracejit: internal error at ") != std::string::npos);
    CHECK(text.str().find("test_internal_error.cpp:16: the answer is 41") != std::string::npos);
    CHECK(text.str().find("this one holds") == std::string::npos);
}
