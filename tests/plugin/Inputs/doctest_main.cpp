// tests/plugin/Inputs/doctest_main.cpp — doctest's own main, linked unmarked into the marked runtime tests of
// real/programs-marked.cpp
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
