// tests/plugin/driver/Inputs/broken.cpp — a syntax error for tracejit-rewrite (rewrite-tool.cpp)

[[jit::trace]] int f(int x) {
    return +;
}
