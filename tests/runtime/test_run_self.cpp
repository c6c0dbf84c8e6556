// tests/runtime/test_run_self.cpp — run_self (run_self.h) does not pass a helper that ran no case or checked nothing
#include <doctest/doctest.h>

#include "run_self.h"

TEST_CASE("run_self helper: passes without checking anything" * doctest::skip()) {}

TEST_CASE("run_self helper: checks one thing" * doctest::skip()) { CHECK(1 + 1 == 2); }

TEST_CASE("run_self: a helper that runs no case or checks nothing gives helper_ran_nothing, not 0") {
    CHECK(tj_test::run_self("run_self helper: checks one thing", {}) == 0);
    CHECK(tj_test::run_self("run_self helper: passes without checking anything", {}) == tj_test::helper_ran_nothing);
    CHECK(tj_test::run_self("run_self helper: no case has this name", {}) == tj_test::helper_ran_nothing);
}
