// tests/plugin/statements/literals.cpp — a literal's Constant node holds the value clang gave it, in its own kind
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>

[[jit::trace]] double literals(int n) {
    int i = 42 + 0x1F + 017 + 0b101 + 1'000;
    // The values travel in the literal table (the {{[{]}} keeps FileCheck from matching this comment in the output).
    // REWRITE: __tj_literals[] = {{[{]}}{1u, "42", "int", ::tj::tape::ValueKind::Signed, 42ull, nullptr, 0u}, {2u, "0x1F", "int", ::tj::tape::ValueKind::Signed, 31ull, nullptr, 0u},
    unsigned long u = 18446744073709551615ul + 7u;
    long long big = 9223372036854775807LL;
    double d = 0.1 + 1e-3 + 0x1p-2 + 2. + 1.7976931348623157e308;
    // REWRITE-SAME: {{[{]}}1u, "0.1", "double", ::tj::tape::ValueKind::Float, 0x3fb999999999999aull, nullptr, 0u}
    float f = 0.1f + 2.5e1F;
    long double ld = 1.5L;
    char c = 'a';
    char escapes = '\n' + '\'' + '\\' + '\0';
    bool t = true || false;
    const char *s = "say \"hi\"\n\t";
    // REWRITE-SAME: {{[{]}}1u, "\"say \\\"hi\\\"\\n\\t\"", "const char[11]", ::tj::tape::ValueKind::String, 0ull, "say \"hi\"\n\t", 10u}
    std::string_view nul("a\0b", 3);
    const int *p = nullptr;
    return d + f + static_cast<double>(ld) + i + static_cast<double>(u) + static_cast<double>(big) + c + escapes + t +
           (p == nullptr) + s[0] + nul.size() + n;
}

// Spellings that a parser of the spelling gets wrong; clang's values are right (tracejit used to re-parse the spelling
// at run time and showed these as written, or a raw or concatenated string's text between the outer quotes).
[[jit::trace]] std::size_t spellings(int n) {
    char hex = '\x41';
    wchar_t wide = L'w';
    char32_t u = U'\U0001F600';
    std::string_view raw = R"(a\n)";
    std::string_view joined = "ab" "cd";
    std::u16string_view utf16 = u"h\u00e9";
    return static_cast<std::size_t>(hex + wide + u + n) + raw.size() + joined.size() + utf16.size();
}

/// Every Constant child of the call's statements: its text, type, value, and the value read back typed.
void show(const tj::tape::Node &call) {
    for (const tj::tape::Node &stmt : call.children())
        for (const tj::tape::Node &c : stmt.children()) {
            if (c.kind() != tj::tape::Kind::Constant)
                continue;
            std::cout << c.text() << " : " << c.type_name() << " = " << c.value_string();
            if (c.value_kind() == tj::tape::ValueKind::String)
                std::cout << " (" << c.value<std::string>().size() << " chars)";
            if (c.type_name() == "float")
                std::cout << " (read as float: " << c.value<float>() << ")";
            std::cout << "\n";
        }
}

int main() {
    auto tape = tj::track(literals, 1);
    show(*tape);
    // CHECK: 42 : int = 42
    // CHECK-NEXT: 0x1F : int = 31
    // CHECK-NEXT: 017 : int = 15
    // CHECK-NEXT: 0b101 : int = 5
    // CHECK-NEXT: 1'000 : int = 1000
    // CHECK-NEXT: 18446744073709551615ul : unsigned long = 18446744073709551615
    // CHECK-NEXT: 7u : unsigned int = 7
    // CHECK-NEXT: 9223372036854775807LL : long long = 9223372036854775807
    // CHECK-NEXT: 0.1 : double = 0.1
    // CHECK-NEXT: 1e-3 : double = 0.001
    // CHECK-NEXT: 0x1p-2 : double = 0.25
    // CHECK-NEXT: 2. : double = 2.0
    // CHECK-NEXT: 1.7976931348623157e308 : double = 1.7976931348623157e+308
    // CHECK-NEXT: 0.1f : float = 0.1
    // CHECK-NEXT: 2.5e1F : float = 25.0
    // CHECK-NEXT: 1.5L : long double = 1.5
    // CHECK-NEXT: 'a' : char = 'a'
    // CHECK-NEXT: '\n' : char = '\n'
    // CHECK-NEXT: '\'' : char = '\''
    // CHECK-NEXT: '\\' : char = '\\'
    // CHECK-NEXT: '\0' : char = '\0'
    // CHECK-NEXT: true : bool = true
    // CHECK-NEXT: false : bool = false
    // CHECK-NEXT: "say \"hi\"\n\t" : const char[11] = "say \"hi\"\n\t" (10 chars)
    // CHECK-NEXT: "a\0b" : const char[4] = "a\0b" (3 chars)
    // CHECK-NEXT: 3 : int = 3
    // CHECK-NEXT: nullptr : std::nullptr_t = 0x0
    // CHECK-NEXT: nullptr : std::nullptr_t = 0x0
    // CHECK-NEXT: 0 : int = 0
    std::cout << "--\n";
    show(*tj::track(spellings, 1));
    // CHECK-NEXT: --
    // CHECK-NEXT: '\x41' : char = 'A'
    // CHECK-NEXT: L'w' : wchar_t = 119
    // CHECK-NEXT: U'\U0001F600' : char32_t = 128512
    // CHECK-NEXT: R"(a\n)" : const char[4] = "a\\n" (3 chars)
    // CHECK-NEXT: "ab" "cd" : const char[5] = "abcd" (4 chars)
    // CHECK-NEXT: u"h\u00e9" : const char16_t[3] = "hé" (3 chars)
    // CHECK-NOT: {{.}}
}
