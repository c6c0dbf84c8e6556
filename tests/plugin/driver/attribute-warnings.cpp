// tests/plugin/driver/attribute-warnings.cpp — [[jit::trace]]/[[jit::freeze]] on anything but a function warn and are ignored
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s
// Without the plugin, clang only warns that it does not know the attributes: marked code builds with any compiler.
// RUN: %clangxx -fsyntax-only -Xclang -verify=noplugin %s

[[jit::trace]] int variable = 1; // expected-warning {{'jit::trace' only applies to function definitions; ignored}}
                                 // noplugin-warning@-1 {{unknown attribute 'trace' ignored}}
struct [[jit::freeze]] Klass {}; // expected-warning {{'jit::freeze' only applies to function definitions; ignored}}
                                 // noplugin-warning@-1 {{unknown attribute 'freeze' ignored}}
[[jit::trace]] typedef int Alias; // expected-warning {{'jit::trace' only applies to function definitions; ignored}}
                                  // noplugin-warning@-1 {{unknown attribute 'trace' ignored}}
using Other [[jit::trace]] = int; // expected-warning {{'jit::trace' only applies to function definitions; ignored}}
                                  // noplugin-warning@-1 {{unknown attribute 'trace' ignored}}
enum class [[jit::trace]] Color { Red }; // expected-warning {{'jit::trace' only applies to function definitions; ignored}}
                                         // noplugin-warning@-1 {{unknown attribute 'trace' ignored}}

int on_statement(int x) {
    [[jit::trace]] x += 1; // expected-warning {{'jit::trace' only applies to function definitions; ignored}}
                           // noplugin-warning@-1 {{unknown attribute 'trace' ignored}}
    return x;
}

// On functions: no warning. A mark on a declaration carries to the definition.
[[jit::trace]] int declared(int x); // noplugin-warning {{unknown attribute 'trace' ignored}}
int declared(int x) { return x + 1; }

// freeze's options are read from the source text (clang hands a plugin attribute no arguments); these are valid.
// Mistakes in them are errors: tests/plugin/freeze/options-errors.cpp.
[[jit::freeze(auto_opaque = false, warn_after = 5)]] int frozen(int x) { return x; } // noplugin-warning {{unknown attribute 'freeze' ignored}}
