// runtime/backend/kernel_ir.cpp — canonical text of kernel instructions (the kernel-cache key)
#include "backend/kernel_ir.h"

#include <fmt/format.h>

#include <iterator>

namespace tj {

void append_instr_text(std::string &out, uint32_t n, const Instr &ins) {
    static const char *kinds[] = {"op", "const", "load", "bcast", "index", "store", "ctab"};
    fmt::format_to(std::back_inserter(out), "%{}={}.{}.{}.{} {} {} {} {} {}\n", n, kinds[int(ins.kind)], int(ins.op),
                   detail::type_name(ins.type), detail::type_name(ins.src_type), ins.a, ins.b, ins.c, ins.d, ins.imm);
}

} // namespace tj
