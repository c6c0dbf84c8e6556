// tests/consumer/traced.cpp — a [[jit::trace]] function built through tracejit_instrument(): its calls are recorded
//
// tracejit_instrument() links tracejit::tape only: the program must not map libtracejit nor LLVM.
#include <tracejit/tape.h>

#include <cstdio>
#include <cstring>

static bool mapped(const char *name) {
    std::FILE *maps = std::fopen("/proc/self/maps", "r");
    char line[4096];
    bool found = false;
    while (maps && !found && std::fgets(line, sizeof line, maps))
        found = std::strstr(line, name) != nullptr;
    if (maps)
        std::fclose(maps);
    return found;
}

[[jit::trace]] int triangle(int n) {
    int sum = 0;
    for (int i = 1; i <= n; ++i)
        sum += i;
    return sum;
}

int main() {
    tj::tape::Tape tape = tj::track(triangle, 4);
    const tj::tape::Node &root = *tape;
    std::printf("%s", tj::tape::printlevels(root, 2).c_str());
    // The plugin rewrote triangle(): the call has a body (the argument, then statements, loop iterations and the
    // return), not only the call itself.
    int loops = 0;
    bool returned = false;
    for (const tj::tape::Node &child : root.children()) {
        loops += child.kind() == tj::tape::Kind::Loop;
        returned = returned || child.kind() == tj::tape::Kind::Return;
    }
    bool ok = root.kind() == tj::tape::Kind::Call && root.text() == "triangle" && root.value<int>() == 10 &&
              !root.children().empty() && root.children().front().kind() == tj::tape::Kind::Argument && loops == 5 &&
              returned;
    std::printf("consumer_traced: triangle(4) = %d, %d loop nodes: %s\n", root.value<int>(), loops,
                ok ? "ok" : "MISMATCH");
    const bool tape_only = mapped("libtracejit_tape.so") && !mapped("libtracejit.so") && !mapped("libLLVM");
    std::printf("consumer_traced: %s\n", tape_only
                                             ? "libtracejit_tape only, no LLVM"
                                             : "MISMATCH: libtracejit or LLVM is mapped, or the tape library is not");
    ok = ok && tape_only;
    return ok ? 0 : 1;
}
