// tests/plugin/freeze/state-rewrite.cpp — implicit inputs: the globals, static data members and fields of `this` that
// a frozen body (and the marked functions it calls) uses are passed to tj::Frozen::call as state; constants are not;
// a type the traversal cannot flatten is a warning; plain records get generated tj_fields
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include 2>/dev/null | %FileCheck %s
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s

#include <tracejit/array.h>

#include <random>

tj::Float g_offset;
namespace sim {
tj::Float gravity;
int steps = 0;
} // namespace sim
namespace {
tj::Float hidden;
}
constexpr float k_scale = 2;       // a constant: not an input
const tj::Float k_table(1.f);      // a constant: not an input
std::mt19937 rng;                  // not flattenable: a warning where the frozen body uses it

// A plain record: the plugin gives it the traversal TJ_STRUCT would (friends, before its closing brace).
struct Params {
    tj::Float k;
    float damping;
};
// CHECK: {{^}}    float damping;{{$}}
// CHECK-NEXT: {{^}} template <typename __tj_V> friend void tj_fields(__tj_V &__tj_v, Params &__tj_x) { __tj_v.visit_field("k", __tj_x.k); __tj_v.visit_field("damping", __tj_x.damping); } template <typename __tj_V> friend void tj_fields(__tj_V &__tj_v, const Params &__tj_x) { {{.*}} } };{{$}}

// A record with a pointer: not flattenable as a whole; the fields used are passed one by one.
struct Config {
    float dt;
    const char *label;
};
Params params;

[[jit::trace]] tj::Float helper(tj::Float x) { return x + hidden; }

struct Sim {
    tj::Float pos, vel;
    Config cfg;
    Params p;
    static int count;
    [[jit::freeze]] tj::Float step(tj::Float force) {
        vel = vel + force * cfg.dt * p.k;
        pos = pos + vel + sim::gravity * k_scale + k_table;
        ++count;
        return helper(pos) + g_offset;
        // In order of first use; `hidden` is used by the marked function `helper`.
        // CHECK: __tj_self = this; return __tj_frozen.call(::std::tie(this->vel, this->cfg.dt, this->p, this->pos, ::sim::gravity, Sim::count, ::hidden, ::g_offset), force); }{{$}}
    }
};
int Sim::count = 0;

// An output parameter (a non-const reference) is state too: the body works on the caller's object.
[[jit::freeze]] void accumulate(tj::Float &out, const tj::Float &x) {
    out = out + x * params.k + float(sim::steps) + float(rng() % 2); // expected-warning {{tracejit: in frozen function 'accumulate': '::rng' (of type 'std::mt19937') cannot be an input of a frozen function; the value it had when the function was recorded is replayed}}
    // CHECK: {{^}} } catch {{.*}} } void accumulate ( tj :: Float & out , const tj :: Float & x ) { static thread_local ::std::remove_reference_t<decltype(out)> *__tj_ref0 = nullptr;
    // CHECK-SAME: __tj_body_accumulate(*__tj_ref0, static_cast<decltype(x) &&>(__tj_a1));
    // CHECK-SAME: __tj_ref0 = ::std::addressof(out);
    // CHECK-SAME: __tj_frozen.call(::std::tie(out, ::params, ::sim::steps), x); }{{$}}
}

// A const member function: its fields are passed through const_cast (they are written back unchanged).
struct Reader {
    tj::Float data;
    [[jit::freeze]] tj::Float twice() const { return data + data; }
    // CHECK: __tj_frozen.call(::std::tie(const_cast<::std::remove_cvref_t<decltype((this->data))> &>(this->data))); }{{$}}
};

// Members of an anonymous union are named as the record's own; a bit-field cannot be bound: a warning.
struct Packed {
    union {
        float gain;
        int raw;
    };
    unsigned flags : 3;
    [[jit::freeze]] tj::Float apply(tj::Float x) { return x * gain + float(flags); }
    // expected-warning@-1 {{'this->flags' (a bit-field) cannot be an input of a frozen function}}
    // CHECK: __tj_frozen.call(::std::tie(this->gain), x); }{{$}}
};

// A marked member called on the same object: the fields it uses are inputs of the frozen caller.
struct Drag {
    tj::Float vel, k;
    [[jit::trace]] tj::Float force() const { return vel * k; }
    [[jit::freeze]] tj::Float step(tj::Float dt) { return vel - force() * dt; }
    // CHECK: __tj_frozen.call(::std::tie(this->vel, this->k), dt); }{{$}}
};
