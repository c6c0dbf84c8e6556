// runtime/cache/build_id.h — which build of libtracejit is running (part of the disk cache's keys)
#pragma once

#include <string>

namespace tj::cache {

/// The GNU build ID of the binary that contains libtracejit's code (libtracejit.so, or a program it is linked
/// into statically), as lowercase hex; read once. Every build of different code has a different one, so the kernels one build
/// stored on disk are never loaded by another, even when a change to the code generators forgot to bump their
/// revision. Where the linker wrote no build ID: "file:" and the xxh3 of the binary's bytes; where that file cannot
/// be read either: "none" (then only the revisions in the keys tell builds apart).
const std::string &library_build_id();

} // namespace tj::cache
