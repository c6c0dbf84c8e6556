// runtime/tape/tape_recorder.cpp — records the calls of marked functions into a tape (tj::track, TRACEJIT_TAPE)
//
// Start with frame_enter: with no recorder on this thread it costs one thread-local read and one test of the
// cached TRACEJIT_TAPE setting. While recording, each executed site becomes one node (TapeRecorder::record): it is
// taken from the tape's arena, points at its site's interned Source (text, location, type), keeps its value as
// raw bits (formatted when read) and resolves its reads through the per-frame table of the last node that wrote
// each slot. Everything that is not needed while the program runs (Constant nodes, the synthetic root) is made
// in TapeRecorder::finish. It is one file because the hot path and the finishing share the recorder's private
// per-frame state; a split would put that state in a header for two users.
#include "tape_recorder.h"

#include "../log.h"
#include "recording_flag.h"
#include "tape_exit.h"
#include "tape_file.h"
#include "tape_limits.h"
#include "tape_threads.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <typeinfo>
#include <utility>
#include <vector>

#include <unistd.h>

namespace tj::tape::detail {
namespace {

__attribute__((tls_model("initial-exec"))) thread_local TapeRecorder *t_recorder = nullptr;
thread_local Tape t_last;
/// Depth of CaptureScopes on this thread: marked functions called while a value is formatted run unrecorded.
__attribute__((tls_model("initial-exec"))) thread_local unsigned t_capturing = 0;

Context &everything_context() {
    static Context ctx;
    return ctx;
}

using NA = NodeAccess;

std::string demangle(const char *mangled) {
    int status = 0;
    char *s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
    if (status != 0 || !s)
        return mangled;
    std::string out = s;
    std::free(s);
    return out;
}

/// "(lambda at /long/path/file.cpp:12:5)" → "(lambda at file.cpp:12:5)".
std::string shorten_paths(std::string name) {
    size_t pos = 0;
    while ((pos = name.find(" at ", pos)) != std::string::npos) {
        size_t start = pos + 4;
        size_t end = name.find_first_of(":)", start);
        if (end == std::string::npos)
            break;
        size_t slash = name.rfind('/', end);
        if (slash != std::string::npos && slash >= start)
            name.erase(start, slash + 1 - start);
        pos = start;
    }
    return name;
}

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return std::string(s);
}

std::atomic<unsigned> g_saved_count{0};

} // namespace

// --- names ---

std::string function_display_name(const char *name, const char *signature) {
    std::string base = name ? name : "";
    if (!signature)
        return base;
    std::string_view sig = signature;
    if (sig.empty() || sig.back() != ']')
        return base;
    int depth = 0;
    size_t open = std::string_view::npos;
    for (size_t i = sig.size(); i-- > 0;) {
        if (sig[i] == ']')
            ++depth;
        else if (sig[i] == '[' && --depth == 0) {
            open = i;
            break;
        }
    }
    if (open == std::string_view::npos)
        return base;
    std::string_view inner = sig.substr(open + 1, sig.size() - open - 2);
    if (inner.starts_with("with "))
        inner.remove_prefix(5);
    std::vector<std::pair<std::string, std::string>> bindings;
    depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= inner.size(); ++i) {
        char c = i < inner.size() ? inner[i] : ',';
        if (c == '<' || c == '(' || c == '[' || c == '{')
            ++depth;
        else if (c == '>' || c == ')' || c == ']' || c == '}')
            --depth;
        else if ((c == ',' || c == ';') && depth <= 0) {
            std::string_view part = inner.substr(start, i - start);
            size_t eq = part.find(" = ");
            if (eq != std::string_view::npos)
                bindings.emplace_back(trim(part.substr(0, eq)), trim(part.substr(eq + 3)));
            start = i + 1;
        }
    }
    if (bindings.empty())
        return base;
    if (base.find('<') == std::string::npos) {
        std::string out = base + "<";
        for (size_t i = 0; i < bindings.size(); ++i)
            out += (i ? ", " : "") + bindings[i].second;
        if (out.back() == '>')
            out += ' ';
        return out + ">";
    }
    // "Box<T>::get": substitute the parameters by name.
    std::string out;
    for (size_t i = 0; i < base.size();) {
        if (is_ident(base[i]) && (i == 0 || !is_ident(base[i - 1]))) {
            size_t j = i;
            while (j < base.size() && is_ident(base[j]))
                ++j;
            std::string word = base.substr(i, j - i);
            const std::string *value = nullptr;
            for (const auto &[k, v] : bindings)
                if (k == word)
                    value = &v;
            out += value ? *value : word;
            i = j;
        } else {
            out += base[i++];
        }
    }
    return out;
}

std::string describe_exception(std::exception_ptr error) {
    if (!error)
        return "unknown exception";
    try {
        std::rethrow_exception(error);
    } catch (const std::exception &e) {
        return demangle(typeid(e).name()) + ": " + e.what();
    } catch (...) {
        std::type_info *t = abi::__cxa_current_exception_type();
        return t ? demangle(t->name()) : std::string("unknown exception");
    }
}

namespace {

/// Clears bit 0 of g_recording (TRACEJIT_TAPE not read yet), setting bit 1 when TRACEJIT_TAPE is set.
void resolve_recording_flag() {
    if (tape_directory())
        recording_flag().fetch_or(2u, std::memory_order_relaxed);
    recording_flag().fetch_and(~1u, std::memory_order_relaxed);
}

/// Resolves the flag when the library is loaded, before the program's own initializers and main run (a shared
/// library's initializers run before those of what depends on it), so that the first marked call already takes the
/// body as written when TRACEJIT_TAPE is not set. Marked calls made before this (from the initializers of another
/// library loaded earlier) find bit 0 still set and resolve the flag themselves (frame_enter).
[[gnu::constructor]] void resolve_recording_flag_at_load() { resolve_recording_flag(); }

/// Set when TRACEJIT_TAPE cannot record (its file cannot be made, a limit does not parse, the file stopped).
std::atomic<bool> g_stream_off{false};

} // namespace

void stream_recording_off() noexcept {
    g_stream_off.store(true, std::memory_order_relaxed);
    recording_flag().fetch_and(~2u, std::memory_order_relaxed); // twins run their bodies as written again
}

namespace {

/// This thread's streaming recorder, made on its first marked call (null: TRACEJIT_TAPE cannot record).
TapeRecorder *start_streaming(const std::string &dir) noexcept {
    if (g_stream_off.load(std::memory_order_relaxed))
        return nullptr;
    try {
        const TapeLimits &limits = tape_limits();
        if (!limits.error.empty()) {
            static std::once_flag once;
            std::call_once(once, [&] {
                logging::warn("TRACEJIT_TAPE: {}; nothing is recorded and the program runs on unrecorded",
                              limits.error);
            });
            stream_recording_off();
            return nullptr;
        }
        StreamFile *file = StreamFile::get(dir);
        if (!file || file->stopped()) {
            stream_recording_off();
            return nullptr;
        }
        TapeRecorder *r = TapeRecorder::streaming(file);
        exit_guard_started(r);
        // Written out when the thread ends (its buffer would be lost), and again at exit for calls made later.
        struct Flush {
            TapeRecorder *r = nullptr;
            ~Flush() {
                if (r)
                    r->stream_flush();
            }
        };
        static thread_local Flush flush;
        flush.r = r;
        return r;
    } catch (...) {
        logging::warn("TRACEJIT_TAPE: out of memory when starting to record; the program runs on unrecorded");
        stream_recording_off();
        return nullptr;
    }
}

} // namespace

const std::string *tape_directory() {
    static const std::optional<std::string> dir = []() -> std::optional<std::string> {
        const char *d = std::getenv("TRACEJIT_TAPE");
        if (d && *d)
            return std::string(d);
        return std::nullopt;
    }();
    return dir ? &*dir : nullptr;
}

std::string save_to_directory(const Node &root, const std::string &dir) {
    std::string name;
    for (char c : root.text())
        name += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.') ? c : '_';
    if (name.empty())
        name = "tape";
    if (name.size() > 100)
        name.resize(100);
    std::string path = dir;
    if (!path.empty() && path.back() != '/')
        path += '/';
    path += name + "-" + std::to_string(::getpid()) + "-" + std::to_string(g_saved_count.fetch_add(1)) + ".tjtape";
    save(root, path);
    return path;
}

// --- TapeRecorder ---

TapeRecorder::TapeRecorder(Context *ctx, bool direct, std::string callable_name, bool auto_save)
    : m_ctx(ctx), m_direct(direct), m_auto_save(auto_save), m_callable_name(std::move(callable_name)),
      m_data(std::make_unique<TapeData>()) {
    // The base Context and DepthLimit attach nothing: skip the virtual call per node for them.
    m_annotates = typeid(*ctx) != typeid(Context) && typeid(*ctx) != typeid(DepthLimit);
    m_then = m_data->intern("then");
    m_else = m_data->intern("else");
    m_default = m_data->intern("default");
    m_none = m_data->intern("none");
    m_slots.reserve(256);
    m_loops.reserve(256);
    m_pending.reserve(64);
}

FunctionCache &TapeRecorder::cache_for(const FunctionInfo &fn, const char *signature) {
    if (&fn == m_last_function) // a function called again and again (its FunctionCache never moves)
        return *m_last_cache;
    auto [it, inserted] = m_functions.try_emplace(&fn);
    m_last_function = &fn;
    m_last_cache = &it->second;
    FunctionCache &fc = it->second;
    if (inserted) {
        fc.name = function_display_name(fn.name, signature ? signature : fn.signature);
        fc.call = m_data->intern_source(fc.name, fn.file ? fn.file : "", fn.line, fn.column, "", 0);
        fc.sites.resize(fn.site_count);
        fc.params.resize(fn.param_count);
        if (m_stream)
            fc.selected = function_selected(tape_limits(), fc.name);
    }
    return fc;
}

const Source *TapeRecorder::site_source(FrameState &fs, uint32_t site, const char *type) {
    SiteCache &sc = fs.cache->sites[site];
    if (type != sc.type_key || !sc.source) [[unlikely]] {
        const FunctionInfo &fn = *fs.fn;
        const Site &s = fn.sites[site];
        sc.source = m_data->intern_source(s.text ? s.text : "", fn.file ? fn.file : "", s.line, s.column,
                                          type ? type : "", s.nesting);
        sc.type_key = type;
    }
    return sc.source;
}

const Source *TapeRecorder::call_source(FrameState &fs, const char *type) {
    SiteCache &sc = fs.cache->call_typed;
    if (type != sc.type_key || !sc.source) {
        sc.source = m_data->with_type(fs.cache->call, type ? type : "");
        sc.type_key = type;
    }
    return sc.source;
}

void TapeRecorder::attach(Node *parent, Node *child) { m_data->append_child(parent, child); }

Node *TapeRecorder::synthetic_root() {
    if (m_synthetic)
        return m_root;
    Node *root = m_data->new_node();
    NA::kind(*root) = Kind::Call;
    NA::source(*root) = m_data->intern_source(shorten_paths(m_callable_name), "", 0, 0, "", 0);
    Node *first = m_root; // a directly tracked function's call, which turns out not to be the only one
    m_root = root;
    m_synthetic = true;
    if (first)
        attach(root, first);
    return root;
}

void TapeRecorder::set_value(Node *n, Captured &&v) {
    NA::value_kind(*n) = v.kind;
    NA::bits(*n) = v.bits;
    if (!v.text.empty()) [[unlikely]]
        NA::string(*n) = std::move(v.text);
    if (v.ad) [[unlikely]] // a differentiable array: the node shows the gradient that reaches it
        NA::set_ad(*n, v.take_ad());
}

void *TapeRecorder::enter(const FunctionInfo &fn, const char *signature, bool *record) {
    if (m_stream)
        return enter_stream(fn, signature, record);
    if (m_stopped) [[unlikely]]
        return nullptr;
    if (!m_frames.empty() && m_frames.back().decided && m_frames.back().leaf)
        return nullptr; // below a leaf: nothing is recorded
    FunctionCache &fc = cache_for(fn, signature);
    Node *call = m_data->new_node();
    NA::kind(*call) = Kind::Call;
    NA::source(*call) = fc.call;
    int depth;
    if (!m_frames.empty()) {
        FrameState &parent = m_frames.back();
        attach(parent.call, call);
        depth = parent.depth + 1;
    } else if (m_worker) [[unlikely]] { // a call made on a worker thread of a parallel region
        NA::set_thread(*call, m_thread);
        m_worker_calls.push_back(call);
        depth = m_caller_depth + 1;
    } else if (!m_root && m_direct) {
        m_root = call; // the tracked function itself
        depth = 1;
    } else {
        attach(synthetic_root(), call);
        depth = 2;
    }
    FrameState &fs = m_frames.emplace_back();
    fs.recorder = this;
    fs.fn = &fn;
    fs.cache = &fc;
    fs.call = call;
    fs.record = record;
    fs.depth = depth;
    fs.slot_base = m_slots.size();
    m_slots.resize(fs.slot_base + fn.slot_count, nullptr);
    fs.loop_base = m_loops.size();
    m_loops.resize(fs.loop_base + fn.site_count, 0);
    fs.pending_base = m_pending.size();
    *record = true;
    if (fn.param_count == 0) {
        try {
            decide(fs);
        } catch (...) { // the Frame is not constructed, so it will not leave: undo the frame here
            leave(fs);
            throw;
        }
    }
    return &fs;
}

void TapeRecorder::decide(FrameState &fs) {
    fs.decided = true;
    if (!m_ctx->expand(*fs.call, fs.depth)) {
        fs.leaf = true;
        NA::expanded(*fs.call) = false;
        *fs.record = false;
    }
}

const Source *TapeRecorder::param_source(FrameState &fs, uint32_t index, const char *type) {
    SiteCache &pc = fs.cache->params[index];
    if (type != pc.type_key || !pc.source) [[unlikely]] {
        const FunctionInfo &fn = *fs.fn;
        const char *name = fn.slot_names && index < fn.slot_count && fn.slot_names[index] ? fn.slot_names[index] : "";
        pc.source = m_data->intern_source(name, fn.file ? fn.file : "", fn.line, fn.column, type ? type : "", 0);
        pc.type_key = type;
    }
    return pc.source;
}

void TapeRecorder::arg(FrameState &fs, uint32_t index, Captured &&value) {
    if (fs.decided || index >= fs.fn->param_count)
        return;
    Node *n = m_stream ? scratch_node() : m_data->new_node();
    NA::kind(*n) = Kind::Argument;
    NA::source(*n) = param_source(fs, index, value.type);
    set_value(n, std::move(value));
    if (m_stream) {
        m_scratch_frame = &fs;
        m_scratch_site = ~0u;
        m_scratch_calls = 0;
        m_refs.clear();
        if (index < fs.fn->slot_count)
            m_slot_ords[fs.slot_base + index] = next_ordinal() + 1;
        emit_scratch();
    } else {
        attach(fs.call, n);
        if (index < fs.fn->slot_count)
            m_slots[fs.slot_base + index] = n;
        annotate(*n);
    }
    if (index + 1 >= fs.fn->param_count)
        decide(fs);
}

Node *TapeRecorder::record(FrameState &fs, uint32_t site, Kind kind, Captured &&value, size_t extra_children) {
    if (m_stream)
        return record_stream(fs, site, kind, std::move(value), extra_children);
    if (!fs.decided) [[unlikely]]
        decide(fs);
    const FunctionInfo &fn = *fs.fn;
    if (fs.leaf || site >= fn.site_count) [[unlikely]]
        return nullptr;
    const Site &s = fn.sites[site];
    Node *n = m_data->new_node();
    NA::kind(*n) = kind;
    const SiteCache &sc = fs.cache->sites[site];
    NA::source(*n) = value.type == sc.type_key && sc.source ? sc.source : site_source(fs, site, value.type);
    if (value.kind != ValueKind::None)
        set_value(n, std::move(value));

    Node **slots = m_slots.data() + fs.slot_base;
    const size_t pending = m_pending.size() - fs.pending_base;
    const size_t count = pending + s.reads_count;
    const size_t constants = fn.literals ? s.literals_count : 0;
    if (count + constants + extra_children) {
        auto *refs = m_data->make_block(n, count, constants + extra_children);
        uint32_t used = 0;
        if (pending) [[unlikely]] {
            for (size_t i = 0; i < pending; ++i)
                refs[used++] = {0, m_pending[fs.pending_base + i]};
            m_pending.resize(fs.pending_base);
        }
        if (fn.operands) {
            const Operand *ops = fn.operands + s.reads_begin;
            for (uint32_t i = 0; i < s.reads_count; ++i)
                if (ops[i].slot < fn.slot_count && slots[ops[i].slot])
                    refs[used++] = {static_cast<int>(ops[i].position), slots[ops[i].slot]};
        }
        NA::set_reference_count(*n, used);
        if (constants)
            add_constants(fs, site, n);
    }
    if (fn.writes) {
        const uint32_t *writes = fn.writes + s.writes_begin;
        for (uint32_t i = 0; i < s.writes_count; ++i)
            if (writes[i] < fn.slot_count)
                slots[writes[i]] = n;
    }
    attach(fs.call, n);
    return n;
}

// The literals of a site become Constant children of each of its nodes. Made here rather than when the tape is
// finished: a second pass over every node of a large tape costs more than filling the nodes while they are hot.
const std::vector<SiteCache::Constant> &TapeRecorder::site_constants(FrameState &fs, uint32_t site) {
    SiteCache &sc = fs.cache->sites[site];
    const Site &s = fs.fn->sites[site];
    if (sc.constants.empty()) {
        const FunctionInfo &fn = *fs.fn;
        const Literal *lits = fn.literals + s.literals_begin;
        for (uint32_t i = 0; i < s.literals_count; ++i) {
            const Literal &l = lits[i];
            std::string_view text = l.text ? l.text : "", type = l.type ? l.type : "";
            // The plugin wrote the literal's value; a table without one (kind Text) shows the spelling.
            std::string chars;
            if (l.kind == ValueKind::String && l.chars)
                chars.assign(l.chars, l.size);
            else if (l.kind == ValueKind::Text)
                chars = text;
            sc.constants.push_back(
                {m_data->intern_source(text, fn.file ? fn.file : "", s.line, s.column, type, s.nesting), l.kind, l.bits,
                 std::move(chars)});
        }
    }
    return sc.constants;
}

void TapeRecorder::add_constants(FrameState &fs, uint32_t site, Node *n) {
    for (const SiteCache::Constant &p : site_constants(fs, site)) {
        Node *c = m_data->new_node();
        NA::kind(*c) = Kind::Constant;
        NA::source(*c) = p.source;
        if (p.kind != ValueKind::None) {
            NA::value_kind(*c) = p.kind;
            NA::bits(*c) = p.bits;
            if (!p.text.empty())
                NA::string(*c) = p.text;
        }
        m_data->put_child(n, c); // into the slots make_block left for them
        annotate(*c);
    }
}

void TapeRecorder::loop_enter(FrameState &fs, uint32_t site) {
    if (!m_tails.empty()) [[unlikely]] // the loop runs again: the tail of its last run ends here
        end_tails_outside(fs, site < fs.fn->site_count ? fs.fn->sites[site].nesting : 0);
    if (site < fs.fn->site_count)
        m_loops[fs.loop_base + site] = 0;
}

void TapeRecorder::loop(FrameState &fs, uint32_t site, bool condition) {
    RawValue v;
    v.kind = ValueKind::Bool;
    v.bits = condition;
    v.type = "bool";
    if (m_stream) {
        if (!loop_stream(fs, site, condition)) [[unlikely]]
            return;
        if (site < fs.fn->site_count && stream_scalar(fs, site, Kind::Loop, v, m_loops[fs.loop_base + site]))
            return;
    }
    if (Node *n = record(fs, site, Kind::Loop, captured(v))) {
        NA::set_iteration(*n, m_stream ? m_loops[fs.loop_base + site] : ++m_loops[fs.loop_base + site]);
        done(n);
    }
}

void TapeRecorder::branch(FrameState &fs, uint32_t site, bool taken) {
    Captured v;
    v.kind = ValueKind::Bool;
    v.bits = taken;
    v.type = "bool";
    if (Node *n = record(fs, site, Kind::Branch, std::move(v))) {
        NA::set_taken(*n, taken ? m_then : m_else);
        done(n);
    }
}

void TapeRecorder::symbolic(FrameState &fs, uint32_t site) {
    if (site >= fs.fn->site_count)
        return;
    Captured v;
    v.kind = ValueKind::Text;
    v.text = "symbolic";
    v.type = "tj::Bool";
    Kind kind = fs.fn->sites[site].kind == Kind::Loop ? Kind::Loop : Kind::Branch;
    if (Node *n = record(fs, site, kind, std::move(v))) // iteration 0 and no way taken: both ways are traced
        done(n);
}

void TapeRecorder::switch_(FrameState &fs, uint32_t site, Captured &&value, bool integral, int64_t v) {
    Node *n = record(fs, site, Kind::Branch, std::move(value));
    if (!n)
        return;
    const FunctionInfo &fn = *fs.fn;
    const Site &s = fn.sites[site];
    const std::string *taken = (s.flags & SiteHasDefault) ? m_default : m_none;
    if (integral && fn.cases)
        for (uint32_t i = 0; i < s.cases_count; ++i) {
            const Case &c = fn.cases[s.cases_begin + i];
            if (c.low <= v && v <= c.high) {
                taken = m_data->intern(c.text ? c.text : "case");
                break;
            }
        }
    NA::set_taken(*n, taken);
    done(n);
}

void TapeRecorder::ret(FrameState &fs, uint32_t site, Captured &&value) {
    if (!fs.decided)
        decide(fs);
    if (fs.leaf) { // only the call's value
        NA::source(*fs.call) = call_source(fs, value.type);
        set_value(fs.call, std::move(value));
        return;
    }
    const char *type = value.type;
    if (Node *n = record(fs, site, Kind::Return, std::move(value))) {
        NA::copy_value(*fs.call, *n);
        if (n->has_value())
            NA::source(*fs.call) = call_source(fs, type);
        done(n);
    }
}

void TapeRecorder::result(FrameState &fs, Captured &&value) {
    if (!fs.decided)
        decide(fs);
    NA::source(*fs.call) = call_source(fs, value.type);
    set_value(fs.call, std::move(value));
}

void TapeRecorder::thrown(FrameState &fs, std::exception_ptr error) noexcept {
    try {
        std::string &e = NA::exception(*fs.call);
        if (e.empty())
            e = describe_exception(error);
    } catch (...) {
    }
}

void TapeRecorder::capture_failed(std::exception_ptr error) noexcept {
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc &) {
        failed("out of memory");
    } catch (...) {
        std::string what;
        try {
            what = "capturing a value threw " + describe_exception(error);
        } catch (...) {
            what = "out of memory";
        }
        failed(what);
    }
}

void TapeRecorder::main_result(FrameState &fs) noexcept {
    // `main` is `int main(…)` and reaching its end returns 0 ([basic.start.main]): a call of the global `main` that
    // left with no value, no exception and no Return node ran off its end.
    const char *name = fs.fn->name;
    if (!name || std::string_view(name) != "main" || fs.call->has_value() || !fs.call->exception().empty() ||
        !fs.call->unfinished().empty())
        return;
    try {
        Captured zero;
        zero.kind = ValueKind::Signed;
        zero.bits = 0;
        zero.type = "int";
        NA::source(*fs.call) = call_source(fs, "int");
        set_value(fs.call, std::move(zero));
    } catch (...) {
    }
}

void TapeRecorder::leave(FrameState &fs) noexcept {
    if (m_stream)
        return leave_stream(fs);
    if (m_frames.empty() || &m_frames.back() != &fs) {
        logging::error("tj::tape: a recorded frame left out of order (ignored)");
        return;
    }
    main_result(fs);
    Node *call = fs.call;
    m_slots.resize(fs.slot_base);
    m_loops.resize(fs.loop_base);
    m_pending.resize(fs.pending_base);
    m_frames.pop_back();
    try {
        annotate(*call);
    } catch (const std::exception &e) {
        logging::warn("tj::tape: Context::annotate threw for call '{}': {}", call->text(), e.what());
    } catch (...) {
        logging::warn("tj::tape: Context::annotate threw for call '{}'", call->text());
    }
    if (!m_frames.empty())
        m_pending.push_back(call); // referenced by the caller's next node
}

void TapeRecorder::resume_after_longjmp(FrameState &fs) noexcept {
    if (!(fs.fn->flags & FunctionCallsSetjmp) ||
        std::none_of(m_frames.begin(), m_frames.end(), [&](const FrameState &f) { return &f == &fs; }))
        return;
    while (&m_frames.back() != &fs) {
        FrameState &left = m_frames.back();
        try {
            if (left.call && left.call->unfinished().empty())
                NA::unfinished(*left.call) = "left by longjmp";
        } catch (...) { // (out of memory: it ends without the reason)
        }
        if (left.region) [[unlikely]] // jumped out of the thread that was to start a parallel region
            parallel_abandon(left);
        leave(left);
    }
}

TapeRecorder *TapeRecorder::worker(Context *ctx, int caller_depth, uint32_t thread) {
    auto *r = new TapeRecorder(ctx, false, "", false);
    r->m_worker = true;
    r->m_caller_depth = caller_depth;
    r->m_thread = thread;
    return r;
}

void TapeRecorder::parallel_statement(FrameState &fs, uint32_t site,
                                      std::vector<std::unique_ptr<TapeRecorder>> workers) {
    size_t calls = 0;
    for (const auto &w : workers) {
        if (!w->idle()) // cannot happen: a parallel region ends when its threads are done
            logging::error("tj::tape: a worker thread's call was still open when its parallel region ended");
        calls += w->m_worker_calls.size();
    }
    Node *n = record(fs, site, Kind::Statement, Captured{}, calls);
    if (!n)
        return;
    if (m_stream) { // the node, then each thread's calls as Call records (out_node)
        m_scratch_calls = static_cast<uint32_t>(calls);
        m_scratch_workers = &workers;
        emit_scratch();
        return;
    }
    for (auto &w : workers) {
        for (Node *call : w->m_worker_calls)
            m_data->put_child(n, call);
        w->m_worker_calls.clear();
        m_data->adopted.push_back(std::move(w->m_data));
    }
    annotate(*n);
}

std::string TapeRecorder::save_unfinished(const std::string &reason, const std::string &dir) {
    for (FrameState &fs : m_frames)
        NA::unfinished(*fs.call) = reason;
    std::deque<FrameState> open;
    open.swap(m_frames); // finish() expects no open call
    // Kept, never freed: the open frames still point into its nodes, and the program may go on (a signal handler
    // that returns), recording on into storage of its own that is never saved. Held by a list that a static
    // pointer reaches, so that a leak checker at exit (LeakSanitizer in CI) does not count it.
    static auto *kept = new std::vector<std::unique_ptr<Tape>>(); // (save_all holds the live list's lock)
    Tape *tape = kept->emplace_back(std::make_unique<Tape>(finish(nullptr))).get();
    m_frames.swap(open);
    m_data = std::make_unique<TapeData>();
    m_abandoned = true;
    return save_to_directory(**tape, dir);
}

Tape TapeRecorder::finish(std::exception_ptr error) {
    if (!m_frames.empty())
        logging::error("tj::tape: a tape finished with {} calls still open", m_frames.size());
    Node *root = m_root;
    const bool synthetic = !root || m_synthetic;
    if (synthetic)
        root = synthetic_root();
    if (m_has_result && (synthetic || !root->has_value())) {
        NA::source(*root) = m_data->with_type(NA::source(*root), m_result.type ? m_result.type : "");
        set_value(root, std::move(m_result));
    }
    if (error && NA::exception(*root).empty())
        NA::exception(*root) = describe_exception(error);
    if (!m_failed.empty() && NA::unfinished(*root).empty())
        NA::unfinished(*root) = "stopped: " + m_failed;
    if (synthetic)
        annotate(*root);

    m_data->root = root;
    return TapeData::make_tape(std::move(m_data));
}

// --- hooks ---

CaptureScope::CaptureScope() noexcept { ++t_capturing; }
CaptureScope::~CaptureScope() { --t_capturing; }

TapeRecorder *this_thread_recorder() { return t_recorder; }
void set_this_thread_recorder(TapeRecorder *r) { t_recorder = r; }

void *frame_enter(const FunctionInfo &fn, const char *signature, bool *record_statements) {
    if (recording_flag().load(std::memory_order_relaxed) & 1u) [[unlikely]]
        resolve_recording_flag();
    TapeRecorder *r = t_recorder;
    if (t_capturing) [[unlikely]]
        return nullptr;
    if (!r) [[likely]] {
        if (g_open_regions.load(std::memory_order_relaxed) != 0) [[unlikely]] { // a thread of a recorded region?
            bool suppress = false;
            r = adopt_for_region(&suppress);
            if (suppress)
                return nullptr;
        }
        if (!r) {
            const std::string *dir = tape_directory();
            if (!dir) [[likely]]
                return nullptr;
            r = start_streaming(*dir);
            if (!r)
                return nullptr;
        }
        t_recorder = r;
    }
    try {
        return r->enter(fn, signature, record_statements);
    } catch (const std::bad_alloc &) {
        r->failed("out of memory");
    } catch (const std::exception &e) {
        if (!r->streaming())
            throw; // a Context's exception, for tj::track to rethrow
        r->failed(e.what());
    } catch (...) {
        if (!r->streaming())
            throw;
        r->failed("an unknown exception inside the recorder");
    }
    return nullptr;
}

namespace {

/// The frame a hook of the generated code passes, the innermost open one again after a longjmp into its function.
FrameState &frame_of(void *frame) noexcept {
    FrameState &fs = *static_cast<FrameState *>(frame);
    if (&fs != fs.recorder->top_frame()) [[unlikely]]
        fs.recorder->resume_after_longjmp(fs);
    return fs;
}

/// Runs a hook; an exception of the recorder (out of memory, …) stops recording instead of reaching the program.
template <typename F> void guarded(FrameState &fs, F &&f) noexcept {
    try {
        f();
    } catch (const std::bad_alloc &) {
        fs.recorder->failed("out of memory");
    } catch (const std::exception &e) {
        fs.recorder->failed(e.what());
    } catch (...) {
        fs.recorder->failed("an unknown exception inside the recorder");
    }
}

} // namespace

void frame_leave(void *frame) noexcept {
    FrameState &fs = frame_of(frame);
    TapeRecorder *r = fs.recorder;
    if (fs.region) [[unlikely]] // left before its parallel region began (a throwing clause)
        parallel_abandon(fs);
    r->leave(fs);
    if (!r->idle())
        return;
    if (r->is_worker()) [[unlikely]] { // a thread's call in a parallel region returned: the region keeps the recorder
        if (t_recorder == r)
            t_recorder = nullptr;
        worker_idle(r);
        return;
    }
    if (r->auto_save()) {
        if (t_recorder == r)
            t_recorder = r->previous;
        exit_guard_finished(r);
        if (!r->abandoned()) {
            try {
                Tape tape = r->finish(nullptr);
                std::string path = save_to_directory(*tape, *tape_directory());
                logging::debug("tj::tape: TRACEJIT_TAPE: wrote {}", path);
            } catch (const std::exception &e) {
                logging::warn("TRACEJIT_TAPE: could not save a tape: {}", e.what());
            } catch (...) {
                logging::warn("TRACEJIT_TAPE: could not save a tape");
            }
        }
        delete r;
    }
}

void frame_parallel_begin(void *frame, uint32_t site) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { parallel_begin(fs, site); });
}

void frame_parallel_end(void *frame, uint32_t site) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { parallel_end(fs, site); });
}

void frame_arg(void *frame, uint32_t index, const RawValue &value) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] {
        if (!fs.recorder->stream_arg(fs, index, value))
            fs.recorder->arg(fs, index, captured(value));
    });
}

void frame_stmt(void *frame, uint32_t site, const RawValue &value) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] {
        if (fs.recorder->stream_scalar(fs, site, Kind::Statement, value))
            return;
        if (Node *n = fs.recorder->record(fs, site, Kind::Statement, captured(value)))
            fs.recorder->done(n);
    });
}

void frame_branch(void *frame, uint32_t site, bool taken) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->branch(fs, site, taken); });
}

void frame_loop_enter(void *frame, uint32_t site) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->loop_enter(fs, site); });
}

void frame_loop(void *frame, uint32_t site, bool condition) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->loop(fs, site, condition); });
}

void frame_symbolic(void *frame, uint32_t site) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->symbolic(fs, site); });
}

void frame_switch(void *frame, uint32_t site, const RawValue &value, bool integral, int64_t v) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->switch_(fs, site, captured(value), integral, v); });
}

void frame_return(void *frame, uint32_t site, const RawValue &value) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->ret(fs, site, captured(value)); });
}

void frame_result(void *frame, const RawValue &value) noexcept {
    FrameState &fs = frame_of(frame);
    guarded(fs, [&] { fs.recorder->result(fs, captured(value)); });
}

void frame_thrown(void *frame) noexcept {
    FrameState &fs = frame_of(frame);
    fs.recorder->thrown(fs, std::current_exception());
}

void frame_capture_failed(void *frame) noexcept {
    FrameState &fs = frame_of(frame);
    fs.recorder->capture_failed(std::current_exception());
}

// --- tj::track ---

TapeRecorder *track_begin(Context *ctx, bool direct, const char *callable_name) {
    auto *r = new TapeRecorder(ctx ? ctx : &everything_context(), direct, callable_name ? callable_name : "", false);
    recording_flag().fetch_add(4u, std::memory_order_relaxed); // before the first marked call of the recording
    r->previous = t_recorder;
    t_recorder = r;
    return r;
}

void track_result_captured(TapeRecorder *rec, Captured &&value) { rec->set_result(std::move(value)); }

void track_capture_failed(TapeRecorder *rec, std::exception_ptr error) noexcept { rec->capture_failed(error); }

Tape track_end(TapeRecorder *rec, std::exception_ptr error) {
    if (t_recorder == rec)
        t_recorder = rec->previous;
    recording_flag().fetch_sub(4u, std::memory_order_relaxed);
    std::unique_ptr<TapeRecorder> owner(rec);
    Tape tape = rec->finish(error);
    if (error) { // tj::track rethrows: the tape waits for take_last()
        t_last = std::move(tape);
        return Tape();
    }
    t_last = Tape();
    return tape;
}

} // namespace tj::tape::detail

namespace tj::tape {

Tape take_last() { return std::move(detail::t_last); }

} // namespace tj::tape
