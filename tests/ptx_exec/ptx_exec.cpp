// tests/ptx_exec/ptx_exec.cpp — Program: a parsed module, and the checks and set-up of a launch
#include "ptx_exec.h"

#include "machine.h"
#include "parser.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <set>

namespace ptx_exec {
namespace {

std::atomic<uint64_t> executed_total{0};

/// The first thing in `f`, or in a function it calls, that the engine does not implement ("" if none).
std::string first_problem(const Module &m, const Function &f, std::set<const Function *> &seen) {
    if (!seen.insert(&f).second)
        return {};
    if (!f.defined)
        return "function " + f.name + " is declared but not defined";
    if (!f.problems.empty())
        return "function " + f.name + ": unsupported " + f.problems.front();
    for (const Instr &in : f.code) {
        if (in.op == Op::Unsupported)
            return "unsupported instruction '" + in.text + "' (line " + std::to_string(in.line) + ", in " + f.name +
                   "): " + in.problem;
        if (in.op == Op::Call)
            if (std::string p = first_problem(m, m.functions[size_t(in.ops[1].sym)], seen); !p.empty())
                return p;
    }
    return {};
}

} // namespace

Program::Program(const std::string &ptx) {
    try {
        m_module = std::make_shared<Module>(parse_module(ptx));
    } catch (const ExecError &e) {
        m_parse_error = e.what();
    }
}

Program::~Program() = default;

bool Program::entry_params(const std::string &entry, std::vector<unsigned> &sizes) const {
    if (!m_module)
        return false;
    auto it = m_module->by_name.find(entry);
    if (it == m_module->by_name.end() || !m_module->functions[it->second].entry)
        return false;
    const Function &f = m_module->functions[it->second];
    sizes.clear();
    for (uint64_t s : f.params)
        sizes.push_back(unsigned(f.symbols[s].bytes));
    return true;
}

void Program::launch(const std::string &entry, const LaunchShape &shape, void *const *params,
                     const GlobalMemoryCheck &global_ok) const {
    if (!m_module)
        throw ExecError("ptx_exec: kernel " + entry + ": the module could not be parsed: " + m_parse_error);
    const Module &m = *m_module;
    if (!m.problems.empty())
        throw ExecError("ptx_exec: kernel " + entry + ": unsupported " + m.problems.front());
    auto it = m.by_name.find(entry);
    if (it == m.by_name.end() || !m.functions[it->second].entry)
        throw ExecError("ptx_exec: the module has no kernel " + entry);
    const Function &k = m.functions[it->second];
    std::set<const Function *> seen;
    if (std::string p = first_problem(m, k, seen); !p.empty())
        throw ExecError("ptx_exec: kernel " + entry + ": " + p);
    Launch l{m, k, shape, GlobalMemory(m, global_ok), std::vector<uint8_t>(k.param_bytes, 0)};
    for (size_t i = 0; i < k.params.size(); ++i) {
        const Symbol &s = k.symbols[k.params[i]];
        std::memcpy(l.kernel_params.data() + s.offset, params[i], s.bytes);
    }
    // A launch longer than this (TJ_PTX_EXEC_MAX_INSTRUCTIONS, default 10^11: about an hour) is stopped as a hang.
    l.budget = 100000000000ull;
    if (const char *limit = std::getenv("TJ_PTX_EXEC_MAX_INSTRUCTIONS"); limit && *limit)
        l.budget = std::strtoull(limit, nullptr, 10);
    struct Count {
        Launch &l;
        ~Count() { executed_total += l.executed; }
    } count{l};
    run_grid(l);
}

uint64_t instructions_executed() { return executed_total.load(); }

} // namespace ptx_exec
