// runtime/tape/tape_loop_tail.cpp — TRACEJIT_TAPE_LOOP's tails: buffering a loop's last k iterations, writing them when it ends
//
// The ring, the virtual ordinals and how a tail ends are described in tape_loop_tail.h.
#include "tape_recorder.h"

#include "tape_limits.h"

#include <string>
#include <unordered_map>

namespace tj::tape::detail {

using NA = NodeAccess;

void TapeRecorder::start_tail(FrameState &fs, uint32_t site) {
    LoopTail &t = m_tails.emplace_back();
    t.frame = &fs;
    t.site = site;
    t.nesting = fs.fn->sites[site].nesting;
    t.start = m_virtual;
    t.kept.emplace_back();
}

void TapeRecorder::next_iteration(LoopTail &t) {
    const uint32_t k = tape_limits().loop;
    if (t.discarding) { // the iteration that passed the byte limit (already counted)
        t.kept.pop_back();
        t.discarding = false;
    }
    t.kept.emplace_back();
    while (t.kept.size() > k) {
        t.bytes -= t.kept.front().bytes;
        t.kept.pop_front();
        ++t.dropped;
    }
}

TailRecord *TapeRecorder::tail_record(Record type, size_t bytes) {
    LoopTail &t = m_tails.back();
    if (t.discarding)
        return nullptr;
    bytes += sizeof(TailRecord);
    t.bytes += bytes;
    while (t.bytes > tail_byte_limit && t.kept.size() > 1) { // older iterations first
        t.bytes -= t.kept.front().bytes;
        t.kept.pop_front();
        ++t.dropped;
    }
    TailIteration &it = t.kept.back();
    if (t.bytes > tail_byte_limit) { // this iteration alone: dropped whole, counted
        t.bytes -= it.bytes + bytes;
        it = TailIteration();
        t.discarding = true;
        ++t.dropped;
        return nullptr;
    }
    it.bytes += bytes;
    TailRecord &r = it.records.emplace_back();
    r.type = type;
    return &r;
}

void TapeRecorder::end_tails_outside(FrameState &fs, uint32_t nesting, uint32_t site) {
    while (!m_tails.empty() && !m_stopped) {
        const LoopTail &t = m_tails.back();
        if (t.frame != &fs || nesting > t.nesting || (site == t.site && nesting == t.nesting))
            return;
        end_tail();
    }
}

void TapeRecorder::end_tail() {
    LoopTail t = std::move(m_tails.back());
    m_tails.pop_back(); // what follows goes to the next tail out, or the stream
    if (t.discarding)
        t.kept.pop_back();
    FrameState &fs = *t.frame;
    const uint32_t k = tape_limits().loop;
    uint64_t count = 0; // the ordinal of the count node: every node of a dropped iteration maps to it
    if (t.dropped) {
        const Site &s = fs.fn->sites[t.site];
        Node *n = scratch_node();
        NA::kind(*n) = Kind::Statement;
        // One Source per loop site: the text does not name the count (the value does).
        NA::source(*n) = m_data->intern_source("… iterations after the first " + std::to_string(k) +
                                                   " and before the last " + std::to_string(k) +
                                                   " not recorded (TRACEJIT_TAPE_LOOP=" + std::to_string(k) + ")",
                                               fs.fn->file ? fs.fn->file : "", s.line, s.column, "unsigned long",
                                               s.nesting + 1);
        NA::value_kind(*n) = ValueKind::Unsigned;
        NA::bits(*n) = t.dropped;
        m_refs.clear();
        count = out_node(*n, nullptr, 0, 0, nullptr);
        if (m_tails.empty()) {
            after_write();
            if (m_stopped)
                return;
        }
    }
    std::unordered_map<uint64_t, uint64_t> moved; // a kept record's virtual ordinal → the one it got
    auto map = [&](uint64_t ordinal) {
        if (ordinal < t.start)
            return ordinal; // written before the tail opened (or an enclosing tail's)
        auto found = moved.find(ordinal);
        return found != moved.end() ? found->second : count;
    };
    for (TailIteration &it : t.kept)
        for (TailRecord &r : it.records) {
            switch (r.type) {
            case Record::Node:
                m_refs.clear();
                for (uint32_t i = 0; i < r.refs_count; ++i) {
                    const auto &[position, ordinal] = it.refs[r.refs_begin + i];
                    m_refs.emplace_back(position, map(ordinal));
                }
                moved[r.self] = out_node(*r.node, r.site, r.constants, r.calls, r.workers.empty() ? nullptr : &r.workers);
                break;
            case Record::Call:
                moved[r.self] = out_call(r.source);
                break;
            default:
                out_end(*r.node, r.leaf);
                break;
            }
            if (m_tails.empty()) { // written: a chunk may be full (the statement budget is checked after the tail)
                if (m_stream->full()) {
                    m_stream->flush();
                    after_flush();
                }
                if (m_stopped)
                    return;
            }
        }
    // What names the tail's nodes from now on: the frames' slots, the calls not yet referenced, the open calls.
    for (size_t i = fs.slot_base; i < m_slot_ords.size(); ++i)
        if (m_slot_ords[i] > t.start)
            m_slot_ords[i] = map(m_slot_ords[i] - 1) + 1;
    for (size_t i = fs.pending_base; i < m_pending_ords.size(); ++i)
        if (m_pending_ords[i] > t.start)
            m_pending_ords[i] = map(m_pending_ords[i] - 1) + 1;
    for (FrameState &open : m_frames) // (open across the tail's end only when the program ends: stream_exit)
        if (open.ordinal >= t.start) {
            if (auto found = moved.find(open.ordinal); found != moved.end()) {
                open.ordinal = found->second;
            } else { // its Call was in a dropped iteration: nothing more of it is written
                open.hidden = open.decided = open.leaf = true;
                *open.record = false;
            }
        }
    if (m_tails.empty())
        after_write();
}

} // namespace tj::tape::detail
