// tests/runtime/test_kernel_text.cpp — the kernel IR's canonical text (the kernel caches' key) decodes back: one-to-one
#include "kernel/kernel_ir.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

using tj::Instr;
using tj::InstrKind;
using tj::VarType;

namespace {

/// Reads the varint at text[pos] (LEB128, as detail::put_varint writes it).
uint64_t get_varint(const std::string &text, size_t &pos) {
    uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        REQUIRE(pos < text.size());
        REQUIRE(shift < 64);
        const uint8_t byte = uint8_t(text[pos++]);
        v |= uint64_t(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return v;
    }
}

/// The instructions a text encodes, decoded independently of append_instr_text (the layout its comment documents):
/// a second reading of the format, so a field the encoder lost or merged shows up as a difference.
std::vector<Instr> decode(const std::string &text) {
    std::vector<Instr> out;
    size_t pos = 0;
    while (pos < text.size() && uint8_t(text[pos]) < uint8_t('0')) {
        const uint32_t index = uint32_t(out.size());
        REQUIRE(pos + 5 <= text.size());
        Instr ins;
        ins.kind = InstrKind(text[pos]);
        ins.op = tj::detail::Op(uint8_t(text[pos + 1]));
        ins.type = VarType(uint8_t(text[pos + 2]));
        ins.src_type = VarType(uint8_t(text[pos + 3]));
        const uint8_t present = uint8_t(text[pos + 4]);
        REQUIRE((present & ~0x1fu) == 0);
        pos += 5;
        uint32_t *fields[4] = {&ins.a, &ins.b, &ins.c, &ins.d};
        for (int k = 0; k < 4; ++k) {
            if (!(present & (1u << k)))
                continue;
            const uint64_t code = get_varint(text, pos);
            REQUIRE(code != 0); // a field of 0 is not written
            const uint64_t v = code >> 1;
            if (code & 1) { // a distance back from this instruction
                REQUIRE(v <= index);
                *fields[k] = uint32_t(index - v);
            } else {
                REQUIRE(v <= UINT32_MAX);
                *fields[k] = uint32_t(v);
            }
        }
        if (present & 16)
            ins.imm = get_varint(text, pos);
        out.push_back(ins);
    }
    CHECK(pos == text.size()); // nothing but whole records (the parameter bytes are not part of these texts)
    return out;
}

bool same(const Instr &x, const Instr &y) {
    return x.kind == y.kind && x.op == y.op && x.type == y.type && x.src_type == y.src_type && x.a == y.a &&
           x.b == y.b && x.c == y.c && x.d == y.d && x.imm == y.imm;
}

} // namespace

TEST_CASE("kernel text: random instructions, extreme fields included, decode back to themselves") {
    std::mt19937_64 random(20261126);
    // Fields near the instruction's own number, far from it, 0, and at the ends of their ranges.
    auto field = [&](uint32_t index) -> uint32_t {
        switch (random() % 6) {
        case 0: return 0;
        case 1: return index ? index - 1 - uint32_t(random() % std::min<uint32_t>(index, 4)) : 0;
        case 2: return uint32_t(random() % 8);
        case 3: return UINT32_MAX - uint32_t(random() % 3);
        case 4: return index + uint32_t(random() % 3); // not earlier instructions: never a distance
        default: return uint32_t(random());
        }
    };
    for (int round = 0; round < 200; ++round) {
        std::vector<Instr> instrs;
        std::string text;
        const uint32_t count = 1 + uint32_t(random() % 300);
        for (uint32_t n = 0; n < count; ++n) {
            Instr ins;
            ins.kind = InstrKind(random() % (uint32_t(InstrKind::LoopEnd) + 1));
            ins.op = tj::detail::Op(random() % uint32_t(tj::detail::Op::Count));
            ins.type = VarType(random() % 8);
            ins.src_type = VarType(random() % 8);
            ins.a = field(n);
            ins.b = field(n);
            ins.c = field(n);
            ins.d = field(n);
            switch (random() % 4) {
            case 0: ins.imm = 0; break;
            case 1: ins.imm = random() % 200; break;
            case 2: ins.imm = UINT64_MAX - random() % 3; break;
            default: ins.imm = random(); break;
            }
            const size_t before = text.size();
            tj::append_instr_text(text, ins, n);
            CHECK(text.size() - before <= tj::max_instr_text_bytes);
            instrs.push_back(ins);
        }
        std::vector<Instr> back = decode(text);
        REQUIRE(back.size() == instrs.size());
        for (size_t n = 0; n < instrs.size(); ++n)
            if (!same(back[n], instrs[n]))
                FAIL("instruction ", n, " of round ", round, " does not decode back");
    }
}

TEST_CASE("kernel text: texts differ wherever the instructions do, and a chain operation takes 7 bytes") {
    auto text_of = [](const std::vector<Instr> &instrs) {
        std::string text;
        for (uint32_t n = 0; n < instrs.size(); ++n)
            tj::append_instr_text(text, instrs[n], n);
        return text;
    };
    Instr load;
    load.kind = InstrKind::Load;
    load.a = 1;
    Instr mul;
    mul.op = tj::detail::Op::Mul;
    mul.a = 1; // instruction 1, the previous one
    mul.b = 0;
    std::vector<Instr> base = {load, load, mul};
    const std::string t0 = text_of(base);

    // Each field changed alone, in one instruction, changes the text.
    for (int k = 0; k < 9; ++k) {
        std::vector<Instr> other = base;
        Instr &ins = other[2];
        switch (k) {
        case 0: ins.kind = InstrKind::Store; break;
        case 1: ins.op = tj::detail::Op::Add; break;
        case 2: ins.type = VarType::Float64; break;
        case 3: ins.src_type = VarType::Int32; break;
        case 4: ins.a = 0; break;
        case 5: ins.b = 1; break;
        case 6: ins.c = 2; break;
        case 7: ins.d = 3; break;
        default: ins.imm = 1; break;
        }
        CAPTURE(k);
        CHECK(text_of(other) != t0);
    }
    // A chain operation (x * a: the previous instruction and a load near the start) takes 7 bytes.
    Instr chain;
    chain.op = tj::detail::Op::Mul;
    chain.a = 99999;
    chain.b = 2;
    std::string one;
    tj::append_instr_text(one, chain, 100000);
    CHECK(one.size() == 7);
}
