// plugin/engine/plan/setjmp_calls.h — whether a marked body calls a function that returns twice (setjmp and kin)
//
// A longjmp back into such a body leaves the calls it made open on the recorder, whose Frames never run their
// destructors. The function's FunctionInfo then carries FunctionCallsSetjmp (<tracejit/generated/tape_hooks.h>),
// and the recorder ends those calls as unfinished at the body's next recorded statement.
#pragma once

#include <clang/AST/Decl.h>

namespace tracejit::plugin {

/// Whether `fn`'s body (its lambdas left out: functions of their own) calls a function declared returns_twice:
/// setjmp, _setjmp, sigsetjmp, __builtin_setjmp, vfork, or one the user marked so.
bool calls_setjmp(const clang::FunctionDecl &fn);

} // namespace tracejit::plugin
