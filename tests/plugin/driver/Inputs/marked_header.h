// tests/plugin/driver/Inputs/marked_header.h — a marked function defined in a header (header.cpp, no-marks.cpp)
#pragma once

[[jit::trace]] inline int twice(int x) {
    int y = x + x;
    return y;
}
