// tests/plugin/driver/Inputs/warned_header.h — a marked function with a warning, in a header (warnings.cpp)
#pragma once

[[jit::trace]] inline int from_header(int x) { int never_read = 1;
    return x; }
