// tools/rewrite/mark_all.h — tracejit-rewrite --mark-all: the main file with every function definition marked
#pragma once

#include <clang/AST/ASTContext.h>

#include <string>

namespace tracejit::rewrite {

/// The text of the parsed main file with `[[jit::trace]]` written before the parameter list of every function
/// definition in it that the plugin can record: free functions, members (in and out of the class), templates,
/// constructors, destructors and operators; not lambdas, constexpr/consteval functions, coroutines,
/// function-try-blocks, defaulted or deleted functions, definitions whose name or parameter list comes from a macro,
/// nor those already marked. What a user who marks everything would write by hand (`int f [[jit::trace]] (int x)`,
/// the attribute after the declarator-id, where it applies to the function whatever precedes the name).
std::string mark_all_functions(clang::ASTContext &ctx);

} // namespace tracejit::rewrite
