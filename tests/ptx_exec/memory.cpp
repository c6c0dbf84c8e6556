// tests/ptx_exec/memory.cpp — the global state space of a launch, and the messages that stop a launch
#include "machine.h"

#include <cstdio>

namespace ptx_exec {

bool GlobalMemory::contains(uint64_t address, uint64_t bytes) {
    if (address + bytes < address)
        return false;
    if (address >= m_lo && address + bytes <= m_hi)
        return true;
    for (const Symbol &g : m_module.globals) {
        const uint64_t base = uint64_t(uintptr_t(g.host));
        if (g.space == Space::Global && address >= base && address + bytes <= base + g.bytes)
            return true;
    }
    if (!m_check || !m_check(address, bytes))
        return false;
    m_lo = address, m_hi = address + bytes; // a later access inside the same range needs no lookup
    return true;
}

void Launch::fail(const Thread &t, const Instr *in, const std::string &what) const {
    const Function *fn = t.frames.empty() ? &kernel : t.frames.back().fn;
    std::string where = "kernel " + kernel.name;
    if (fn != &kernel)
        where += " (in function " + fn->name + ")";
    char ids[160];
    std::snprintf(ids, sizeof ids, ", thread (%u,%u,%u) of CTA (%u,%u,%u)", t.tid[0], t.tid[1], t.tid[2], cta[0], cta[1],
                  cta[2]);
    where += ids;
    if (in)
        where += ", line " + std::to_string(in->line) + " '" + in->text + "'";
    throw ExecError("ptx_exec: " + where + ": " + what);
}

} // namespace ptx_exec
