// tests/plugin/freeze/Inputs/frozen_header.h — frozen functions in a header (used by header.cpp)
#pragma once

#include <tracejit/array.h>

/// Defined here: the header is rewritten in each file that includes it.
[[jit::freeze]] inline tj::Float halve(tj::Float x) { return x * 0.5f; }

/// A plain record: its traversal is generated here, in the header.
struct Sample {
    tj::Float value;
    tj::Float weight;
};

/// Declared here, defined (out of line) in header.cpp: the hidden function is declared here, after `step`.
struct Filter {
    tj::Float state;
    [[jit::freeze]] tj::Float step(Sample s);
};
