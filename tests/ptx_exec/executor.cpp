// tests/ptx_exec/executor.cpp — executes one thread's instructions until it exits or waits at bar.sync/shfl.sync
//
// Registers hold raw bits zero-extended to 64; an instruction reads them as its type. Every memory access is
// checked against its state space (global: the driver's allocations and the module's variables; shared: the CTA's
// memory; local: the thread's frames; param: the frame's area) and for natural alignment.
#include "machine.h"
#include "numeric.h"

#include <bit>
#include <cstring>
#include <type_traits>

namespace ptx_exec {
namespace {

template <typename T> T as(uint64_t v) {
    if constexpr (std::is_same_v<T, float>)
        return std::bit_cast<float>(uint32_t(v));
    else if constexpr (std::is_same_v<T, double>)
        return std::bit_cast<double>(v);
    else
        return T(v);
}
template <typename T> uint64_t bits(T v) {
    if constexpr (std::is_same_v<T, float>)
        return std::bit_cast<uint32_t>(v);
    else if constexpr (std::is_same_v<T, double>)
        return std::bit_cast<uint64_t>(v);
    else
        return uint64_t(std::make_unsigned_t<T>(v));
}

/// Calls f(T{}) with T the C++ type of PTX type `t` (predicates as uint8_t).
template <typename F> void with_type(Type t, F &&f) {
    switch (t) {
    case Type::Pred: f(uint8_t{}); break;
    case Type::S8: f(int8_t{}); break;
    case Type::S16: f(int16_t{}); break;
    case Type::S32: f(int32_t{}); break;
    case Type::S64: f(int64_t{}); break;
    case Type::B8: case Type::U8: f(uint8_t{}); break;
    case Type::B16: case Type::U16: f(uint16_t{}); break;
    case Type::B32: case Type::U32: f(uint32_t{}); break;
    case Type::B64: case Type::U64: f(uint64_t{}); break;
    case Type::F32: f(float{}); break;
    case Type::F64: f(double{}); break;
    case Type::None: break;
    }
}

template <typename T> constexpr bool is_fp = std::is_floating_point_v<T>;

class Exec {
  public:
    Exec(Launch &l, Thread &t) : m_l(l), m_t(t) { refresh(); }

    void run() {
        uint64_t executed = 0;
        const uint64_t budget = m_l.budget > m_l.executed ? m_l.budget - m_l.executed : 0;
        for (;;) {
            const Instr &in = m_code[m_f->pc];
            if (++executed > budget) [[unlikely]]
                fail(in, "the launch ran more than " + std::to_string(m_l.budget) +
                             " instructions (TJ_PTX_EXEC_MAX_INSTRUCTIONS): a kernel that does not finish?");
            if (in.guard >= 0 && (m_r[in.guard] != 0) == in.guard_neg) {
                ++m_f->pc;
                continue;
            }
            if (!step(in))
                break;
        }
        m_l.executed += executed;
    }

  private:
    Launch &m_l;
    Thread &m_t;
    Frame *m_f = nullptr;
    const Instr *m_code = nullptr;
    uint64_t *m_r = nullptr;

    void refresh() {
        m_f = &m_t.frames.back();
        m_code = m_f->fn->code.data();
        m_r = m_t.regs.data() + m_f->reg_base;
    }

    [[noreturn, gnu::noinline, gnu::cold]] void fail(const Instr &in, const std::string &what) { m_l.fail(m_t, &in, what); }

    uint64_t special(Sreg s) const {
        const LaunchShape &sh = m_l.shape;
        const uint32_t lane = m_t.linear & 31;
        switch (s) {
        case Sreg::TidX: return m_t.tid[0];
        case Sreg::TidY: return m_t.tid[1];
        case Sreg::TidZ: return m_t.tid[2];
        case Sreg::NtidX: return sh.block[0];
        case Sreg::NtidY: return sh.block[1];
        case Sreg::NtidZ: return sh.block[2];
        case Sreg::CtaidX: return m_l.cta[0];
        case Sreg::CtaidY: return m_l.cta[1];
        case Sreg::CtaidZ: return m_l.cta[2];
        case Sreg::NctaidX: return sh.grid[0];
        case Sreg::NctaidY: return sh.grid[1];
        case Sreg::NctaidZ: return sh.grid[2];
        case Sreg::Laneid: return lane;
        case Sreg::Warpid: return m_t.linear >> 5;
        case Sreg::LanemaskEq: return 1u << lane;
        case Sreg::LanemaskLt: return (1u << lane) - 1;
        case Sreg::LanemaskLe: return uint32_t((2ull << lane) - 1);
        case Sreg::LanemaskGt: return uint32_t(~((2ull << lane) - 1));
        case Sreg::LanemaskGe: return uint32_t(~((1ull << lane) - 1));
        }
        return 0;
    }

    uint8_t *symbol_base(int32_t s) {
        const Symbol &sym = m_f->fn->symbols[size_t(s)];
        switch (sym.space) {
        case Space::Global: return sym.host;
        case Space::Shared: return m_l.shared.data() + sym.offset;
        case Space::Local: return m_t.local.get() + m_f->local_base + sym.offset;
        case Space::Param: return m_t.params.data() + m_f->param_base + sym.offset;
        case Space::Generic: break;
        }
        return nullptr;
    }

    [[gnu::always_inline]] uint64_t read(const Instr &in, const Operand &o) {
        if (o.kind == Operand::Reg) [[likely]]
            return m_r[o.reg];
        if (o.kind == Operand::Imm)
            return uint64_t(o.imm);
        return read_other(in, o);
    }
    [[gnu::noinline]] uint64_t read_other(const Instr &in, const Operand &o) {
        switch (o.kind) {
        case Operand::Special: return special(o.sreg);
        case Operand::Sym: {
            const Symbol &sym = m_f->fn->symbols[size_t(o.sym)];
            if (sym.space == Space::Param)
                fail(in, "the address of parameter " + sym.name + " is taken");
            return uint64_t(uintptr_t(symbol_base(o.sym)));
        }
        default: fail(in, "an operand of an unexpected kind");
        }
    }
    template <typename T> [[gnu::always_inline]] T get(const Instr &in, int i) { return as<T>(read(in, in.ops[i])); }
    template <typename T> [[gnu::always_inline]] void put(const Instr &in, int i, T v) {
        if (in.ops[i].kind != Operand::Reg)
            fail(in, "a destination that is not a register");
        m_r[in.ops[i].reg] = bits(v);
    }

    [[gnu::always_inline]] uint64_t address(const Operand &o) {
        uint64_t a = uint64_t(o.imm);
        if (o.reg >= 0)
            a += m_r[o.reg];
        if (o.sym >= 0)
            a += uint64_t(uintptr_t(symbol_base(o.sym)));
        return a;
    }

    static bool inside(uint64_t a, uint64_t n, const uint8_t *base, uint64_t size) {
        const uint64_t b = uint64_t(uintptr_t(base));
        return base && a >= b && a + n <= b + size && a + n >= a;
    }

    void check(const Instr &in, Space space, uint64_t a, uint64_t n, uint64_t align) {
        if (a % align != 0)
            fail(in, "misaligned address 0x" + hex(a) + " for an access of " + std::to_string(n) + " bytes");
        bool ok = false;
        const bool shared = inside(a, n, m_l.shared.data(), m_l.shared.size());
        const bool local = inside(a, n, m_t.local.get(), m_t.local_used);
        switch (space) {
        case Space::Global: ok = m_l.global.contains(a, n); break;
        case Space::Shared: ok = shared; break;
        case Space::Local: ok = local; break;
        case Space::Param: ok = inside(a, n, m_t.params.data() + m_f->param_base, m_f->fn->param_bytes); break;
        case Space::Generic: ok = shared || local || m_l.global.contains(a, n); break;
        }
        if (!ok)
            fail(in, "address 0x" + hex(a) + " (" + std::to_string(n) + " bytes) is outside the memory of its state space");
    }
    static std::string hex(uint64_t v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%llx", (unsigned long long)v);
        return buf;
    }

    int dst_count(const Operand &o) const { return o.kind == Operand::Vec ? o.count : 1; }
    int32_t dst_reg(const Operand &o, int k) const { return o.kind == Operand::Vec ? o.regs[k] : o.reg; }

    void load(const Instr &in) {
        const unsigned sz = type_bytes(in.type);
        const uint64_t a = address(in.ops[1]);
        check(in, in.space, a, uint64_t(sz) * in.vec, uint64_t(sz) * in.vec);
        if (dst_count(in.ops[0]) != in.vec)
            fail(in, "the destination does not have the vector's elements");
        for (int k = 0; k < in.vec; ++k) {
            uint64_t v = 0;
            std::memcpy(&v, reinterpret_cast<const void *>(uintptr_t(a + uint64_t(k) * sz)), sz);
            if (in.type == Type::S8)
                v = uint64_t(int64_t(int8_t(v)));
            else if (in.type == Type::S16)
                v = uint64_t(int64_t(int16_t(v)));
            if (int32_t r = dst_reg(in.ops[0], k); r >= 0)
                m_r[r] = v;
        }
    }

    void store(const Instr &in) {
        const unsigned sz = type_bytes(in.type);
        const uint64_t a = address(in.ops[0]);
        check(in, in.space, a, uint64_t(sz) * in.vec, uint64_t(sz) * in.vec);
        const Operand &src = in.ops[1];
        if ((src.kind == Operand::Vec ? src.count : 1) != in.vec)
            fail(in, "the source does not have the vector's elements");
        for (int k = 0; k < in.vec; ++k) {
            uint64_t v = src.kind == Operand::Vec ? (src.regs[k] >= 0 ? m_r[src.regs[k]] : 0) : read(in, src);
            std::memcpy(reinterpret_cast<void *>(uintptr_t(a + uint64_t(k) * sz)), &v, sz);
        }
    }

    void atom(const Instr &in) {
        with_type(in.type, [&](auto z) {
            using T = decltype(z);
            const uint64_t a = address(in.ops[1]);
            check(in, in.space, a, sizeof(T), sizeof(T));
            T *p = reinterpret_cast<T *>(uintptr_t(a));
            const T old = *p, b = get<T>(in, 2);
            T v = old;
            switch (AtomOp(in.sub)) {
            case AtomOp::Add:
                if constexpr (std::is_same_v<T, float>)
                    v = flush(flush(old) + flush(b)); // atom.add.f32: round to nearest even, subnormals flushed
                else if constexpr (is_fp<T>)
                    v = old + b; // atom.add.f64: round to nearest even
                else
                    v = T(std::make_unsigned_t<T>(old) + std::make_unsigned_t<T>(b));
                break;
            case AtomOp::And: if constexpr (!is_fp<T>) v = T(old & b); break;
            case AtomOp::Or: if constexpr (!is_fp<T>) v = T(old | b); break;
            case AtomOp::Min: v = old < b ? old : b; break;
            case AtomOp::Max: v = old > b ? old : b; break;
            case AtomOp::Cas: v = old == b ? get<T>(in, 3) : old; break;
            default: fail(in, "atom operation");
            }
            *p = v;
            put(in, 0, old);
        });
    }

    void mov(const Instr &in) {
        const Operand &d = in.ops[0], &s = in.ops[1];
        const unsigned width = in.type == Type::Pred ? 1 : type_bytes(in.type) * 8;
        const uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;
        if (d.kind == Operand::Vec) { // unpack: {lo, hi} = value
            const unsigned piece = width / d.count;
            const uint64_t v = read(in, s), pmask = (1ull << piece) - 1;
            for (int k = 0; k < d.count; ++k)
                if (d.regs[k] >= 0)
                    m_r[d.regs[k]] = (v >> (k * piece)) & pmask;
        } else if (s.kind == Operand::Vec) { // pack
            const unsigned piece = width / s.count;
            const uint64_t pmask = (1ull << piece) - 1;
            uint64_t v = 0;
            for (int k = 0; k < s.count; ++k)
                v |= (s.regs[k] >= 0 ? m_r[s.regs[k]] & pmask : 0) << (k * piece);
            m_r[d.reg] = v;
        } else {
            if (d.kind != Operand::Reg)
                fail(in, "a destination that is not a register");
            m_r[d.reg] = read(in, s) & mask;
        }
    }

    template <typename T> static T wrap_add(T a, T b) { return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b)); }
    template <typename T> static T wrap_sub(T a, T b) { return T(std::make_unsigned_t<T>(a) - std::make_unsigned_t<T>(b)); }
    template <typename T> static T wrap_mul(T a, T b) { // at least unsigned int: a 16-bit product promotes to int
        using U = std::common_type_t<unsigned, std::make_unsigned_t<T>>;
        return T(U(std::make_unsigned_t<T>(a)) * U(std::make_unsigned_t<T>(b)));
    }

    void arith(const Instr &in) {
        with_type(in.type, [&](auto z) {
            using T = decltype(z);
            if constexpr (std::is_same_v<T, uint8_t> || std::is_same_v<T, int8_t>) {
                fail(in, "an 8-bit arithmetic type");
            } else {
                const T a = get<T>(in, 1), b = get<T>(in, 2);
                T r{};
                if constexpr (is_fp<T>) {
                    RoundingScope scope(in.round);
                    switch (in.op) {
                    case Op::Add: r = a + b; break;
                    case Op::Sub: r = a - b; break;
                    case Op::Mul: r = a * b; break;
                    case Op::Fma: r = std::fma(a, b, get<T>(in, 3)); break;
                    case Op::Div:
                        if constexpr (std::is_same_v<T, float>) {
                            if (in.approx) { // ISA: for 2^126 < |b| < 2^128 the result is NaN for an infinite a, else 0
                                const float ab = std::fabs(b);
                                if (ab > 0x1p126f && ab < INFINITY)
                                    r = std::isinf(a) ? canonical_nan<float>() : 0.f;
                                else
                                    r = float(double(a) / double(b));
                                break;
                            }
                        }
                        r = a / b;
                        break;
                    case Op::Min: r = fmin_ptx(a, b); break;
                    case Op::Max: r = fmax_ptx(a, b); break;
                    default: fail(in, "operation on a float type");
                    }
                } else {
                    switch (in.op) {
                    case Op::Add: r = wrap_add(a, b); break;
                    case Op::Sub: r = wrap_sub(a, b); break;
                    case Op::Mul: r = wrap_mul(a, b); break;
                    case Op::Mad: r = wrap_add(wrap_mul(a, b), get<T>(in, 3)); break;
                    case Op::Div: r = div_ptx(a, b); break;
                    case Op::Rem: r = rem_ptx(a, b); break;
                    case Op::Min: r = a < b ? a : b; break;
                    case Op::Max: r = a > b ? a : b; break;
                    case Op::And: r = T(a & b); break;
                    case Op::Or: r = T(a | b); break;
                    case Op::Xor: r = T(a ^ b); break;
                    case Op::Shl: r = shl_ptx(a, uint32_t(read(in, in.ops[2]))); break;
                    case Op::Shr: r = shr_ptx(a, uint32_t(read(in, in.ops[2]))); break;
                    case Op::MulHi:
                        if constexpr (sizeof(T) >= 4)
                            r = mul_hi(a, b);
                        else
                            fail(in, "mul.hi type");
                        break;
                    default: fail(in, "operation on an integer type");
                    }
                }
                put(in, 0, r);
            }
        });
    }

    void unary(const Instr &in) {
        with_type(in.type, [&](auto z) {
            using T = decltype(z);
            const T a = get<T>(in, 1);
            if constexpr (is_fp<T>) {
                using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
                const U sign = U(1) << (sizeof(T) * 8 - 1), ua = std::bit_cast<U>(a);
                switch (in.op) {
                case Op::Abs: put(in, 0, std::bit_cast<T>(U(ua & ~sign))); break;
                case Op::Neg: put(in, 0, std::bit_cast<T>(U(ua ^ sign))); break;
                case Op::Rcp:
                    if (in.approx) { // .approx.ftz: correctly rounded here (the ISA allows up to 1 ulp), subnormals flushed
                        if constexpr (sizeof(T) == 4)
                            put(in, 0, flush(T(1) / flush(a)));
                        else
                            put(in, 0, flush(T(1) / flush(a)));
                    } else {
                        RoundingScope scope(in.round);
                        put(in, 0, T(1) / a);
                    }
                    break;
                case Op::Sqrt: {
                    RoundingScope scope(in.round);
                    put(in, 0, std::sqrt(a));
                    break;
                }
                case Op::Ex2:
                    // ex2.approx.ftz.f32: 2^a computed in double and rounded once (error ≤ 0.5 ulp + 2^-29 relative,
                    // inside the ISA's 2 ulp), subnormal inputs and results flushed to zero.
                    put(in, 0, flush(T(std::exp2(double(flush(a))))));
                    break;
                default: fail(in, "unary float operation");
                }
            } else if constexpr (std::is_same_v<T, uint8_t>) {
                if (in.op != Op::Not)
                    fail(in, "unary predicate operation");
                put(in, 0, uint8_t(!(a & 1)));
            } else {
                switch (in.op) {
                case Op::Abs: put(in, 0, a < 0 ? wrap_sub(T(0), a) : a); break;
                case Op::Neg: put(in, 0, wrap_sub(T(0), a)); break;
                case Op::Not: put(in, 0, T(~a)); break;
                case Op::Clz: put(in, 0, uint32_t(std::countl_zero(std::make_unsigned_t<T>(a)))); break;
                default: fail(in, "unary integer operation");
                }
            }
        });
    }

    void setp(const Instr &in) {
        bool r = false;
        with_type(in.type, [&](auto z) {
            using T = decltype(z);
            const T a = get<T>(in, 1), b = get<T>(in, 2);
            bool unordered = false;
            if constexpr (is_fp<T>)
                unordered = std::isnan(a) || std::isnan(b);
            switch (Cmp(in.sub)) {
            case Cmp::Eq: r = !unordered && a == b; break;
            case Cmp::Ne: r = !unordered && a != b; break;
            case Cmp::Lt: r = !unordered && a < b; break;
            case Cmp::Le: r = !unordered && a <= b; break;
            case Cmp::Gt: r = !unordered && a > b; break;
            case Cmp::Ge: r = !unordered && a >= b; break;
            case Cmp::Equ: r = unordered || a == b; break;
            case Cmp::Neu: r = unordered || a != b; break;
            case Cmp::Ltu: r = unordered || a < b; break;
            case Cmp::Leu: r = unordered || a <= b; break;
            case Cmp::Gtu: r = unordered || a > b; break;
            case Cmp::Geu: r = unordered || a >= b; break;
            case Cmp::Num: r = !unordered; break;
            case Cmp::Nan: r = unordered; break;
            default: fail(in, "comparison");
            }
        });
        m_r[in.ops[0].reg] = r;
    }

    void selp(const Instr &in) {
        const uint64_t mask = type_bytes(in.type) == 8 ? ~0ull : (1ull << (type_bytes(in.type) * 8)) - 1;
        m_r[in.ops[0].reg] = (read(in, in.ops[3]) & 1 ? read(in, in.ops[1]) : read(in, in.ops[2])) & mask;
    }

    void cvt(const Instr &in) {
        const uint64_t src = read(in, in.ops[1]);
        uint64_t out = 0;
        with_type(in.type2, [&](auto zs) {
            using S = decltype(zs);
            const S s = as<S>(src);
            with_type(in.type, [&](auto zd) {
                using D = decltype(zd);
                if constexpr (is_fp<D> && is_fp<S>) {
                    if (in.sat) {
                        const S c = std::isnan(s) || s <= S(0) ? S(0) : s >= S(1) ? S(1) : s;
                        out = bits(D(c));
                    } else if (in.to_int) {
                        out = bits(D(round_integral(s, in.round)));
                    } else {
                        RoundingScope scope(in.round);
                        out = bits(D(s));
                    }
                } else if constexpr (is_fp<D>) {
                    RoundingScope scope(in.round);
                    out = bits(D(s));
                } else if constexpr (is_fp<S>) {
                    out = bits(float_to_int<D>(s, in.round));
                } else {
                    out = bits(D(s)); // integer: truncation, or extension by the source's signedness
                }
            });
        });
        m_r[in.ops[0].reg] = out;
    }

    void carry_op(const Instr &in) {
        const uint32_t a = uint32_t(read(in, in.ops[1])), b = uint32_t(read(in, in.ops[2]));
        const uint64_t cin = in.carry_in ? uint64_t(m_t.carry) : 0;
        uint64_t wide = 0;
        bool carry = false;
        switch (in.op) {
        case Op::AddCC: case Op::AddC: wide = uint64_t(a) + b + cin; carry = wide >> 32; break;
        case Op::SubCC: case Op::SubC: // CC.CF is the borrow: d = a - (b + CF)
            wide = uint64_t(a) - (uint64_t(b) + cin);
            carry = uint64_t(a) < uint64_t(b) + cin;
            break;
        case Op::MadLoCC: case Op::MadCLo:
            wide = (uint64_t(a) * b & 0xffffffffu) + uint32_t(read(in, in.ops[3])) + cin;
            carry = wide >> 32;
            break;
        case Op::MadCHi:
            wide = (uint64_t(a) * b >> 32) + uint32_t(read(in, in.ops[3])) + cin;
            carry = wide >> 32;
            break;
        default: fail(in, "carry operation");
        }
        m_r[in.ops[0].reg] = uint32_t(wide);
        if (in.carry_out)
            m_t.carry = carry;
    }

    void call(const Instr &in) {
        const Function &callee = m_l.module.functions[size_t(in.ops[1].sym)];
        if (!callee.defined)
            fail(in, "call of " + callee.name + ", which the module only declares");
        if (size_t(in.nops - 2) != callee.params.size())
            fail(in, "call of " + callee.name + " with " + std::to_string(in.nops - 2) + " arguments");
        if (m_t.frames.size() > 64)
            fail(in, "calls nested more than 64 deep");
        Frame nf{&callee};
        nf.reg_base = uint32_t(m_t.regs.size());
        nf.param_base = uint32_t(m_t.params.size());
        nf.local_base = m_t.local_used;
        nf.caller_retval = in.ops[0].kind == Operand::Sym ? in.ops[0].sym : -1;
        m_t.regs.resize(m_t.regs.size() + callee.registers, 0);
        m_t.params.resize(m_t.params.size() + callee.param_bytes, 0);
        if (callee.local_bytes > 0) {
            if (!m_t.local)
                m_t.local = std::make_unique<uint8_t[]>(local_bytes_per_thread);
            m_t.local_used += uint32_t((callee.local_bytes + 15) / 16 * 16);
            if (m_t.local_used > local_bytes_per_thread)
                fail(in, "local memory of the thread's frames exceeds " + std::to_string(local_bytes_per_thread) + " bytes");
        }
        for (size_t i = 0; i < callee.params.size(); ++i) {
            const Operand &arg = in.ops[2 + i];
            if (arg.kind != Operand::Sym || m_f->fn->symbols[size_t(arg.sym)].space != Space::Param)
                fail(in, "an argument that is not a .param variable");
            const Symbol &from = m_f->fn->symbols[size_t(arg.sym)], &to = callee.symbols[callee.params[i]];
            std::memcpy(m_t.params.data() + nf.param_base + to.offset,
                        m_t.params.data() + m_f->param_base + from.offset, std::min(from.bytes, to.bytes));
        }
        ++m_f->pc;
        m_t.frames.push_back(nf);
        refresh();
    }

    /// Returns false when the thread has exited.
    bool ret() {
        if (m_t.frames.size() == 1) {
            m_t.state = Thread::Exited;
            return false;
        }
        const Frame done = m_t.frames.back();
        const Frame &caller = m_t.frames[m_t.frames.size() - 2];
        if (done.caller_retval >= 0 && done.fn->retval >= 0) {
            const Symbol &from = done.fn->symbols[size_t(done.fn->retval)];
            const Symbol &to = caller.fn->symbols[size_t(done.caller_retval)];
            std::memcpy(m_t.params.data() + caller.param_base + to.offset,
                        m_t.params.data() + done.param_base + from.offset, std::min(from.bytes, to.bytes));
        }
        m_t.regs.resize(done.reg_base);
        m_t.params.resize(done.param_base);
        m_t.local_used = done.local_base;
        m_t.frames.pop_back();
        refresh();
        return true;
    }

    /// Executes `in`; false when the thread stops (exit, barrier, shuffle).
    bool step(const Instr &in) {
        switch (in.op) {
        case Op::Mov: case Op::Cvta: mov(in); break;
        case Op::Add: case Op::Sub: case Op::Mul: case Op::Mad: case Op::Fma: case Op::Div: case Op::Rem:
        case Op::Min: case Op::Max: case Op::And: case Op::Or: case Op::Xor: case Op::Shl: case Op::Shr:
        case Op::MulHi:
            if (in.type == Type::Pred) {
                const bool a = read(in, in.ops[1]) & 1, b = read(in, in.ops[2]) & 1;
                m_r[in.ops[0].reg] = in.op == Op::And ? (a && b) : in.op == Op::Or ? (a || b) : (a != b);
            } else {
                arith(in);
            }
            break;
        case Op::MulWide: // the product of two halves, in the full width: 16 → 32 bits, 32 → 64
            if (in.type == Type::S16) {
                const int32_t a = int16_t(read(in, in.ops[1])), b = int16_t(read(in, in.ops[2]));
                m_r[in.ops[0].reg] = uint32_t(a * b); // |a * b| <= 2^30
            } else if (in.type == Type::U16) {
                const uint32_t a = uint16_t(read(in, in.ops[1])), b = uint16_t(read(in, in.ops[2]));
                m_r[in.ops[0].reg] = a * b;
            } else if (in.type == Type::S32) {
                m_r[in.ops[0].reg] = uint64_t(int64_t(int32_t(read(in, in.ops[1]))) * int64_t(int32_t(read(in, in.ops[2]))));
            } else {
                m_r[in.ops[0].reg] = uint64_t(uint32_t(read(in, in.ops[1]))) * uint32_t(read(in, in.ops[2]));
            }
            break;
        case Op::Abs: case Op::Neg: case Op::Not: case Op::Clz: case Op::Rcp: case Op::Sqrt: case Op::Ex2:
            unary(in);
            break;
        case Op::Bfe:
            with_type(in.type, [&](auto z) {
                using T = decltype(z);
                if constexpr (std::is_integral_v<T>)
                    put(in, 0, bfe_ptx(get<T>(in, 1), uint32_t(read(in, in.ops[2])), uint32_t(read(in, in.ops[3]))));
            });
            break;
        case Op::Shf: { // shf.{l,r}.wrap.b32 d, a, b, c: the 64-bit {b, a} shifted by c mod 32, high / low half
            const uint64_t both = uint64_t(uint32_t(read(in, in.ops[2]))) << 32 | uint32_t(read(in, in.ops[1]));
            const uint32_t n = uint32_t(read(in, in.ops[3])) & 31;
            m_r[in.ops[0].reg] = in.sub == 0 ? uint32_t((both << n) >> 32) : uint32_t(both >> n);
            break;
        }
        case Op::Bfi:
            m_r[in.ops[0].reg] = bfi_ptx(uint32_t(read(in, in.ops[1])), uint32_t(read(in, in.ops[2])),
                                         uint32_t(read(in, in.ops[3])), uint32_t(read(in, in.ops[4])));
            break;
        case Op::Setp: setp(in); break;
        case Op::Selp: selp(in); break;
        case Op::Cvt: cvt(in); break;
        case Op::Ld: load(in); break;
        case Op::St: store(in); break;
        case Op::Atom: atom(in); break;
        case Op::AddCC: case Op::AddC: case Op::SubCC: case Op::SubC: case Op::MadLoCC: case Op::MadCLo:
        case Op::MadCHi:
            carry_op(in);
            break;
        case Op::Bra: m_f->pc = uint32_t(in.target); return true;
        case Op::Call: call(in); return true;
        case Op::Ret: if (!ret()) return false; return true;
        case Op::Exit: m_t.state = Thread::Exited; return false;
        case Op::Bar:
            if (in.nops != 1 || read(in, in.ops[0]) != 0)
                fail(in, "a barrier other than bar.sync 0 (the whole CTA)");
            m_t.state = Thread::AtBarrier;
            return false;
        case Op::Shfl:
            if (in.nops != 5 || in.ops[0].kind != Operand::Reg)
                fail(in, "shfl.sync needs d, a, b, c, membermask");
            m_t.shfl_value = uint32_t(read(in, in.ops[1]));
            m_t.shfl_delta = uint32_t(read(in, in.ops[2]));
            m_t.shfl_clamp = uint32_t(read(in, in.ops[3]));
            m_t.shfl_mask = uint32_t(read(in, in.ops[4]));
            m_t.shfl_dst = in.ops[0].reg;
            m_t.shfl_mode = ShflMode(in.sub);
            m_t.state = Thread::AtShuffle;
            return false;
        case Op::Unsupported: fail(in, "unsupported instruction: " + in.problem);
        }
        ++m_f->pc;
        return true;
    }
};

} // namespace

void run_thread(Launch &l, Thread &t) {
    t.state = Thread::Ready;
    Exec(l, t).run();
}

} // namespace ptx_exec
