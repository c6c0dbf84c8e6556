// plugin/engine/plan/emit_tables.cpp — the static tables of a rewritten function (include/tracejit/generated/tape_hooks.h)
#include "engine/plan/emit_tables.h"

#include "engine/core/source_edits.h"

#include <llvm/Support/ConvertUTF.h>

#include <cstdint>
#include <cstdio>
#include <limits>

namespace tracejit::plugin {

namespace {

const char *kind_spelling(SiteKind kind) {
    switch (kind) {
    case SiteKind::Statement: return "::tj::tape::Kind::Statement";
    case SiteKind::Branch: return "::tj::tape::Kind::Branch";
    case SiteKind::Loop: return "::tj::tape::Kind::Loop";
    case SiteKind::Return: return "::tj::tape::Kind::Return";
    }
    return "::tj::tape::Kind::Statement";
}

const char *value_kind_spelling(LiteralKind kind) {
    switch (kind) {
    case LiteralKind::Bool: return "::tj::tape::ValueKind::Bool";
    case LiteralKind::Signed: return "::tj::tape::ValueKind::Signed";
    case LiteralKind::Unsigned: return "::tj::tape::ValueKind::Unsigned";
    case LiteralKind::Float: return "::tj::tape::ValueKind::Float";
    case LiteralKind::Pointer: return "::tj::tape::ValueKind::Pointer";
    case LiteralKind::String: return "::tj::tape::ValueKind::String";
    }
    return "::tj::tape::ValueKind::Text";
}

/// A Literal's value fields (include/tracejit/generated/tape_hooks.h): kind, bits, chars, size. Floats' bits in hex.
std::string literal_value(const PlannedLiteral &l) {
    std::string bits;
    if (l.kind == LiteralKind::Float) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%016llxull", static_cast<unsigned long long>(l.bits));
        bits = buf;
    } else {
        bits = std::to_string(l.bits) + "ull";
    }
    std::string chars = "nullptr";
    if (l.kind == LiteralKind::String) {
        const auto *begin = reinterpret_cast<const llvm::UTF8 *>(l.chars.data());
        // Bytes that are not UTF-8 (from escapes like "\xff") are written as escapes, so that the generated text
        // stays valid UTF-8.
        chars = cxx_string_literal(l.chars, !llvm::isLegalUTF8String(&begin, begin + l.chars.size()));
    }
    return std::string(value_kind_spelling(l.kind)) + ", " + bits + ", " + chars + ", " +
           std::to_string(l.kind == LiteralKind::String ? l.chars.size() : 0) + "u";
}

std::string int64_literal(int64_t v) {
    if (v == std::numeric_limits<int64_t>::min())
        return "(-9223372036854775807LL - 1)";
    return std::to_string(v) + "LL";
}

} // namespace

std::string emit_prologue(const FunctionPlan &plan, bool exceptions) {
    std::string sites, operands, literals, writes, cases;
    uint32_t n_operands = 0, n_literals = 0, n_writes = 0, n_cases = 0;
    for (const PlannedSite &s : plan.sites) {
        uint32_t rb = n_operands, lb = n_literals, wb = n_writes, cb = n_cases;
        for (const PlannedOperand &o : s.reads) {
            operands += "{" + std::to_string(o.position) + "u, " + std::to_string(o.slot) + "u}, ";
            ++n_operands;
        }
        for (const PlannedLiteral &l : s.literals) {
            literals += "{" + std::to_string(l.position) + "u, " + cxx_string_literal(l.text) + ", " +
                        cxx_string_literal(l.type) + ", " + literal_value(l) + "}, ";
            ++n_literals;
        }
        for (uint32_t w : s.writes) {
            writes += std::to_string(w) + "u, ";
            ++n_writes;
        }
        for (const PlannedCase &c : s.cases) {
            cases +=
                "{" + int64_literal(c.low) + ", " + int64_literal(c.high) + ", " + cxx_string_literal(c.text) + "}, ";
            ++n_cases;
        }
        sites += "{" + std::string(kind_spelling(s.kind)) + ", " + std::to_string(s.line) + "u, " +
                 std::to_string(s.column) + "u, " + std::to_string(s.nesting) + "u, " + cxx_string_literal(s.text) +
                 ", " + std::to_string(rb) + "u, " + std::to_string(s.reads.size()) + "u, " + std::to_string(lb) +
                 "u, " + std::to_string(s.literals.size()) + "u, " + std::to_string(wb) + "u, " +
                 std::to_string(s.writes.size()) + "u, " + std::to_string(cb) + "u, " + std::to_string(s.cases.size()) +
                 "u, " + (s.has_default ? "1u" : "0u") + "}, ";
    }
    std::string slot_names;
    for (const std::string &n : plan.slot_names)
        slot_names += cxx_string_literal(n) + ", ";

    const std::string ns = "::tj::tape::detail::";
    std::string out;
    auto table = [&](const char *type, const char *name, const std::string &items) {
        if (items.empty())
            return std::string("nullptr");
        out += std::string("static constexpr ") + type + " " + name + "[] = {" + items + "}; ";
        return std::string(name);
    };
    std::string t_sites = table((ns + "Site").c_str(), "__tj_sites", sites);
    std::string t_operands = table((ns + "Operand").c_str(), "__tj_operands", operands);
    std::string t_literals = table((ns + "Literal").c_str(), "__tj_literals", literals);
    std::string t_writes = table("::tj::tape::detail::u32", "__tj_writes", writes);
    std::string t_cases = table((ns + "Case").c_str(), "__tj_cases", cases);
    std::string t_slots = table("const char *", "__tj_slot_names", slot_names);
    out += "static constexpr " + ns + "FunctionInfo __tj_fn = {" + cxx_string_literal(plan.name) + ", " +
           cxx_string_literal(plan.file) + ", " + std::to_string(plan.line) + "u, " + std::to_string(plan.column) +
           "u, " + t_sites + ", " + std::to_string(plan.sites.size()) + "u, " + t_operands + ", " + t_literals + ", " +
           t_writes + ", " + t_cases + ", " + t_slots + ", " + std::to_string(plan.param_names.size()) + "u, " +
           std::to_string(plan.slot_names.size()) + "u, nullptr" +
           (plan.calls_setjmp ? ", " + ns + "FunctionCallsSetjmp" : std::string()) + "}; ";
    // One FunctionInfo per call through a pointer array: its Call node's name, place and Argument names, no sites.
    for (size_t i = 0; i < plan.dispatches.size(); ++i) {
        const PlannedDispatch &d = plan.dispatches[i];
        std::string k = std::to_string(i), names;
        for (const std::string &p : d.params)
            names += cxx_string_literal(p) + ", ";
        std::string t_names = table("const char *", ("__tj_vcall_names_" + k).c_str(), names);
        out += "static constexpr " + ns + "FunctionInfo __tj_vcall_" + k + " = {" + cxx_string_literal(d.callee) +
               ", " + cxx_string_literal(plan.file) + ", " + std::to_string(d.line) + "u, " +
               std::to_string(d.column) + "u, nullptr, 0u, nullptr, nullptr, nullptr, nullptr, " + t_names + ", " +
               std::to_string(d.params.size()) + "u, " + std::to_string(d.params.size()) + "u, nullptr}; ";
    }
    out += ns + "Frame __tjf(__tj_fn" + (plan.is_template ? ", " + plan.signature : std::string()) + "); ";
    if (!plan.param_names.empty()) {
        out += "__tjf.args(";
        for (size_t i = 0; i < plan.param_names.size(); ++i)
            out += (i ? ", " : "") + plan.param_names[i];
        out += "); ";
    }
    if (exceptions)
        out += "try { ";
    return out;
}

std::string emit_epilogue(bool exceptions) {
    if (!exceptions)
        return {};
    return " } catch (...) { __tjf.thrown(); throw; } ";
}

} // namespace tracejit::plugin
