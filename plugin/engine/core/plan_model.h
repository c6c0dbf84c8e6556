// plugin/engine/core/plan_model.h — what the planner learns about one marked function: slots, sites (for emit_tables)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tracejit::plugin {

/// The node kinds a site records (the values of tj::tape::Kind that the generated code names).
enum class SiteKind { Statement, Branch, Loop, Return };

/// A read of a slot by a site.
struct PlannedOperand {
    uint32_t position; ///< 1-based among the site's operands (variables and literals, source order)
    uint32_t slot;
};

/// How a literal's value is held: the tj::tape::ValueKind its Constant node gets.
enum class LiteralKind { Bool, Signed, Unsigned, Float, Pointer, String };

/// A literal taking part in a site, with the value clang gave it (the runtime shows it as the Constant's value).
struct PlannedLiteral {
    uint32_t position;
    std::string text; ///< its spelling
    std::string type; ///< its type as clang prints it
    LiteralKind kind = LiteralKind::Signed;
    uint64_t bits = 0; ///< Bool: 0/1; Signed: two's complement; Unsigned; Float: a double's bits; Pointer: 0
    std::string chars; ///< String: its characters (escapes resolved, pieces joined, UTF-8), may hold '\0'
};

/// A `case` label of a switch site.
struct PlannedCase {
    int64_t low;
    int64_t high;
    std::string text; ///< "case 3"
};

/// One place in the body that records a node.
struct PlannedSite {
    SiteKind kind = SiteKind::Statement;
    uint32_t line = 0;   ///< presumed
    uint32_t column = 0; ///< presumed
    uint32_t nesting = 0;
    std::string text;
    std::vector<PlannedOperand> reads;
    std::vector<PlannedLiteral> literals;
    std::vector<uint32_t> writes; ///< slots
    std::vector<PlannedCase> cases;
    bool has_default = false; ///< switch sites
};

/// A call through a pointer array (`ptrs->method(args…)`, dispatch/plan_dispatch.h): the static FunctionInfo of
/// the one Call node it records, `__tj_vcall_<index in FunctionPlan::dispatches>`.
struct PlannedDispatch {
    std::string callee; ///< the Call's text: the method's qualified name ("Shape::intersect")
    uint32_t line = 0;  ///< presumed, of the call's first character (its object's)
    uint32_t column = 0;
    std::vector<std::string> params; ///< the Argument nodes' names: "this" (the pointer array), then the method's
};

/// Everything emit_tables needs to write a function's prologue.
struct FunctionPlan {
    std::string name;  ///< qualified name ("ns::Body::step", "square<T>")
    std::string file;  ///< presumed file name, as __FILE__ spells it
    uint32_t line = 0; ///< of the function's name
    uint32_t column = 0;
    bool is_template = false; ///< pass the function's signature to the Frame
    /// How the prologue names the signature: __PRETTY_FUNCTION__, or the name the twin's lambda captured it as
    std::string signature = "__PRETTY_FUNCTION__";
    std::vector<std::string> slot_names;
    std::vector<std::string> param_names; ///< the slots passed to args(), in order (slots 0…)
    std::vector<PlannedSite> sites;
    std::vector<PlannedDispatch> dispatches;
    uint32_t symbolic = 0; ///< statements rewritten into tj::if_stmt / tj::while_loop (the file needs control.h)
    bool calls_setjmp = false; ///< the body calls a returns_twice function (FunctionCallsSetjmp)
};

} // namespace tracejit::plugin
