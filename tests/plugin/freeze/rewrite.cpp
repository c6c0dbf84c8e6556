// tests/plugin/freeze/rewrite.cpp — how [[jit::freeze]] is rewritten: the body moves into a hidden function on its
// own lines, the function becomes a wrapper (appended on the line of the body's `}`) that calls it through tj::freeze
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck %s
// The rewritten file compiles (freeze.h comes in through the predefines), with no warning from the plugin.
// RUN: %clangxx %plugin -fsyntax-only -Werror %s

#include <tracejit/array.h>

namespace ns {

[[jit::freeze]] tj::Float scale(tj::Float x, int n = 2) {
    // CHECK: {{^}}{{\[\[jit::freeze\]\]}} tj::Float __tj_body_scale(tj::Float x, int n = 2) {static constexpr {{.*}}"ns::scale"
    return x * float(n);
    // The wrapper: the definition's own head (without the mark), a Frozen per function named with its line, the
    // registration for tj::freeze_stats(&scale), the call.
    // CHECK: {{^}} } catch {{.*}} } tj :: Float scale ( tj :: Float x , int n = 2 ) { static auto __tj_frozen = ::tj::freeze([]<typename = void>(auto &__tj_a0, auto &__tj_a1) -> decltype(auto) { return __tj_body_scale(static_cast<decltype(x) &&>(__tj_a0), static_cast<decltype(n) &&>(__tj_a1)); }, [] { ::tj::FreezeOptions __tj_o; __tj_o.name = "ns::scale (rewrite.cpp:11)"; return __tj_o; }()); static const bool __tj_registered = (::tj::detail::freeze_register(reinterpret_cast<const void *>(&scale), __tj_frozen.function()), true); (void)__tj_registered; return __tj_frozen(x, n); }{{$}}
}

// A template: each instantiation has its own Frozen; the hidden body is called with the template's arguments.
template <typename T>
[[jit::freeze]] T square(T x) {
    // CHECK: {{^}}{{\[\[jit::freeze\]\]}} T __tj_body_square(T x) {
    return x * x;
    // CHECK: {{^}} } catch {{.*}} } template < typename T > T square ( T x ) { static auto __tj_frozen = {{.*}}return __tj_body_square<T>(static_cast<decltype(x) &&>(__tj_a0)); {{.*}}reinterpret_cast<const void *>(&square<T>){{.*}}
}

// Overloads: the registration names the function's type.
[[jit::freeze]] tj::Float twice(tj::Float x) { return x + x; }
// CHECK: {{^}}{{\[\[jit::freeze\]\]}} tj::Float __tj_body_twice(tj::Float x) {{{.*}}freeze_register(reinterpret_cast<const void *>(static_cast<::std::add_pointer_t<tj::Float (tj::Float)>>(&twice))
[[jit::freeze]] tj::Float64 twice(tj::Float64 x) { return x + x; }

// A deduced return type: a return statement comes before the registration (`&f` needs the type).
[[jit::freeze]] auto deduced(tj::Float x) { return x + 1.f; }
// CHECK: {{^}}{{\[\[jit::freeze\]\]}} auto __tj_body_deduced({{.*}} } auto deduced ( tj :: Float x ) { {{.*}}if (false) return __tj_frozen(x); static const bool __tj_registered{{.*}}return __tj_frozen(x); }{{$}}

// void: the body's result is an empty tuple for tj::freeze, dropped by the wrapper.
[[jit::freeze]] void nothing(tj::Float x) { (void)x; }
// CHECK: {{^}}{{\[\[jit::freeze\]\]}} void __tj_body_nothing({{.*}} } void nothing ( tj :: Float x ) { {{.*}}__tj_body_nothing(static_cast<decltype(x) &&>(__tj_a0)); return ::std::tuple<>(); }{{.*}} __tj_frozen(x); }{{$}}

struct Body {
    tj::Float pos;
    // A member: the object is passed through a thread_local pointer, its fields the body uses are state; virt-
    // specifiers stay on the wrapper only.
    [[jit::freeze]] virtual tj::Float step(tj::Float dt) { pos = pos + dt; return pos; }
    // CHECK: {{^}}    {{\[\[jit::freeze\]\]}}  tj::Float __tj_body_step(tj::Float dt) {
    // CHECK-SAME: } virtual tj :: Float step ( tj :: Float dt ) { static thread_local decltype(this) __tj_self = nullptr; {{.*}}return __tj_self->__tj_body_step({{.*}}__tj_self = this; return __tj_frozen.call(::std::tie(this->pos), dt); }{{$}}
    // Defined out of line: the hidden function is declared after the member's declaration, on its line.
    [[jit::freeze]] tj::Float at(tj::Float dt) const;
    // CHECK: {{^}}    {{\[\[jit::freeze\]\]}} tj::Float at(tj::Float dt) const; tj :: Float __tj_body_at ( tj :: Float dt ) const;{{$}}
    virtual ~Body() = default;
};

tj::Float Body::at(tj::Float dt) const { return pos + dt; }
// CHECK: {{^}}tj::Float Body::__tj_body_at(tj::Float dt) const {
// CHECK-SAME: } tj :: Float Body :: at ( tj :: Float dt ) const { {{.*}}::std::tie(const_cast<::std::remove_cvref_t<decltype((this->pos))> &>(this->pos)), dt); }{{$}}

struct Physics {
    // A static member: a plain function, registered like one.
    [[jit::freeze]] static tj::Float energy(tj::Float v) { return v * v * 0.5f; }
    // CHECK: {{^}}    {{\[\[jit::freeze\]\]}} static tj::Float __tj_body_energy({{.*}} } static tj :: Float energy ( tj :: Float v ) { {{.*}}return __tj_body_energy({{.*}}reinterpret_cast<const void *>(&energy){{.*}}return __tj_frozen(v); }{{$}}
};

[[jit::freeze]] tj::Float norm(tj::Float x);
// CHECK: {{^}}{{\[\[jit::freeze\]\]}} tj::Float norm(tj::Float x); tj :: Float __tj_body_norm ( tj :: Float x );{{$}}
} // namespace ns

// A qualified definition outside its namespace: the hidden function was declared in the namespace (above).
tj::Float ns::norm(tj::Float x) { return tj::sqrt(x * x); }
// CHECK: {{^}}tj::Float ns::__tj_body_norm(tj::Float x) {
// CHECK-SAME: } tj :: Float ns :: norm ( tj :: Float x ) { {{.*}}return __tj_frozen(x); }{{$}}

// Uses, so that the templates are instantiated in the compile above.
tj::Float use(ns::Body &b, tj::Float x) { return ns::scale(x) + ns::square(x) + ns::twice(x) + ns::deduced(x) + b.step(x) + b.at(x) +
                                            ns::Physics::energy(x) + ns::norm(x); }
