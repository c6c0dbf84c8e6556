// runtime/tape/tape_file.h — the tape file format (.tjtape): encoding and decoding of a tape in memory
//
// A tape file is a container (runtime/support/container.h) of kind Tape, stored uncompressed; its kind version
// is the layout of the payload below. The payload is u64 node count, then the nodes in pre-order: kind, value
// kind, flags (bit 0: expanded; bit 1, from version 3 on: an unfinished call, followed by its reason as a string),
// index, iteration (a Call's thread + 1 from version 3 on, 0 on its caller's thread), nesting, text, file, line, column, type, taken, exception, value bits, value
// text, gradient text (Node::grad_string(); from version 2 on), child count, references as (i32 position, u64
// ordinal of the node read), metadata pairs. Integers are little-endian; strings are u32 length + bytes. The
// reader checks every length and count against the bytes that remain, so no input makes it read out of bounds
// or allocate more than the input could describe. It reads version 1 payloads too (their nodes have no
// gradient), and files written before tapes were containers: "TJTAPE", u32 version, u64 payload size, the
// payload, u64 FNV-1a checksum of all bytes before it. The streamed files of TRACEJIT_TAPE are another layout
// (tape_stream.h); load() reads them through load_streamed().
#pragma once

#include <tracejit/tape.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace tj::tape::detail {

/// The format version this build writes (2: gradients added; 3: unfinished calls and a Call's thread).
inline constexpr uint32_t tape_file_version = 3;
/// The oldest version this build reads.
inline constexpr uint32_t tape_file_oldest_version = 1;

/// The bytes of a file holding the tape below `n` (`n` becomes the root).
std::string encode_tape(const Node &n);
/// Decodes a file's bytes; errors are tj::Error "<api>: <source>: <problem>".
Tape decode_tape(std::string_view bytes, const std::string &api, const std::string &source);

/// Whether the file at `path` starts as a streamed tape (tape_stream.h); false when it cannot be read.
bool is_streamed_file(const std::string &path);
/// Reads a whole streamed tape file (tape_stream_read.cpp).
Tape load_streamed(const std::string &path, const std::string &api);

} // namespace tj::tape::detail
