// tests/runtime/tape_examples.h — marked functions instrumented by hand exactly as the plugin rewrites them
//
// These give tests tapes without the plugin. Each function keeps the plugin's layout: the static tables and
// the Frame sit on the line of the opening brace, and every hook stays on the line of the statement it
// follows, so a site's line is that of its statement (`L` is the function's line, sites use L + k).
// Slots: parameters first, then locals in source order. Operand positions count variables and literals in
// source order, from 1.
#pragma once

#include <tracejit/generated/tape_hooks.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace tape_examples {

using tj::tape::Kind;
using tj::tape::detail::Frame;
using tj::tape::detail::FunctionInfo;
using tj::tape::detail::Literal;
using tj::tape::detail::Operand;
using tj::tape::detail::Site;

// clang-format off

/// IRTracker's h(x, n): a while loop; h(2.0, 2) == 3.0 after two iterations.
///     double h(double x, int n) {
///         double r = 0;
///         int i = 0;
///         while (i < n) {
///             r += std::pow(x, i);
///             i += 1;
///         }
///         return r;
///     }
inline double h(double x, int n) { static constexpr uint32_t L = __LINE__; static constexpr Operand ops[] = {{1, 3}, {2, 1}, {1, 2}, {2, 0}, {3, 3}, {1, 3}, {1, 2}}; static constexpr Literal lits[] = {{1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "0", "int", tj::tape::ValueKind::Signed, 0}, {2, "1", "int", tj::tape::ValueKind::Signed, 1}}; static constexpr uint32_t writes[] = {2, 3, 2, 3}; static constexpr Site sites[] = {{Kind::Statement, L + 1, 5, 0, "double r = 0", 0, 0, 0, 1, 0, 1, 0, 0, 0}, {Kind::Statement, L + 2, 5, 0, "int i = 0", 0, 0, 1, 1, 1, 1, 0, 0, 0}, {Kind::Loop, L + 3, 5, 0, "while (i < n)", 0, 2, 0, 0, 0, 0, 0, 0, 0}, {Kind::Statement, L + 4, 9, 1, "r += std::pow(x, i)", 2, 3, 0, 0, 2, 1, 0, 0, 0}, {Kind::Statement, L + 5, 9, 1, "i += 1", 5, 1, 2, 1, 3, 1, 0, 0, 0}, {Kind::Return, L + 7, 5, 0, "return r", 6, 1, 0, 0, 0, 0, 0, 0, 0}}; static constexpr const char *slots[] = {"x", "n", "r", "i"}; static constexpr FunctionInfo info = {"h", __FILE__, L, 15, sites, 6, ops, lits, writes, nullptr, slots, 2, 4, nullptr}; Frame __tjf(info); __tjf.args(x, n); try {
    double r = 0; __tjf.stmt(0, r);
    int i = 0; __tjf.stmt(1, i);
    {__tjf.loop_enter(2); while (__tjf.loop(2, static_cast<bool>(i < n))) {
        r += std::pow(x, i); __tjf.stmt(3, r);
        i += 1; __tjf.stmt(4, i);
    }}
    {__tjf.ret(5, r); return r;}
} catch (...) { __tjf.thrown(); throw; } }

/// A nested marked call.
///     double square(double v) {
///         double s = v * v;
///         return s;
///     }
inline double square(double v) { static constexpr uint32_t L = __LINE__; static constexpr Operand ops[] = {{1, 0}, {2, 0}, {1, 1}}; static constexpr uint32_t writes[] = {1}; static constexpr Site sites[] = {{Kind::Statement, L + 1, 5, 0, "double s = v * v", 0, 2, 0, 0, 0, 1, 0, 0, 0}, {Kind::Return, L + 2, 5, 0, "return s", 2, 1, 0, 0, 0, 0, 0, 0, 0}}; static constexpr const char *slots[] = {"v", "s"}; static constexpr FunctionInfo info = {"square", __FILE__, L, 15, sites, 2, ops, nullptr, writes, nullptr, slots, 1, 2, nullptr}; Frame __tjf(info); __tjf.args(v); try {
    double s = v * v; __tjf.stmt(0, s);
    {__tjf.ret(1, s); return s;}
} catch (...) { __tjf.thrown(); throw; } }

/// A for loop, an if/else and a nested call: sum_squares(3) == 4 - 1 - 1 == 2 (k = 1: -1, k = 2: +4, k = 3: -1).
///     double sum_squares(int n) {
///         double total = 0;
///         for (int k = 1; k <= n; ++k) {
///             if (k % 2 == 0) {
///                 total += square(k);
///             } else {
///                 total -= 1;
///             }
///         }
///         return total;
///     }
inline double sum_squares(int n) { static constexpr uint32_t L = __LINE__; static constexpr Operand ops[] = {{1, 2}, {2, 0}, {1, 2}, {1, 1}, {2, 2}, {1, 1}, {1, 2}, {1, 1}}; static constexpr Literal lits[] = {{1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "1", "int", tj::tape::ValueKind::Signed, 1}, {2, "2", "int", tj::tape::ValueKind::Signed, 2}, {3, "0", "int", tj::tape::ValueKind::Signed, 0}, {2, "1", "int", tj::tape::ValueKind::Signed, 1}}; static constexpr uint32_t writes[] = {1, 2, 2, 1, 1}; static constexpr Site sites[] = {{Kind::Statement, L + 1, 5, 0, "double total = 0", 0, 0, 0, 1, 0, 1, 0, 0, 0}, {Kind::Statement, L + 2, 10, 0, "int k = 1", 0, 0, 1, 1, 1, 1, 0, 0, 0}, {Kind::Loop, L + 2, 5, 0, "for (int k = 1; k <= n; ++k)", 0, 2, 0, 0, 0, 0, 0, 0, 0}, {Kind::Branch, L + 3, 9, 1, "if (k % 2 == 0)", 2, 1, 2, 2, 0, 0, 0, 0, 0}, {Kind::Statement, L + 4, 13, 2, "total += square(k)", 3, 2, 0, 0, 3, 1, 0, 0, 0}, {Kind::Statement, L + 6, 13, 2, "total -= 1", 5, 1, 4, 1, 4, 1, 0, 0, 0}, {Kind::Statement, L + 2, 29, 1, "++k", 6, 1, 0, 0, 2, 1, 0, 0, 0}, {Kind::Return, L + 9, 5, 0, "return total", 7, 1, 0, 0, 0, 0, 0, 0, 0}}; static constexpr const char *slots[] = {"n", "total", "k"}; static constexpr FunctionInfo info = {"sum_squares", __FILE__, L, 15, sites, 8, ops, lits, writes, nullptr, slots, 1, 3, nullptr}; Frame __tjf(info); __tjf.args(n); try {
    double total = 0; __tjf.stmt(0, total);
    {int k = 1; __tjf.stmt(1, k); __tjf.loop_enter(2); for (; __tjf.loop(2, static_cast<bool>(k <= n)); (void)(++k), __tjf.stmt(6, k)) {
        if (__tjf.cond(3, static_cast<bool>(k % 2 == 0))) {
            total += square(k); __tjf.stmt(4, total);
        } else {
            total -= 1; __tjf.stmt(5, total);
        }
    }}
    {__tjf.ret(7, total); return total;}
} catch (...) { __tjf.thrown(); throw; } }

/// Strings that need escaping in JSON and DOT (quotes, a backslash, a line break, a tab, non-ASCII).
///     std::string quote(std::string name) {
///         std::string s = "say \"hi\"\\\n\t→ " + name;
///         return s;
///     }
inline std::string quote(std::string name) { static constexpr uint32_t L = __LINE__; static constexpr Operand ops[] = {{2, 0}, {1, 1}}; static constexpr Literal lits[] = {{1, "\"say \\\"hi\\\"\\\\\\n\\t→ \"", "const char[16]", tj::tape::ValueKind::String, 0, "say \"hi\"\\\n\t→ ", sizeof("say \"hi\"\\\n\t→ ") - 1}}; static constexpr uint32_t writes[] = {1}; static constexpr Site sites[] = {{Kind::Statement, L + 1, 5, 0, "std::string s = \"say \\\"hi\\\"\\\\\\n\\t→ \" + name", 0, 1, 0, 1, 0, 1, 0, 0, 0}, {Kind::Return, L + 2, 5, 0, "return s", 1, 1, 0, 0, 0, 0, 0, 0, 0}}; static constexpr const char *slots[] = {"name", "s"}; static constexpr FunctionInfo info = {"quote", __FILE__, L, 20, sites, 2, ops, lits, writes, nullptr, slots, 1, 2, nullptr}; Frame __tjf(info); __tjf.args(name); try {
    std::string s = "say \"hi\"\\\n\t→ " + name; __tjf.stmt(0, s);
    {__tjf.ret(1, s); return s;}
} catch (...) { __tjf.thrown(); throw; } }

/// An exception leaving a marked function.
///     int checked_div(int a, int b) {
///         if (b == 0) {
///             throw std::invalid_argument("checked_div: division by zero");
///         }
///         return a / b;
///     }
inline int checked_div(int a, int b) { static constexpr uint32_t L = __LINE__; static constexpr Operand ops[] = {{1, 1}, {1, 0}, {2, 1}}; static constexpr Literal lits[] = {{2, "0", "int", tj::tape::ValueKind::Signed, 0}}; static constexpr Site sites[] = {{Kind::Branch, L + 1, 5, 0, "if (b == 0)", 0, 1, 0, 1, 0, 0, 0, 0, 0}, {Kind::Return, L + 4, 5, 0, "return a / b", 1, 2, 0, 0, 0, 0, 0, 0, 0}}; static constexpr const char *slots[] = {"a", "b"}; static constexpr FunctionInfo info = {"checked_div", __FILE__, L, 12, sites, 2, ops, lits, nullptr, nullptr, slots, 2, 2, nullptr}; Frame __tjf(info); __tjf.args(a, b); try {
    if (__tjf.cond(0, static_cast<bool>(b == 0))) {
        throw std::invalid_argument("checked_div: division by zero");
    }
    return __tjf.ret(1, a / b);
} catch (...) { __tjf.thrown(); throw; } }

/// Recursion: one nested Call per level; countdown(n) == n.
///     int countdown(int n) {
///         if (n == 0) {
///             return 0;
///         }
///         return countdown(n - 1) + 1;
///     }
inline int countdown(int n) { static constexpr uint32_t L = __LINE__; static constexpr Operand ops[] = {{1, 0}, {1, 0}}; static constexpr Literal lits[] = {{2, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "0", "int", tj::tape::ValueKind::Signed, 0}, {2, "1", "int", tj::tape::ValueKind::Signed, 1}, {3, "1", "int", tj::tape::ValueKind::Signed, 1}}; static constexpr Site sites[] = {{Kind::Branch, L + 1, 5, 0, "if (n == 0)", 0, 1, 0, 1, 0, 0, 0, 0, 0}, {Kind::Return, L + 2, 9, 1, "return 0", 0, 0, 1, 1, 0, 0, 0, 0, 0}, {Kind::Return, L + 4, 5, 0, "return countdown(n - 1) + 1", 1, 1, 2, 2, 0, 0, 0, 0, 0}}; static constexpr const char *slots[] = {"n"}; static constexpr FunctionInfo info = {"countdown", __FILE__, L, 12, sites, 3, ops, lits, nullptr, nullptr, slots, 1, 1, nullptr}; Frame __tjf(info); __tjf.args(n); try {
    if (__tjf.cond(0, static_cast<bool>(n == 0))) {
        return __tjf.ret(1, 0);
    }
    return __tjf.ret(2, countdown(n - 1) + 1);
} catch (...) { __tjf.thrown(); throw; } }

// clang-format on

} // namespace tape_examples
