// tests/fuzz/tape_reader_fuzz.cpp — libFuzzer target: tj::tape::load_bytes on arbitrary bytes must never crash
//
// A rejected input is a tj::Error (anything else escaping is a finding: libFuzzer reports the uncaught
// exception as a crash). An accepted input must be a consistent tape, so it is then walked the way the tools
// walk it: printlevels, to_json, to_dot, to_html and, for small tapes, the dependency queries of every node.
#include <tracejit/error.h>
#include <tracejit/tape.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace {

/// Visits every node below `root` (own stack: a loaded tape may nest deeply).
template <typename F> void for_each_node(const tj::tape::Node &root, F &&f) {
    std::vector<const tj::tape::Node *> todo{&root};
    while (!todo.empty()) {
        const tj::tape::Node *n = todo.back();
        todo.pop_back();
        f(*n);
        for (const tj::tape::Node &c : n->children())
            todo.push_back(&c);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    tj::tape::Tape tape;
    try {
        tape = tj::tape::load_bytes(std::string_view(reinterpret_cast<const char *>(data), size), "<fuzz input>");
    } catch (const tj::Error &) {
        return 0; // rejected cleanly
    }
    const tj::tape::Node &root = *tape;
    size_t nodes = 0, sink = 0;
    for_each_node(root, [&](const tj::tape::Node &n) {
        ++nodes;
        sink += n.value_string().size() + n.text().size() + n.references().size();
        for (const auto &[position, target] : n.references())
            sink += target ? target->index() : 0;
    });
    sink += tj::tape::printlevels(root, INT_MAX).size();
    sink += tj::tape::to_json(root).size();
    sink += tj::tape::to_dot(root).size();
    sink += tj::tape::to_html(root).size();
    if (nodes <= 2000) { // the transitive queries are quadratic in the size of a call
        for_each_node(root, [&](const tj::tape::Node &n) {
            sink += tj::tape::referenced(n).size() + tj::tape::referenced(n, true).size();
            sink += tj::tape::backward(n).size() + tj::tape::dependents(n).size() + tj::tape::forward(n).size();
            sink += tj::tape::node_line(n).size();
        });
    }
    volatile size_t keep = sink; // keeps the walk from being optimised away
    (void)keep;
    return 0;
}
