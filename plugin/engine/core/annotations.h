// plugin/engine/core/annotations.h — the annotations that mark a function [[jit::trace]] or [[jit::freeze]]
#pragma once

namespace tracejit::plugin {

/// Annotation strings that the attribute handlers (attributes.cpp) attach as clang::AnnotateAttr; find_marked.h
/// looks for them.
inline constexpr const char *trace_annotation = "tracejit.trace";
inline constexpr const char *freeze_annotation = "tracejit.freeze";

} // namespace tracejit::plugin
