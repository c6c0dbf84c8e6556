// tests/ptx_exec/test_main.cpp — doctest's main for the PTX engine's own tests
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
