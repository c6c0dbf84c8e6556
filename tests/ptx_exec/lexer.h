// tests/ptx_exec/lexer.h — splits PTX text into tokens (identifiers, numbers, punctuation) with their lines
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ptx_exec {

struct Token {
    enum Kind : uint8_t { Ident, Number, String, Punct, End } kind = End;
    std::string text;
    uint32_t line = 0;
};

/// Tokens of `text`, comments removed; the last one is End.
std::vector<Token> tokenize(const std::string &text);

} // namespace ptx_exec
