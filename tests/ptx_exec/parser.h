// tests/ptx_exec/parser.h — parses PTX text into the pre-decoded Module of program.h
#pragma once

#include "program.h"

#include <string>

namespace ptx_exec {

/// Parses `ptx`. Syntax it cannot read throws ExecError; instructions and directives outside the implemented set
/// do not: they are kept as Unsupported (or as a problem of their function or module) and stop a launch of any
/// kernel that contains them, naming them.
Module parse_module(const std::string &ptx);

/// Fills `in`'s operation fields from its mnemonic (`in.text`, e.g. "setp.lt.s32"); isa.cpp. A form outside the
/// implemented set leaves in.op == Op::Unsupported with in.problem saying why.
void decode_mnemonic(Instr &in);

} // namespace ptx_exec
