// tools/inspect/inspect.cpp — tracejit-inspect: prints a saved tape (text, JSON, DOT) and answers dependency queries
//
// Reads the file with tj::tape::load, picks a node (`--node @7/@2`: child 2 of the nested call @7 of the root),
// then prints either the tape below that node (text = printlevels, json = to_json, dot = to_dot) or the result
// of one query about it (--referenced, --backward, --dependents, --forward). Every error is one line on stderr
// and exit status 1.
#include "support/dot_writer.h" // the DOT writer (libtracejit_tape exports it)

#include <tracejit/error.h>
#include <tracejit/tape.h>
#include <tracejit/tape_index.h>

#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <vector>

namespace {

constexpr const char *usage_text =
    "usage: tracejit-inspect FILE [--calls | --call N] [--depth N]\n"
    "                        [--node @i[/@j…] [--referenced|--backward|--dependents|--forward]]\n"
    "                        [--format text|json|dot|html]\n"
    "\n"
    "Prints a tape file written by tj::tape::save or TRACEJIT_TAPE=<dir>.\n"
    "  --calls          the top-level calls of a TRACEJIT_TAPE file (from its index) and its notes (why\n"
    "                   recording stopped, what a limit left out), one per line\n"
    "  --call N         only top-level call N (from 0, as --calls numbers them), reading only its part of\n"
    "                   the file (default: the whole tape; a file with several calls has a root above them)\n"
    "  --depth N        levels to print (1 = the node's own line, 2 = its children too, …; default: all)\n"
    "  --node @i        the node to start from: @3 is the root's child 3; @7/@2 is child 2 of the nested\n"
    "                   call @7 (default: the root call)\n"
    "  --referenced     the nodes the selected node reads from\n"
    "  --backward       everything the selected node depends on (transitively), latest first\n"
    "  --dependents     the nodes that read the selected node\n"
    "  --forward        everything that depends on the selected node (transitively), in execution order\n"
    "  --format F       text (the extended Wengert list; default), json, dot (Graphviz), or html (a page to\n"
    "                   browse: calls fold, references link to the nodes read; not with a query)\n"
    "  -h, --help       this text\n";

/// A user error: printed as one line, exit status 1.
struct UsageError {
    std::string message;
};

enum class Query { None, Referenced, Backward, Dependents, Forward };
enum class Format { Text, Json, Dot, Html };

struct Options {
    std::string file;
    int depth = -1; ///< -1: all levels
    std::string node_path;
    Query query = Query::None;
    Format format = Format::Text;
    bool list_calls = false;
    long call = -1; ///< --call N (-1: the whole tape)
};

/// Parses a decimal number that fills `s` entirely; false otherwise.
bool parse_uint(std::string_view s, unsigned long &out) {
    if (s.empty())
        return false;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

Options parse_args(int argc, char **argv, bool &help) {
    Options o;
    bool query_seen = false;
    auto value_of = [&](int &i, const char *opt) -> std::string {
        if (i + 1 >= argc)
            throw UsageError{std::string(opt) + " needs a value"};
        return argv[++i];
    };
    auto set_query = [&](Query q, const char *opt) {
        if (query_seen)
            throw UsageError{std::string("only one of --referenced, --backward, --dependents, --forward can be "
                                         "given (") +
                             opt + " is a second)"};
        query_seen = true;
        o.query = q;
    };
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        std::string inline_value;
        bool has_inline = false;
        if (arg.starts_with("--") && arg.find('=') != std::string_view::npos) {
            inline_value = std::string(arg.substr(arg.find('=') + 1));
            arg = arg.substr(0, arg.find('='));
            has_inline = true;
        }
        auto value = [&](const char *opt) { return has_inline ? inline_value : value_of(i, opt); };
        if (arg == "-h" || arg == "--help") {
            help = true;
            return o;
        } else if (arg == "--depth") {
            std::string v = value("--depth");
            unsigned long d = 0;
            if (!parse_uint(v, d) || d == 0 || d > static_cast<unsigned long>(INT_MAX))
                throw UsageError{"--depth needs a positive whole number, not '" + v + "'"};
            o.depth = static_cast<int>(d);
        } else if (arg == "--calls" && !has_inline) {
            o.list_calls = true;
        } else if (arg == "--call") {
            std::string v = value("--call");
            unsigned long c = 0;
            if (!parse_uint(v, c) || c > static_cast<unsigned long>(LONG_MAX))
                throw UsageError{"--call needs a call number (0, 1, …), not '" + v + "'"};
            o.call = static_cast<long>(c);
        } else if (arg == "--node") {
            o.node_path = value("--node");
        } else if (arg == "--format") {
            std::string v = value("--format");
            if (v == "text")
                o.format = Format::Text;
            else if (v == "json")
                o.format = Format::Json;
            else if (v == "dot")
                o.format = Format::Dot;
            else if (v == "html")
                o.format = Format::Html;
            else
                throw UsageError{"unknown format '" + v + "' (text, json, dot or html)"};
        } else if (arg == "--referenced" && !has_inline) {
            set_query(Query::Referenced, "--referenced");
        } else if (arg == "--backward" && !has_inline) {
            set_query(Query::Backward, "--backward");
        } else if (arg == "--dependents" && !has_inline) {
            set_query(Query::Dependents, "--dependents");
        } else if (arg == "--forward" && !has_inline) {
            set_query(Query::Forward, "--forward");
        } else if (arg.starts_with("-") && arg != "-") {
            throw UsageError{"unknown option '" + std::string(argv[i]) + "' (see --help)"};
        } else if (o.file.empty()) {
            o.file = std::string(arg);
        } else {
            throw UsageError{"more than one file given ('" + o.file + "' and '" + std::string(arg) + "')"};
        }
    }
    if (o.file.empty())
        throw UsageError{"no tape file given (see --help)"};
    if (o.list_calls && (o.call >= 0 || !o.node_path.empty() || o.query != Query::None))
        throw UsageError{"--calls lists the calls: it takes no --call, --node or query"};
    if (o.query != Query::None && o.node_path.empty())
        throw UsageError{"a query (--referenced, --backward, --dependents, --forward) needs --node @i"};
    if (o.query != Query::None && o.format == Format::Html)
        throw UsageError{"--format html shows a tape, not the answer to a query: use text, json or dot with a query"};
    return o;
}

/// The node at `path` ("@7/@2") below `root`.
const tj::tape::Node &find_node(const tj::tape::Node &root, const std::string &path) {
    const tj::tape::Node *n = &root;
    std::string where = "the root";
    size_t start = 0;
    while (true) {
        size_t slash = path.find('/', start);
        std::string_view part =
            std::string_view(path).substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        unsigned long i = 0;
        if (part.size() < 2 || part[0] != '@' || !parse_uint(part.substr(1), i) || i == 0)
            throw UsageError{"bad node address '" + path + "': expected @i or a path such as @7/@2 (i from 1)"};
        tj::tape::Children kids = n->children();
        const tj::tape::Node *found = nullptr;
        // Children are numbered 1, 2, … in order; look at the obvious place first, then search.
        if (i <= kids.size() && kids[i - 1].index() == i) {
            found = &kids[i - 1];
        } else {
            for (const tj::tape::Node &c : kids)
                if (c.index() == i) {
                    found = &c;
                    break;
                }
        }
        if (!found)
            throw UsageError{"no node " + std::string(part) + " in " + where + " '" + n->text() + "' (it has " +
                             std::to_string(kids.size()) + " children)"};
        n = found;
        where = "node " + path.substr(0, slash == std::string::npos ? path.size() : slash);
        if (slash == std::string::npos)
            return *n;
        start = slash + 1;
    }
}

/// The answer to a query as a digraph: the selected node (bold) and the result nodes, with the references
/// among them as edges from the node read to the reader.
std::string query_dot(const tj::tape::Node &selected, const std::vector<const tj::tape::Node *> &nodes,
                      const char *query) {
    using tj::support::DotQuote;
    std::vector<const tj::tape::Node *> all = nodes;
    all.insert(all.begin(), &selected);
    std::unordered_set<const tj::tape::Node *> present(all.begin(), all.end());
    auto id_of = [](const tj::tape::Node *n) { return "n" + std::to_string(reinterpret_cast<uintptr_t>(n)); };
    tj::support::DotWriter dot("query");
    const std::string title = std::string(query) + " of @" + std::to_string(selected.index());
    dot.defaults("graph", {{"fontname", "monospace", DotQuote::Always}, {"label", title, DotQuote::Always}});
    dot.defaults("node", {{"fontname", "monospace", DotQuote::Always}, {"fontsize", "10"}, {"shape", "box"}});
    std::unordered_set<const tj::tape::Node *> written;
    for (const tj::tape::Node *n : all) {
        if (!written.insert(n).second)
            continue;
        const std::string line = tj::tape::node_line(*n);
        if (n == &selected)
            dot.node(id_of(n), {{"label", line, DotQuote::Always}, {"style", "bold"}});
        else
            dot.node(id_of(n), {{"label", line, DotQuote::Always}});
    }
    for (const tj::tape::Node *n : written)
        for (const auto &[position, target] : n->references())
            if (target && present.count(target))
                dot.edge(id_of(target), id_of(n));
    return dot.finish();
}

/// One line of `s` (a tj::Error message may hold line breaks).
std::string one_line(std::string s) {
    for (char &c : s)
        if (c == '\n' || c == '\r')
            c = ' ';
    return s;
}

int run(const Options &o) {
    if (o.list_calls) {
        tj::tape::TapeIndex index = tj::tape::read_index(o.file);
        std::string out;
        for (size_t i = 0; i < index.calls.size(); ++i)
            out += std::to_string(i) + ": " + index.calls[i] + "\n";
        for (const std::string &n : index.notes)
            out += "note: " + n + "\n";
        if (!index.indexed)
            out += "note: the file has no index (the program ended before finishing it); its chunks were read\n";
        std::fwrite(out.data(), 1, out.size(), stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    }
    tj::tape::Tape tape =
        o.call >= 0 ? tj::tape::load_call(o.file, static_cast<size_t>(o.call)) : tj::tape::load(o.file);
    const tj::tape::Node &node = o.node_path.empty() ? tape.root() : find_node(tape.root(), o.node_path);
    std::string out;
    if (o.query == Query::None) {
        switch (o.format) {
        case Format::Text: out = tj::tape::printlevels(node, o.depth < 0 ? INT_MAX : o.depth); break;
        case Format::Json: out = tj::tape::to_json(node, o.depth); break;
        case Format::Dot: out = tj::tape::to_dot(node, o.depth); break;
        case Format::Html: out = tj::tape::to_html(node, o.depth); break;
        }
    } else {
        std::vector<const tj::tape::Node *> result;
        const char *name = "";
        switch (o.query) {
        case Query::Referenced: result = tj::tape::referenced(node), name = "referenced"; break;
        case Query::Backward: result = tj::tape::backward(node), name = "backward"; break;
        case Query::Dependents: result = tj::tape::dependents(node), name = "dependents"; break;
        case Query::Forward: result = tj::tape::forward(node), name = "forward"; break;
        case Query::None: break;
        }
        switch (o.format) {
        case Format::Text:
            for (const tj::tape::Node *n : result)
                out += tj::tape::node_line(*n) + "\n";
            break;
        case Format::Json:
            out = "[";
            for (size_t i = 0; i < result.size(); ++i) {
                std::string obj = tj::tape::to_json(*result[i], 1);
                while (!obj.empty() && obj.back() == '\n')
                    obj.pop_back();
                out += i ? ",\n " : "";
                out += obj;
            }
            out += "]\n";
            break;
        case Format::Dot: out = query_dot(node, result, name); break;
        case Format::Html: break; // rejected with the options
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    if (std::fflush(stdout) != 0) {
        std::fprintf(stderr, "tracejit-inspect: cannot write the output: %s\n", std::strerror(errno));
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    try {
        bool help = false;
        Options o = parse_args(argc, argv, help);
        if (help) {
            std::fputs(usage_text, stdout);
            return 0;
        }
        return run(o);
    } catch (const UsageError &e) {
        std::fprintf(stderr, "tracejit-inspect: %s\n", one_line(e.message).c_str());
    } catch (const tj::Error &e) {
        std::fprintf(stderr, "tracejit-inspect: %s\n", one_line(e.what()).c_str());
    } catch (const std::exception &e) {
        std::fprintf(stderr, "tracejit-inspect: %s\n", one_line(e.what()).c_str());
    }
    return 1;
}
