// runtime/tape/tape_loop_tail.h — TRACEJIT_TAPE_LOOP's tail: the last k iterations of a streamed loop, kept until it ends
//
// A streamed loop's iterations past the first k are recorded into a LoopTail instead of the file: each iteration's
// records (nodes, calls, their ends) with sources as pointers and references as ordinals, in a ring of the k most
// recent iterations (an older one is dropped and counted). While a tail is open, nodes take virtual ordinals (from
// virtual_ordinal_base up), so that the per-frame slots can name them as last writers. When the loop ends (its
// condition is false, a statement outside it runs, its call returns or unwinds) the recorder writes one Statement
// node counting the dropped iterations, then the kept ones, each reference mapped to the ordinal its node got
// there (a reference into a dropped iteration names the count), and the slots are mapped the same way
// (tape_recorder_stream.cpp, TapeRecorder::end_tail). Tails nest: a loop inside a kept iteration (or in a call
// made there) has a tail of its own, which ends into the enclosing tail.
#pragma once

#include "tape_data.h"
#include "tape_stream.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

namespace tj::tape::detail {

struct FrameState;
struct SiteCache;
class TapeRecorder;

/// Ordinals from here up name nodes buffered in a tail (a stream never reaches 2^62 nodes).
inline constexpr uint64_t virtual_ordinal_base = uint64_t(1) << 62;
/// About the most one tail buffers: past it, older iterations are dropped even when fewer than k remain, and an
/// iteration that alone passes it is dropped (counted) whole.
inline constexpr size_t tail_byte_limit = size_t(64) << 20;

struct TailNodeDelete {
    void operator()(Node *n) const { NodeAccess::destroy(n); }
};
using TailNode = std::unique_ptr<Node, TailNodeDelete>;

/// One record as the stream would have written it.
struct TailRecord {
    Record type;                     ///< Node, Call or End
    TailNode node;                   ///< Node: the node; End: the call's value, exception and unfinished reason
    const Source *source = nullptr;  ///< Call: the Call node's source
    uint64_t self = 0;               ///< Node, Call: the virtual ordinal it took
    SiteCache *site = nullptr;       ///< Node: its site (its constants and cached source id), null for others
    uint32_t constants = 0;          ///< Node: its Constant children (the site's literals)
    uint32_t calls = 0;              ///< Node: the Call children of an OpenMP region that follow it
    bool leaf = false;               ///< End
    uint32_t refs_begin = 0, refs_count = 0;            ///< Node: into its iteration's refs (absolute ordinals)
    std::vector<std::unique_ptr<TapeRecorder>> workers; ///< Node of an OpenMP region: the threads' calls
};

struct TailIteration {
    std::vector<TailRecord> records;
    std::vector<std::pair<int, uint64_t>> refs;
    size_t bytes = 0;
};

/// The iterations past the first k of one running loop.
struct LoopTail {
    LoopTail() = default;
    LoopTail(LoopTail &&) = default; // (not noexcept, as std::deque's: a vector of tails moves them all the same)
    LoopTail &operator=(LoopTail &&) = default;
    LoopTail(const LoopTail &) = delete;
    LoopTail &operator=(const LoopTail &) = delete;

    FrameState *frame = nullptr;
    uint32_t site = 0, nesting = 0;
    uint64_t start = 0;   ///< its first virtual ordinal: references from here up name its own records
    uint64_t dropped = 0; ///< iterations not kept
    std::deque<TailIteration> kept; ///< the most recent iterations, the current one last
    size_t bytes = 0;
    bool discarding = false; ///< the current iteration passed tail_byte_limit: its records are dropped
};

} // namespace tj::tape::detail
