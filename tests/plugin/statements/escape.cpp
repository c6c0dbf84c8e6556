// tests/plugin/statements/escape.cpp — site texts are C++ string literals on one line: quotes, backslashes, `??`
// (no trigraph), tabs and the newlines of a multi-line statement escaped; the tape shows the text as written
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <string>

[[jit::trace]] std::string quoted(int n) {
    std::string s = "say \"hi\"\\ ??!";
    s += std::string(n, 'x') +
         "\tend";
    return s;
}
// REWRITE: "std::string s = \"say \\\"hi\\\"\\\\ ?\?!\""
// REWRITE: "s += std::string(n, 'x') +\n         \"\\tend\""

int main() {
    auto tape = tj::track(quoted, 2);
    std::cout << (*tape)[2].text() << "\n";
    std::cout << (*tape)[3].text() << "|\n";
    std::cout << (*tape)[3].value<std::string>() << "|\n";
    // CHECK: std::string s = "say \"hi\"\\ ??!"
    // CHECK-NEXT: s += std::string(n, 'x') +
    // CHECK-NEXT: {{^         }}"\tend"|
    // CHECK-NEXT: say "hi"\ ??!xx{{[[:space:]]}}end|
}
