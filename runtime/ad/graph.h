// runtime/ad/graph.h — the AD graph: nodes, edges with derivative weights, reference counts
//
// A node stands for one differentiable array (its size and type, its gradient); an edge from a source node to
// a target node says how the target's value depends on the source's. Edges are kept in two doubly linked
// lists, the target's in-edges (for backward) and the source's out-edges (for forward). In-edges hold a
// reference to their source, so an output keeps what it was computed from alive; out-edges do not. Nodes are
// numbered in creation order (`serial`), which is a topological order. Everything here runs under the JIT
// state's lock.
#pragma once

#include "ad/jit_ref.h"

#include <tracejit/detail/core.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace tj::ad {

/// The direction of a traversal (traversal.h): reverse mode, from a node to what it was computed from (in-edges),
/// or forward mode, from a node to what was computed from it (out-edges).
enum class Direction : uint8_t { Backward, Forward };

/// How a gradient crosses an edge (see propagate.cpp).
enum class EdgeKind : uint8_t {
    Linear,       ///< multiply by `weight` (0: by one); sizes broadcast or sum as the endpoints need
    Mask,         ///< keep the gradient where `weight` is set (`invert`: where it is not), zero elsewhere; with an
                  ///< `index`, forward mode also zeroes the positions index[mask] of the `aux` elements (scatter_reduce)
    Gather,       ///< the target is gather(source, index, mask)
    ScatterKeep,  ///< the target is the source with positions index[mask] overwritten
    ScatterValue, ///< the target received the source at index[mask] (`add`: scatter_add)
    BlockSum,     ///< the target is block_sum(weight · source, block) (weight 0: one); the last block may be shorter
    PrefixSum,    ///< the target is the prefix sum of the source in blocks of `aux` (SIZE_MAX: one), `exclusive`, `reverse`
    Call,         ///< into or out of a call node (call_node.h): its derivative moves gradients; `aux` is the position
};

struct Edge {
    uint32_t source = 0, target = 0;
    uint32_t prev_in = 0, next_in = 0;   ///< the target's in-edge list
    uint32_t prev_out = 0, next_out = 0; ///< the source's out-edge list
    EdgeKind kind = EdgeKind::Linear;
    bool invert = false;                 ///< Mask
    bool add = false;                    ///< ScatterValue
    bool exclusive = false, reverse = false; ///< PrefixSum
    bool used = false;
    uint32_t weight = 0;                 ///< Linear, BlockSum: the weight; Mask: the mask (an owned JIT reference)
    uint32_t index = 0, mask = 0;        ///< Gather, scatters and a scatter_reduce's Mask (owned JIT references)
    uint64_t aux = 0;                    ///< Gather: source size; ScatterValue, Mask: target size; BlockSum, PrefixSum: block size
};

struct Node {
    uint64_t size = 0;
    uint64_t serial = 0;     ///< creation order
    uint32_t ref_ext = 0;    ///< references from arrays and tapes
    uint32_t ref_int = 0;    ///< references from in-edges of other nodes
    uint32_t grad = 0;       ///< gradient (an owned JIT reference, 0: none)
    uint32_t first_in = 0, first_out = 0;
    uint32_t stamp = 0;      ///< marks the nodes a traversal reached
    const char *what = "";   ///< the operation that made it ("mul", "leaf"), for graphviz
    uint32_t name_scope = 0; ///< the tj::ADScope it was created in (Graph::name_scopes; 0: none)
    VarType type = VarType::Float32;
    bool seeded = false;     ///< set_grad/accum_grad gave the next traversal its starting value
    bool used = false;
    /// Made inside a symbolic loop body that turned out to differentiate nothing (the state's leaves exist whenever
    /// any array has gradients, so a scatter of the state gives its target a node): it carries no gradient, and a
    /// later loop does not take it for a parameter (loop_grad.cpp).
    bool inert = false;
    /// tj::grad or an accumulating set_grad read its gradient: a frozen recording asks which inputs' gradients its
    /// body read (freeze/grad.cpp), as a replay for a call whose input holds another gradient must record anew.
    bool grad_read = false;
};

/// The derivative of a call node (call_node.h): many inputs to many outputs, computed as a whole: a frozen
/// function's replayed derivative recording (freeze/grad.cpp), or a custom operation's rules (custom.cpp). Runs
/// under the JIT lock, during a traversal (traversal.cpp, cross_call).
struct CallDerivative {
    virtual ~CallDerivative() = default;
    /// Backward: `grads[j]` is the gradient of output j (empty: none reached it); returns the gradient of each
    /// input. Forward: `grads[i]` is the tangent of input i (empty: none); returns the tangent of each output.
    virtual std::vector<JitRef> derivative(Direction d, const std::vector<JitRef> &grads) = 0;
    /// Whether it has the rule for that direction (a custom operation may lack one: a traversal that would reach
    /// it is refused before it changes anything, check_call_rules).
    virtual bool has_rule(Direction) const { return true; }
    /// A custom operation's name (errors, graphviz's hexagon); empty for a frozen function's call.
    virtual std::string name() const { return {}; }
    uint32_t inputs = 0, outputs = 0; ///< how many (make_call_node sets them)
};

struct Graph {
    std::vector<Node> nodes{1};  ///< id 0 is "no node"
    std::vector<uint32_t> free_nodes;
    std::vector<Edge> edges{1};  ///< id 0 is "no edge"
    std::vector<uint32_t> free_edges;
    std::unordered_map<uint32_t, std::string> labels;
    /// tj::ADScope boxes: full path ("outer/inner"), and the enclosing box (0: none); index 0 is unused.
    struct NameScope {
        std::string path, name;
        uint32_t parent = 0;
    };
    std::vector<NameScope> name_scopes{1};
    std::unordered_map<uint32_t, std::unique_ptr<CallDerivative>> calls; ///< call nodes' derivatives, by node
    uint64_t next_serial = 1;
    uint32_t stamp = 0;
    size_t live_nodes = 0;
    std::vector<uint32_t> free_stack; ///< scratch of release(): freeing never recurses
    uint32_t busy = 0;                ///< traversals or a simplification in progress (no simplifying then)
    /// Nodes that may have become collapsible since the last simplification (an edge added or removed, the last
    /// external reference or a seed dropped): simplify.cpp looks only at these, not at every node of the graph.
    /// `changed_all`: look at every node (at first, and when the list would outgrow the graph).
    std::vector<uint32_t> changed;
    bool changed_all = true;
    /// simplify.cpp's work lists, kept between simplifications (cleared, not freed): a training loop's steady
    /// state allocates nothing there and touches no fresh memory.
    struct SimplifyScratch {
        std::vector<std::tuple<uint32_t, uint64_t, uint32_t>> heap; ///< (cost, serial, node), a min-heap
        std::vector<uint32_t> touched, neighbours, ins, outs;
        std::vector<uint32_t> later; ///< nodes from before a frozen body being recorded (left for later)
        std::vector<std::pair<uint32_t, uint32_t>> seen; ///< (weight, first place in `touched`)
    } simplify_scratch;
};

/// Notes that node `id` may have become collapsible (Graph::changed).
inline void mark_changed(Graph &g, uint32_t id) {
    if (g.changed_all)
        return;
    if (g.changed.size() >= g.nodes.size()) {
        g.changed_all = true;
        g.changed.clear();
        return;
    }
    g.changed.push_back(id);
}

/// The process-wide graph (guarded by the JIT state's lock).
Graph &graph();

/// A new node without edges (one external reference).
uint32_t new_node(Graph &g, uint64_t size, VarType t, const char *what);
/// Adds an edge source → target; the edge takes over the JIT references in `e` (weight, index, mask).
uint32_t add_edge(Graph &g, uint32_t source, uint32_t target, Edge e);
/// Unlinks and frees an edge (releasing its source reference: that may free the source and its ancestors).
void remove_edge(Graph &g, uint32_t edge);
void inc_ext(Graph &g, uint32_t node);
void dec_ext(Graph &g, uint32_t node);

/// Replaces the gradient of a node (taking over `grad`'s reference).
void set_grad_ref(Graph &g, uint32_t node, JitRef grad);
/// Adds `contribution` to the gradient of `node`, after casting it to the node's type and fitting its size
/// (a width-n contribution to a width-1 node is summed; a width-1 one broadcast).
void accumulate(Graph &g, uint32_t node, JitRef contribution);
/// `c` of the node's type and size.
JitRef fit(const Node &n, JitRef c);

/// The innermost tj::ADScope of this thread (0: none); new nodes are drawn inside its box (name_scope.cpp).
uint32_t current_name_scope();
/// SuspendGrad/ResumeGrad (grad_scope.cpp): whether new operations on node `ad` are recorded in this thread
/// (0 when they are not, else `ad`), whether new leaves may be made at all, and registering a node just made.
/// (An inert node, loop_grad.cpp, is never tracked: it counts as no gradient. The JIT lock is held.)
uint32_t tracked(uint32_t ad);
/// `ad`, or 0 for an inert node (which stands for no gradient, Node::inert). The JIT lock is held.
inline uint32_t live(const Graph &g, uint32_t ad) { return ad && !g.nodes[ad].inert ? ad : 0; }
bool leaves_allowed();
void track_new(uint32_t node);

/// Vertex elimination over the whole graph (simplify.cpp), installed as the JIT's before_eval hook; appends the
/// new edge weights worth evaluating with the current evaluation to `weights`.
void simplify(std::vector<uint32_t> &weights);

} // namespace tj::ad
