// tests/plugin/dispatch/rewrite.cpp — the shape of the rewrite (tracejit-rewrite shows it): `ptrs->method(args)`
// becomes ::tj::detail::vcall with the method's name in a generic lambda and the object and the arguments in a braced
// list (evaluated once each, in order), by edits on the call's own tokens, so that no line moves (the instrumented
// text has the source's lines); the twin's body as written gets the same call with a null table (no recording); each
// call's table names the method, its line and column, and its arguments
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-twin -fplugin-arg-tracejit-dump -fsyntax-only %s 2> %t.dump
// RUN: grep -v '^// tracejit-dump:' %t.dump | wc -l > %t.lines && wc -l < %s > %t.source.lines
// RUN: diff %t.source.lines %t.lines

#include <tracejit/tracejit.h>

using tj::Float;

struct Shape : tj::Object {
    virtual Float area(const Float &scale, float k = 1.f) const = 0;
    virtual void reset() = 0;
    TJ_OBJECT_NO_FIELDS
};

[[jit::trace]] Float areas(const tj::Ptr<Shape> &shapes, const Float &scale) {
    Float a = shapes->area(scale, 2.f);
    shapes->reset();
    return a + tj::gather<tj::Ptr<Shape>>(shapes, tj::UInt32(0u))->area(
        shapes->area(scale));
}
// The body as written, then the recording copy:
// CHECK: {{^\[\[}}jit::trace]] Float areas(const tj::Ptr<Shape> &shapes, const Float &scale) {if (!::tj::tape::detail::recording()) {{\[\[likely\]\]}} {{{$}}
// CHECK-NEXT: {{^}}    Float a = ::tj::detail::vcall(nullptr, [](auto *__tj_self, auto &&...__tj_a) { return __tj_self->area(static_cast<decltype(__tj_a) &&>(__tj_a)...); }, ::tj::detail::VCallArgs{shapes, scale, 2.f});{{$}}
// CHECK-NEXT: {{^}}    ::tj::detail::vcall(nullptr, [](auto *__tj_self, auto &&...__tj_a) { return __tj_self->reset(static_cast<decltype(__tj_a) &&>(__tj_a)...); }, ::tj::detail::VCallArgs{shapes});{{$}}
// CHECK-NEXT: {{^}}    return a + ::tj::detail::vcall(nullptr, {{.*}}->area({{.*}}::tj::detail::VCallArgs{tj::gather<tj::Ptr<Shape>>(shapes, tj::UInt32(0u)), {{$}}
// CHECK-NEXT: {{^}}        ::tj::detail::vcall(nullptr, {{.*}}::tj::detail::VCallArgs{shapes, scale})});{{$}}
// CHECK: static constexpr const char * __tj_vcall_names_0[] = {"this", "scale", "k", }; static constexpr ::tj::tape::detail::FunctionInfo __tj_vcall_0 = {"Shape::area", "{{.*}}rewrite.cpp", 22u, 15u, nullptr, 0u, nullptr, nullptr, nullptr, nullptr, __tj_vcall_names_0, 3u, 3u, nullptr};
// CHECK-SAME: __tj_vcall_1 = {"Shape::reset", "{{.*}}rewrite.cpp", 23u, 5u,
// CHECK-SAME: __tj_vcall_2 = {"Shape::area", "{{.*}}rewrite.cpp", 24u, 16u,
// CHECK-SAME: __tj_vcall_names_3[] = {"this", "scale", };
// CHECK-SAME: __tj_vcall_3 = {"Shape::area", "{{.*}}rewrite.cpp", 25u, 9u,
// CHECK: {{^}}    Float a = ::tj::detail::vcall(&__tj_vcall_0, [](auto *__tj_self, auto &&...__tj_a) { return __tj_self->area(static_cast<decltype(__tj_a) &&>(__tj_a)...); }, ::tj::detail::VCallArgs{shapes, scale, 2.f}); __tjf.stmt(0, a);{{$}}
// CHECK-NEXT: {{^}}    ::tj::detail::vcall(&__tj_vcall_1, {{.*}}::tj::detail::VCallArgs{shapes}); __tjf.stmt(1);{{$}}
// CHECK-NEXT: {{^}}    return __tjf.ret(2, (a + ::tj::detail::vcall(&__tj_vcall_2, {{.*}}::tj::detail::VCallArgs{tj::gather<tj::Ptr<Shape>>(shapes, tj::UInt32(0u)), {{$}}
// CHECK-NEXT: {{^}}        ::tj::detail::vcall(&__tj_vcall_3, {{.*}}::tj::detail::VCallArgs{shapes, scale})})));{{$}}

// In a function template, on an object whose type is spelled as a pointer array: the same rewrite on the pattern.
template <typename S> [[jit::trace]] Float generic(const tj::Ptr<S> &shapes, const Float &scale) {
    return shapes->area(scale);
}
// CHECK: __tj_vcall_0 = {"S::area",
// CHECK: return __tjf.ret(0, (::tj::detail::vcall(&__tj_vcall_0, [](auto *__tj_self, auto &&...__tj_a) { return __tj_self->area(static_cast<decltype(__tj_a) &&>(__tj_a)...); }, ::tj::detail::VCallArgs{shapes, scale})));

int main() { return 0; }
