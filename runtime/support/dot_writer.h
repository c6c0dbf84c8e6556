// runtime/support/dot_writer.h — writes Graphviz DOT text: quoting and escaping, clusters, node and edge attributes
//
// The one DOT writer of tracejit (the AD graph, tj::tape::to_dot, tracejit-inspect's query graphs). Callers
// hand it plain text: a line break in a label is a '\n', and the writer turns it into DOT's `\n`. It quotes
// what needs quotes, escapes what needs escaping, replaces control characters and ill-formed UTF-8 by U+FFFD
// (Graphviz refuses ill-formed UTF-8), and writes edges after every node and cluster, at the top level, so an
// edge never pulls a node into the cluster that happens to be open.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace tj::support {

/// How an attribute's value is written.
enum class DotQuote {
    Auto,   ///< bare when it is a DOT ID or numeral (box, gray60, 0.5), else quoted and escaped
    Always, ///< quoted and escaped, whatever the text (labels, tooltips, font names)
    Record, ///< quoted and escaped, with the field characters of record shapes ({ } | < >) escaped too
};

/// One attribute, `name=value`. The views must outlive the call they are passed to (a full expression).
struct DotAttr {
    std::string_view name;           ///< the attribute's name (a DOT ID: label, shape, color, …)
    std::string_view value;          ///< its value as plain text
    DotQuote quote = DotQuote::Auto; ///< how to write the value
};

/// Builds one `digraph`. Statements appear in the order they are written, indented by cluster depth; edges are
/// collected and appear after everything else.
class DotWriter {
  public:
    /// Starts `digraph <name> {`.
    explicit DotWriter(std::string_view name);

    /// Default attributes of every `graph`, `node` or `edge` (the `kind`): `kind [a=b, …];`.
    void defaults(std::string_view kind, std::initializer_list<DotAttr> attrs);
    /// An attribute of the graph, or of the cluster open: `name=value;`.
    void attribute(const DotAttr &attr);
    /// Opens `subgraph cluster_<suffix> {`; Graphviz draws a cluster as a box around its nodes.
    void begin_cluster(std::string_view suffix);
    /// Closes the cluster opened last.
    void end_cluster();
    /// A node statement: `id [a=b, …];`.
    void node(std::string_view id, std::initializer_list<DotAttr> attrs = {});
    /// The same, with attributes from an array (for lists built at run time).
    void node(std::string_view id, const DotAttr *attrs, size_t count);
    /// An edge `from -> to [a=b, …];`, written after every node and cluster.
    void edge(std::string_view from, std::string_view to, std::initializer_list<DotAttr> attrs = {});
    /// The same, with attributes from an array.
    void edge(std::string_view from, std::string_view to, const DotAttr *attrs, size_t count);
    /// Closes the clusters still open and the graph, and returns the text. The writer is empty afterwards.
    std::string finish();

  private:
    void indent();
    void statement_attrs(std::string &out, const DotAttr *attrs, size_t count);

    std::string m_out;   ///< the graph up to the last statement written
    std::string m_edges; ///< the edge statements, appended by finish()
    size_t m_depth = 0;  ///< clusters open
};

} // namespace tj::support
