// runtime/freeze/grad.cpp — gradients across the frozen boundary (grad.h): capture on record, call node on replay
#include "freeze/grad.h"

#include "ad/call_node.h"
#include "ad/isolate_scope.h"
#include "ad/traversal.h"
#include "freeze/replay.h"
#include "jit/var.h"

#include <tracejit/detail/ad_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>
#include <llvm/ADT/SmallVector.h>

#include <algorithm>

namespace tj::freezing {

using ad::JitRef;

namespace {

bool in_memory(const jit::Variable &v) { return v.op == detail::Op::Data && !v.dirty; }

/// Registers variable `id` (0: the empty array) as an input leaf of a derivative recording.
void add_leaf(RecordingDevice &r, uint32_t id) {
    if (!id) {
        r.add_input(nullptr, false, VarType::Float32, 0);
        return;
    }
    const jit::Variable &v = jit::state().vars[id];
    bool literal = v.op == detail::Op::Literal;
    r.add_input(literal ? nullptr : v.data, literal, v.type, v.size);
}

/// The inputs of a derivative recording's replay, per slot, from one variable per input leaf.
void bind_leaves(const Recording &r, const std::vector<uint32_t> &leaves, BoundInputs &b) {
    jit::State &s = jit::state();
    refill(b.buffers, r.input_slots, nullptr);
    refill(b.sizes, r.input_slots, 0);
    refill(b.memory, r.input_slots, r.backend);
    for (size_t i = 0; i < leaves.size(); ++i) {
        int32_t slot = r.input_slot[i];
        if (slot < 0 || !leaves[i])
            continue;
        const jit::Variable &v = s.vars[leaves[i]];
        b.sizes[uint32_t(slot)] = v.size;
        if (v.op != detail::Op::Literal) {
            b.buffers[uint32_t(slot)] = v.data;
            b.memory[uint32_t(slot)] = jit::where(v);
        }
    }
}

/// `g` (or zeros of the given size and type when empty) as an array in memory, to bind as a (co)tangent.
JitRef in_memory_tangent(JitRef g, uint64_t size, VarType type) {
    jit::State &s = jit::state();
    if (!g)
        g = ad::literal(type, 0.0, size);
    if (s.vars[g.id()].op == detail::Op::Literal)
        return JitRef(detail::var_make_opaque(g.id()));
    if (!in_memory(s.vars[g.id()])) {
        uint32_t id = g.id();
        jit::eval_locked(s, &id, 1);
    }
    return g;
}

/// Evaluates what is not in memory among `refs`.
void evaluate(std::vector<JitRef> &refs) {
    jit::State &s = jit::state();
    std::vector<uint32_t> lazy;
    for (const JitRef &r : refs)
        if (r && s.vars[r.id()].op != detail::Op::Literal && !in_memory(s.vars[r.id()]))
            lazy.push_back(r.id());
    if (!lazy.empty())
        jit::eval_locked(s, lazy.data(), lazy.size());
}

OutLeaf output_of(RecordingDevice &r, const JitRef &ref) {
    if (!ref)
        return {};
    const jit::Variable &v = jit::state().vars[ref.id()];
    return r.output(v.data, v.op == detail::Op::Literal, v.type, v.literal, v.size);
}

// Inline storage for a call's few arrays: a replay makes one FrozenDerivative per call, and a training step
// one replay per iteration, so its members do not each allocate.
using Refs = llvm::SmallVector<JitRef, 8>;
using Shapes = llvm::SmallVector<std::pair<uint64_t, VarType>, 2>;

/// One level of a frozen call's derivative (GradRecording::Level): replays its derivative recordings with this
/// call's inputs and residuals.
class FrozenDerivative final : public ad::CallDerivative {
  public:
    /// connect_replay fills leaves() and the shapes in place (no moves of the inline arrays).
    FrozenDerivative(std::shared_ptr<const Recording> rec, uint32_t level) : m_rec(std::move(rec)), m_level(level) {}
    /// The function's inputs, then the residuals (what the derivative recordings read besides the seeds).
    Refs &leaves() { return m_leaves; }
    Shapes &in_shapes() { return m_in_shapes; }
    Shapes &out_shapes() { return m_out_shapes; }

    /// Replays the level's derivative recording for direction `d` with `seeds`: backward, the gradients of the
    /// level's outputs (shapes: m_out_shapes); forward, the tangents of its inputs (m_in_shapes).
    std::vector<JitRef> derivative(ad::Direction d, const std::vector<JitRef> &seeds) override {
        bool backward = d == ad::Direction::Backward;
        const Recording *rec = (backward ? level().backward : level().forward).get();
        const Shapes &shapes = backward ? m_out_shapes : m_in_shapes;
        uint32_t results = backward ? inputs : outputs;
        const char *mode = backward ? "reverse" : "forward";
        if (!rec) // no differentiable input: nothing to give
            return std::vector<JitRef>(results);
        const Recording &r = *rec;
        Refs tangents; // (inline: no allocation for a few)
        for (size_t i = 0; i < seeds.size(); ++i)
            tangents.push_back(in_memory_tangent(seeds[i], shapes[i].first, shapes[i].second));
        // Per thread and reused: a training step runs this once per traversal (no traversal runs inside it).
        thread_local std::vector<uint32_t> leaves;
        thread_local BoundInputs bound;
        thread_local std::vector<uint64_t> sizes;
        leaves.clear();
        for (const JitRef &x : m_leaves)
            leaves.push_back(x.id());
        for (const JitRef &x : tangents)
            leaves.push_back(x.id());
        bind_leaves(r, leaves, bound);
        std::string reason = dry_run(r, bound, sizes);
        thread_local std::vector<uint32_t> out;
        if (reason.empty()) {
            try {
                replay(r, bound, leaves, sizes, out);
            } catch (const ReplayMismatch &e) {
                reason = e.what();
            }
        }
        if (!reason.empty())
            throw FreezeError(fmt::format("tj::freeze(): {}: the {}-mode derivative recorded with the function cannot "
                                          "be replayed for this call ({}); call the function unfrozen for gradients "
                                          "with these sizes",
                                          m_rec->name, mode, reason));
        TJ_ASSERT(out.size() == results, "tj::freeze(): a derivative recording with the wrong number of outputs");
        std::vector<JitRef> result;
        result.reserve(out.size());
        for (uint32_t id : out)
            result.emplace_back(id);
        return result;
    }

  private:
    const GradRecording::Level &level() const { return m_rec->grad->levels[m_level]; }

    std::shared_ptr<const Recording> m_rec;
    uint32_t m_level;
    Refs m_leaves;
    Shapes m_in_shapes, m_out_shapes;
};

} // namespace

GradCapture::GradCapture(const detail::Flattener &in, std::string name, RecordingDevice &recorder)
    : m_name(std::move(name)) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    ad::Graph &g = ad::graph();
    for (uint32_t i = 0; i < in.arrays.size(); ++i) {
        const detail::Flattener::Leaf &l = in.arrays[i];
        m_inputs.push_back(l.jit ? JitRef::borrow(l.jit) : JitRef());
        const uint32_t ad = ad::live(g, l.ad); // (an inert node stands for no gradient)
        m_in_nodes.push_back(ad);
        if (ad) {
            // Held until the call ends: a body that drops the input's gradients (tj::disable_grad) must not free
            // the node, whose slot a node the body makes (an enable_grad) would then reuse under the same index.
            ad::inc_ext(g, ad);
            g.nodes[ad].grad_read = false;
        }
        if (!ad || !g.nodes[ad].grad) {
            m_start_grads.emplace_back();
            continue;
        }
        // A gradient held on entry: in a buffer of its own (not an input's, not a literal a kernel would bake in),
        // which the recording refuses to read.
        uint32_t grad = g.nodes[l.ad].grad;
        if (s.vars[grad].op == detail::Op::Literal)
            ad::set_grad_ref(g, l.ad, JitRef(detail::var_make_opaque(grad)));
        else if (!in_memory(s.vars[grad]))
            jit::eval_locked(s, &grad, 1);
        grad = g.nodes[l.ad].grad;
        if (recorder.knows(s.vars[grad].data)) // (an input's own buffer: the copy is refused, not the input)
            ad::set_grad_ref(g, l.ad, JitRef(jit::copy_data(s, grad)));
        grad = g.nodes[l.ad].grad;
        recorder.refuse(s.vars[grad].data, fmt::format("the gradient that input array #{} held on entry", i));
        m_start_grads.push_back(JitRef::borrow(grad));
    }
    m_stamp = g.stamp;
    ad::scope_enter(true);
    m_in_scope = true;
    m_since = ad::graph().next_serial;
}

GradCapture::~GradCapture() {
    if (m_in_scope)
        detail::ad_scope_leave(false);
    jit::Lock lock(jit::state().mutex);
    ad::Graph &g = ad::graph();
    for (uint32_t node : m_in_nodes)
        if (node)
            ad::dec_ext(g, node);
}

void GradCapture::analyse(const detail::Flattener &out, std::vector<uint32_t> &lazy) {
    ad::Graph &g = ad::graph();
    GradRecording &gr = *m_grad;
    auto diff_index = [&](uint32_t node) -> int32_t { // the input a node belongs to, made a diff input on first use
        for (uint32_t i = 0; i < m_in_nodes.size(); ++i)
            if (m_in_nodes[i] == node) {
                for (uint32_t k = 0; k < gr.diff_inputs.size(); ++k)
                    if (gr.diff_inputs[k] == i)
                        return int32_t(k);
                gr.diff_inputs.push_back(i);
                m_diff_nodes.push_back(node);
                return int32_t(gr.diff_inputs.size() - 1);
            }
        return -1;
    };
    // Every differentiable input is one of the call's inputs (a replay's forward mode may start at any of them).
    for (uint32_t node : m_in_nodes)
        if (node)
            diff_index(node);

    // Gradients a backward inside the body gave the inputs (waiting in the scope).
    auto waiting = ad::scope_waiting(gr.waiting_free_graph);
    for (auto &[node, grad] : waiting) {
        m_waiting_nodes.push_back(node);
        int32_t k = diff_index(node);
        if (k < 0)
            throw FreezeError(fmt::format("tj::freeze(): {}: a backward traversal inside the function reached an "
                                          "array with gradients enabled that is not one of its inputs (a global or "
                                          "captured array?): pass it as an argument",
                                          m_name));
        if (!grad)
            continue;
        gr.waiting.push_back(uint32_t(k));
        m_waiting.push_back(std::move(grad));
    }

    // Outputs with AD nodes: an input's own node, or an output of the call node.
    gr.regular = uint32_t(out.arrays.size());
    for (uint32_t i = 0; i < out.arrays.size(); ++i) {
        uint32_t node = ad::live(g, out.arrays[i].ad); // (an inert node stands for no gradient)
        GradRecording::Out o;
        if (node) {
            int32_t k = diff_index(node);
            if (k >= 0) {
                o = {GradRecording::Out::Input, uint32_t(k)};
            } else if (g.nodes[node].serial < m_since) {
                throw FreezeError(fmt::format("tj::freeze(): {}: output array #{} has gradients enabled but is neither "
                                              "an input nor computed inside the function (a global or captured "
                                              "array?): a replay could not connect it",
                                              m_name, i));
            } else {
                auto found = std::find(m_call_nodes.begin(), m_call_nodes.end(), node);
                if (found == m_call_nodes.end()) {
                    m_call_nodes.push_back(node);
                    gr.call_outputs.push_back(i);
                    found = m_call_nodes.end() - 1;
                }
                o = {GradRecording::Out::Call, uint32_t(found - m_call_nodes.begin())};
            }
        }
        gr.outputs.push_back(o);
    }

    // Gradients the body left on the call's own arrays (a backward from a loss computed inside, tj::forward from an
    // input, set_grad): recorded as outputs, which a replay gives the same nodes.
    auto leave = [&](GradRecording::Out where, uint32_t node) {
        gr.left.push_back({where, g.nodes[node].seeded});
        m_left.push_back(JitRef::borrow(g.nodes[node].grad));
    };
    for (uint32_t k = 0; k < gr.diff_inputs.size(); ++k) {
        uint32_t node = m_diff_nodes[k];
        if (std::any_of(waiting.begin(), waiting.end(), [&](const auto &w) { return w.first == node; }))
            continue; // a backward's gradient, passed on backward when the scope is left
        const JitRef &start = m_start_grads[gr.diff_inputs[k]];
        uint32_t now = g.nodes[node].grad;
        if (now == start.id())
            continue;
        if (start)
            throw FreezeError(fmt::format("tj::freeze(): {}: the body changed the gradient that input array #{} "
                                          "held on entry, which a replay cannot reproduce (it holds no gradient of "
                                          "the caller's): clear it (tj::set_grad) before the call, or return the "
                                          "new gradient",
                                          m_name, gr.diff_inputs[k]));
        if (now)
            leave({GradRecording::Out::Input, k}, node);
    }
    for (uint32_t j = 0; j < m_call_nodes.size(); ++j)
        if (g.nodes[m_call_nodes[j]].grad)
            leave({GradRecording::Out::Call, j}, m_call_nodes[j]);

    if (!m_call_nodes.empty()) {
        std::vector<uint32_t> weights; // as the evaluation of the outputs would: then the graph stays as it is
        ad::simplify(weights);
        lazy.insert(lazy.end(), weights.begin(), weights.end());
        ad::Subgraph sub = ad::subgraph(g, m_call_nodes, m_diff_nodes, m_since);
        if (!sub.outside.empty())
            throw FreezeError(fmt::format("tj::freeze(): {}: an output depends on an array with gradients enabled "
                                          "that is not an input of the function (a global or captured array?): pass "
                                          "it as an argument",
                                          m_name));
        // A call node inside the body is a custom operation (a frozen function called inside runs its body inline,
        // docs/freezing.md): its rule reads whatever the operation kept from its eval (value_in, value_out,
        // members), which the derivative recording cannot tell from constants, so a replay would differentiate
        // with the recording call's values.
        for (uint32_t id : sub.nodes)
            if (ad::is_call(g, id))
                throw FreezeError(fmt::format(
                    "tj::freeze(): {}: gradients from outside the function would cross a custom operation "
                    "(tj::custom{}) inside it, which a frozen function cannot record yet: call it outside the "
                    "frozen function, or run backward inside the function",
                    m_name, g.calls.at(id)->name().empty() ? "" : " '" + g.calls.at(id)->name() + "'"));
        // Levels (GradRecording::Level): each call output after the outputs it was computed from, so that a
        // replay's traversal from one output, backward or forward, reaches the others as the body's graph does.
        std::vector<uint32_t> by_serial(m_call_nodes.size());
        for (uint32_t j = 0; j < by_serial.size(); ++j)
            by_serial[j] = j;
        std::sort(by_serial.begin(), by_serial.end(), [&](uint32_t a, uint32_t b) {
            return g.nodes[m_call_nodes[a]].serial < g.nodes[m_call_nodes[b]].serial;
        });
        m_level_of.assign(m_call_nodes.size(), -1);
        for (uint32_t j : by_serial) {
            if (!g.nodes[m_call_nodes[j]].first_in) {
                gr.leaves.push_back(j); // (level -1)
                continue;
            }
            std::vector<uint32_t> stop = m_diff_nodes;
            for (uint32_t k = 0; k < m_call_nodes.size(); ++k)
                if (k != j)
                    stop.push_back(m_call_nodes[k]);
            ad::Subgraph reached = ad::subgraph(g, {m_call_nodes[j]}, stop, m_since);
            int32_t level = 0;
            for (uint32_t k = 0; k < m_call_nodes.size(); ++k)
                if (k != j && std::find(reached.nodes.begin(), reached.nodes.end(), m_call_nodes[k]) !=
                                  reached.nodes.end()) {
                    // (made before j: already placed)
                    TJ_ASSERT(g.nodes[m_call_nodes[k]].serial < g.nodes[m_call_nodes[j]].serial,
                              "tj::freeze(): an output computed from a newer one");
                    level = std::max(level, m_level_of[k] + 1);
                }
            m_level_of[j] = level;
            if (gr.levels.size() <= size_t(level))
                gr.levels.resize(size_t(level) + 1);
            gr.levels[size_t(level)].outputs.push_back(j);
        }
        for (uint32_t l = 0; l < gr.levels.size(); ++l) {
            ad::Subgraph reached = level_subgraph(l);
            for (uint32_t k = 0; k < m_call_nodes.size(); ++k)
                if (m_level_of[k] < int32_t(l) &&
                    std::find(reached.nodes.begin(), reached.nodes.end(), m_call_nodes[k]) != reached.nodes.end())
                    gr.levels[l].from.push_back(k);
        }
        jit::State &s = jit::state();
        if (derivative_needed())
            for (uint32_t v : ad::edge_values(g, sub))
                if (s.vars[v].op != detail::Op::Literal) // a literal is part of the derivative's kernels
                    m_residuals.push_back(JitRef::borrow(v));
    }
    jit::State &s = jit::state();
    for (auto *list : {&m_residuals, &m_waiting, &m_left})
        for (const JitRef &r : *list)
            if (s.vars[r.id()].op != detail::Op::Literal && !in_memory(s.vars[r.id()]))
                lazy.push_back(r.id());
}

void GradCapture::record_outputs(RecordingDevice &recorder) {
    Recording &rec = recorder.recording();
    for (const JitRef &r : m_residuals)
        rec.outputs.push_back(output_of(recorder, r));
    for (const JitRef &r : m_waiting)
        rec.outputs.push_back(output_of(recorder, r));
    for (const JitRef &r : m_left)
        rec.outputs.push_back(output_of(recorder, r));
    m_grad->residuals = uint32_t(m_residuals.size());
    const ad::Graph &g = ad::graph();
    for (uint32_t i = 0; i < m_in_nodes.size(); ++i) {
        uint32_t node = m_in_nodes[i];
        if (!node || m_start_grads[i] ||
            std::find(m_waiting_nodes.begin(), m_waiting_nodes.end(), node) != m_waiting_nodes.end())
            continue; // (a waiting gradient is this call's alone: what the input held is kept apart)
        const ad::Node &n = g.nodes[node];
        if (n.grad_read || n.grad || n.stamp > m_stamp)
            rec.grads_unheld.push_back(i);
    }
}

void GradCapture::record_derivatives(Recording &rec) {
    GradRecording &gr = *m_grad;
    // Also when an output is only an input passed through: a replay gives it the input's node (a replay inside
    // tj::SuspendGrad must not take a reference's gradients away).
    bool needed = !gr.waiting.empty() || !gr.left.empty() ||
                  std::any_of(gr.outputs.begin(), gr.outputs.end(),
                              [](const GradRecording::Out &o) { return o.kind != GradRecording::Out::None; });
    if (!needed)
        return;
    if (derivative_needed()) {
        jit::State &s = jit::state();
        jit::Lock lock(s.mutex);
        ad::Graph &g = ad::graph();
        for (uint32_t v : ad::edge_values(g, ad::subgraph(g, m_call_nodes, m_diff_nodes, m_since)))
            TJ_ASSERT(s.vars[v].op == detail::Op::Literal || std::any_of(m_residuals.begin(), m_residuals.end(),
                                                                         [&](const JitRef &r) { return r.id() == v; }),
                      "tj::freeze(): the AD graph changed between the recording's end and its derivative");
        for (uint32_t l = 0; l < gr.levels.size(); ++l) {
            GradRecording::Level &level = gr.levels[l];
            std::vector<uint32_t> outputs, inputs = m_diff_nodes;
            for (uint32_t j : level.outputs)
                outputs.push_back(m_call_nodes[j]);
            for (uint32_t k : level.from)
                inputs.push_back(m_call_nodes[k]);
            if (inputs.empty())
                continue; // (no input: nothing reaches the level's outputs, nothing leaves them)
            ad::Subgraph sub = level_subgraph(l);
            auto record = [&](bool backward) {
                std::vector<JitRef> seeds;
                for (uint32_t n : backward ? outputs : inputs) // made before the recorder is installed: inputs
                    seeds.push_back(in_memory_tangent({}, g.nodes[n].size, g.nodes[n].type));
                RecordingDevice r(m_name + (backward ? " (reverse-mode derivative)" : " (forward-mode derivative)"),
                                  rec.backend);
                for (const JitRef &x : m_inputs)
                    add_leaf(r, x.id());
                for (const JitRef &x : m_residuals)
                    add_leaf(r, x.id());
                for (const JitRef &x : seeds)
                    add_leaf(r, x.id());
                r.end_inputs();
                install(&r);
                try {
                    std::vector<JitRef> result = ad::traverse_aside(
                        g, backward ? ad::Direction::Backward : ad::Direction::Forward, sub, outputs, inputs, seeds);
                    evaluate(result);
                    jit::flush_side_effects(s);
                    for (const JitRef &x : result)
                        r.recording().outputs.push_back(output_of(r, x));
                } catch (...) {
                    install(nullptr);
                    throw;
                }
                install(nullptr);
                return std::make_shared<const Recording>(std::move(r.recording()));
            };
            level.backward = record(true);
            level.forward = record(false);
        }
    }
    rec.grad = m_grad;
}

ad::Subgraph GradCapture::level_subgraph(uint32_t level) const {
    std::vector<uint32_t> outputs, stop = m_diff_nodes;
    for (uint32_t k = 0; k < m_call_nodes.size(); ++k) {
        if (m_level_of[k] == int32_t(level))
            outputs.push_back(m_call_nodes[k]);
        else if (m_level_of[k] < int32_t(level))
            stop.push_back(m_call_nodes[k]);
    }
    return ad::subgraph(ad::graph(), outputs, stop, m_since);
}

bool GradCapture::derivative_needed() const {
    if (!m_diff_nodes.empty())
        return !m_grad->levels.empty();
    return std::any_of(m_grad->levels.begin(), m_grad->levels.end(),
                       [](const GradRecording::Level &l) { return !l.from.empty(); });
}

void GradCapture::finish() {
    m_in_scope = false;
    detail::ad_scope_leave(true);
}

void connect_replay(const std::shared_ptr<const Recording> &rec, const detail::Flattener &in,
                    const std::vector<uint32_t> &in_ids, std::vector<uint32_t> &out_jit,
                    std::vector<uint32_t> &out_ad) {
    const GradRecording &gr = *rec->grad;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    ad::Graph &g = ad::graph();
    // Each level's call node holds the inputs and residuals in its derivative.
    Refs leaves; // the inputs, then the residuals
    for (uint32_t id : in_ids)
        leaves.push_back(id ? JitRef::borrow(id) : JitRef());
    for (uint32_t i = 0; i < gr.residuals; ++i)
        leaves.emplace_back(out_jit[gr.regular + i]);
    std::vector<JitRef> waiting, left;
    for (uint32_t i = 0; i < gr.waiting.size(); ++i)
        waiting.emplace_back(out_jit[gr.regular + gr.residuals + i]);
    for (uint32_t i = 0; i < gr.left.size(); ++i)
        left.emplace_back(out_jit[gr.regular + gr.residuals + gr.waiting.size() + i]);
    out_jit.resize(gr.regular);
    refill(out_ad, gr.regular, 0);

    llvm::SmallVector<uint32_t, 4> diff_nodes;
    for (uint32_t leaf : gr.diff_inputs) {
        diff_nodes.push_back(in.arrays[leaf].ad);
        TJ_ASSERT(diff_nodes.back(),
                  "tj::freeze(): an input the recording differentiates has no AD node (the key holds which do)");
    }
    auto shape = [&](uint32_t call_output) {
        const jit::Variable &v = s.vars[out_jit[gr.call_outputs[call_output]]];
        return std::pair<uint64_t, VarType>(v.size, v.type);
    };
    std::vector<uint32_t> call_nodes(gr.call_outputs.size(), 0); // one external reference each
    for (uint32_t j : gr.leaves) {
        auto [size, type] = shape(j);
        call_nodes[j] = ad::new_node(g, size, type, "frozen output");
    }
    for (uint32_t l = 0; l < gr.levels.size(); ++l) { // (lower levels first: their outputs are inputs of later ones)
        const GradRecording::Level &level = gr.levels[l];
        auto derivative = std::make_unique<FrozenDerivative>(rec, l);
        llvm::SmallVector<uint32_t, 4> inputs(diff_nodes.begin(), diff_nodes.end());
        for (uint32_t k : level.from) {
            TJ_ASSERT(call_nodes[k], "tj::freeze(): a level reads an output of a later one");
            inputs.push_back(call_nodes[k]);
        }
        if (level.backward || level.forward)
            derivative->leaves() = leaves;
        for (uint32_t n : inputs)
            derivative->in_shapes().emplace_back(g.nodes[n].size, g.nodes[n].type);
        for (uint32_t j : level.outputs)
            derivative->out_shapes().push_back(shape(j));
        Shapes out_shapes = derivative->out_shapes();
        std::vector<uint32_t> outs = ad::make_call_node(g, inputs, out_shapes, std::move(derivative));
        for (size_t k = 0; k < outs.size(); ++k)
            call_nodes[level.outputs[k]] = outs[k];
    }
    llvm::SmallVector<bool, 4> given(call_nodes.size(), false);
    for (uint32_t i = 0; i < gr.regular; ++i) {
        const GradRecording::Out &o = gr.outputs[i];
        if (o.kind == GradRecording::Out::Input) {
            out_ad[i] = diff_nodes[o.index];
            ad::inc_ext(g, out_ad[i]);
        } else if (o.kind == GradRecording::Out::Call) {
            out_ad[i] = call_nodes[o.index];
            if (given[o.index])
                ad::inc_ext(g, out_ad[i]); // the same node twice: make_call_node gave one reference
            given[o.index] = true;
        }
    }
    for (size_t i = 0; i < gr.left.size(); ++i) {
        const GradRecording::Left &l = gr.left[i];
        uint32_t node = l.node.kind == GradRecording::Out::Input ? diff_nodes[l.node.index] : call_nodes[l.node.index];
        ad::set_grad_ref(g, node, ad::fit(g.nodes[node], std::move(left[i])));
        g.nodes[node].seeded = l.seeded;
    }
    if (!waiting.empty()) {
        std::vector<uint32_t> nodes;
        for (uint32_t k : gr.waiting)
            nodes.push_back(diff_nodes[k]);
        ad::backward_from(nodes, std::move(waiting), gr.waiting_free_graph);
    }
}

std::string gradient_conflict(const Recording &rec, const detail::Flattener &in) {
    const ad::Graph &g = ad::graph();
    for (uint32_t leaf : rec.grads_unheld)
        if (g.nodes[in.arrays[leaf].ad].grad)
            return fmt::format("input array #{} holds a gradient, which it did not when recorded, and the body reads "
                               "or changes it",
                               leaf);
    return {};
}

} // namespace tj::freezing
