// include/tracejit/generated/vcall_hooks.h — what the plugin's rewrite of `ptrs->method(args…)` calls (not for users)
//
// In a marked function the tracejit plugin rewrites a call through the `->` of a pointer array (tj::Array<Base *>,
// plugin/engine/dispatch/plan_dispatch.h) into
//
//     ::tj::detail::vcall(info, [](auto *self, auto &&...a) { return self->method(a...); }, VCallArgs{ptrs, args...})
//
// The braced list evaluates the pointer array and the arguments once each, left to right (as the call as written
// does); vcall then runs tj::dispatch(ptrs, f, args...) inside one Call node of the tape, named after the method, with
// the pointer array and the arguments as its Argument nodes, the calls of marked methods that the dispatch traced as
// its children and the dispatch's result as its value (docs/tape.md, "Calls through pointer arrays"). `info` is null
// in a twin's body as written (plan_twin.h), which runs while nothing records anywhere: no Frame at all there.
#pragma once

#include <tracejit/dispatch.h>
#include <tracejit/generated/tape_hooks.h>

#include <exception>
#include <tuple>
#include <type_traits>
#include <utility>

namespace tj::detail {

/// The object and the arguments of a call through a pointer array, as references to what the call's full-expression
/// evaluated (temporaries live until it ends).
template <typename P, typename... A> struct VCallArgs {
    VCallArgs(P &&p, A &&...a) : ptrs(static_cast<P &&>(p)), args(static_cast<A &&>(a)...) {}
    P &&ptrs;
    std::tuple<A &&...> args;
};
template <typename P, typename... A> VCallArgs(P &&, A &&...) -> VCallArgs<P, A...>;

/// `ptrs->method(args...)` in a marked function: tj::dispatch, recorded as one Call node described by `info`.
template <typename F, typename P, typename... A>
auto vcall(const tape::detail::FunctionInfo *info, const F &f, VCallArgs<P, A...> &&call) {
    return std::apply(
        [&](auto &&...args) {
            using R = decltype(::tj::dispatch(static_cast<P &&>(call.ptrs), f, static_cast<decltype(args)>(args)...));
            if (!info)
                return ::tj::dispatch(static_cast<P &&>(call.ptrs), f, static_cast<decltype(args)>(args)...);
            tape::detail::Frame frame(*info);
            frame.args(call.ptrs, args...);
#if defined(__cpp_exceptions)
            try {
#endif
                if constexpr (std::is_void_v<R>) {
                    ::tj::dispatch(static_cast<P &&>(call.ptrs), f, static_cast<decltype(args)>(args)...);
                } else {
                    R result = ::tj::dispatch(static_cast<P &&>(call.ptrs), f, static_cast<decltype(args)>(args)...);
                    frame.result(result);
                    return result;
                }
#if defined(__cpp_exceptions)
            } catch (...) { // recorded on the Call node, as for a marked function (docs/tape.md, "Exceptions")
                frame.thrown();
                throw;
            }
#endif
        },
        std::move(call.args));
}

} // namespace tj::detail
