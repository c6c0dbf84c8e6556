// runtime/tape/tape_recorder_stream.cpp — TapeRecorder's streamed mode (TRACEJIT_TAPE): records written as they come
//
// A streaming recorder keeps no tree: each node is filled into one scratch Node, encoded into the thread's
// StreamOut (tape_stream.h) as soon as it is complete, and forgotten. What later nodes need of it is its ordinal:
// the per-frame slots hold the ordinal of each variable's last writer, and the open calls are the only nodes kept
// (a small pool). So memory is the chunk buffer plus the open frames, whatever the length of the run. The limits
// of tape_limits.h are applied here: functions left out (their recorded callees go to the nearest recorded
// caller), the first N calls of a function (later ones and their callees are left out), a depth (DepthLimit), a
// loop's first and last K iterations (the last K are buffered until the loop ends, tape_loop_tail.h; those between
// are counted into one Statement node), a statement budget and the file's size (the file stops, the open calls end
// as unfinished "stopped: …", the program runs on with recording off).
#include "tape_recorder.h"

#include "../log.h"
#include "tape_limits.h"

#include <string>
#include <utility>

namespace tj::tape::detail {
namespace {

using NA = NodeAccess;

/// The most bytes put_node_head writes.
constexpr size_t max_node_head = 3 + 2 * StreamOut::max_varint + StreamOut::max_value;

/// A Node record up to its value (tape_stream.h): record type, kind, value kind, flags, source id, [value].
void put_node_head(char *&p, Kind kind, ValueKind vk, uint32_t flags, uint32_t src, uint64_t bits) {
    StreamOut::put_byte(p, static_cast<uint8_t>(Record::Node));
    StreamOut::put_byte(p, static_cast<uint8_t>(kind));
    StreamOut::put_byte(p, static_cast<uint8_t>(vk));
    StreamOut::put_varint(p, flags);
    StreamOut::put_varint(p, src);
    if (flags & NodeValue)
        StreamOut::put_value(p, vk, bits);
}

Context &stream_context() {
    static Context everything;
    static DepthLimit depth(tape_limits().depth > 0 ? tape_limits().depth : 1);
    if (tape_limits().depth > 0)
        return depth;
    return everything;
}

} // namespace

void stream_recording_off() noexcept; // tape_recorder.cpp

TapeRecorder *TapeRecorder::streaming(StreamFile *file) {
    auto *r = new TapeRecorder(&stream_context(), false, "", false);
    r->m_stream = std::make_unique<StreamOut>(file);
    r->m_loop_limit = tape_limits().loop;
    r->m_scratch = NA::make();
    r->m_slot_ords.reserve(256);
    r->m_pending_ords.reserve(64);
    r->after_flush();
    return r;
}

TapeRecorder::~TapeRecorder() {
    for (Node *n : m_call_pool)
        NA::destroy(n);
    if (m_scratch)
        NA::destroy(m_scratch);
}

Node *TapeRecorder::scratch_node() {
    NA::reset(*m_scratch);
    return m_scratch;
}

Node *TapeRecorder::pool_node() {
    if (m_call_pool.empty())
        return NA::make();
    Node *n = m_call_pool.back();
    m_call_pool.pop_back();
    NA::reset(*n);
    return n;
}

void *TapeRecorder::enter_stream(const FunctionInfo &fn, const char *signature, bool *record) {
    if (m_stopped)
        return nullptr;
    if (m_stream->file()->stopped()) [[unlikely]] { // another thread's recording stopped the file
        stop_stream("");
        return nullptr;
    }
    const bool top = m_frames.size() == m_base;
    if (!top && m_frames.back().leaf)
        return nullptr; // below a leaf or a call left out: nothing is recorded
    FunctionCache &fc = cache_for(fn, signature);
    if (!fc.selected)
        return nullptr; // TRACEJIT_TAPE_FUNCTIONS: not this one; its recorded callees go to its caller
    const TapeLimits &limits = tape_limits();
    bool hide = false;
    if (limits.calls && fc.calls++ >= limits.calls) {
        hide = true;
        if (fc.calls == limits.calls + 1)
            m_stream->file()->note("TRACEJIT_TAPE_CALLS=" + std::to_string(limits.calls) + ": the calls of " + fc.name +
                                   " after the first " + std::to_string(limits.calls) + " are not recorded");
    }
    Node *call = pool_node();
    NA::kind(*call) = Kind::Call;
    NA::source(*call) = fc.call;
    FrameState &fs = m_frames.emplace_back();
    fs.recorder = this;
    fs.fn = &fn;
    fs.cache = &fc;
    fs.call = call;
    fs.record = record;
    fs.depth = top ? 1 : m_frames[m_frames.size() - 2].depth + 1;
    fs.slot_base = m_slot_ords.size();
    fs.loop_base = m_loops.size();
    fs.pending_base = m_pending_ords.size();
    if (hide) {
        fs.hidden = fs.decided = fs.leaf = true;
        *record = false;
        return &fs;
    }
    m_slot_ords.resize(fs.slot_base + fn.slot_count, 0);
    m_loops.resize(fs.loop_base + fn.site_count, 0);
    if (top)
        m_stream->call_starts(fc.name); // (a loop's tail is inside a call: never open here)
    fs.ordinal = out_call(fc.call);
    *record = true;
    if (fn.param_count == 0)
        decide(fs); // the stream's Contexts never throw
    return &fs;
}

Node *TapeRecorder::record_stream(FrameState &fs, uint32_t site, Kind kind, Captured &&value, size_t extra_children) {
    if (!fs.decided) [[unlikely]]
        decide(fs);
    const FunctionInfo &fn = *fs.fn;
    if (fs.leaf || site >= fn.site_count) [[unlikely]]
        return nullptr;
    const Site &s = fn.sites[site];
    if (!m_tails.empty()) [[unlikely]] {
        end_tails_outside(fs, s.nesting, site); // left a loop whose tail was open (break, goto, the statement after it)
        if (m_stopped)
            return nullptr;
    }
    uint64_t *slots = m_slot_ords.data() + fs.slot_base;
    Node *n = scratch_node();
    NA::kind(*n) = kind;
    const SiteCache &sc = fs.cache->sites[site];
    NA::source(*n) = value.type == sc.type_key && sc.source ? sc.source : site_source(fs, site, value.type);
    if (value.kind != ValueKind::None)
        set_value(n, std::move(value));
    const uint64_t self = next_ordinal();
    m_refs.clear();
    for (size_t i = fs.pending_base; i < m_pending_ords.size(); ++i)
        m_refs.emplace_back(0, m_pending_ords[i] - 1);
    m_pending_ords.resize(fs.pending_base);
    if (fn.operands) {
        const Operand *ops = fn.operands + s.reads_begin;
        for (uint32_t i = 0; i < s.reads_count; ++i)
            if (ops[i].slot < fn.slot_count && slots[ops[i].slot])
                m_refs.emplace_back(static_cast<int>(ops[i].position), slots[ops[i].slot] - 1);
    }
    if (fn.writes) {
        const uint32_t *writes = fn.writes + s.writes_begin;
        for (uint32_t i = 0; i < s.writes_count; ++i)
            if (writes[i] < fn.slot_count)
                slots[writes[i]] = self + 1;
    }
    m_scratch_frame = &fs;
    m_scratch_site = site;
    m_scratch_calls = 0;
    (void)extra_children; // parallel_statement sets m_scratch_calls
    return n;
}

void TapeRecorder::stream_site(FrameState &fs, uint32_t site, SiteCache &sc, const char *type) {
    // In the order record_stream, emit_scratch and out_node define what the node needs: its source, its constants,
    // then their ids in this chunk.
    const FunctionInfo &fn = *fs.fn;
    const Site &s = fn.sites[site];
    const Source *source = type == sc.type_key && sc.source ? sc.source : site_source(fs, site, type);
    StreamOut &o = *m_stream;
    uint32_t constants = 0, constants_id = 0;
    if (fn.literals && s.literals_count) {
        constants = static_cast<uint32_t>(sc.constants.empty() ? site_constants(fs, site).size() : sc.constants.size());
        if (constants)
            constants_id = o.constants(sc.constants, sc.stream_epoch, sc.stream_id);
    }
    if (sc.stream_source != source || sc.source_epoch != o.epoch()) {
        sc.source_id = o.source(source);
        sc.stream_source = source;
        sc.source_epoch = o.epoch();
    }
    sc.scalar_type = type;
    sc.scalar_epoch = o.epoch();
    sc.scalar_source_id = sc.source_id;
    sc.scalar_constants = constants;
    sc.scalar_constants_id = constants_id;
}

bool TapeRecorder::stream_record(FrameState &fs, uint32_t site, Kind kind, const RawValue &value, uint32_t iteration) {
    if (!m_tails.empty() || !fs.decided || value.chars || value.ad) [[unlikely]]
        return false;
    const FunctionInfo &fn = *fs.fn;
    if (fs.leaf || site >= fn.site_count) [[unlikely]]
        return true; // record_stream records nothing
    SiteCache &sc = fs.cache->sites[site];
    StreamOut &o = *m_stream;
    if (sc.scalar_type != value.type || sc.scalar_epoch != o.epoch()) [[unlikely]]
        stream_site(fs, site, sc, value.type);
    // The references (the calls made since the last node, then the operands' last writers), then the writes.
    const Site &s = fn.sites[site];
    const uint64_t self = o.ordinal();
    uint64_t *slots = m_slot_ords.data() + fs.slot_base;
    const Operand *ops = fn.operands ? fn.operands + s.reads_begin : nullptr;
    const uint32_t reads = ops ? s.reads_count : 0;
    const size_t pending = m_pending_ords.size() - fs.pending_base;
    uint32_t flags = 0;
    if (value.bits)
        flags |= NodeValue;
    if (sc.scalar_constants)
        flags |= NodeConstants;
    if (kind == Kind::Loop && iteration)
        flags |= NodeIteration;
    const size_t most_refs = pending + reads;
    char *p = o.begin(max_node_head + (3 + 2 * most_refs) * StreamOut::max_varint);
    put_node_head(p, kind, value.kind, flags, sc.scalar_source_id, value.bits);
    if (flags & NodeIteration)
        StreamOut::put_varint(p, iteration);
    // The count of references comes first: one byte while fewer than 128 are possible (nearly always), written
    // after them; otherwise counted first.
    char *count_at = nullptr;
    if (most_refs < 0x80) [[likely]] {
        count_at = p++;
    } else {
        size_t refs = pending;
        for (uint32_t i = 0; i < reads; ++i)
            refs += ops[i].slot < fn.slot_count && slots[ops[i].slot];
        StreamOut::put_varint(p, refs);
    }
    size_t refs = pending;
    for (size_t i = fs.pending_base; i < m_pending_ords.size(); ++i) {
        StreamOut::put_varint(p, 0);
        StreamOut::put_varint(p, self - (m_pending_ords[i] - 1));
    }
    for (uint32_t i = 0; i < reads; ++i)
        if (ops[i].slot < fn.slot_count && slots[ops[i].slot]) {
            StreamOut::put_varint(p, ops[i].position);
            StreamOut::put_varint(p, self - (slots[ops[i].slot] - 1));
            ++refs;
        }
    if (count_at)
        *count_at = static_cast<char>(refs);
    if (flags & NodeConstants)
        StreamOut::put_varint(p, sc.scalar_constants_id);
    o.end(p);
    o.take_ordinals(1 + sc.scalar_constants);
    if (pending) [[unlikely]]
        m_pending_ords.resize(fs.pending_base);
    if (fn.writes) {
        const uint32_t *writes = fn.writes + s.writes_begin;
        for (uint32_t i = 0; i < s.writes_count; ++i)
            if (writes[i] < fn.slot_count)
                slots[writes[i]] = self + 1;
    }
    if (o.ordinal() >= m_budget_end || o.full()) [[unlikely]]
        after_write();
    return true;
}

bool TapeRecorder::stream_argument(FrameState &fs, uint32_t index, const RawValue &value) {
    if (!m_tails.empty() || value.chars || value.ad) [[unlikely]]
        return false;
    const FunctionInfo &fn = *fs.fn;
    if (fs.decided || index >= fn.param_count)
        return true; // arg() records nothing
    SiteCache &pc = fs.cache->params[index];
    const Source *source = param_source(fs, index, value.type);
    StreamOut &o = *m_stream;
    if (pc.stream_source != source || pc.source_epoch != o.epoch()) [[unlikely]] {
        pc.source_id = o.source(source);
        pc.stream_source = source;
        pc.source_epoch = o.epoch();
    }
    const uint64_t self = o.ordinal();
    char *p = o.begin(max_node_head + StreamOut::max_varint);
    put_node_head(p, Kind::Argument, value.kind, value.bits ? NodeValue : 0, pc.source_id, value.bits);
    StreamOut::put_varint(p, 0); // no references
    o.end(p);
    o.take_ordinals(1);
    if (index < fn.slot_count)
        m_slot_ords[fs.slot_base + index] = self + 1;
    if (o.ordinal() >= m_budget_end || o.full()) [[unlikely]]
        after_write();
    if (index + 1 >= fn.param_count)
        decide(fs);
    return true;
}

void TapeRecorder::write_node(const Node &n, uint32_t src, uint32_t constants_id, uint32_t constants_count,
                              uint32_t calls) {
    StreamOut &o = *m_stream;
    const ValueKind vk = n.value_kind();
    const uint64_t bits = NA::bits(n);
    const std::string &text = NA::string(n);
    uint32_t flags = 0;
    if (bits)
        flags |= NodeValue;
    if (!text.empty())
        flags |= NodeText;
    if (constants_count)
        flags |= NodeConstants;
    if (n.kind() == Kind::Loop && n.iteration())
        flags |= NodeIteration;
    const std::string &taken = n.taken();
    if (!taken.empty()) {
        if (vk == ValueKind::Bool && taken == (bits ? "then" : "else"))
            flags |= NodeTakenByValue;
        else
            flags |= NodeTakenText;
    }
    if (calls)
        flags |= NodeCalls;
    char *p = o.begin(max_node_head);
    put_node_head(p, n.kind(), vk, flags, src, bits);
    o.end(p);
    if (flags & NodeText)
        o.text(text);
    if (flags & NodeIteration)
        o.varint(n.iteration());
    if (flags & NodeTakenText)
        o.str(taken);
    put_refs(o);
    if (flags & NodeConstants)
        o.varint(constants_id);
    if (flags & NodeCalls)
        o.varint(calls);
    o.take_ordinals(1 + constants_count);
}

void TapeRecorder::put_refs(StreamOut &o) {
    const uint64_t self = o.ordinal();
    char *p = o.begin((1 + 2 * m_refs.size()) * StreamOut::max_varint);
    StreamOut::put_varint(p, m_refs.size());
    for (const auto &[pos, ord] : m_refs) {
        StreamOut::put_varint(p, static_cast<uint32_t>(pos));
        StreamOut::put_varint(p, self - ord);
    }
    o.end(p);
}

void TapeRecorder::emit_scratch() {
    FrameState &fs = *m_scratch_frame;
    SiteCache *sc = nullptr;
    uint32_t constants = 0;
    if (m_scratch_site != ~0u) {
        sc = &fs.cache->sites[m_scratch_site];
        if (fs.fn->literals && fs.fn->sites[m_scratch_site].literals_count)
            constants = static_cast<uint32_t>(site_constants(fs, m_scratch_site).size());
    }
    std::vector<std::unique_ptr<TapeRecorder>> *workers = std::exchange(m_scratch_workers, nullptr);
    out_node(*m_scratch, sc, constants, m_scratch_calls, workers);
    if (m_tails.empty())
        after_write();
}

uint64_t TapeRecorder::out_node(Node &n, SiteCache *sc, uint32_t constants, uint32_t calls,
                                std::vector<std::unique_ptr<TapeRecorder>> *workers) {
    if (!m_tails.empty()) [[unlikely]] {
        size_t bytes = sizeof(Node) + NA::string(n).size() + m_refs.size() * sizeof(m_refs[0]);
        TailRecord *r = tail_record(Record::Node, bytes);
        const uint64_t self = m_virtual;
        m_virtual += 1 + constants;
        if (!r)
            return self; // an iteration being dropped
        r->self = self;
        r->node.reset(&n == m_scratch ? std::exchange(m_scratch, NA::make()) : NA::make());
        if (r->node.get() != &n) { // a tail ending into the next one out: the record's own node moves on
            Node &to = *r->node;
            NA::kind(to) = n.kind();
            NA::source(to) = NA::source(n);
            NA::copy_value(to, n);
            NA::set_iteration(to, n.kind() == Kind::Loop ? n.iteration() : 0);
            if (n.kind() == Kind::Branch && !n.taken().empty())
                NA::set_taken(to, &n.taken());
        }
        r->site = sc;
        r->constants = constants;
        r->calls = calls;
        TailIteration &it = m_tails.back().kept.back();
        r->refs_begin = static_cast<uint32_t>(it.refs.size());
        r->refs_count = static_cast<uint32_t>(m_refs.size());
        it.refs.insert(it.refs.end(), m_refs.begin(), m_refs.end());
        if (workers)
            r->workers = std::move(*workers);
        return self;
    }
    StreamOut &o = *m_stream;
    uint32_t constants_id = 0;
    if (constants)
        constants_id = o.constants(sc->constants, sc->stream_epoch, sc->stream_id);
    // The node's source (defined before the record when this chunk has not yet), through the site's cache.
    const Source *s = NA::source(n);
    uint32_t src;
    if (sc) {
        if (sc->stream_source != s || sc->source_epoch != o.epoch()) [[unlikely]] {
            sc->source_id = o.source(s);
            sc->stream_source = s;
            sc->source_epoch = o.epoch();
        }
        src = sc->source_id;
    } else {
        src = o.source(s);
    }
    const uint64_t self = o.ordinal();
    write_node(n, src, constants_id, constants, calls);
    if (workers) // the threads' calls as Call records (their storage is dropped after)
        for (auto &w : *workers)
            for (Node *call : w->worker_calls())
                emit_subtree(*call);
    return self;
}

uint64_t TapeRecorder::out_call(const Source *source) {
    if (!m_tails.empty()) [[unlikely]] {
        const uint64_t self = m_virtual++;
        if (TailRecord *r = tail_record(Record::Call, 0)) {
            r->self = self;
            r->source = source;
        }
        return self;
    }
    StreamOut &o = *m_stream;
    const uint32_t src = o.source(source);
    o.byte(static_cast<uint8_t>(Record::Call));
    o.varint(src);
    o.varint(0);
    const uint64_t self = o.ordinal();
    o.take_ordinals(1);
    o.open_calls(1);
    return self;
}

void TapeRecorder::out_end(const Node &call, bool leaf) {
    if (!m_tails.empty()) [[unlikely]] {
        const size_t bytes = sizeof(Node) + NA::string(call).size() + call.exception().size();
        if (TailRecord *r = tail_record(Record::End, bytes)) {
            r->node.reset(NA::make());
            Node &to = *r->node;
            NA::kind(to) = Kind::Call;
            NA::source(to) = NA::source(call);
            NA::copy_value(to, call);
            if (!call.exception().empty())
                NA::exception(to) = call.exception();
            if (!call.unfinished().empty())
                NA::unfinished(to) = call.unfinished();
            r->leaf = leaf;
        }
        return;
    }
    emit_end(call, leaf);
    m_stream->open_calls(-1);
}

void TapeRecorder::after_write() {
    StreamOut &o = *m_stream;
    if (o.ordinal() >= m_budget_end) [[unlikely]] {
        after_flush(); // counts what other threads wrote
        if (o.ordinal() >= m_budget_end) {
            stop_stream("TRACEJIT_TAPE_STATEMENTS=" + std::to_string(tape_limits().statements) + " reached");
            return;
        }
    }
    if (o.full()) [[unlikely]] {
        o.flush();
        after_flush();
    }
}

void TapeRecorder::after_flush() {
    if (m_stream->file()->stopped()) {
        stop_stream("");
        return;
    }
    const uint64_t limit = tape_limits().statements;
    if (!limit)
        return;
    const uint64_t used = m_stream->file()->nodes_written() + m_stream->unwritten();
    m_budget_end = m_stream->ordinal() + (used >= limit ? 0 : limit - used);
}

void TapeRecorder::emit_end(const Node &call, bool leaf, const Source *source) {
    StreamOut &o = *m_stream;
    const ValueKind vk = call.value_kind();
    const std::string &text = NA::string(call);
    uint32_t flags = leaf ? EndLeaf : 0;
    if (vk != ValueKind::None)
        flags |= EndValue;
    if (!text.empty())
        flags |= EndText;
    if (!call.exception().empty())
        flags |= EndException;
    if (!call.unfinished().empty())
        flags |= EndUnfinished;
    const uint32_t src = (flags & EndValue) ? o.source(source ? source : NA::source(call)) : 0;
    o.byte(static_cast<uint8_t>(Record::End));
    o.varint(flags);
    if (flags & EndValue) {
        o.byte(static_cast<uint8_t>(vk));
        o.varint(src);
        o.value_bits(vk, NA::bits(call));
    }
    if (flags & EndText)
        o.text(text);
    if (flags & EndException)
        o.str(call.exception());
    if (flags & EndUnfinished)
        o.str(call.unfinished());
}

void TapeRecorder::leave_stream(FrameState &fs) noexcept {
    if (m_frames.empty() || &m_frames.back() != &fs)
        return;                                    // cannot happen: frames are scoped objects
    const bool closed = m_frames.size() <= m_base; // stream_exit wrote its end already
    if (!fs.hidden && !m_stopped && !closed) {
        try {
            while (!m_tails.empty() && m_tails.back().frame == &fs && !m_stopped)
                end_tail(); // returned or unwound inside a loop whose tail was open
            if (!m_stopped) {
                main_result(fs);
                out_end(*fs.call, fs.leaf);
            }
        } catch (...) {
            stop_stream("out of memory");
        }
    }
    while (!m_tails.empty() && m_tails.back().frame == &fs) // not written (hidden, stopped, closed): dropped
        m_tails.pop_back();
    const uint64_t ordinal = fs.ordinal;
    const bool hidden = fs.hidden;
    Node *call = fs.call;
    m_slot_ords.resize(fs.slot_base);
    m_loops.resize(fs.loop_base);
    m_pending_ords.resize(fs.pending_base);
    m_frames.pop_back();
    if (closed)
        m_base = m_frames.size();
    try {
        m_call_pool.push_back(call);
    } catch (...) {
        NA::destroy(call);
    }
    // Referenced by the caller's next node; a statement that makes more calls than this (an algorithm calling a
    // marked function for each element) references the first ones only, so that memory stays bounded.
    constexpr size_t max_pending = 4096;
    if (!hidden && !closed && !m_stopped && m_frames.size() > m_base &&
        m_pending_ords.size() - m_frames.back().pending_base < max_pending)
        m_pending_ords.push_back(ordinal + 1);
    if (!m_stopped && m_stream->full()) {
        m_stream->flush();
        after_flush();
    }
}

bool TapeRecorder::loop_stream(FrameState &fs, uint32_t site, bool condition) {
    if (fs.leaf || site >= fs.fn->site_count)
        return true; // record() records nothing
    const uint32_t it = ++m_loops[fs.loop_base + site];
    if (!m_tails.empty()) [[unlikely]] {
        end_tails_outside(fs, fs.fn->sites[site].nesting, site);
        if (m_stopped)
            return false;
        LoopTail &t = m_tails.back();
        if (t.frame == &fs && t.site == site) {
            if (!condition) {
                end_tail();       // the count and the last k iterations, then
                return !m_stopped; // the loop's last evaluation
            }
            next_iteration(t);
            return true;
        }
    }
    if (m_loop_limit && condition && it > m_loop_limit) [[unlikely]]
        start_tail(fs, site); // this iteration's Loop node is the tail's first record
    return true;
}

void TapeRecorder::emit_subtree(const Node &root) {
    StreamOut &o = *m_stream;
    std::unordered_map<const Node *, uint64_t> ordinal;
    // The thread's Sources die with its recorder, after this, while the chunk's ids are kept by address: the
    // stream names this recorder's own copies (interned once each).
    auto own = [&](const Source *s) {
        return m_data->intern_source(s->text, s->location.file, s->location.line, s->location.column, s->type,
                                     s->nesting);
    };
    struct Walk {
        const Node *node;
        size_t next;
    };
    auto open_call = [&](const Node &c) {
        const uint32_t src = o.source(own(NA::source(c)));
        o.byte(static_cast<uint8_t>(Record::Call));
        o.varint(src);
        o.varint(NA::thread_field(c));
        ordinal[&c] = o.ordinal();
        o.take_ordinals(1);
    };
    std::vector<Walk> stack;
    open_call(root);
    stack.push_back({&root, 0});
    while (!stack.empty()) {
        Walk &w = stack.back();
        Children ch = w.node->children();
        if (w.next >= ch.size()) {
            emit_end(*w.node, !w.node->expanded(), own(NA::source(*w.node)));
            stack.pop_back();
            continue;
        }
        const Node &c = ch[w.next++];
        if (c.kind() == Kind::Call) {
            open_call(c);
            stack.push_back({&c, 0});
            continue;
        }
        std::vector<StreamConstant> constants;
        std::vector<const Node *> calls;
        for (const Node &k : c.children()) {
            if (k.kind() == Kind::Constant)
                constants.push_back({own(NA::source(k)), k.value_kind(), NA::bits(k), NA::string(k)});
            else if (k.kind() == Kind::Call)
                calls.push_back(&k);
        }
        uint32_t epoch = 0, id = 0;
        const uint32_t constants_id = constants.empty() ? 0 : o.constants(constants, epoch, id);
        const uint64_t self = o.ordinal();
        m_refs.clear();
        for (const auto &[pos, ref] : c.references())
            if (auto it = ordinal.find(ref); it != ordinal.end())
                m_refs.emplace_back(pos, it->second);
        ordinal[&c] = self;
        const uint32_t src = o.source(own(NA::source(c)));
        write_node(c, src, constants_id, static_cast<uint32_t>(constants.size()), static_cast<uint32_t>(calls.size()));
        for (const Node *k : calls) { // a region inside a thread's call: recorded in full (rare)
            emit_subtree(*k);
        }
    }
}

void TapeRecorder::stop_stream(const std::string &reason) noexcept {
    if (m_stopped)
        return;
    m_stopped = true;
    StreamFile *file = m_stream->file();
    try {
        std::string where;
        for (size_t i = m_frames.size(); i-- > m_base;)
            if (!m_frames[i].hidden) {
                const FrameState &fs = m_frames[i];
                where += where.empty() ? " in " : ", called from ";
                where += fs.cache->name;
                if (where.size() > 400) {
                    where += ", …";
                    break;
                }
            }
        if (reason.empty() && !where.empty()) // the file stopped (its size limit, a write error, another thread)
            file->note("recording stopped on a thread" + where);
        if (!reason.empty() && !file->stopped()) {
            for (size_t i = m_frames.size(); i-- > m_base;)
                if (!m_frames[i].hidden && m_frames[i].ordinal < virtual_ordinal_base) { // not in a dropped tail
                    NA::unfinished(*m_frames[i].call) = "stopped: " + reason;
                    emit_end(*m_frames[i].call, m_frames[i].leaf);
                }
            file->synchronous(false); // the queued chunks, then this one, before the file stops
            m_stream->flush();
            file->stop(reason + where);
            file->finish(false);
        }
    } catch (...) {
        file->stop(reason.empty() ? "out of memory" : reason + " (then out of memory)");
    }
    m_stream->discard();
    m_tails.clear(); // a loop's last iterations not written yet are not written
    for (FrameState &fs : m_frames) {
        fs.hidden = fs.decided = fs.leaf = true;
        *fs.record = false;
    }
    m_pending_ords.clear();
    stream_recording_off();
}

void TapeRecorder::stream_exit(const std::string &reason) noexcept {
    if (m_stopped)
        return;
    try {
        while (!m_tails.empty() && !m_stopped)
            end_tail(); // the loops the program ended in: their last iterations so far
        if (m_stopped)
            return;
        for (size_t i = m_frames.size(); i-- > m_base;)
            if (!m_frames[i].hidden) {
                NA::unfinished(*m_frames[i].call) = reason;
                emit_end(*m_frames[i].call, m_frames[i].leaf);
                m_stream->open_calls(-1);
            }
        m_base = m_frames.size(); // calls made from now on (static destructors) are top-level calls of their own
        m_pending_ords.clear();
        m_stream->flush();
    } catch (...) {
        stop_stream("out of memory");
    }
}

void TapeRecorder::stream_flush() noexcept {
    if (!m_stopped)
        m_stream->flush();
}

void TapeRecorder::failed(const std::string &what) noexcept {
    if (m_stream)
        return stop_stream(what);
    if (m_stopped)
        return;
    m_stopped = true;
    try {
        m_failed = what;
        logging::warn("tj::tape: {}; the tape records nothing more and its root says so", what);
    } catch (...) {
    }
    for (FrameState &fs : m_frames) {
        fs.decided = fs.leaf = true;
        *fs.record = false;
    }
}

} // namespace tj::tape::detail
