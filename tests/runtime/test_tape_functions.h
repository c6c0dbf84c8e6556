// tests/runtime/test_tape_functions.h — marked functions instrumented by hand, exactly as the plugin emits them
//
// Each function has the static tables the plugin computes (sites, operands, literals, writes, cases, slot
// names) and the Frame calls after each statement. The original source is in the comment above each one; its
// "file" and line numbers are the ones given to the tables.
#pragma once

#include <tracejit/generated/tape_hooks.h>
#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tape_fns {

using tj::tape::Kind;
using namespace tj::tape::detail;

// clang-format off: the hooks stay on their statements' lines, as the plugin writes them

/// A Site as an aggregate, in the order of its fields.
constexpr Site site(Kind kind, uint32_t line, uint32_t column, uint32_t nesting, const char *text, uint32_t rb,
                    uint32_t rc, uint32_t lb = 0, uint32_t lc = 0, uint32_t wb = 0, uint32_t wc = 0, uint32_t cb = 0,
                    uint32_t cc = 0, uint32_t flags = 0) {
    return Site{kind, line, column, nesting, text, rb, rc, lb, lc, wb, wc, cb, cc, flags};
}

// h.cpp
//  3  double h(double x, int n) {
//  4      double r = 0;
//  5      int i = 0;
//  6      while (i < n) {
//  7          r += pow(x, i);
//  8          i += 1;
//  9      }
// 10      return r;
// 11  }
inline constexpr Site h_sites[] = {
    site(Kind::Statement, 4, 5, 0, "double r = 0", 0, 0, 0, 1, 0, 1),
    site(Kind::Statement, 5, 5, 0, "int i = 0", 0, 0, 1, 1, 1, 1),
    site(Kind::Loop, 6, 5, 0, "while (i < n)", 0, 2),
    site(Kind::Statement, 7, 9, 1, "r += pow(x, i)", 2, 3, 0, 0, 2, 1),
    site(Kind::Statement, 8, 9, 1, "i += 1", 5, 1, 2, 1, 3, 1),
    site(Kind::Return, 10, 5, 0, "return r", 6, 1),
};
inline constexpr Operand h_operands[] = {{1, 3}, {2, 1}, {1, 2}, {2, 0}, {3, 3}, {1, 3}, {1, 2}};
inline constexpr Literal h_literals[] = {{1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "0", "int", tj::tape::ValueKind::Signed, 0}, {2, "1", "int", tj::tape::ValueKind::Signed, 1}};
inline constexpr uint32_t h_writes[] = {2, 3, 2, 3};
inline constexpr const char *h_slots[] = {"x", "n", "r", "i"};
inline constexpr FunctionInfo h_info = {"h",      "h.cpp", 3, 8, h_sites, 6, h_operands, h_literals, h_writes,
                                        nullptr, h_slots, 2,  4, nullptr};

inline double h(double x, int n) {
    ::tj::tape::detail::Frame __tjf(h_info); __tjf.args(x, n); try {
    double r = 0; __tjf.stmt(0, r);
    int i = 0; __tjf.stmt(1, i);
    {__tjf.loop_enter(2); while (__tjf.loop(2, static_cast<bool>(i < n))) {
        r += std::pow(x, i); __tjf.stmt(3, r);
        i += 1; __tjf.stmt(4, i);
    }}
    {__tjf.ret(5, r); return r;}
    } catch (...) { __tjf.thrown(); throw; }
}

// f.cpp
//  1  double f(double x) {
//  2      double s = std::sin(x);
//  3      double y = s + x;
//  4      return y;
//  5  }
inline constexpr Site f_sites[] = {
    site(Kind::Statement, 2, 5, 0, "double s = std::sin(x)", 0, 1, 0, 0, 0, 1),
    site(Kind::Statement, 3, 5, 0, "double y = s + x", 1, 2, 0, 0, 1, 1),
    site(Kind::Return, 4, 5, 0, "return y", 3, 1),
};
inline constexpr Operand f_operands[] = {{1, 0}, {1, 1}, {2, 0}, {1, 2}};
inline constexpr uint32_t f_writes[] = {1, 2};
inline constexpr const char *f_slots[] = {"x", "s", "y"};
inline constexpr FunctionInfo f_info = {"f",     "f.cpp", 1, 8, f_sites, 3, f_operands, nullptr, f_writes,
                                        nullptr, f_slots, 1, 3, nullptr};

inline double f(double x) {
    ::tj::tape::detail::Frame __tjf(f_info); __tjf.args(x); try {
    double s = std::sin(x); __tjf.stmt(0, s);
    double y = s + x; __tjf.stmt(1, y);
    {__tjf.ret(2, y); return y;}
    } catch (...) { __tjf.thrown(); throw; }
}

// sq.cpp
//  1  double sq(double x) {
//  2      return x * x;
//  3  }
//  4  double poly(double x) {
//  5      double y = sq(x) + 1;
//  6      return y;
//  7  }
inline constexpr Site sq_sites[] = {site(Kind::Return, 2, 5, 0, "return x * x", 0, 2)};
inline constexpr Operand sq_operands[] = {{1, 0}, {2, 0}};
inline constexpr const char *sq_slots[] = {"x"};
inline constexpr FunctionInfo sq_info = {"sq",    "sq.cpp", 1, 8, sq_sites, 1, sq_operands, nullptr, nullptr,
                                         nullptr, sq_slots, 1, 1, nullptr};

inline double sq(double x) {
    ::tj::tape::detail::Frame __tjf(sq_info); __tjf.args(x); try {
    return __tjf.ret(0, x * x);
    } catch (...) { __tjf.thrown(); throw; }
}

// sq again with the twin the plugin emits by default (docs/tape.md, "Twins"): the body as written while nothing
// records anywhere (tj::tape::detail::recording() reads the process-wide flag with a plain load), the instrumented
// copy, a noinline and cold lambda, otherwise.
inline double twin_sq(double x) {
    if (!::tj::tape::detail::recording()) [[likely]] { return x * x; } else { return
    [&]() __attribute__((noinline, cold, minsize)) -> double { ::tj::tape::detail::Frame __tjf(sq_info); __tjf.args(x); try {
    return __tjf.ret(0, x * x);
    } catch (...) { __tjf.thrown(); throw; } }(); }
}

inline constexpr Site poly_sites[] = {
    site(Kind::Statement, 5, 5, 0, "double y = sq(x) + 1", 0, 1, 0, 1, 0, 1),
    site(Kind::Return, 6, 5, 0, "return y", 1, 1),
};
inline constexpr Operand poly_operands[] = {{1, 0}, {1, 1}};
inline constexpr Literal poly_literals[] = {{2, "1", "int", tj::tape::ValueKind::Signed, 1}};
inline constexpr uint32_t poly_writes[] = {1};
inline constexpr const char *poly_slots[] = {"x", "y"};
inline constexpr FunctionInfo poly_info = {"poly",  "sq.cpp",   4, 8, poly_sites, 2, poly_operands, poly_literals,
                                           poly_writes, nullptr, poly_slots, 1, 2, nullptr};

inline double poly(double x) {
    ::tj::tape::detail::Frame __tjf(poly_info); __tjf.args(x); try {
    double y = sq(x) + 1; __tjf.stmt(0, y);
    {__tjf.ret(1, y); return y;}
    } catch (...) { __tjf.thrown(); throw; }
}

// poly again, its literal table written with the spellings only (as tables were before they carried values).
inline constexpr Literal spelled_literals[] = {{2, "1", "int"}};
inline constexpr FunctionInfo spelled_info = {"spelled",   "sq.cpp", 4,       8, poly_sites, 2, poly_operands, spelled_literals,
                                              poly_writes, nullptr,  poly_slots, 1, 2,          nullptr};

inline double spelled(double x) {
    ::tj::tape::detail::Frame __tjf(spelled_info); __tjf.args(x); try {
    double y = sq(x) + 1; __tjf.stmt(0, y);
    {__tjf.ret(1, y); return y;}
    } catch (...) { __tjf.thrown(); throw; }
}

// square.cpp
//  1  template <typename T> T square(T x) {
//  2      return x * x;
//  3  }
inline constexpr Site square_sites[] = {site(Kind::Return, 2, 5, 0, "return x * x", 0, 2)};
inline constexpr Operand square_operands[] = {{1, 0}, {2, 0}};
inline constexpr const char *square_slots[] = {"x"};

template <typename T> T square(T x) {
    static constexpr FunctionInfo __tj_fn = {"square",       "square.cpp", 1,       24,     square_sites, 1,
                                             square_operands, nullptr,     nullptr, nullptr, square_slots, 1,
                                             1,               nullptr};
    ::tj::tape::detail::Frame __tjf(__tj_fn, __PRETTY_FUNCTION__); __tjf.args(x); try {
    return __tjf.ret(0, x * x);
    } catch (...) { __tjf.thrown(); throw; }
}

// geom.cpp (IRTracker's geometric distribution: recursion with stochastic control flow)
//  1  int geom(int n, double beta) {
//  2      double u = std::uniform_real_distribution<double>(0.0, 1.0)(geom_rng);
//  3      if (u < beta) {
//  4          return n;
//  5      } else {
//  6          return geom(n + 1, beta);
//  7      }
//  8  }
inline std::mt19937 geom_rng;
inline constexpr Site geom_sites[] = {
    site(Kind::Statement, 2, 5, 0, "double u = std::uniform_real_distribution<double>(0.0, 1.0)(geom_rng)", 0, 0, 0,
         2, 0, 1),
    site(Kind::Branch, 3, 5, 0, "if (u < beta)", 0, 2),
    site(Kind::Return, 4, 9, 1, "return n", 2, 1),
    site(Kind::Return, 6, 9, 1, "return geom(n + 1, beta)", 3, 2, 2, 1),
};
inline constexpr Operand geom_operands[] = {{1, 2}, {2, 1}, {1, 0}, {1, 0}, {3, 1}};
inline constexpr Literal geom_literals[] = {{1, "0.0", "double", tj::tape::ValueKind::Float, 0x0000000000000000ull}, {2, "1.0", "double", tj::tape::ValueKind::Float, 0x3ff0000000000000ull}, {2, "1", "int", tj::tape::ValueKind::Signed, 1}};
inline constexpr uint32_t geom_writes[] = {2};
inline constexpr const char *geom_slots[] = {"n", "beta", "u"};
inline constexpr FunctionInfo geom_info = {"geom",      "geom.cpp", 1,       5,          geom_sites, 4,
                                           geom_operands, geom_literals, geom_writes, nullptr, geom_slots, 2,
                                           3,             nullptr};

inline int geom(int n, double beta) {
    ::tj::tape::detail::Frame __tjf(geom_info); __tjf.args(n, beta); try {
    double u = std::uniform_real_distribution<double>(0.0, 1.0)(geom_rng); __tjf.stmt(0, u);
    if (__tjf.cond(1, static_cast<bool>(u < beta))) {
        {__tjf.ret(2, n); return n;}
    } else {
        return __tjf.ret(3, geom(n + 1, beta));
    }
    } catch (...) { __tjf.thrown(); throw; }
}

// sw.cpp
//  1  int classify(int k) {
//  2      int r = 0;
//  3      switch (k) {
//  4      case 1:
//  5          r = 10;
//  6          break;
//  7      case 2 ... 4:
//  8          r = 20;
//  9          break;
// 10      default:
// 11          r = -1;
// 12      }
// 13      return r;
// 14  }
// 20  int pick(int k) {
// 21      switch (k) {
// 22      case 1:
// 23          return 1;
// 24      }
// 25      return 0;
// 26  }
inline constexpr Site sw_sites[] = {
    site(Kind::Statement, 2, 5, 0, "int r = 0", 0, 0, 0, 1, 0, 1),
    site(Kind::Branch, 3, 5, 0, "switch (k)", 0, 1, 0, 0, 0, 0, 0, 2, SiteHasDefault),
    site(Kind::Statement, 5, 9, 1, "r = 10", 0, 0, 1, 1, 1, 1),
    site(Kind::Statement, 6, 9, 1, "break", 0, 0),
    site(Kind::Statement, 8, 9, 1, "r = 20", 0, 0, 2, 1, 2, 1),
    site(Kind::Statement, 9, 9, 1, "break", 0, 0),
    site(Kind::Statement, 11, 9, 1, "r = -1", 0, 0, 3, 1, 3, 1),
    site(Kind::Return, 13, 5, 0, "return r", 1, 1),
};
inline constexpr Operand sw_operands[] = {{1, 0}, {1, 1}};
inline constexpr Literal sw_literals[] = {{1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "10", "int", tj::tape::ValueKind::Signed, 10}, {1, "20", "int", tj::tape::ValueKind::Signed, 20}, {1, "1", "int", tj::tape::ValueKind::Signed, 1}};
inline constexpr uint32_t sw_writes[] = {1, 1, 1, 1};
inline constexpr Case sw_cases[] = {{1, 1, "case 1"}, {2, 4, "case 2 ... 4"}};
inline constexpr const char *sw_slots[] = {"k", "r"};
inline constexpr FunctionInfo classify_info = {"classify", "sw.cpp",    1,       5,        sw_sites, 8,
                                               sw_operands, sw_literals, sw_writes, sw_cases, sw_slots, 1,
                                               2,           nullptr};

inline int classify(int k) {
    ::tj::tape::detail::Frame __tjf(classify_info); __tjf.args(k); try {
    int r = 0; __tjf.stmt(0, r);
    switch (__tjf.sw(1, k)) {
    case 1:
        r = 10; __tjf.stmt(2, r);
        {__tjf.stmt(3); break;}
    case 2 ... 4:
        r = 20; __tjf.stmt(4, r);
        {__tjf.stmt(5); break;}
    default:
        r = -1; __tjf.stmt(6, r);
    }
    {__tjf.ret(7, r); return r;}
    } catch (...) { __tjf.thrown(); throw; }
}

inline constexpr Site pick_sites[] = {
    site(Kind::Branch, 21, 5, 0, "switch (k)", 0, 1, 0, 0, 0, 0, 0, 1),
    site(Kind::Return, 23, 9, 1, "return 1", 0, 0, 0, 1),
    site(Kind::Return, 25, 5, 0, "return 0", 0, 0, 1, 1),
};
inline constexpr Operand pick_operands[] = {{1, 0}};
inline constexpr Literal pick_literals[] = {{1, "1", "int", tj::tape::ValueKind::Signed, 1}, {1, "0", "int", tj::tape::ValueKind::Signed, 0}};
inline constexpr Case pick_cases[] = {{1, 1, "case 1"}};
inline constexpr const char *pick_slots[] = {"k"};
inline constexpr FunctionInfo pick_info = {"pick",       "sw.cpp",  20,      5,          pick_sites, 3,
                                           pick_operands, pick_literals, nullptr, pick_cases, pick_slots, 1,
                                           1,             nullptr};

inline int pick(int k) {
    ::tj::tape::detail::Frame __tjf(pick_info); __tjf.args(k); try {
    switch (__tjf.sw(0, k)) {
    case 1:
        return __tjf.ret(1, 1);
    }
    return __tjf.ret(2, 0);
    } catch (...) { __tjf.thrown(); throw; }
}

// abs.cpp
//  1  double absval(double x) {
//  2      double r = x;
//  3      if (x < 0) {
//  4          r = -x;
//  5      } else {
//  6          r = x;
//  7      }
//  8      return r;
//  9  }
inline constexpr Site abs_sites[] = {
    site(Kind::Statement, 2, 5, 0, "double r = x", 0, 1, 0, 0, 0, 1),
    site(Kind::Branch, 3, 5, 0, "if (x < 0)", 1, 1, 0, 1),
    site(Kind::Statement, 4, 9, 1, "r = -x", 2, 1, 0, 0, 1, 1),
    site(Kind::Statement, 6, 9, 1, "r = x", 3, 1, 0, 0, 2, 1),
    site(Kind::Return, 8, 5, 0, "return r", 4, 1),
};
inline constexpr Operand abs_operands[] = {{1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 1}};
inline constexpr Literal abs_literals[] = {{2, "0", "int", tj::tape::ValueKind::Signed, 0}};
inline constexpr uint32_t abs_writes[] = {1, 1, 1};
inline constexpr const char *abs_slots[] = {"x", "r"};
inline constexpr FunctionInfo abs_info = {"absval",    "abs.cpp", 1,          8,       abs_sites, 5,
                                          abs_operands, abs_literals, abs_writes, nullptr, abs_slots, 1,
                                          2,            nullptr};

inline double absval(double x) {
    ::tj::tape::detail::Frame __tjf(abs_info); __tjf.args(x); try {
    double r = x; __tjf.stmt(0, r);
    if (__tjf.cond(1, static_cast<bool>(x < 0))) {
        r = -x; __tjf.stmt(2, r);
    } else {
        r = x; __tjf.stmt(3, r);
    }
    {__tjf.ret(4, r); return r;}
    } catch (...) { __tjf.thrown(); throw; }
}

// many.cpp (sq_many is not marked: the calls of sq it makes are the calls made since the node before)
//  1  double many(double x, int n) {
//  2      double s = sq_many(x, n);
//  3      return s;
//  4  }
inline double sq_many(double x, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += sq(x + i);
    return s;
}
inline constexpr Site many_sites[] = {
    site(Kind::Statement, 2, 5, 0, "double s = sq_many(x, n)", 0, 2, 0, 0, 0, 1),
    site(Kind::Return, 3, 5, 0, "return s", 2, 1),
};
inline constexpr Operand many_operands[] = {{1, 0}, {2, 1}, {1, 2}};
inline constexpr uint32_t many_writes[] = {2};
inline constexpr const char *many_slots[] = {"x", "n", "s"};
inline constexpr FunctionInfo many_info = {"many",      "many.cpp", 1,       8, many_sites, 2, many_operands, nullptr,
                                           many_writes, nullptr,    many_slots, 2, 3,         nullptr};

inline double many(double x, int n) {
    ::tj::tape::detail::Frame __tjf(many_info); __tjf.args(x, n); try {
    double s = sq_many(x, n); __tjf.stmt(0, s);
    {__tjf.ret(1, s); return s;}
    } catch (...) { __tjf.thrown(); throw; }
}

// risky.cpp
//  1  double risky(double x) {
//  2      double y = x * 2;
//  3      if (y > 10) {
//  4          throw std::runtime_error("too big");
//  5      }
//  6      return y;
//  7  }
//  9  double outer(double x) {
// 10      double r = 0;
// 11      try {
// 12          r = risky(x);
// 13      } catch (const std::exception &e) {
// 14          r = -1;
// 15      }
// 16      return r;
// 17  }
inline constexpr Site risky_sites[] = {
    site(Kind::Statement, 2, 5, 0, "double y = x * 2", 0, 1, 0, 1, 0, 1),
    site(Kind::Branch, 3, 5, 0, "if (y > 10)", 1, 1, 1, 1),
    site(Kind::Statement, 4, 9, 1, "throw std::runtime_error(\"too big\")", 0, 0, 2, 1),
    site(Kind::Return, 6, 5, 0, "return y", 2, 1),
};
inline constexpr Operand risky_operands[] = {{1, 0}, {1, 1}, {1, 1}};
inline constexpr Literal risky_literals[] = {{2, "2", "int", tj::tape::ValueKind::Signed, 2}, {2, "10", "int", tj::tape::ValueKind::Signed, 10}, {1, "\"too big\"", "const char[8]", tj::tape::ValueKind::String, 0, "too big", sizeof("too big") - 1}};
inline constexpr uint32_t risky_writes[] = {1};
inline constexpr const char *risky_slots[] = {"x", "y"};
inline constexpr FunctionInfo risky_info = {"risky",        "risky.cpp",    1,            8,       risky_sites, 4,
                                            risky_operands, risky_literals, risky_writes, nullptr, risky_slots, 1,
                                            2,              nullptr};

inline double risky(double x) {
    ::tj::tape::detail::Frame __tjf(risky_info); __tjf.args(x); try {
    double y = x * 2; __tjf.stmt(0, y);
    if (__tjf.cond(1, static_cast<bool>(y > 10))) {
        throw std::runtime_error("too big"); __tjf.stmt(2);
    }
    {__tjf.ret(3, y); return y;}
    } catch (...) { __tjf.thrown(); throw; }
}

inline constexpr Site outer_sites[] = {
    site(Kind::Statement, 10, 5, 0, "double r = 0", 0, 0, 0, 1, 0, 1),
    site(Kind::Statement, 12, 9, 1, "r = risky(x)", 0, 1, 0, 0, 1, 1),
    site(Kind::Statement, 13, 7, 1, "const std::exception &e", 0, 0, 0, 0, 2, 1),
    site(Kind::Statement, 14, 9, 1, "r = -1", 0, 0, 1, 1, 3, 1),
    site(Kind::Return, 16, 5, 0, "return r", 1, 1),
};
inline constexpr Operand outer_operands[] = {{1, 0}, {1, 1}};
inline constexpr Literal outer_literals[] = {{1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "1", "int", tj::tape::ValueKind::Signed, 1}};
inline constexpr uint32_t outer_writes[] = {1, 1, 2, 1};
inline constexpr const char *outer_slots[] = {"x", "r", "e"};
inline constexpr FunctionInfo outer_info = {"outer",        "risky.cpp",    9,            8,       outer_sites, 5,
                                            outer_operands, outer_literals, outer_writes, nullptr, outer_slots, 1,
                                            3,              nullptr};

inline double outer(double x) {
    ::tj::tape::detail::Frame __tjf(outer_info); __tjf.args(x); try {
    double r = 0; __tjf.stmt(0, r);
    try {
        r = risky(x); __tjf.stmt(1, r);
    } catch (const std::exception &e) { __tjf.stmt(2, e);
        r = -1; __tjf.stmt(3, r);
    }
    {__tjf.ret(4, r); return r;}
    } catch (...) { __tjf.thrown(); throw; }
}

// values.cpp: one statement per kind of value
struct Point {
    int x, y;
};
enum class Color : int { Red, Green };

inline constexpr Site values_sites[] = {
    site(Kind::Statement, 2, 5, 0, "double d = 0.1", 0, 0),       site(Kind::Statement, 3, 5, 0, "float fl = 0.1f", 0, 0),
    site(Kind::Statement, 4, 5, 0, "int i = -3", 0, 0),           site(Kind::Statement, 5, 5, 0, "unsigned u = 7", 0, 0),
    site(Kind::Statement, 6, 5, 0, "bool b = true", 0, 0),        site(Kind::Statement, 7, 5, 0, "char c = 'a'", 0, 0),
    site(Kind::Statement, 8, 5, 0, "const char *p = \"hi\\n\"", 0, 0),
    site(Kind::Statement, 9, 5, 0, "std::string s = \"x\\\"y\"", 0, 0),
    site(Kind::Statement, 10, 5, 0, "int *q = nullptr", 0, 0),    site(Kind::Statement, 11, 5, 0, "double big = 1e100", 0, 0),
    site(Kind::Statement, 12, 5, 0, "double nn = std::nan(\"\")", 0, 0),
    site(Kind::Statement, 13, 5, 0, "double inf = HUGE_VAL", 0, 0), site(Kind::Statement, 14, 5, 0, "double two = 2", 0, 0),
    site(Kind::Statement, 15, 5, 0, "Point pt{1, 2}", 0, 0),      site(Kind::Statement, 16, 5, 0, "Color col = Color::Green", 0, 0),
    site(Kind::Statement, 17, 5, 0, "std::string_view sv = s", 0, 0),
    site(Kind::Statement, 18, 5, 0, "int64_t lo = INT64_MIN", 0, 0),
    site(Kind::Statement, 19, 5, 0, "uint64_t hi = UINT64_MAX", 0, 0),
    site(Kind::Statement, 20, 5, 0, "float third = 1.0f / 3", 0, 0),
    site(Kind::Statement, 21, 5, 0, "double neg = -0.0", 0, 0),
    site(Kind::Return, 22, 5, 0, "return", 0, 0),
};
inline constexpr FunctionInfo values_info = {"values", "values.cpp", 1,       6,       values_sites, 21, nullptr,
                                             nullptr,  nullptr,      nullptr, nullptr, 0,            0,  nullptr};

inline void values() {
    ::tj::tape::detail::Frame __tjf(values_info); try {
    double d = 0.1; __tjf.stmt(0, d);
    float fl = 0.1f; __tjf.stmt(1, fl);
    int i = -3; __tjf.stmt(2, i);
    unsigned u = 7; __tjf.stmt(3, u);
    bool b = true; __tjf.stmt(4, b);
    char c = 'a'; __tjf.stmt(5, c);
    const char *p = "hi\n"; __tjf.stmt(6, p);
    std::string s = "x\"y"; __tjf.stmt(7, s);
    int *q = nullptr; __tjf.stmt(8, q);
    double big = 1e100; __tjf.stmt(9, big);
    double nn = std::nan(""); __tjf.stmt(10, nn);
    double inf = HUGE_VAL; __tjf.stmt(11, inf);
    double two = 2; __tjf.stmt(12, two);
    Point pt{1, 2}; __tjf.stmt(13, pt);
    Color col = Color::Green; __tjf.stmt(14, col);
    std::string_view sv = s; __tjf.stmt(15, sv);
    int64_t lo = INT64_MIN; __tjf.stmt(16, lo);
    uint64_t hi = UINT64_MAX; __tjf.stmt(17, hi);
    float third = 1.0f / 3; __tjf.stmt(18, third);
    double neg = -0.0; __tjf.stmt(19, neg);
    {__tjf.ret(20); return;}
    } catch (...) { __tjf.thrown(); throw; }
}

// arrays.cpp: tj arrays in statements
//  1  double arrays() {
//  2      tj::Float a = {1.f, 2.f, 3.f};
//  3      tj::Float b = a * 2.f;
//  4      tj::eval(b);
//  5      tj::Float c = b;
//  6      return 0;
//  7  }
inline constexpr Site arrays_sites[] = {
    site(Kind::Statement, 2, 5, 0, "tj::Float a = {1.f, 2.f, 3.f}", 0, 0, 0, 0, 0, 1),
    site(Kind::Statement, 3, 5, 0, "tj::Float b = a * 2.f", 0, 1, 0, 0, 1, 1),
    site(Kind::Statement, 4, 5, 0, "tj::eval(b)", 1, 1),
    site(Kind::Statement, 5, 5, 0, "tj::Float c = b", 2, 1, 0, 0, 2, 1),
    site(Kind::Return, 6, 5, 0, "return 0", 0, 0),
};
inline constexpr Operand arrays_operands[] = {{1, 0}, {1, 1}, {1, 1}};
inline constexpr uint32_t arrays_writes[] = {0, 1, 2};
inline constexpr const char *arrays_slots[] = {"a", "b", "c"};
inline constexpr FunctionInfo arrays_info = {"arrays", "arrays.cpp", 1,       8,       arrays_sites, 5,
                                             arrays_operands, nullptr, arrays_writes, nullptr, arrays_slots, 0,
                                             3,               nullptr};

inline double arrays() {
    ::tj::tape::detail::Frame __tjf(arrays_info); try {
    tj::Float a = {1.f, 2.f, 3.f}; __tjf.stmt(0, a);
    tj::Float b = a * 2.f; __tjf.stmt(1, b);
    tj::eval(b); __tjf.stmt(2);
    tj::Float c = b; __tjf.stmt(3, c);
    return __tjf.ret(4, 0.0);
    } catch (...) { __tjf.thrown(); throw; }
}

// loops.cpp: nested loops (iteration counters restart when a loop is entered again)
//  1  int grid(int n) {
//  2      int s = 0;
//  3      for (int i = 0; i < n; ++i) {
//  4          int j = 0;
//  5          while (j < i) {
//  6              s += j;
//  7              ++j;
//  8          }
//  9      }
// 10      return s;
// 11  }
inline constexpr Site grid_sites[] = {
    site(Kind::Statement, 2, 5, 0, "int s = 0", 0, 0, 0, 1, 0, 1),
    site(Kind::Statement, 3, 10, 0, "int i = 0", 0, 0, 1, 1, 1, 1),
    site(Kind::Loop, 3, 5, 0, "for (int i = 0; i < n; ++i)", 0, 2),
    site(Kind::Statement, 3, 29, 0, "++i", 2, 1, 0, 0, 2, 1),
    site(Kind::Statement, 4, 9, 1, "int j = 0", 0, 0, 2, 1, 3, 1),
    site(Kind::Loop, 5, 9, 1, "while (j < i)", 3, 2),
    site(Kind::Statement, 6, 13, 2, "s += j", 5, 2, 0, 0, 4, 1),
    site(Kind::Statement, 7, 13, 2, "++j", 7, 1, 0, 0, 5, 1),
    site(Kind::Return, 10, 5, 0, "return s", 8, 1),
};
inline constexpr Operand grid_operands[] = {{1, 2}, {2, 0}, {1, 2}, {1, 3}, {2, 2}, {1, 1}, {2, 3}, {1, 3}, {1, 1}};
inline constexpr Literal grid_literals[] = {{1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "0", "int", tj::tape::ValueKind::Signed, 0}, {1, "0", "int", tj::tape::ValueKind::Signed, 0}};
inline constexpr uint32_t grid_writes[] = {1, 2, 2, 3, 1, 3};
inline constexpr const char *grid_slots[] = {"n", "s", "i", "j"};
inline constexpr FunctionInfo grid_info = {"grid",       "loops.cpp", 1,       5,       grid_sites, 9,
                                           grid_operands, grid_literals, grid_writes, nullptr, grid_slots, 1,
                                           4,             nullptr};

inline int grid(int n) {
    ::tj::tape::detail::Frame __tjf(grid_info); __tjf.args(n); try {
    int s = 0; __tjf.stmt(0, s);
    {int i = 0; __tjf.stmt(1, i); __tjf.loop_enter(2); for (; __tjf.loop(2, static_cast<bool>(i < n)); (void)(++i), __tjf.stmt(3, i)) {
        int j = 0; __tjf.stmt(4, j);
        {__tjf.loop_enter(5); while (__tjf.loop(5, static_cast<bool>(j < i))) {
            s += j; __tjf.stmt(6, s);
            ++j; __tjf.stmt(7, j);
        }}
    }}
    {__tjf.ret(8, s); return s;}
    } catch (...) { __tjf.thrown(); throw; }
}

// clang-format on
} // namespace tape_fns
