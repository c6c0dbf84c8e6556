// tests/plugin/driver/Inputs/constexpr_header.h — a marked constexpr function in a header (engine-diagnostics.cpp)
#pragma once

[[jit::trace]] constexpr int square(int x) { return x * x; } // expected-warning-re {{{{.*}}constexpr{{.*}}}}
