// tests/tools/write_example_tapes.cpp — records the hand-instrumented examples and saves their tapes to a folder
//
// Usage: write_example_tapes DIR. Writes h.tjtape (a while loop), sum_squares.tjtape (a for loop, an if/else
// and nested calls), depth1.tjtape (the same with the nested calls as leaves), quote.tjtape (strings that
// need escaping), thrown.tjtape (an exception through a marked function) and lambda.tjtape (a callable root
// with two marked calls under it). The tracejit-inspect tests read them, and they seed the tape reader fuzzer.
#include "../runtime/tape_examples.h"

#include <tracejit/tape.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    namespace fs = std::filesystem;
    const fs::path dir = argv[1];
    try {
        fs::create_directories(dir);
        auto save = [&](const tj::tape::Tape &tape, const char *name) {
            std::string path = (dir / name).string();
            tj::tape::save(*tape, path);
            std::printf("%s\n", path.c_str());
        };
        save(tj::track(tape_examples::h, 2.0, 2), "h.tjtape");
        save(tj::track(tape_examples::sum_squares, 3), "sum_squares.tjtape");
        save(tj::track(tj::tape::DepthLimit(1), tape_examples::sum_squares, 3), "depth1.tjtape");
        save(tj::track(tape_examples::quote, std::string("wörld")), "quote.tjtape");
        try {
            tj::track(tape_examples::checked_div, 1, 0);
            std::fprintf(stderr, "write_example_tapes: checked_div(1, 0) did not throw\n");
            return 1;
        } catch (const std::invalid_argument &) {
            save(tj::tape::take_last(), "thrown.tjtape");
        }
        save(tj::track([] { return tape_examples::h(0.5, 3) + tape_examples::square(3.0); }), "lambda.tjtape");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "write_example_tapes: %s\n", e.what());
        return 1;
    }
    return 0;
}
