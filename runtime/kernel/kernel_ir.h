// runtime/kernel/kernel_ir.h — the kernel IR that the scheduler emits and every backend lowers
//
// A kernel runs one loop over the elements [start, end) of one size. Its body is a
// list of instructions in SSA order; operands are indices of earlier instructions.
// Memory comes in through numbered parameters (pointers or sizes). The canonical
// text of a kernel (`KernelIR::text`, a compact binary record per instruction and one
// byte per parameter) is the kernel-cache key: two kernels with the same text compile to
// the same code.
#pragma once

#include <tracejit/detail/core.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

namespace tj {

/// What an instruction does; Compute means "apply `op` to the operands".
enum class InstrKind : uint8_t {
    Compute, ///< op(a, b, c) for arithmetic, math, Cast, Gather and the scatters
    Const,   ///< the literal `imm` of `type`
    Load,    ///< param[a][i]
    Bcast,   ///< param[a][0]: a width-1 input broadcast to every element
    Index,   ///< the element index i, converted to `type`
    Store,   ///< param[a][i] = instr b
    ConstTable, ///< literal number `imm` of the table in param a (values are not part of the kernel's text)
    // A symbolic loop: LoopStart, one Phi per state variable, the condition's instructions, LoopCond, the
    // body, one PhiUpdate per state variable, LoopEnd. After LoopEnd a Phi's value is the state's final value.
    LoopStart,  ///< opens a loop (its header)
    Phi,        ///< a state variable: instr a before the loop, its PhiUpdate on later iterations
    LoopCond,   ///< lanes where instr a is true (and that were still iterating) run the body; none: exit
    PhiUpdate,  ///< Phi a takes the value of instr b (on the lanes that ran the body)
    LoopEnd,    ///< closes the loop opened by LoopStart a (back to its header)
    // A dispatch region: the instances of a tj::dispatch (loop form): SwitchStart, one SwitchPhi per merged result,
    // then per instance SwitchCase, its symbolic loop (the lanes holding its id run the body) and one SwitchUpdate
    // per SwitchPhi; SwitchEnd. The cases may run in any order, each at most once per element and only on the
    // elements holding its id, so a backend may lower it as its cases one after the other (CUDA; the CPU with few
    // cases), or group the elements by case first and run each case on its own elements (the CPU's sorted form,
    // cpu_sorted_dispatch.h). After SwitchEnd a SwitchPhi's value is the merged result.
    SwitchStart,  ///< opens a switch on the UInt32 ids of instr a; b = its SwitchPhis, imm = its cases
    SwitchPhi,    ///< a merged result: instr a before the switch, then what each case's SwitchUpdate gives it
    SwitchCase,   ///< the case of the lanes whose id is `imm` (the code up to the next SwitchCase or SwitchEnd)
    SwitchUpdate, ///< in a case: SwitchPhi a takes the value of instr b (the case's merged result)
    SwitchEnd,    ///< closes the switch opened by SwitchStart a
};

/// How the kernel uses a parameter slot.
enum class ParamKind : uint8_t {
    Input,  ///< read-only buffer, not aliased by any other parameter
    Output, ///< freshly allocated buffer written once per element
    Target, ///< scatter target: read-modify-write at computed indices
    Size,   ///< element count (of a gather source or scatter target), passed by value
};

/// One instruction. For Gather: a=index, b=mask, c=source param, d=source size param.
/// A packed gather's channel: a Gather with `imm` = count << 32 | channel (`imm` 0: a plain gather) reads
/// source[index + channel] (the sum in 64 bits; 0 where masked or past the end). Backends load the channels of one
/// (index, mask, source, count) together, `count` consecutive elements per lane (in pieces of up to 4 elements).
/// For Scatter/ScatterAdd: a=value, b=index, c=mask, d=target param; `imm` = target size param.
/// For ScatterReduce: the same, and `imm >> 32` is the detail::ReduceOp (Prod, Min, Max, And, Or).
/// For ScatterInc (its value: the old UInt32 contents, 0 where nothing is written): a=index, b=mask,
/// d=target param, `imm` = target size param.
struct Instr {
    InstrKind kind = InstrKind::Compute;
    detail::Op op = detail::Op::Count;
    VarType type = VarType::Float32; ///< result type (for Store/Scatter: the stored type)
    VarType src_type = VarType::Float32; ///< operand type of Cast and comparisons
    uint32_t a = 0, b = 0, c = 0, d = 0;
    uint64_t imm = 0;
};

/// How many operands (a, b, c, in that order) a Compute instruction of the element-wise `op` reads (memory
/// operations: see Instr).
inline unsigned op_arity(detail::Op op) {
    using detail::Op;
    switch (op) {
    case Op::Neg:
    case Op::Not:
    case Op::Abs:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Exp:
    case Op::Log:
    case Op::Sin:
    case Op::Cos:
    case Op::Tan:
    case Op::Tanh:
    case Op::Erf:
    case Op::Floor:
    case Op::Ceil:
    case Op::Round:
    case Op::Cast: return 1;
    case Op::Fma:
    case Op::Select: return 3;
    default: return 2;
    }
}

/// A whole kernel: instructions, parameter slots, and its canonical text.
struct KernelIR {
    std::vector<Instr> instrs;
    std::vector<ParamKind> params;
    std::string text; ///< canonical text, built alongside the instructions
    uint32_t op_count = 0; ///< Compute instructions, for logs
    /// Elements of the launch the kernel is looked up for (0: not known). Not in `text`: a compiler that shapes its
    /// code by it says how in KernelCompiler::variant (kernel/kernel.h), which the cache levels key on.
    uint64_t launch_size = 0;
};

/// Bytes a launch of `ir` moves per element through its element-wise parameters: each Input that a Load reads (once,
/// however many loads) and each Output, at its element size (Bool: 1). Gather sources and scatter targets are left
/// out: their size is not the launch's. (The CPU backend streams launches by it: backend/cpu/cpu_streaming.h.)
inline uint32_t element_bytes(const KernelIR &ir) {
    // Each launch asks: no allocation for the usual few params.
    uint8_t small[64] = {};
    std::vector<uint8_t> large;
    uint8_t *size = small;
    if (ir.params.size() > std::size(small)) {
        large.assign(ir.params.size(), 0);
        size = large.data();
    }
    for (const Instr &ins : ir.instrs)
        if ((ins.kind == InstrKind::Load && ir.params[ins.a] == ParamKind::Input) ||
            (ins.kind == InstrKind::Store && ir.params[ins.a] == ParamKind::Output))
            size[ins.a] = uint8_t(ins.type == VarType::Bool ? 1 : tj::detail::type_size(ins.type));
    uint32_t bytes = 0;
    for (size_t k = 0; k < ir.params.size(); ++k)
        bytes += size[k];
    return bytes;
}

/// Literals beyond this many per kernel are read from a table: embedding thousands of distinct
/// constants makes LLVM's code generation superlinear (its constant pool is searched linearly).
inline constexpr uint32_t max_embedded_literals = 64;

/// Entry point of a compiled CPU kernel: runs elements [start, end); args[k] is param k. With `stream` != 0 it writes
/// its outputs with non-temporal stores where it can (for outputs too large to stay in the caches).
using KernelFn = void (*)(uint64_t start, uint64_t end, void **args, uint64_t stream);

namespace detail {
/// Writes `v` as a LEB128 varint (7 bits a byte, low bits first) at `p`; returns its end.
inline char *put_varint(char *p, uint64_t v) {
    while (v >= 0x80) {
        *p++ = char(uint8_t(v) | 0x80);
        v >>= 7;
    }
    *p++ = char(v);
    return p;
}
/// An operand field of instruction number `index`: operands naming an earlier instruction are mostly just before
/// it, so the distance back (odd code) is smaller than the number itself (even code); whichever is smaller is used.
/// Either way the field comes back from the code and `index`, so the encoding stays one-to-one.
inline uint64_t field_code(uint32_t f, uint32_t index) {
    return f < index && index - f < f ? (uint64_t(index - f) << 1) | 1 : uint64_t(f) << 1;
}
} // namespace detail

/// The most bytes write_instr_text writes for one instruction.
inline constexpr size_t max_instr_text_bytes = 4 + 1 + 4 * 5 + 10;

/// Writes the canonical encoding of `ins`, instruction number `index` of its kernel, at `out` (room for
/// max_instr_text_bytes) and returns its end: kind, op, type and source type (one byte each), a byte whose bits 0-4
/// say which of a, b, c, d, imm are not 0, then those as varints (a..d by detail::field_code, imm as it is). As
/// complete as a textual dump and one-to-one (the fields decode back, given the position), cheap enough to build on
/// every launch, and short: a chain operation takes 7 bytes, which keeps the kernel caches' hashing, comparing,
/// copying and the disk level's (de)compression small. A record starts with the kind (below '0'), so the parameter
/// bytes that follow the records ('0' + ParamKind) never read as one.
inline char *write_instr_text(char *out, const Instr &ins, uint32_t index) {
    static_assert(offsetof(Instr, op) == 1 && offsetof(Instr, type) == 2 && offsetof(Instr, src_type) == 3,
                  "kind, op, type and src_type are the first 4 bytes of an Instr, copied as one");
    std::memcpy(out, &ins, 4);
    char *p = out + 5;
    unsigned present = 0;
    if (ins.a) {
        present |= 1;
        p = detail::put_varint(p, detail::field_code(ins.a, index));
    }
    if (ins.b) {
        present |= 2;
        p = detail::put_varint(p, detail::field_code(ins.b, index));
    }
    if (ins.c) {
        present |= 4;
        p = detail::put_varint(p, detail::field_code(ins.c, index));
    }
    if (ins.d) {
        present |= 8;
        p = detail::put_varint(p, detail::field_code(ins.d, index));
    }
    if (ins.imm) {
        present |= 16;
        p = detail::put_varint(p, ins.imm);
    }
    out[4] = char(present);
    return p;
}

/// Appends write_instr_text's record of `ins` (instruction number `index`) to `out`.
inline void append_instr_text(std::string &out, const Instr &ins, uint32_t index) {
    char rec[max_instr_text_bytes];
    out.append(rec, size_t(write_instr_text(rec, ins, index) - rec));
}

} // namespace tj
