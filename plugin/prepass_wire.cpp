// plugin/prepass_wire.cpp — a PrepassResult as bytes: length-prefixed fields, written by the split compile's child
#include "prepass_wire.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticIDs.h>

#include <cstring>
#include <utility>

namespace tracejit::plugin {
namespace {

/// Writes a PrepassResult (and why the split cannot be used) as length-prefixed fields.
class WireOut {
  public:
    void put(uint64_t v) { m_text.append(reinterpret_cast<const char *>(&v), sizeof v); }
    void put(const std::string &s) {
        put(uint64_t(s.size()));
        m_text.append(s);
    }
    void put(const CapturedDiagnostic &d, const clang::DiagnosticsEngine &diags) {
        // An id made in the child after the fork is unknown to the parent: it is made again from its text there.
        const bool custom = d.id >= clang::diag::DIAG_UPPER_LIMIT;
        put(d.id);
        put(uint64_t(custom));
        put(custom ? diags.getDiagnosticIDs()->getDescription(d.id).str() : std::string());
        put(uint64_t(d.level));
        put(d.message);
        put(d.file);
        put(d.offset);
        for (const auto *ranges : {&d.ranges, &d.fixits}) {
            put(ranges->size());
            for (const CapturedRange &r : *ranges) {
                put(r.begin);
                put(r.end);
                put(uint64_t(r.token_range));
                put(r.code);
            }
        }
    }
    std::string &text() { return m_text; }

  private:
    std::string m_text;
};

class WireIn {
  public:
    explicit WireIn(const std::string &text) : m_text(text) {}
    bool ok() const { return m_ok; }
    uint64_t num() {
        uint64_t v = 0;
        if (m_at + sizeof v > m_text.size()) {
            m_ok = false;
            return 0;
        }
        std::memcpy(&v, m_text.data() + m_at, sizeof v);
        m_at += sizeof v;
        return v;
    }
    std::string str() {
        uint64_t n = num();
        if (!m_ok || n > m_text.size() - m_at) {
            m_ok = false;
            return {};
        }
        std::string s = m_text.substr(m_at, n);
        m_at += n;
        return s;
    }
    CapturedDiagnostic diagnostic(clang::DiagnosticsEngine &diags) {
        CapturedDiagnostic d;
        d.id = unsigned(num());
        const bool custom = num() != 0;
        const std::string description = str();
        d.level = clang::DiagnosticsEngine::Level(num());
        if (custom)
            d.id = diags.getDiagnosticIDs()->getCustomDiagID(clang::DiagnosticIDs::Level(d.level), description);
        d.message = str();
        d.file = str();
        d.offset = unsigned(num());
        for (auto *ranges : {&d.ranges, &d.fixits}) {
            uint64_t n = num();
            for (uint64_t i = 0; i < n && m_ok; ++i) {
                CapturedRange r;
                r.begin = unsigned(num());
                r.end = unsigned(num());
                r.token_range = num() != 0;
                r.code = str();
                ranges->push_back(std::move(r));
            }
        }
        return d;
    }

  private:
    const std::string &m_text;
    size_t m_at = 0;
    bool m_ok = true;
};

} // namespace

std::string encode_result(const PrepassResult &r, const std::string &problem, const clang::DiagnosticsEngine &diags) {
    WireOut w;
    w.put(problem);
    for (bool b : {r.had_errors, r.uses_freeze, r.uses_control, r.uses_dispatch, r.uses_fmt, r.uses_tj})
        w.put(uint64_t(b));
    w.put(r.rewritten_functions);
    w.put(r.rewritten_calls);
    w.put(r.files.size());
    for (const EditedFile &f : r.files) {
        w.put(f.name);
        w.put(uint64_t(f.is_main));
        w.put(f.text);
    }
    w.put(r.diagnostics.size());
    for (const EngineDiagnostic &d : r.diagnostics) {
        w.put(uint64_t(d.level));
        w.put(d.file);
        w.put(d.line);
        w.put(d.column);
        w.put(d.message);
        w.put(uint64_t(d.group));
    }
    w.put(r.rewritten.size());
    for (const RewrittenSpan &s : r.rewritten) {
        w.put(s.file);
        w.put(s.begin);
        w.put(s.end);
        w.put(s.end_line);
    }
    w.put(r.warnings.size());
    for (const CapturedWarning &c : r.warnings) {
        w.put(c.warning, diags);
        w.put(c.notes.size());
        for (const CapturedDiagnostic &n : c.notes)
            w.put(n, diags);
        w.put(uint64_t(c.late));
    }
    return std::move(w.text());
}

bool decode_result(const std::string &text, PrepassResult &r, std::string &problem, clang::DiagnosticsEngine &diags) {
    WireIn in(text);
    problem = in.str();
    for (bool *b : {&r.had_errors, &r.uses_freeze, &r.uses_control, &r.uses_dispatch, &r.uses_fmt, &r.uses_tj})
        *b = in.num() != 0;
    r.rewritten_functions = unsigned(in.num());
    r.rewritten_calls = unsigned(in.num());
    for (uint64_t i = 0, n = in.num(); i < n && in.ok(); ++i) {
        EditedFile f;
        f.name = in.str();
        f.is_main = in.num() != 0;
        f.text = in.str();
        r.files.push_back(std::move(f));
    }
    for (uint64_t i = 0, n = in.num(); i < n && in.ok(); ++i) {
        EngineDiagnostic d;
        d.level = EngineDiagnostic::Level(in.num());
        d.file = in.str();
        d.line = unsigned(in.num());
        d.column = unsigned(in.num());
        d.message = in.str();
        d.group = WarningGroup(in.num());
        r.diagnostics.push_back(std::move(d));
    }
    for (uint64_t i = 0, n = in.num(); i < n && in.ok(); ++i) {
        RewrittenSpan s;
        s.file = in.str();
        s.begin = unsigned(in.num());
        s.end = unsigned(in.num());
        s.end_line = unsigned(in.num());
        r.rewritten.push_back(std::move(s));
    }
    for (uint64_t i = 0, n = in.num(); i < n && in.ok(); ++i) {
        CapturedWarning c;
        c.warning = in.diagnostic(diags);
        for (uint64_t k = 0, notes = in.num(); k < notes && in.ok(); ++k)
            c.notes.push_back(in.diagnostic(diags));
        c.late = in.num() != 0;
        r.warnings.push_back(std::move(c));
    }
    return in.ok();
}

} // namespace tracejit::plugin
