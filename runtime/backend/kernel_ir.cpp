// runtime/backend/kernel_ir.cpp — canonical encoding of kernel instructions (the kernel-cache key)
#include "backend/kernel_ir.h"

#include <cstring>

namespace tj {

void append_instr_text(std::string &out, uint32_t n, const Instr &ins) {
    // A fixed-size binary record: as complete as a textual dump, and cheap enough to build per launch.
    (void)n; // records are positional
    char rec[28];
    rec[0] = char(ins.kind);
    rec[1] = char(ins.op);
    rec[2] = char(ins.type);
    rec[3] = char(ins.src_type);
    std::memcpy(rec + 4, &ins.a, 4);
    std::memcpy(rec + 8, &ins.b, 4);
    std::memcpy(rec + 12, &ins.c, 4);
    std::memcpy(rec + 16, &ins.d, 4);
    std::memcpy(rec + 20, &ins.imm, 8);
    out.append(rec, sizeof(rec));
}

} // namespace tj
