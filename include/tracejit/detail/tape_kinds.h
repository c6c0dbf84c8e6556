// include/tracejit/detail/tape_kinds.h — what a tape node records and how its value is stored (no standard header)
//
// Shared by the public tape (tracejit/tape.h) and the code the plugin injects into every rewritten file
// (tracejit/generated/tape_hooks.h), which includes no standard header: see there why.
#pragma once

namespace tj::tape {

/// What a node records.
enum class Kind : unsigned char {
    Argument,  ///< one argument of a call, with its value
    Constant,  ///< a literal of a statement (a child of the Statement node)
    Statement, ///< an executed statement, with the value it defined or assigned
    Call,      ///< a call of a marked function (or the callable given to tj::track), or a call through a pointer
               ///< array in a marked function (`ptrs->method(x)`, one node per dispatch): a nested tape
    Branch,    ///< an `if`/`switch`/`?:` taken, with the condition's value (a symbolic one: "symbolic", once)
    Loop,      ///< one evaluation of a loop condition (one per iteration, and the last, false, one; a symbolic
               ///< loop: one node, value "symbolic")
    Return     ///< a `return`, with the value returned
};

/// How a recorded value is stored (value<T>() checks the exact C++ type by its name as well).
enum class ValueKind : unsigned char {
    None,    ///< no value (a `void` return, a `break`, a statement that assigns nothing)
    Bool,    ///< `bool`
    Signed,  ///< signed integers, `char`, enums with a signed underlying type (stored as int64)
    Unsigned,///< unsigned integers, enums with an unsigned underlying type (stored as uint64)
    Float,   ///< `float`, `double`, `long double` (stored as double)
    Pointer, ///< a pointer, as its address
    String,  ///< `std::string`, `std::string_view`, `const char*` (the characters)
    Array,   ///< a tj array: type, size, state, variable id and, when evaluated and small, its contents
    Text     ///< any other type: formatted through fmt when it has a formatter, else its type's name
};

} // namespace tj::tape
