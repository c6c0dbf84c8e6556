// plugin/fast_calls.h — an LLVM pass the plugin adds to the compile: twinned functions get a test-free copy of
// their body as written, and those copies call one another directly
//
// A twinned function (engine/plan/plan_twin.h) begins with `if (!recording()) [[likely]] { body as written } else
// { recording copy }`. The cold call weighs in LLVM's inline cost (the function has two blocks, not one, and the
// call costs about 60 more), so chains of small marked functions are inlined fewer levels deep than plain code.
// Early in the optimizer (PipelineEarlySimplification, before the inliner), this pass gives each twinned function F
// a copy `F.tj_fast` of its body as written, without the test (internal, so it disappears where it is not called),
// turns F into `if (recording()) copy else return F.tj_fast(args)`, and makes every direct call of a twinned
// function inside a `.tj_fast` body call its `.tj_fast` copy. An unmarked function called there that calls twins
// (directly or through other such functions: a library's algorithm over marked operators) gets a `.tj_fast` copy
// too, calling theirs, so that it is inlined as the plain build inlines it. When what F does before its test cannot run twice (a
// constructor calling a base's, initializers that may throw), F tests first instead: `if (recording()) return
// F.tj_rec(args); return F.tj_fast(args);`, where `F.tj_rec`, the whole of F taking the recording way, is cold and
// never inlined, and `F.tj_fast` the whole of F taking the other, entry included. That is
// exact for the reason the folded tests of inlined calls are (include/tracejit/generated/tape_hooks.h,
// g_recording): a body as written runs only while its thread records nothing, and a recording starts on a thread
// only inside tj::track's out-of-line call, whose callable calls the functions themselves. The calls are resolved
// here (operators, constructors, calls that depend on a template parameter), which the source rewrite could not
// do. docs/tape.md, "Fast copies".
#pragma once

namespace clang {
class CodeGenOptions;
}

namespace tracejit::plugin {

/// Adds the pass to the compile's optimization pipeline (not at -O0, where nothing is inlined).
void add_fast_calls_pass(clang::CodeGenOptions &options);

} // namespace tracejit::plugin
