// include/tracejit/ad_custom.h — custom differentiable operations: tj::CustomOp<R(Args...)> and tj::custom<Op>()
//
// The user writes the primal (`eval`, run without AD on detached copies of the arguments) and the derivative
// rules (`forward`, `backward`); tj::custom<Op>(args...) runs eval and, when an argument has gradients, connects
// the results to the arguments in the AD graph through one node that calls the rules during traversals.
// Arguments and results may be arrays or anything tj::freeze can flatten (tuples, TJ_STRUCT types, …); host
// values are non-differentiable arguments. Semantics and choices: docs/autodiff.md.
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/ad_scope.h>
#include <tracejit/array.h>
#include <tracejit/control.h>
#include <tracejit/detail/freeze_traverse.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {

template <typename Op, typename... Ts> typename Op::Output custom(const Ts &...args);

namespace detail {

struct CustomOpAccess; // the runtime's view of an operation's slots (runtime/ad/custom.cpp)

/// The part of a custom operation that the AD graph sees: one slot per array among the flattened inputs and
/// outputs, each with its AD node and, during a rule, its gradient. Its data are the runtime's (ad/custom.cpp)
/// and tj::custom's, which fills them in.
class CustomOpBase {
  public:
    CustomOpBase() = default;
    CustomOpBase(const CustomOpBase &) = delete;
    CustomOpBase &operator=(const CustomOpBase &) = delete;
    virtual ~CustomOpBase();

    /// Forward mode: set_grad_out(…) from grad_in<I>(). Not overriding it makes forward traversals through the
    /// operation throw tj::Error.
    virtual void forward();
    /// Reverse mode: set_grad_in<I>(…) from grad_out(). Not overriding it makes backward traversals through
    /// the operation throw tj::Error.
    virtual void backward();
    /// The name shown in errors and graphviz (the C++ type's name unless overridden).
    virtual std::string name() const;

  protected:
    /// Argument I's arrays are the input slots arg_begin(I) .. arg_begin(I + 1).
    size_t arg_begin(size_t arg) const { return m_arg_begin[arg]; }
    /// How many arrays the result has.
    size_t out_count() const { return m_out.size(); }

  private:
    friend struct CustomOpAccess;
    template <typename Op, typename... Ts> friend typename Op::Output tj::custom(const Ts &...args);

    /// The rule that runs (grad_in, grad_out and the setters are for the rules only).
    enum class Rule : uint8_t { None, Forward, Backward };
    struct Slot {
        uint32_t ad = 0;   ///< an input's AD node (0: not differentiated; not referenced: the graph's edges hold it)
        uint32_t grad = 0; ///< the gradient during a rule (an owned JIT reference; 0: none, read as zeros)
        uint64_t size = 0;
        VarType type = VarType::Float32;
    };
    std::vector<Slot> m_in, m_out;
    std::vector<size_t> m_arg_begin; ///< argument I's slots are m_in[m_arg_begin[I] .. m_arg_begin[I+1])
    std::string_view m_type_name;    ///< the C++ type of the operation
    bool m_has_forward = false, m_has_backward = false;
    Rule m_rule = Rule::None;
};

/// Connects a custom operation to the AD graph: `in_ads` (one per input slot, 0 allowed) and the output slots'
/// JIT variables; fills the op's slots and sets `out_ads` (new references; 0 where an output is not
/// differentiated). The graph keeps `op` while a node refers to it.
void ad_custom_connect(const std::shared_ptr<CustomOpBase> &op, const uint32_t *in_ads, const uint32_t *in_jits,
                       size_t n_in, const uint32_t *out_jits, uint32_t *out_ads, size_t n_out);
/// tj::Error unless a rule of `op` runs (`api` names the call).
void ad_custom_require_rule(const CustomOpBase &op, const char *api);
/// The gradient of a slot during a rule, as a new JIT reference (zeros of the slot's size and type when none).
uint32_t ad_custom_grad(const CustomOpBase &op, bool input, size_t slot);
/// set_grad_in / set_grad_out: stores the gradients of slots [first, first + count) after checking their
/// number, types and sizes (tj::Error naming the operation, the argument and both sizes).
void ad_custom_set_grads(CustomOpBase &op, bool input, size_t arg, size_t first, size_t expected, const uint32_t *jits,
                         size_t count);

/// The name of type T, from the compiler's signature of this function.
template <typename T> constexpr std::string_view type_name_of() {
    std::string_view s = __PRETTY_FUNCTION__;
    size_t at = s.find("T = ");
    if (at == std::string_view::npos)
        return "custom";
    s.remove_prefix(at + 4);
    size_t end = s.find_first_of(";]");
    return s.substr(0, end);
}

/// The JIT ids of the arrays in `x` (borrowed).
template <typename X> std::vector<uint32_t> slot_jits(X &x) {
    StateCollector c = collect_state(x);
    std::vector<uint32_t> ids;
    for (const StateSlot &slot : c.arrays)
        ids.push_back(slot.get(slot.array).jit);
    return ids;
}

/// Replaces the arrays in `x` by the gradients of slots [first, …) of `op`.
template <typename X> void fill_grads(const CustomOpBase &op, X &x, bool input, size_t first) {
    StateCollector c = collect_state(x);
    for (size_t k = 0; k < c.arrays.size(); ++k)
        c.arrays[k].set(c.arrays[k].array, {ad_custom_grad(op, input, first + k), 0});
}

} // namespace detail

template <typename Signature> class CustomOp;

/// A differentiable operation with user-written derivative rules, used as `R y = tj::custom<Op>(args...)`:
///
///     struct Op : tj::CustomOp<tj::Float(tj::Float, tj::Float)> {
///         tj::Float eval(const tj::Float &a, const tj::Float &b) override; // primal, no AD
///         void forward() override;   // set_grad_out(…) from grad_in<0>(), grad_in<1>()
///         void backward() override;  // set_grad_in<0>(…), set_grad_in<1>(…) from grad_out()
///     };
///
/// eval receives detached copies of the arguments (kept by the operation as value_in<I>()) and runs with
/// gradient tracking suspended; keep in members what the rules need. The rules run during traversals, also
/// with tracking suspended; what they compute is traced and fused like other derivative code.
template <typename R, typename... Args> class CustomOp<R(Args...)> : public detail::CustomOpBase {
  public:
    using Output = std::remove_cvref_t<R>;
    using Inputs = std::tuple<std::remove_cvref_t<Args>...>;
    template <size_t I> using Arg = std::tuple_element_t<I, Inputs>;

    virtual Output eval(const std::remove_cvref_t<Args> &...args) = 0;

    /// The gradient of argument I: in a forward rule, its tangent; in a backward rule, what set_grad_in gave so
    /// far. Zeros where there is none (and for arrays that are not differentiated).
    template <size_t I> Arg<I> grad_in() const {
        static_assert(!std::is_arithmetic_v<Arg<I>>, "tj::CustomOp::grad_in<I>(): argument I is a host value");
        detail::ad_custom_require_rule(*this, "grad_in<I>()");
        Arg<I> g = std::get<I>(*m_inputs);
        detail::fill_grads(*this, g, true, arg_begin(I));
        return g;
    }
    /// The gradient of the result: in a backward rule, what reached it; in a forward rule, what set_grad_out
    /// gave so far. Zeros where there is none.
    Output grad_out() const {
        detail::ad_custom_require_rule(*this, "grad_out()");
        Output g = *m_output;
        detail::fill_grads(*this, g, false, 0);
        return g;
    }
    /// In a backward rule: the gradient of argument I (the same structure as the argument; each array of size
    /// 1 or the argument's size — any size for a width-1 argument, summed — else tj::Error). It replaces what an
    /// earlier call gave.
    template <size_t I> void set_grad_in(const Arg<I> &g) {
        static_assert(!std::is_arithmetic_v<Arg<I>>, "tj::CustomOp::set_grad_in<I>(): argument I is a host value");
        Arg<I> copy = g;
        std::vector<uint32_t> ids = detail::slot_jits(copy);
        detail::ad_custom_set_grads(*this, true, I, arg_begin(I), arg_begin(I + 1) - arg_begin(I),
                                    ids.data(), ids.size());
    }
    /// In a forward rule: the tangent of the result (same rules as set_grad_in).
    void set_grad_out(const Output &g) {
        Output copy = g;
        std::vector<uint32_t> ids = detail::slot_jits(copy);
        detail::ad_custom_set_grads(*this, false, 0, 0, out_count(), ids.data(), ids.size());
    }
    /// The (detached) value of argument I and of the result (the result: not in eval, which makes it).
    template <size_t I> const Arg<I> &value_in() const { return std::get<I>(*m_inputs); }
    const Output &value_out() const {
        if (!m_output)
            detail::ad_custom_require_rule(*this, "value_out()");
        return *m_output;
    }

  private:
    template <typename Op, typename... Ts> friend typename Op::Output custom(const Ts &...args);
    std::optional<Inputs> m_inputs;
    std::optional<Output> m_output;
};

/// Runs the custom operation `Op` (a tj::CustomOp) on `args` and connects its result to the arguments that
/// have gradients; see CustomOp. Each call makes a new `Op` (default-constructed).
template <typename Op, typename... Ts> typename Op::Output custom(const Ts &...args) {
    using Inputs = typename Op::Inputs;
    using Output = typename Op::Output;
    static_assert(std::is_base_of_v<detail::CustomOpBase, Op>, "tj::custom<Op>(): Op must derive from tj::CustomOp");
    static_assert(sizeof...(Ts) == std::tuple_size_v<Inputs>,
                  "tj::custom<Op>(): the number of arguments differs from Op's signature");
    auto op = std::make_shared<Op>();
    op->m_type_name = detail::type_name_of<Op>();
    op->m_has_forward = !std::is_same_v<decltype(&Op::forward), void (detail::CustomOpBase::*)()>;
    op->m_has_backward = !std::is_same_v<decltype(&Op::backward), void (detail::CustomOpBase::*)()>;

    // The arguments, their AD nodes, then the detached copies that eval and the rules see.
    Inputs in(args...);
    std::vector<uint32_t> in_ads, in_jits;
    std::apply(
        [&](auto &...a) {
            auto one = [&](auto &x) {
                op->m_arg_begin.push_back(in_ads.size());
                detail::StateCollector c = detail::collect_state(x);
                for (const detail::StateSlot &slot : c.arrays) {
                    detail::VarPair p = slot.get(slot.array);
                    in_ads.push_back(p.ad);
                    in_jits.push_back(p.jit);
                    detail::var_inc_ref(p.jit);
                    slot.set(slot.array, {p.jit, 0});
                }
            };
            (one(a), ...);
        },
        in);
    op->m_arg_begin.push_back(in_ads.size());
    op->m_inputs.emplace(std::move(in));

    Output out = [&] {
        SuspendGrad primal; // eval is the primal: nothing in it is differentiated
        return std::apply([&](const auto &...a) { return op->eval(a...); }, *op->m_inputs);
    }();
    detail::StateCollector c = detail::collect_state(out);
    std::vector<uint32_t> out_jits, out_ads(c.arrays.size(), 0);
    for (const detail::StateSlot &slot : c.arrays) { // an array eval returned as it was given keeps no AD node
        detail::VarPair p = slot.get(slot.array);
        out_jits.push_back(p.jit);
        detail::var_inc_ref(p.jit);
        slot.set(slot.array, {p.jit, 0});
    }
    op->m_output.emplace(out);
    detail::ad_custom_connect(op, in_ads.data(), in_jits.data(), in_ads.size(), out_jits.data(), out_ads.data(),
                              out_ads.size());
    for (size_t j = 0; j < c.arrays.size(); ++j)
        if (out_ads[j]) {
            detail::var_inc_ref(out_jits[j]);
            c.arrays[j].set(c.arrays[j].array, {out_jits[j], out_ads[j]});
        }
    return out;
}

} // namespace tj
