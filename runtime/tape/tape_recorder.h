// runtime/tape/tape_recorder.h — the per-thread recorder behind tj::track and the hooks of instrumented functions
//
// How to read tape_recorder.cpp: start with frame_enter (a marked function starts: a Call node, its FrameState),
// then TapeRecorder::record (one node per executed site: value, references, writes), then frame_leave and
// track_end (the tape is finished: synthetic root, TRACEJIT_TAPE files).
#pragma once

#include <tracejit/tape.h>
#include <tracejit/generated/tape_hooks.h>

#include "tape_data.h"
#include "tape_loop_tail.h"
#include "tape_stream.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace tj::tape::detail {

struct ParallelRegion;

/// What the recorder keeps per site (or parameter) of a function for one tape: the Source of its nodes, for
/// the value type last seen there (a site records values of one static type, so this almost never changes).
struct SiteCache {
    const char *type_key = nullptr;
    const Source *source = nullptr;
    /// The Constant nodes each execution of the site gets, worked out on its first execution.
    using Constant = StreamConstant;
    std::vector<Constant> constants;
    uint32_t stream_epoch = 0, stream_id = 0; ///< the streamed chunk that defined `constants`, and their id there
    const Source *stream_source = nullptr;    ///< streamed: `source`'s id in the chunk numbered source_epoch
    uint32_t source_epoch = 0, source_id = 0;
    /// Streamed scalar nodes (TapeRecorder::stream_record): what a node of the site needs from the chunk numbered
    /// `scalar_epoch` when its value's type is `scalar_type` — its source's id, and its constants' count and id —
    /// so that the site's later nodes in that chunk check one type and one number.
    const char *scalar_type = nullptr;
    uint32_t scalar_epoch = 0, scalar_source_id = 0, scalar_constants = 0, scalar_constants_id = 0;
};

/// Per marked function and tape: its display name and the Sources of its Call, argument and site nodes.
struct FunctionCache {
    std::string name;
    const Source *call = nullptr; ///< the Call node's, before it returns
    SiteCache call_typed;         ///< the Call node's once it returned a value of that type
    std::vector<SiteCache> sites;
    std::vector<SiteCache> params;
    bool selected = true; ///< streamed: TRACEJIT_TAPE_FUNCTIONS matches it
    uint64_t calls = 0;   ///< streamed: its calls so far (TRACEJIT_TAPE_CALLS)
};

/// One active call of a marked function that is being recorded (the `void *` the Frame holds).
struct FrameState {
    TapeRecorder *recorder = nullptr;
    const FunctionInfo *fn = nullptr;
    FunctionCache *cache = nullptr;
    Node *call = nullptr;
    bool *record = nullptr;  ///< the Frame's own flag: cleared for a leaf
    size_t slot_base = 0;    ///< into TapeRecorder::m_slots: the last writer of each slot
    size_t loop_base = 0;    ///< into TapeRecorder::m_loops: the iteration counter of each site
    size_t pending_base = 0; ///< into TapeRecorder::m_pending: nested calls not yet referenced
    int depth = 1;
    bool decided = false; ///< Context::expand asked (after the arguments)
    bool leaf = false;
    ParallelRegion *region = nullptr; ///< the OpenMP parallel region this call started and that has not ended
    // Streamed tapes only (tape_recorder_stream.cpp):
    bool hidden = false;       ///< a call left out by a limit: nothing of it is written
    uint64_t ordinal = 0; ///< the Call's ordinal in its stream (virtual while a loop's tail holds it)
};

/// Records the marked calls made on one thread into one tape. (Hidden: its calls inside the library then
/// go straight to their target, not through the PLT.)
class __attribute__((visibility("hidden"))) TapeRecorder {
  public:
    TapeRecorder(Context *ctx, bool direct, std::string callable_name, bool auto_save);
    /// A TRACEJIT_TAPE recorder of this thread, streaming every top-level call into `file`
    /// (tape_recorder_stream.cpp).
    static TapeRecorder *streaming(StreamFile *file);
    ~TapeRecorder();
    /// A recorder for the calls one thread makes in a parallel region (tape_threads.cpp): each top-level call it
    /// records is a Call at depth `caller_depth` + 1 made on OpenMP thread `thread`, kept for the region's end.
    static TapeRecorder *worker(Context *ctx, int caller_depth, uint32_t thread);

    void *enter(const FunctionInfo &fn, const char *signature, bool *record);
    void leave(FrameState &fs) noexcept;
    void arg(FrameState &fs, uint32_t index, Captured &&value);
    /// A node for `site` with `value`, its references and writes; null when the frame records no body.
    Node *record(FrameState &fs, uint32_t site, Kind kind, Captured &&value, size_t extra_children = 0);
    /// Streamed: a Statement or a Loop node (`iteration`) with a scalar value, written straight into the stream
    /// as record() and done() would write it (tape_recorder_stream.cpp). False, having done nothing, where those
    /// are needed (not streaming, a loop's tail open, a value with text or a gradient, arguments undecided).
    bool stream_scalar(FrameState &fs, uint32_t site, Kind kind, const RawValue &value, uint32_t iteration = 0) {
        return m_stream && stream_record(fs, site, kind, value, iteration);
    }
    /// Streamed: an Argument node with a scalar value, as arg() would write it; false as for stream_scalar.
    bool stream_arg(FrameState &fs, uint32_t index, const RawValue &value) {
        return m_stream && stream_argument(fs, index, value);
    }
    /// The Constant children of a node of `site` (its literals).
    void add_constants(FrameState &fs, uint32_t site, Node *n);
    /// The Constant nodes a node of `site` gets (worked out on the site's first node).
    const std::vector<SiteCache::Constant> &site_constants(FrameState &fs, uint32_t site);
    void loop_enter(FrameState &fs, uint32_t site);
    void loop(FrameState &fs, uint32_t site, bool condition);
    void branch(FrameState &fs, uint32_t site, bool taken);
    /// A symbolic branch or loop (its site's kind): one node, value "symbolic", no way taken, iteration 0.
    void symbolic(FrameState &fs, uint32_t site);
    void switch_(FrameState &fs, uint32_t site, Captured &&value, bool integral, int64_t v);
    void ret(FrameState &fs, uint32_t site, Captured &&value);
    /// The call's own value, with no Return node (a call through a pointer array: vcall_hooks.h).
    void result(FrameState &fs, Captured &&value);
    void thrown(FrameState &fs, std::exception_ptr error) noexcept;
    /// The Statement node of a parallel region's site, after the region ended, with the worker threads' calls
    /// (from `workers`, whose storage this tape takes over) as its children after its constants.
    void parallel_statement(FrameState &fs, uint32_t site, std::vector<std::unique_ptr<TapeRecorder>> workers);
    /// A worker recorder's top-level calls, in the order they were made.
    const std::vector<Node *> &worker_calls() const { return m_worker_calls; }
    bool is_worker() const { return m_worker; }
    uint32_t thread() const { return m_thread; }
    Context *context() const { return m_ctx; }
    /// The innermost open call (frame), or null.
    FrameState *top_frame() { return m_frames.empty() ? nullptr : &m_frames.back(); }
    /// `fs` records while calls above it are open: if its function calls setjmp (FunctionCallsSetjmp) and `fs` is
    /// one of this recorder's frames, a longjmp left those calls, and each ends as unfinished ("left by longjmp");
    /// otherwise (no setjmp: calls on another stack, such as a fiber's) nothing changes.
    void resume_after_longjmp(FrameState &fs) noexcept;

    /// The program ends while calls are open (exit, a signal, …): marks each open call unfinished with
    /// `reason`, finishes the tape and saves it into `dir` (returns the path; tj::Error on failure). The recorder
    /// stays usable (into storage nobody reads) and is never saved again.
    std::string save_unfinished(const std::string &reason, const std::string &dir);
    bool abandoned() const { return m_abandoned; }

    void set_result(Captured &&value) {
        m_result = std::move(value);
        m_has_result = true;
    }
    /// Finishes the tape: root, constants, annotations.
    Tape finish(std::exception_ptr error);

    /// Context::annotate for a finished node.
    void annotate(Node &n) {
        if (m_annotates)
            m_ctx->annotate(n);
    }
    /// A node that record() returned is complete: annotated, and written when streaming.
    void done(Node *n) {
        if (m_stream) [[unlikely]]
            emit_scratch();
        else
            annotate(*n);
    }
    bool streaming() const { return m_stream != nullptr; }
    bool stopped() const { return m_stopped; }
    /// Streamed: the program ends (`reason`) with calls open: writes their ends as unfinished and what is buffered;
    /// the calls made after this are top-level calls of their own.
    void stream_exit(const std::string &reason) noexcept;
    /// Streamed: writes what is buffered (a thread ends) and gives back the buffer's memory.
    void stream_flush() noexcept;
    /// Recording on this thread failed (`what`: out of memory, …): streamed, the file stops; in memory, the
    /// open calls record nothing more and the tape says why.
    void failed(const std::string &what) noexcept;
    /// Capturing a value for a hook threw `error` (tape_hooks.h, capture_for): failed(), out of memory for a
    /// std::bad_alloc.
    void capture_failed(std::exception_ptr error) noexcept;
    bool auto_save() const { return m_auto_save; }
    bool idle() const { return m_frames.empty(); }
    TapeRecorder *previous = nullptr; ///< the recording this one interrupted on this thread

  private:
    FunctionCache &cache_for(const FunctionInfo &fn, const char *signature);
    void decide(FrameState &fs);
    void attach(Node *parent, Node *child);
    Node *synthetic_root();
    const Source *site_source(FrameState &fs, uint32_t site, const char *type);
    const Source *call_source(FrameState &fs, const char *type);
    /// The Source of parameter `index`'s Argument nodes for values of `type` (cached per parameter).
    const Source *param_source(FrameState &fs, uint32_t index, const char *type);
    void set_value(Node *n, Captured &&v);
    // Streamed tapes (tape_recorder_stream.cpp).
    void *enter_stream(const FunctionInfo &fn, const char *signature, bool *record);
    Node *record_stream(FrameState &fs, uint32_t site, Kind kind, Captured &&value, size_t extra_children);
    void emit_scratch();
    /// The End record of `call` (`source`: instead of the call's own).
    void emit_end(const Node &call, bool leaf, const Source *source = nullptr);
    bool stream_record(FrameState &fs, uint32_t site, Kind kind, const RawValue &value, uint32_t iteration);
    /// Fills `sc`'s scalar_… fields for this chunk and `type`, defining the site's constants and source in the
    /// chunk first where it has not (stream_record's first node of a site in each chunk).
    void stream_site(FrameState &fs, uint32_t site, SiteCache &sc, const char *type);
    bool stream_argument(FrameState &fs, uint32_t index, const RawValue &value);
    void write_node(const Node &n, uint32_t src, uint32_t constants_id, uint32_t constants_count, uint32_t calls);
    /// The reference count and m_refs (position, distance back from the stream's next ordinal).
    void put_refs(StreamOut &o);
    void leave_stream(FrameState &fs) noexcept;
    bool loop_stream(FrameState &fs, uint32_t site, bool condition);
    void emit_subtree(const Node &call);
    /// The ordinal the next node takes: the stream's, or a virtual one while a loop's tail is open.
    uint64_t next_ordinal() const { return m_tails.empty() ? m_stream->ordinal() : m_virtual; }
    /// Writes node `n` (references in m_refs, absolute) into the open tail or the stream; returns its ordinal.
    /// `site`: its site's cache (constants, source id); `workers`: an OpenMP region's threads, whose calls follow.
    uint64_t out_node(Node &n, SiteCache *site, uint32_t constants, uint32_t calls,
                      std::vector<std::unique_ptr<TapeRecorder>> *workers);
    /// A Call record (a call starts) into the open tail or the stream; returns its ordinal.
    uint64_t out_call(const Source *source);
    /// The End record of `call` into the open tail or the stream.
    void out_end(const Node &call, bool leaf);
    /// After a record written to the stream: the statement budget, a full chunk.
    void after_write();
    // Loop tails (tape_loop_tail.cpp).
    void start_tail(FrameState &fs, uint32_t site);
    void next_iteration(LoopTail &t);
    TailRecord *tail_record(Record type, size_t bytes);
    /// Ends the innermost tail: its count and kept iterations go to the next tail out, or the stream.
    void end_tail();
    /// Ends the tails of `fs` whose loops a site of nesting `nesting` (other than `site`) lies outside of.
    void end_tails_outside(FrameState &fs, uint32_t nesting, uint32_t site = ~0u);
    void stop_stream(const std::string &reason) noexcept;
    void after_flush();
    Node *pool_node();
    /// A call of `main` that ran off its end: its result is 0 : int.
    void main_result(FrameState &fs) noexcept;
    Node *scratch_node();

    Context *m_ctx;
    bool m_annotates;
    bool m_direct, m_auto_save;
    std::string m_callable_name;
    std::unique_ptr<TapeData> m_data;
    Node *m_root = nullptr; ///< a directly tracked function's call, or the synthetic root above several calls
    bool m_synthetic = false;
    std::deque<FrameState> m_frames;
    std::vector<Node *> m_slots;
    std::vector<uint32_t> m_loops;
    std::vector<Node *> m_pending;
    std::unordered_map<const FunctionInfo *, FunctionCache> m_functions;
    const FunctionInfo *m_last_function = nullptr; ///< cache_for's last answer (nodes of the map never move)
    FunctionCache *m_last_cache = nullptr;
    Captured m_result;
    bool m_has_result = false;
    const std::string *m_then, *m_else, *m_default, *m_none;
    bool m_worker = false;     ///< records one thread's calls in a parallel region
    int m_caller_depth = 0;    ///< worker: the depth of the call that started the region
    uint32_t m_thread = 0;     ///< worker: the OpenMP thread number
    std::vector<Node *> m_worker_calls;
    bool m_abandoned = false; ///< finish_unfinished ran: nothing is saved any more
    std::string m_failed;     ///< in memory: why recording stopped (failed())
    // Streamed tapes (tape_recorder_stream.cpp).
    std::unique_ptr<StreamOut> m_stream;
    Node *m_scratch = nullptr;          ///< the node being recorded (written by done())
    FrameState *m_scratch_frame = nullptr;
    uint32_t m_scratch_site = 0;
    uint32_t m_scratch_calls = 0;       ///< Call children that follow it (an OpenMP region's)
    std::vector<std::pair<int, uint64_t>> m_refs; ///< its references (position, ordinal)
    std::vector<uint64_t> m_slot_ords;  ///< per slot: ordinal + 1 of its last writer (0: none)
    std::vector<uint64_t> m_pending_ords;
    std::vector<Node *> m_call_pool;    ///< Call nodes of returned calls, for reuse
    size_t m_base = 0;                  ///< frames below this were closed by stream_exit
    uint64_t m_budget_end = UINT64_MAX; ///< ordinal at which TRACEJIT_TAPE_STATEMENTS is checked again
    bool m_stopped = false;
    std::vector<std::unique_ptr<TapeRecorder>> *m_scratch_workers = nullptr; ///< an OpenMP region's, for emit_scratch
    std::vector<LoopTail> m_tails;            ///< the open loop tails (TRACEJIT_TAPE_LOOP), innermost last
    uint32_t m_loop_limit = 0;                ///< TRACEJIT_TAPE_LOOP (0: none)
    uint64_t m_virtual = virtual_ordinal_base; ///< the next virtual ordinal
};

/// The recording in progress on this thread (null: none).
TapeRecorder *this_thread_recorder();
void set_this_thread_recorder(TapeRecorder *r);

/// The display name of a marked function: `name`, with template arguments from `signature` (a
/// `__PRETTY_FUNCTION__` such as `T square(T) [T = double]`) when given: `square<double>`.
std::string function_display_name(const char *name, const char *signature);
/// "std::runtime_error: message" for an exception (its type, and what() when it is a std::exception).
std::string describe_exception(std::exception_ptr error);
/// The directory TRACEJIT_TAPE names (read once per process), or null.
const std::string *tape_directory();
/// Saves `root` as `<dir>/<sanitized name>-<pid>-<n>.tjtape` and returns the path (tj::Error on failure).
std::string save_to_directory(const Node &root, const std::string &dir);

} // namespace tj::tape::detail
