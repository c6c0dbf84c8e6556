// tests/plugin/driver/Inputs/plain.cpp — nothing marked: tracejit-rewrite prints it unchanged (rewrite-tool.cpp)
#include <vector>

int sum(const std::vector<int> &v) {
    int s = 0;
    for (int x : v) s += x;
    return s;
}
