// plugin/attributes.h — what plugin.cpp tells the [[jit::…]] attributes (attributes.cpp) about the compile
#pragma once

namespace tracejit::plugin {

/// Set by the plugin's ParseArgs, before the compile parses anything: with -fplugin-arg-tracejit-off the
/// attributes attach no clang::AnnotateAttr and check nothing, so the object is the one compiled without the
/// plugin (no llvm.global.annotations). Per thread: each compile (the driver runs several in one process, in turn)
/// sets it anew; tracejit-rewrite never does.
void set_attributes_off(bool off);

} // namespace tracejit::plugin
