// tests/plugin/freeze/options-errors.cpp — [[jit::freeze(…)]] options: an unknown option, a bad value or bad syntax
// is a compile error at the option
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %plugin -fsyntax-only %s 2>&1 | %FileCheck %s

[[jit::freeze(auto_opaque = false, warn_after = 5)]] int valid(int x) { return x; }
[[jit::freeze()]] int empty_list(int x) { return x; }
[[jit::freeze(warn_after = 0)]] int never_warn(int x) { return x; }
[[jit::freeze(limit = 3, auto_opaque = true)]] int limited(int x) { return x; }

[[jit::freeze(auto_opauqe = false)]] int typo(int x) { return x; }
// expected-error@-1 {{unknown [[jit::freeze]] option 'auto_opauqe' (known: auto_opaque, warn_after, limit)}}
// CHECK: options-errors.cpp:[[# @LINE - 2]]:15: error: unknown {{\[\[jit::freeze\]\]}} option 'auto_opauqe'

[[jit::freeze(auto_opaque = 1)]] int not_a_bool(int x) { return x; }
// expected-error@-1 {{[[jit::freeze]] option 'auto_opaque' takes true or false}}
// CHECK: options-errors.cpp:[[# @LINE - 2]]:29: error: {{.*}}'auto_opaque' takes true or false

[[jit::freeze(warn_after = -1)]] int negative(int x) { return x; }
// expected-error@-1 {{[[jit::freeze]] option 'warn_after' takes a whole number from 0 to 4294967295}}
// CHECK: options-errors.cpp:[[# @LINE - 2]]:28: error: {{.*}}'warn_after' takes a whole number

[[jit::freeze(warn_after = 99999999999)]] int too_big(int x) { return x; }
// expected-error@-1 {{[[jit::freeze]] option 'warn_after' takes a whole number from 0 to 4294967295}}

[[jit::freeze(limit = -2)]] int negative_limit(int x) { return x; }
// expected-error@-1 {{[[jit::freeze]] option 'limit' takes a whole number from 0 to 4294967295}}

[[jit::freeze(limit = 2, limit = 2)]] int limit_twice(int x) { return x; }
// expected-error@-1 {{[[jit::freeze]] option 'limit' is given twice}}

[[jit::freeze(auto_opaque false)]] int no_equals(int x) { return x; }
// expected-error@-1 {{expected '=' after [[jit::freeze]] option 'auto_opaque'}}
// CHECK: options-errors.cpp:[[# @LINE - 2]]:27: error: expected '='

[[jit::freeze(warn_after = 1 auto_opaque = true)]] int no_comma(int x) { return x; }
// expected-error@-1 {{expected ',' or ')' after the value of [[jit::freeze]] option 'warn_after'}}

[[jit::freeze(warn_after = 1, warn_after = 2)]] int twice(int x) { return x; }
// expected-error@-1 {{[[jit::freeze]] option 'warn_after' is given twice}}
// CHECK: options-errors.cpp:[[# @LINE - 2]]:31: error: {{.*}}'warn_after' is given twice

[[jit::freeze("fast")]] int not_a_name(int x) { return x; }
// expected-error@-1 {{expected a [[jit::freeze]] option name (known: auto_opaque, warn_after, limit)}}

// In a macro: the error is where the option is spelled.
#define FROZEN_FAST [[jit::freeze(warn_after = fast)]]
// expected-error@-1 {{[[jit::freeze]] option 'warn_after' takes a whole number from 0 to 4294967295}}
FROZEN_FAST int from_macro(int x) { return x; }

// On a declaration: checked there, and the definition (no options of its own) is frozen with them.
[[jit::freeze(warn_out = 3)]] int declared(int x);
// expected-error@-1 {{unknown [[jit::freeze]] option 'warn_out'}}
int declared(int x) { return x; }
