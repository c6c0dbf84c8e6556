// tests/ptx_exec/isa.cpp — the instruction set: which mnemonics (opcode, modifiers, types) the engine implements
//
// Exactly the forms LLVM 19's NVPTX back end emits for tracejit's kernels (README.md of this folder lists them).
// A mnemonic is split at its dots; each base operation accepts only its own modifiers and types. Anything else is
// decoded as Op::Unsupported, with the reason, and a kernel that contains it cannot be launched.
#include "parser.h"

#include <string>
#include <vector>

namespace ptx_exec {
namespace {

struct Parts {
    std::string base;
    std::vector<std::string> mods; ///< modifiers without types, in order
    std::vector<Type> types;       ///< type suffixes, in order
};

Parts split(const std::string &text) {
    Parts p;
    size_t start = 0;
    bool first = true;
    while (start <= text.size()) {
        size_t dot = text.find('.', start);
        std::string piece = text.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (first)
            p.base = piece;
        else {
            static const char *names[] = {"pred", "b8", "b16", "b32", "b64", "u8",  "u16", "u32",
                                          "u64",  "s8", "s16", "s32", "s64", "f32", "f64"};
            static const Type types[] = {Type::Pred, Type::B8,  Type::B16, Type::B32, Type::B64,
                                         Type::U8,   Type::U16, Type::U32, Type::U64, Type::S8,
                                         Type::S16,  Type::S32, Type::S64, Type::F32, Type::F64};
            bool is_type = false;
            for (size_t i = 0; i < std::size(names); ++i)
                if (piece == names[i]) {
                    p.types.push_back(types[i]);
                    is_type = true;
                }
            if (!is_type)
                p.mods.push_back(piece);
        }
        first = false;
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return p;
}

bool one_of(Type t, const std::vector<Type> &set) {
    for (Type s : set)
        if (t == s)
            return true;
    return false;
}

const std::vector<Type> ints32_64 = {Type::S32, Type::S64, Type::U32, Type::U64};
const std::vector<Type> floats = {Type::F32, Type::F64};

class Decoder {
  public:
    explicit Decoder(Instr &in) : m_in(in), m_p(split(in.text)) {}

    void run() {
        const std::string &b = m_p.base;
        Instr &in = m_in;
        if (b == "mov") {
            one_type({Type::Pred, Type::B16, Type::B32, Type::B64, Type::U16, Type::U32, Type::U64, Type::F32,
                      Type::F64}) && no_mods() && set(Op::Mov);
        } else if (b == "add" || b == "sub" || b == "mul" || b == "div") {
            arith(b);
        } else if (b == "addc" || b == "subc") {
            // addc[.cc].u32, subc[.cc].u32
            in.carry_in = true;
            in.carry_out = take("cc");
            one_type({Type::U32}) && no_mods() && set(b == "addc" ? Op::AddC : Op::SubC);
        } else if (b == "mad") {
            // mad.lo.s32, mad.lo.cc.u32
            if (!take("lo"))
                return void(unsupported("mad without .lo"));
            in.carry_out = take("cc");
            one_type(in.carry_out ? std::vector<Type>{Type::U32} : std::vector<Type>{Type::S32, Type::S64}) &&
                no_mods() && set(in.carry_out ? Op::MadLoCC : Op::Mad);
        } else if (b == "madc") {
            // madc.hi[.cc].u32, madc.lo.cc.u32
            in.carry_in = true;
            bool hi = take("hi"), lo = !hi && take("lo");
            in.carry_out = take("cc");
            if (!hi && !lo)
                return void(unsupported("madc without .hi or .lo"));
            if (lo && !in.carry_out)
                return void(unsupported("madc.lo without .cc"));
            one_type({Type::U32}) && no_mods() && set(hi ? Op::MadCHi : Op::MadCLo);
        } else if (b == "fma") {
            take_round() && one_type(floats) && no_mods() && m_round_given && set(Op::Fma);
            if (!m_round_given && in.op == Op::Fma)
                unsupported("fma without a rounding modifier");
        } else if (b == "rem") {
            one_type(ints32_64) && no_mods() && set(Op::Rem);
        } else if (b == "min" || b == "max") {
            one_type({Type::S32, Type::S64, Type::U32, Type::U64, Type::F32, Type::F64}) && no_mods() &&
                set(b == "min" ? Op::Min : Op::Max);
        } else if (b == "abs" || b == "neg") {
            one_type({Type::S32, Type::S64, Type::F32, Type::F64}) && no_mods() && set(b == "abs" ? Op::Abs : Op::Neg);
        } else if (b == "and" || b == "or" || b == "xor" || b == "not") {
            one_type({Type::Pred, Type::B16, Type::B32, Type::B64}) && no_mods() &&
                set(b == "and" ? Op::And : b == "or" ? Op::Or : b == "xor" ? Op::Xor : Op::Not);
        } else if (b == "shl") {
            one_type({Type::B32, Type::B64}) && no_mods() && set(Op::Shl);
        } else if (b == "shr") {
            one_type({Type::S32, Type::S64, Type::U32, Type::U64}) && no_mods() && set(Op::Shr);
        } else if (b == "shf") {
            // shf.l.wrap.b32, shf.r.wrap.b32: funnel shifts (the shift amount modulo 32)
            const bool left = take("l"), right = !left && take("r");
            if ((!left && !right) || !take("wrap"))
                return void(unsupported("shf other than shf.l.wrap or shf.r.wrap"));
            in.sub = left ? 0 : 1;
            one_type({Type::B32}) && no_mods() && set(Op::Shf);
        } else if (b == "bfe") {
            one_type({Type::S32, Type::U32, Type::U64}) && no_mods() && set(Op::Bfe);
        } else if (b == "bfi") {
            one_type({Type::B32}) && no_mods() && set(Op::Bfi);
        } else if (b == "clz") {
            one_type({Type::B64}) && no_mods() && set(Op::Clz);
        } else if (b == "setp") {
            setp();
        } else if (b == "selp") {
            one_type({Type::B16, Type::B32, Type::B64, Type::U16, Type::U32, Type::U64, Type::S16, Type::S32,
                      Type::S64, Type::F32, Type::F64}) &&
                no_mods() && set(Op::Selp);
        } else if (b == "cvt") {
            cvt();
        } else if (b == "cvta") {
            // cvta.local.u64 (local addresses are generic addresses here: the conversion is the identity)
            if (!take("local"))
                return void(unsupported("cvta other than cvta.local"));
            in.space = Space::Local;
            one_type({Type::U64}) && no_mods() && set(Op::Cvta);
        } else if (b == "rcp") {
            // rcp.rn.f32/f64, rcp.approx.ftz.f32/f64
            in.approx = take("approx");
            if (in.approx) {
                in.ftz = take("ftz");
                if (!in.ftz)
                    return void(unsupported("rcp.approx without .ftz"));
            } else if (!take("rn"))
                return void(unsupported("rcp without .rn or .approx"));
            one_type(floats) && no_mods() && set(Op::Rcp);
        } else if (b == "sqrt") {
            if (!take("rn"))
                return void(unsupported("sqrt without .rn"));
            one_type(floats) && no_mods() && set(Op::Sqrt);
        } else if (b == "ex2") {
            in.approx = take("approx");
            in.ftz = take("ftz");
            if (!in.approx || !in.ftz)
                return void(unsupported("ex2 other than ex2.approx.ftz"));
            one_type({Type::F32}) && no_mods() && set(Op::Ex2);
        } else if (b == "ld" || b == "st") {
            memory(b == "ld");
        } else if (b == "atom") {
            atom();
        } else if (b == "bra") {
            take("uni");
            no_types() && no_mods() && set(Op::Bra);
        } else if (b == "call") {
            take("uni");
            no_types() && no_mods() && set(Op::Call);
        } else if (b == "ret" || b == "exit") {
            no_types() && no_mods() && set(b == "ret" ? Op::Ret : Op::Exit);
        } else if (b == "bar") {
            if (!take("sync"))
                return void(unsupported("bar other than bar.sync"));
            no_types() && no_mods() && set(Op::Bar);
        } else if (b == "shfl") {
            if (!take("sync"))
                return void(unsupported("shfl other than shfl.sync"));
            if (take("down"))
                m_in.sub = uint8_t(ShflMode::Down);
            else if (take("up"))
                m_in.sub = uint8_t(ShflMode::Up);
            else if (take("idx"))
                m_in.sub = uint8_t(ShflMode::Idx);
            else
                return void(unsupported("shfl.sync other than .down, .up and .idx"));
            one_type({Type::B32}) && no_mods() && set(Op::Shfl);
        } else {
            unsupported("no such operation in the implemented set");
        }
    }

  private:
    Instr &m_in;
    Parts m_p;
    bool m_round_given = false;

    bool set(Op op) {
        m_in.op = op;
        return true;
    }
    bool unsupported(const std::string &why) {
        m_in.op = Op::Unsupported;
        m_in.problem = why;
        return false;
    }
    bool take(const char *mod) {
        for (size_t i = 0; i < m_p.mods.size(); ++i)
            if (m_p.mods[i] == mod) {
                m_p.mods.erase(m_p.mods.begin() + long(i));
                return true;
            }
        return false;
    }
    bool take_round() {
        static const char *names[] = {"rn", "rz", "rm", "rp"};
        for (int i = 0; i < 4; ++i)
            if (take(names[i])) {
                m_in.round = Round(i);
                m_round_given = true;
            }
        return true;
    }
    bool no_mods() {
        if (m_p.mods.empty())
            return true;
        return unsupported("modifier ." + m_p.mods.front());
    }
    bool no_types() { return m_p.types.empty() || unsupported("a type on an operation without types"); }
    bool one_type(const std::vector<Type> &allowed) {
        if (m_p.types.size() != 1 || !one_of(m_p.types[0], allowed))
            return unsupported("type");
        m_in.type = m_p.types[0];
        return true;
    }

    void arith(const std::string &b) {
        Instr &in = m_in;
        if (b == "add" || b == "sub") {
            if (take("cc")) { // add.cc.u32, sub.cc.u32
                in.carry_out = true;
                one_type({Type::U32}) && no_mods() && set(b == "add" ? Op::AddCC : Op::SubCC);
                return;
            }
        }
        if (b == "mul") {
            if (take("hi"))
                return void(one_type({Type::S32, Type::S64, Type::U32, Type::U64}) && no_mods() && set(Op::MulHi));
            if (take("wide"))
                return void(one_type({Type::S16, Type::U16, Type::S32, Type::U32}) && no_mods() && set(Op::MulWide));
            if (take("lo"))
                return void(one_type({Type::S32, Type::S64, Type::U32}) && no_mods() && set(Op::Mul));
        }
        if (b == "mul" && !(m_p.types.size() == 1 && type_float(m_p.types[0])))
            return void(unsupported("an integer mul without .lo, .hi or .wide"));
        const Op op = b == "add" ? Op::Add : b == "sub" ? Op::Sub : b == "mul" ? Op::Mul : Op::Div;
        if (b == "div" && take("approx")) { // div.approx.f32
            in.approx = true;
            return void(one_type({Type::F32}) && no_mods() && set(op));
        }
        take_round();
        if (m_p.types.size() == 1 && type_float(m_p.types[0])) {
            if (!m_round_given) // LLVM always writes .rn: the default of a plain form may be contracted
                return void(unsupported("a float operation without a rounding modifier"));
            one_type(floats) && no_mods() && set(op);
        } else {
            if (m_round_given)
                return void(unsupported("a rounding modifier on an integer operation"));
            one_type(b == "div" ? ints32_64
                                 : b == "add" ? std::vector<Type>{Type::S16, Type::S32, Type::S64, Type::U64}
                                              : std::vector<Type>{Type::S32, Type::S64, Type::U64}) &&
                no_mods() && set(op);
        }
    }

    void setp() {
        static const char *names[] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge",  "equ", "neu", "ltu",
                                      "leu", "gtu", "geu", "num", "nan", "lo",  "ls",  "hi",  "hs"};
        int cmp = -1;
        for (int i = 0; i < int(std::size(names)); ++i)
            if (take(names[i]))
                cmp = i;
        if (cmp < 0)
            return void(unsupported("setp without a comparison"));
        m_in.sub = uint8_t(cmp);
        if (!one_type({Type::B16, Type::B32, Type::B64, Type::S16, Type::S32, Type::S64, Type::U32, Type::U64,
                       Type::F32, Type::F64}))
            return;
        const bool is_float = type_float(m_in.type);
        if (!is_float && cmp > int(Cmp::Ge))
            return void(unsupported("an unordered comparison of integers"));
        no_mods() && set(Op::Setp);
    }

    void cvt() {
        Instr &in = m_in;
        static const char *int_rounds[] = {"rni", "rzi", "rmi", "rpi"};
        for (int i = 0; i < 4; ++i)
            if (take(int_rounds[i])) {
                in.round = Round(i);
                in.to_int = true;
            }
        if (!in.to_int)
            take_round();
        in.sat = take("sat");
        if (m_p.types.size() != 2)
            return void(unsupported("cvt needs two types"));
        in.type = m_p.types[0];
        in.type2 = m_p.types[1];
        const bool dst_f = type_float(in.type), src_f = type_float(in.type2);
        if (in.sat && !(in.type == Type::F32 && in.type2 == Type::F32 && !in.to_int && !m_round_given))
            return void(unsupported("cvt.sat other than cvt.sat.f32.f32"));
        if (dst_f && src_f) {
            if (in.type == in.type2 && !in.to_int && !in.sat)
                return void(unsupported("cvt between equal float types without .sat or an integer rounding"));
            if (in.type == Type::F32 && in.type2 == Type::F64 && !m_round_given)
                return void(unsupported("cvt.f32.f64 without a rounding modifier"));
            if (in.type != in.type2 && in.to_int)
                return void(unsupported("an integer rounding between different float types"));
            if (in.type == Type::F64 && in.type2 == Type::F32 && m_round_given)
                return void(unsupported("a rounding modifier on cvt.f64.f32"));
        } else if (dst_f) {
            if (!m_round_given || !one_of(in.type2, ints32_64))
                return void(unsupported("cvt from an integer to a float needs .rn/.rz/.rm/.rp and a 32/64-bit source"));
        } else if (src_f) {
            if (!in.to_int || !one_of(in.type, ints32_64))
                return void(unsupported("cvt from a float to an integer needs .rni/.rzi/.rmi/.rpi"));
        } else {
            if (m_round_given || in.to_int)
                return void(unsupported("a rounding modifier on an integer cvt"));
            if (!one_of(in.type, {Type::U16, Type::U32, Type::U64, Type::S64}) ||
                !one_of(in.type2, {Type::U8, Type::U16, Type::U32, Type::U64, Type::S32}))
                return void(unsupported("integer cvt types"));
        }
        no_mods() && set(Op::Cvt);
    }

    void memory(bool load) {
        Instr &in = m_in;
        if (take("global"))
            in.space = Space::Global;
        else if (take("shared"))
            in.space = Space::Shared;
        else if (take("local"))
            in.space = Space::Local;
        else if (take("param"))
            in.space = Space::Param;
        if (load) {
            bool nc = take("nc"), vol = take("volatile");
            if ((nc || vol) && in.space != Space::Global)
                return void(unsupported(".nc or .volatile outside the global space"));
        }
        if (take("v2"))
            in.vec = 2;
        else if (take("v4"))
            in.vec = 4;
        if (in.vec > 1 && in.space != Space::Global && in.space != Space::Generic && in.space != Space::Shared)
            return void(unsupported("a vector access outside global, shared and generic space"));
        one_type({Type::B32, Type::B64, Type::U8, Type::S8, Type::U16, Type::U32, Type::U64, Type::F32, Type::F64}) &&
            no_mods() && set(load ? Op::Ld : Op::St);
    }

    void atom() {
        Instr &in = m_in;
        if (!take("global"))
            return void(unsupported("atom outside the global space"));
        in.space = Space::Global;
        static const char *names[] = {"add", "and", "or", "xor", "min", "max", "exch", "cas"};
        int op = -1;
        for (int i = 0; i < 8; ++i)
            if (take(names[i]))
                op = i;
        if (op < 0 || op == int(AtomOp::Xor) || op == int(AtomOp::Exch))
            return void(unsupported("atom operation"));
        in.sub = uint8_t(op);
        std::vector<Type> types = {Type::U32, Type::U64};
        switch (AtomOp(op)) {
        case AtomOp::Add: types = {Type::U32, Type::U64, Type::F32, Type::F64}; break;
        case AtomOp::And: case AtomOp::Or: case AtomOp::Cas: types = {Type::B32, Type::B64}; break;
        case AtomOp::Min: case AtomOp::Max: types = {Type::S32, Type::S64, Type::U32, Type::U64}; break;
        default: break;
        }
        one_type(types) && no_mods() && set(Op::Atom);
    }
};

} // namespace

void decode_mnemonic(Instr &in) { Decoder(in).run(); }

} // namespace ptx_exec
