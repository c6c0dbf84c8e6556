// tests/conformance/main.cpp — doctest's main for the conformance tests (Dr.Jit's suites ported, docs/conformance.md)
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
