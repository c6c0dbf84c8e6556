// tests/runtime/main.cpp — doctest's main for the runtime tests
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
