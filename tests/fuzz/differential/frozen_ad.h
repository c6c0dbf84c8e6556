// tests/fuzz/differential/frozen_ad.h — random programs that combine tj::freeze with AD: the IR; generating
// (frozen_ad.cpp), printing (frozen_ad_print.cpp), checking (frozen_ad_check.cpp), running (frozen_ad_run.cpp)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tjdiff {

/// Known runtime bugs whose programs the generators can leave out (--avoid-known R1,N2,...; docs/fuzzing.md lists
/// them): r[k] for Rk (k = 1..6, the bugs the tester was extended for), n[k] for Nk (k = 1..8, bugs it found).
struct Avoid {
    std::array<bool, 7> r{};
    std::array<bool, 9> n{};
};
/// Parses "R1,R3,N2" (or "all", "none"); false for anything else.
bool parse_avoid(const std::string &list, Avoid &avoid);
/// The flag's value that gives `avoid` back ("R1,N2"; empty for none).
std::string avoid_list(const Avoid &avoid);

/// One element-wise (or, for Sum and GatherHalf, slightly mixing) smooth operation of a frozen-AD body.
enum class FOp : uint8_t {
    X,
    Y, // the body's differentiated input x, its constant input y
    Add,
    Sub,    // a + b, a - b
    MulSin, // a * sin(b)
    DivSq,  // a / (1 + b * b)
    Sin,
    Cos,
    Tan, // sin(a), cos(a), tan(0.5 * tanh(a))
    Tanh,
    Erf,        // tanh(a), erf(a)
    ExpTanh,    // exp(tanh(a))
    LogSq,      // log(1 + a * a)
    SqrtSq,     // sqrt(1 + a * a)
    Atan2,      // atan2(a, 1 + b * b)
    Pow,        // pow(1 + a * a, 0.5 * tanh(b))
    Fma,        // fma(tanh(a), b, c)
    Sum,        // a + 0.125 * sum(tanh(b))   (sum: width 1, broadcast)
    GatherHalf, // gather(a, arange(n) >> 1) * cos(b)
    Dispatch,   // tj::dispatch over the outer objects (depth 2: their code dispatches over the inner ones)
    Nested,     // a nested frozen function: a * tanh(b) + sin(a)
};
/// How AD sees a node: as usual, computed inside tj::SuspendGrad (no derivative), or inside a ResumeGrad nested in
/// a SuspendGrad (differentiated again).
enum class FGrad : uint8_t { Normal, Suspended, Resumed };

struct FNode {
    FOp op = FOp::X;
    int a = 0, b = 1, c = 1;
    FGrad grad = FGrad::Normal;
};

/// How the body receives x: by value, by std::ref, or in a TJ_STRUCT {x, y}.
enum class Pass : uint8_t { Value, Ref, Struct };

/// One frozen-AD program: a body z = E(x, y) and the way gradients meet the frozen call (docs/fuzzing.md).
struct Scenario {
    uint64_t seed = 0;
    bool f32 = false; ///< Float (else Float64)
    Pass pass = Pass::Value;
    bool grad_inside = false;      ///< enable_grad inside the body (on its copy, through the ref, on the struct's x)
    bool ad_inside = false;        ///< the AD traversal runs inside the body
    bool forward = false;          ///< forward mode (else backward)
    bool queue = false;            ///< tj::enqueue + tj::traverse (else tj::backward / tj::forward)
    bool suspend_around = false;   ///< the call inside tj::SuspendGrad (gradients enabled and traversed outside)
    bool resume_around = false;    ///< the call inside tj::ResumeGrad inside tj::SuspendGrad (tracked as usual)
    bool out_is_input = false;     ///< the body returns its input x as a second output
    bool return_leaf = false;      ///< the body returns the array it enabled gradients on; the caller reads its grad
    int dispatch_depth = 1;        ///< for Dispatch nodes: 1, or 2 (a dispatch inside each instance's code)
    std::array<size_t, 4> sizes{}; ///< the four calls: record, then three replays on fresh inputs
    std::vector<FNode> nodes;      ///< node 0 is x, node 1 is y; z is the last
};

/// A random scenario from `seed` that leaves out what `avoid` asks.
Scenario generate_scenario(uint64_t seed, const Avoid &avoid);
/// How many operands (a, b, c) a node uses.
int arity(FOp op);
/// Makes a scenario consistent after a change (shrinking): z depends on x through a differentiated path, no
/// ResumeGrad under an outer SuspendGrad, and so on.
void normalize(Scenario &s);
/// The scenario as C++-like text.
std::string print(const Scenario &s);

/// Counts over all frozen-AD programs, for the summary line.
struct FadStats {
    long programs = 0, calls = 0, values = 0, skipped = 0, recordings = 0, replays = 0;
};

/// What one call observed (plain or frozen): z, the returned input (out_is_input), the gradient or tangent the
/// scenario asks for, and whether the caller's x still has gradients enabled afterwards.
struct FadObserved {
    std::vector<double> z, xout, g;
    bool x_grad_enabled = true;
};
/// The inputs of one call, from the scenario's seed and the call's number.
struct FadInputs {
    std::vector<double> x, y, w, v; // (Float scenarios: values that are floats)
    std::vector<uint32_t> outer_ids, inner_ids;
};
FadInputs fad_inputs(const Scenario &s, int call);

/// Runs the scenario on tracejit: the body unfrozen (`frozen` false) or frozen (one tj::freeze for all four calls),
/// each call on fad_inputs(s, call). Sets recordings/replays for frozen. Throws tj::Error as the runtime does.
std::vector<FadObserved> run_fad(const Scenario &s, bool frozen, uint64_t &recordings, uint64_t &replays);

/// Runs and compares a scenario (values within rounding, gradients against central finite differences, frozen
/// recordings and replays); a description of the first mismatch. `inject_fault` scales every derivative by
/// 1 + 2^-6 before comparing (the tester's own test).
std::optional<std::string> check_scenario(const Scenario &s, FadStats &stats, bool inject_fault);

/// The scenario with every node and feature removed that the mismatch does not need.
Scenario shrink(Scenario s, bool inject_fault);

} // namespace tjdiff
