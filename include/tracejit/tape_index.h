// include/tracejit/tape_index.h — reading a streamed tape file (TRACEJIT_TAPE) by its index: list its calls, load one
//
// With TRACEJIT_TAPE=<dir> a process writes one file, <dir>/<program>-<pid>.tjtape, while it runs: compressed
// chunks and an index of its top-level calls (docs/tape.md, "TRACEJIT_TAPE=<dir>"). tj::tape::load reads such a
// file whole; these read its index, and one call, without reading the rest of a file of any size.
#pragma once

#include <tracejit/tape.h>

#include <cstddef>
#include <string>
#include <vector>

namespace tj::tape {

/// What the index of a streamed tape file says.
struct TapeIndex {
    std::vector<std::string> calls; ///< the name of each top-level call, in the order they were made per thread
    std::vector<std::string> notes; ///< why recording stopped ("stopped: …"), what a limit left out
    bool indexed = true; ///< false: the file has no index (the process ended without finishing it); it was read
};

/// The index of a streamed tape file, read without reading the calls (a file written by tj::tape::save lists its
/// root). tj::Error for a file that is not a tape or is damaged.
TapeIndex read_index(const std::string &path);
/// Top-level call `i` of a streamed tape file (the tape's root is that call), reading only the chunks that hold
/// it. For a file written by tj::tape::save, call 0 is its root.
Tape load_call(const std::string &path, size_t i);

} // namespace tj::tape
