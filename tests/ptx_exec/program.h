// tests/ptx_exec/program.h — the pre-decoded form of a PTX module: functions, instructions, operands, symbols
//
// The parser (parser.cpp) turns PTX text into this form once per module; the executor (executor.cpp) runs it
// without looking at text again. Registers are numbered slots of 64 bits per frame, symbols are resolved to a
// state space and an offset, branch targets to instruction indices.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ptx_exec {

/// Element types of PTX instructions.
enum class Type : uint8_t { None, Pred, B8, B16, B32, B64, U8, U16, U32, U64, S8, S16, S32, S64, F32, F64 };

inline unsigned type_bytes(Type t) {
    switch (t) {
    case Type::B8: case Type::U8: case Type::S8: return 1;
    case Type::B16: case Type::U16: case Type::S16: return 2;
    case Type::B32: case Type::U32: case Type::S32: case Type::F32: return 4;
    case Type::B64: case Type::U64: case Type::S64: case Type::F64: return 8;
    default: return 0;
    }
}
inline bool type_signed(Type t) { return t == Type::S8 || t == Type::S16 || t == Type::S32 || t == Type::S64; }
inline bool type_float(Type t) { return t == Type::F32 || t == Type::F64; }

/// State spaces.
enum class Space : uint8_t { Generic, Global, Shared, Local, Param };

/// Special registers.
enum class Sreg : uint8_t {
    TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ, NctaidX, NctaidY, NctaidZ, Laneid, Warpid,
    LanemaskEq, LanemaskLt, LanemaskLe, LanemaskGt, LanemaskGe
};

/// A symbol an instruction names: a module variable (global or shared) or a variable of the function's frame.
struct Symbol {
    std::string name;
    Space space = Space::Global;
    uint64_t offset = 0; ///< shared: offset in the CTA's shared memory; param/local: offset in the frame's area
    uint64_t bytes = 0;
    uint8_t *host = nullptr; ///< global: the variable's memory (owned by the Module)
};

/// One operand of an instruction.
struct Operand {
    enum Kind : uint8_t { None, Reg, Imm, Special, Mem, Vec, Sym, Func } kind = None;
    uint8_t count = 0;       ///< Vec: registers in `regs`
    Sreg sreg = Sreg::TidX;  ///< Special
    int32_t reg = -1;        ///< Reg; Mem: base register (-1: none)
    int32_t sym = -1;        ///< Mem, Sym: index into the function's symbol table (-1: none); Func: function index
    int64_t imm = 0;         ///< Imm: the bits; Mem: the constant offset
    int32_t regs[4] = {-1, -1, -1, -1}; ///< Vec (-1: the sink `_`)
};

/// Base operations (the instruction set: isa.cpp decodes mnemonics into these).
enum class Op : uint8_t {
    Unsupported, Mov, Add, Sub, Mul, MulHi, MulWide, Mad, Fma, Div, Rem, Min, Max, Abs, Neg, And, Or, Xor, Not,
    Shl, Shr, Shf, Bfe, Bfi, Clz, Setp, Selp, Cvt, Cvta, Rcp, Sqrt, Ex2, Ld, St, Atom, Bra, Call, Ret, Exit, Bar, Shfl,
    // carry-chain forms (add.cc and friends)
    AddCC, AddC, SubCC, SubC, MadLoCC, MadCLo, MadCHi
};

/// Rounding modes (.rn default).
enum class Round : uint8_t { Rn, Rz, Rm, Rp };

/// Comparisons of setp, operations of atom.
enum class Cmp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Equ, Neu, Ltu, Leu, Gtu, Geu, Num, Nan, Lo, Ls, Hi, Hs };
enum class AtomOp : uint8_t { Add, And, Or, Xor, Min, Max, Exch, Cas };
/// Modes of shfl.sync.
enum class ShflMode : uint8_t { Down, Up, Idx };

struct Instr {
    Op op = Op::Unsupported;
    Type type = Type::None;  ///< the operation's type (cvt: destination)
    Type type2 = Type::None; ///< cvt: source type
    Round round = Round::Rn;
    bool ftz = false, sat = false, approx = false, to_int = false; ///< to_int: cvt's .rni/.rzi/.rmi/.rpi
    bool carry_out = false, carry_in = false;                     ///< carry-chain forms
    uint8_t sub = 0;      ///< Setp: Cmp; Atom: AtomOp; Shfl: mode; Setp combining bool op
    Space space = Space::Generic;
    uint8_t vec = 1;      ///< ld/st: elements
    int32_t guard = -1;   ///< predicate register, -1: none
    bool guard_neg = false;
    uint8_t nops = 0;
    Operand ops[6];
    int32_t target = -1;  ///< Bra: instruction index
    uint32_t line = 0;    ///< line in the PTX text
    std::string text;     ///< the mnemonic, for messages (not read while executing)
    std::string problem;  ///< Unsupported: why
};

struct Function {
    std::string name;
    bool entry = false;
    std::vector<Instr> code;
    uint32_t registers = 0;          ///< register slots of a frame
    std::vector<Symbol> symbols;     ///< module globals and shared variables, then the frame's own
    std::vector<uint64_t> params;    ///< symbol index of each parameter, in order
    int32_t retval = -1;             ///< symbol of func_retval0 (-1: none)
    uint64_t param_bytes = 0, local_bytes = 0; ///< the frame's param and local areas
    bool defined = false;
    std::vector<std::string> problems; ///< unsupported directives or declarations met in its body
};

struct Module {
    std::vector<Function> functions;
    std::map<std::string, uint32_t> by_name;
    std::vector<Symbol> globals;               ///< module-level .global and .shared variables
    uint64_t shared_bytes = 0;                 ///< static shared memory of the module
    std::vector<std::vector<uint8_t>> storage; ///< memory of .global variables
    std::vector<std::string> problems;         ///< module-level directives it does not know
};

} // namespace ptx_exec
