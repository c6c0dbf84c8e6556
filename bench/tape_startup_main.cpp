// bench/tape_startup_main.cpp — the program bench_tape_startup starts: one short run of every_marked_kernel.cpp
//
// Built three times (bench/CMakeLists.txt): without the plugin (tape_startup_plain), with it and linked with
// libtracejit_tape only (tape_startup_tape, what tracejit_instrument() links), and with it and linked with the
// full runtime as well (tape_startup_full). No tape is asked for and no array is used: what differs is what the
// dynamic loader maps and initialises before main(). With --report it prints its result and which of
// libtracejit_tape, libtracejit and libLLVM the process has mapped, for bench_tape_startup's checks.
#include <cstdio>
#include <cstring>
#include <string>

namespace EVERY_MARKED_NS {
double simulate(int n, int steps);
}

namespace {

/// Whether a mapping of this process comes from a file whose name contains `name`.
bool mapped(const char *name) {
    std::FILE *maps = std::fopen("/proc/self/maps", "r");
    if (!maps)
        return false;
    char line[4096];
    bool found = false;
    while (!found && std::fgets(line, sizeof line, maps))
        found = std::strstr(line, name) != nullptr;
    std::fclose(maps);
    return found;
}

} // namespace

int main(int argc, char **argv) {
    // -s 1 -i 1 in the hydro code's terms: a small grid, one step.
    const double result = EVERY_MARKED_NS::simulate(32, 1);
    if (argc > 1 && std::strcmp(argv[1], "--report") == 0)
        std::printf("%.17g tape=%d runtime=%d llvm=%d\n", result, mapped("libtracejit_tape.so"),
                    mapped("libtracejit.so"), mapped("libLLVM"));
    return result == result ? 0 : 1; // NaN would mean a broken build
}
