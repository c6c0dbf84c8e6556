// tests/ptx_exec/lexer.cpp — splits PTX text into tokens (identifiers, numbers, punctuation) with their lines
#include "lexer.h"

#include <cctype>

namespace ptx_exec {

std::vector<Token> tokenize(const std::string &s) {
    std::vector<Token> out;
    uint32_t line = 1;
    size_t i = 0;
    auto ident_char = [](char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.' || c == '%'; };
    while (i < s.size()) {
        char c = s[i];
        if (c == '\n') {
            ++line, ++i;
        } else if (std::isspace((unsigned char)c)) {
            ++i;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            while (i < s.size() && s[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            i += 2;
            while (i + 1 < s.size() && !(s[i] == '*' && s[i + 1] == '/'))
                line += s[i++] == '\n';
            i += 2;
        } else if (c == '"') {
            size_t j = s.find('"', i + 1);
            if (j == std::string::npos)
                j = s.size();
            out.push_back({Token::String, s.substr(i + 1, j - i - 1), line});
            i = j + 1;
        } else if (std::isdigit((unsigned char)c)) {
            size_t j = i;
            while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '.'))
                ++j;
            out.push_back({Token::Number, s.substr(i, j - i), line});
            i = j;
        } else if (ident_char(c)) {
            size_t j = i;
            while (j < s.size() && ident_char(s[j]))
                ++j;
            out.push_back({Token::Ident, s.substr(i, j - i), line});
            i = j;
        } else {
            out.push_back({Token::Punct, std::string(1, c), line});
            ++i;
        }
    }
    out.push_back({Token::End, "", line});
    return out;
}

} // namespace ptx_exec
