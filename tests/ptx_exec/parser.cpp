// tests/ptx_exec/parser.cpp — parses PTX text into the pre-decoded Module of program.h
//
// Reads the module structure LLVM's NVPTX back end writes: .version/.target/.address_size, .global and .shared
// variables (with byte initialisers), .func prototypes and definitions, .entry kernels with .maxntid, and in bodies
// .reg/.local/.param/.shared declarations, nested { } scopes (inline asm declares registers in them), labels, guarded
// instructions and call sequences. Registers become frame slots, symbols state-space offsets, labels indices.
#include "parser.h"

#include "error.h"
#include "lexer.h"

#include <cstdlib>
#include <cstring>
#include <unordered_map>

namespace ptx_exec {
namespace {

Type type_of(const std::string &t) {
    static const std::unordered_map<std::string, Type> types = {
        {".pred", Type::Pred}, {".b8", Type::B8},   {".b16", Type::B16}, {".b32", Type::B32}, {".b64", Type::B64},
        {".u8", Type::U8},     {".u16", Type::U16}, {".u32", Type::U32}, {".u64", Type::U64}, {".s8", Type::S8},
        {".s16", Type::S16},   {".s32", Type::S32}, {".s64", Type::S64}, {".f32", Type::F32}, {".f64", Type::F64}};
    auto it = types.find(t);
    return it == types.end() ? Type::None : it->second;
}

bool special_of(const std::string &name, Sreg &out) {
    static const std::unordered_map<std::string, Sreg> sregs = {
        {"%tid.x", Sreg::TidX},         {"%tid.y", Sreg::TidY},         {"%tid.z", Sreg::TidZ},
        {"%ntid.x", Sreg::NtidX},       {"%ntid.y", Sreg::NtidY},       {"%ntid.z", Sreg::NtidZ},
        {"%ctaid.x", Sreg::CtaidX},     {"%ctaid.y", Sreg::CtaidY},     {"%ctaid.z", Sreg::CtaidZ},
        {"%nctaid.x", Sreg::NctaidX},   {"%nctaid.y", Sreg::NctaidY},   {"%nctaid.z", Sreg::NctaidZ},
        {"%laneid", Sreg::Laneid},      {"%warpid", Sreg::Warpid},      {"%lanemask_eq", Sreg::LanemaskEq},
        {"%lanemask_lt", Sreg::LanemaskLt}, {"%lanemask_le", Sreg::LanemaskLe}, {"%lanemask_gt", Sreg::LanemaskGt},
        {"%lanemask_ge", Sreg::LanemaskGe}};
    auto it = sregs.find(name);
    if (it == sregs.end())
        return false;
    out = it->second;
    return true;
}

uint64_t align_up(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

class Parser {
  public:
    explicit Parser(const std::string &ptx) : m_tokens(tokenize(ptx)) {}

    Module run() {
        while (!at_end())
            top_level();
        for (Function &f : m_module.functions)
            if (!f.defined)
                f.problems.push_back("function " + f.name + " is declared but not defined in the module");
        return std::move(m_module);
    }

  private:
    std::vector<Token> m_tokens;
    size_t m_pos = 0;
    Module m_module;
    std::unordered_map<std::string, uint32_t> m_global_index; ///< module variables by name

    // Per function being parsed.
    Function *m_fn = nullptr;
    std::vector<std::unordered_map<std::string, int32_t>> m_scopes; ///< registers by name, innermost last
    std::unordered_map<std::string, int32_t> m_symbols;             ///< frame and used module symbols by name
    std::unordered_map<std::string, int32_t> m_labels;
    std::vector<std::pair<size_t, std::string>> m_branch_fixups;

    const Token &peek(size_t ahead = 0) const { return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)]; }
    bool at_end() const { return peek().kind == Token::End; }
    const Token &next() {
        const Token &t = peek();
        if (!at_end())
            ++m_pos;
        return t;
    }
    [[noreturn]] void fail(const std::string &what) const {
        throw ExecError("PTX line " + std::to_string(peek().line) + ": " + what + " (at '" + peek().text + "')");
    }
    bool accept(const char *text) {
        if (peek().text == text && peek().kind != Token::String) {
            ++m_pos;
            return true;
        }
        return false;
    }
    void expect(const char *text) {
        if (!accept(text))
            fail(std::string("expected '") + text + "'");
    }
    std::string ident() {
        if (peek().kind != Token::Ident)
            fail("expected a name");
        return next().text;
    }
    uint64_t number() {
        if (peek().kind != Token::Number)
            fail("expected a number");
        return std::strtoull(next().text.c_str(), nullptr, 0);
    }
    void skip_statement() {
        while (!at_end() && !accept(";"))
            next();
    }

    void top_level() {
        const std::string t = peek().text;
        if (t == ".version" || t == ".address_size") {
            next();
            next();
        } else if (t == ".target") {
            next();
            ident();
            while (accept(","))
                ident();
        } else if (t == ".visible" || t == ".extern" || t == ".weak") {
            next();
        } else if (t == ".entry" || t == ".func") {
            next();
            function(t == ".entry");
        } else if (t == ".global" || t == ".shared") {
            next();
            module_variable(t == ".global" ? Space::Global : Space::Shared);
        } else if (t == ".pragma") {
            skip_statement();
        } else {
            m_module.problems.push_back("module directive '" + t + "' (line " + std::to_string(peek().line) + ")");
            skip_statement();
        }
    }

    /// `[.align N] .type name[N]... [= {bytes}];` — the declaration's bytes and alignment.
    struct Decl {
        std::string name;
        Type type = Type::None;
        uint64_t align = 0, bytes = 0;
    };
    Decl declaration() {
        Decl d;
        if (accept(".align"))
            d.align = number();
        d.type = type_of(peek().text);
        if (d.type == Type::None || d.type == Type::Pred)
            fail("expected a type");
        next();
        d.name = ident();
        d.bytes = type_bytes(d.type);
        while (accept("[")) {
            d.bytes *= number();
            expect("]");
        }
        if (!d.align)
            d.align = type_bytes(d.type);
        return d;
    }

    void module_variable(Space space) {
        Decl d = declaration();
        Symbol s{d.name, space, 0, d.bytes, nullptr};
        if (space == Space::Shared) {
            m_module.shared_bytes = align_up(m_module.shared_bytes, std::max<uint64_t>(d.align, 1));
            s.offset = m_module.shared_bytes;
            m_module.shared_bytes += d.bytes;
        } else {
            // Global variables live in host memory the Module owns, aligned to 16 bytes at least.
            m_module.storage.emplace_back(d.bytes + 16, 0);
            std::vector<uint8_t> &mem = m_module.storage.back();
            s.host = reinterpret_cast<uint8_t *>(align_up(uintptr_t(mem.data()), 16));
        }
        if (accept("=")) {
            if (space != Space::Global)
                fail("an initialiser of a .shared variable");
            expect("{");
            uint64_t i = 0, step = type_bytes(d.type);
            do {
                uint64_t v = number();
                if ((i + 1) * step > d.bytes)
                    fail("initialiser longer than the variable");
                std::memcpy(s.host + i * step, &v, step);
                ++i;
            } while (accept(","));
            expect("}");
        }
        expect(";");
        m_global_index[d.name] = uint32_t(m_module.globals.size());
        m_module.globals.push_back(s);
    }

    int32_t add_symbol(Function &f, const Symbol &s) {
        f.symbols.push_back(s);
        return m_symbols[s.name] = int32_t(f.symbols.size() - 1);
    }

    /// A parameter in a frame's param area.
    int32_t param_symbol(Function &f, const Decl &d) {
        f.param_bytes = align_up(f.param_bytes, std::max<uint64_t>(d.align, 1));
        int32_t index = add_symbol(f, Symbol{d.name, Space::Param, f.param_bytes, d.bytes, nullptr});
        f.param_bytes += d.bytes;
        return index;
    }

    void function(bool entry) {
        // Parse the header into a fresh Function; a definition replaces an earlier prototype of the same name.
        Function f;
        f.entry = entry;
        m_symbols.clear();
        m_scopes.assign(1, {});
        m_labels.clear();
        m_branch_fixups.clear();
        if (accept("(")) { // the return parameter of a .func
            expect(".param");
            f.retval = param_symbol(f, declaration());
            expect(")");
        }
        f.name = ident();
        if (accept("(")) {
            if (!accept(")")) {
                do {
                    expect(".param");
                    f.params.push_back(uint64_t(param_symbol(f, declaration())));
                } while (accept(","));
                expect(")");
            }
        }
        while (peek().text != "{" && peek().text != ";" && !at_end()) {
            const std::string d = next().text;
            if (d == ".maxntid" || d == ".reqntid") {
                number();
                while (accept(","))
                    number();
            } else if (d == ".noreturn") {
            } else {
                f.problems.push_back("performance directive '" + d + "'");
            }
        }
        auto [it, inserted] = m_module.by_name.emplace(f.name, uint32_t(m_module.functions.size()));
        if (inserted)
            m_module.functions.emplace_back();
        Function &slot = m_module.functions[it->second];
        if (accept(";")) {
            if (!slot.defined)
                slot = std::move(f);
            return;
        }
        if (slot.defined)
            fail("function " + f.name + " defined twice");
        slot = std::move(f);
        m_fn = &slot;
        expect("{");
        body();
        for (auto &[index, label] : m_branch_fixups) {
            auto l = m_labels.find(label);
            if (l == m_labels.end())
                throw ExecError("PTX: branch to undefined label " + label + " in " + slot.name);
            slot.code[index].target = l->second;
        }
        slot.defined = true;
        m_fn = nullptr;
    }

    int32_t new_register(const std::string &name) {
        int32_t r = int32_t(m_fn->registers++);
        m_scopes.back()[name] = r;
        return r;
    }

    int32_t find_register(const std::string &name) const {
        for (auto s = m_scopes.rbegin(); s != m_scopes.rend(); ++s)
            if (auto it = s->find(name); it != s->end())
                return it->second;
        return -1;
    }

    int32_t find_symbol(const std::string &name) {
        if (auto it = m_symbols.find(name); it != m_symbols.end())
            return it->second;
        if (auto it = m_global_index.find(name); it != m_global_index.end())
            return add_symbol(*m_fn, m_module.globals[it->second]);
        return -1;
    }

    void body() {
        size_t depth = 1;
        while (depth > 0) {
            if (at_end())
                fail("end of the module inside a function body");
            const Token &t = peek();
            if (t.text == "{") {
                next();
                ++depth;
                m_scopes.emplace_back();
            } else if (t.text == "}") {
                next();
                if (--depth > 0)
                    m_scopes.pop_back();
            } else if (t.text == ".reg") {
                next();
                Type type = type_of(peek().text);
                if (type == Type::None)
                    fail("expected a register type");
                next();
                do {
                    std::string name = ident();
                    if (accept("<")) {
                        uint64_t n = number();
                        expect(">");
                        for (uint64_t i = 0; i < n; ++i)
                            new_register(name + std::to_string(i));
                    } else {
                        new_register(name);
                    }
                } while (accept(","));
                expect(";");
            } else if (t.text == ".local") {
                next();
                Decl d = declaration();
                m_fn->local_bytes = align_up(m_fn->local_bytes, std::max<uint64_t>(d.align, 1));
                add_symbol(*m_fn, Symbol{d.name, Space::Local, m_fn->local_bytes, d.bytes, nullptr});
                m_fn->local_bytes += d.bytes;
                expect(";");
            } else if (t.text == ".shared") { // a module variable LLVM demoted into the one function that uses it
                next();
                Decl d = declaration();
                m_module.shared_bytes = align_up(m_module.shared_bytes, std::max<uint64_t>(d.align, 1));
                add_symbol(*m_fn, Symbol{d.name, Space::Shared, m_module.shared_bytes, d.bytes, nullptr});
                m_module.shared_bytes += d.bytes;
                expect(";");
            } else if (t.text == ".param") {
                next();
                param_symbol(*m_fn, declaration());
                expect(";");
            } else if (t.text == ".pragma") {
                skip_statement();
            } else if (t.kind == Token::Ident && t.text[0] == '.') {
                m_fn->problems.push_back("directive '" + t.text + "' in a function body (line " +
                                         std::to_string(t.line) + ")");
                skip_statement();
            } else if (t.kind == Token::Ident && peek(1).text == ":") {
                m_labels[t.text] = int32_t(m_fn->code.size());
                next();
                next();
            } else {
                instruction();
            }
        }
    }

    int64_t immediate() {
        bool negative = accept("-");
        if (peek().kind != Token::Number)
            fail("expected an operand");
        const std::string text = next().text;
        uint64_t v;
        if (text.size() > 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D'))
            v = std::strtoull(text.c_str() + 2, nullptr, 16);
        else if (text.find('.') != std::string::npos)
            fail("a decimal floating-point literal");
        else
            v = std::strtoull(text.c_str(), nullptr, 0);
        return int64_t(negative ? 0 - v : v); // unsigned negation: -2^63 stays defined
    }

    Operand operand(Instr &in) {
        Operand o;
        if (accept("[")) {
            o.kind = Operand::Mem;
            if (peek().kind == Token::Ident) {
                std::string name = next().text;
                if ((o.reg = find_register(name)) < 0 && (o.sym = find_symbol(name)) < 0)
                    fail("unknown name " + name + " in an address");
                if (accept("+"))
                    o.imm = immediate();
                else if (peek().text == "-")
                    o.imm = immediate();
            } else {
                o.imm = immediate();
            }
            expect("]");
            return o;
        }
        if (accept("{")) {
            o.kind = Operand::Vec;
            do {
                if (o.count == 4)
                    fail("a vector of more than 4 elements");
                std::string name = ident();
                int32_t r = name == "_" ? -1 : find_register(name);
                if (r < 0 && name != "_")
                    fail("unknown register " + name);
                o.regs[o.count++] = r;
            } while (accept(","));
            expect("}");
            return o;
        }
        if (peek().kind == Token::Ident) {
            std::string name = next().text;
            if (special_of(name, o.sreg)) {
                o.kind = Operand::Special;
            } else if ((o.reg = find_register(name)) >= 0) {
                o.kind = Operand::Reg;
            } else if ((o.sym = find_symbol(name)) >= 0) {
                o.kind = Operand::Sym;
            } else if (auto f = m_module.by_name.find(name); f != m_module.by_name.end()) {
                o.kind = Operand::Func;
                o.sym = int32_t(f->second);
            } else if (in.op == Op::Bra) {
                o.kind = Operand::None;
                m_branch_fixups.emplace_back(m_fn->code.size(), name);
            } else {
                fail("unknown name " + name);
            }
            return o;
        }
        o.kind = Operand::Imm;
        o.imm = immediate();
        return o;
    }

    void instruction() {
        Instr in;
        in.line = peek().line;
        if (accept("@")) {
            in.guard_neg = accept("!");
            std::string p = ident();
            if ((in.guard = find_register(p)) < 0)
                fail("unknown predicate " + p);
        }
        in.text = ident();
        decode_mnemonic(in);
        if (in.op == Op::Call) {
            // call[.uni] [(retval),] function[, (args)];
            if (accept("(")) {
                in.ops[0] = operand(in);
                expect(")");
                expect(",");
            }
            in.ops[1] = operand(in);
            if (in.ops[1].kind != Operand::Func)
                fail("call of something that is not a function");
            in.nops = 2;
            if (accept(",")) {
                expect("(");
                do {
                    if (in.nops == 6)
                        fail("a call with more than 4 arguments");
                    in.ops[in.nops++] = operand(in);
                } while (accept(","));
                expect(")");
            }
        } else if (!accept(";")) {
            do {
                if (in.nops == 6)
                    fail("more than 6 operands");
                in.ops[in.nops++] = operand(in);
            } while (accept(","));
            expect(";");
            m_pos -= 1;
        }
        accept(";");
        m_fn->code.push_back(std::move(in));
    }
};

} // namespace

Module parse_module(const std::string &ptx) { return Parser(ptx).run(); }

} // namespace ptx_exec
