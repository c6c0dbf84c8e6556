// tests/plugin/driver/Inputs/split_helper.h — a header split-restart.cpp includes inside a namespace a macro opens
inline int add_one(int x) { return x + 1; }
