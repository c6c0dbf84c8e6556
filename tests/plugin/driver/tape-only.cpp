// tests/plugin/driver/tape-only.cpp — a program that records only C++ values links libtracejit_tape alone: no LLVM
// This is what tracejit_instrument() links (tracejit::tape). The program records and saves a tape, reads it
// back, and checks that neither libtracejit nor libLLVM is mapped into it; ldd shows neither is needed.
// RUN: %tape_cxx %s -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %t %t.dir/f.tjtape | %FileCheck %s
// RUN: ldd %t | %FileCheck --check-prefix=LDD --implicit-check-not=libLLVM --implicit-check-not=libtracejit.so %s
// LDD: libtracejit_tape.so
// The same program with TRACEJIT_TAPE set saves the tape of each top-level call there.
// RUN: env TRACEJIT_TAPE=%t.dir %t %t.dir/g.tjtape | %FileCheck %s
// RUN: ls %t.dir | %FileCheck --check-prefix=DIR %s
// DIR: {{.+}}.tjtape

#include <tracejit/tape.h>

#include <cstdio>
#include <cstring>

[[jit::trace]] int triangle(int n) {
    int sum = 0;
    for (int i = 1; i <= n; ++i)
        sum += i;
    return sum;
}

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

int main(int, char **argv) {
    tj::tape::Tape tape = tj::track(triangle, 4);
    tj::tape::save(*tape, argv[1]);
    tj::tape::Tape loaded = tj::tape::load(argv[1]);
    std::printf("%s", tj::tape::printlevels(*loaded, 1).c_str());
    // CHECK: triangle(4) → 10 : int
    std::printf("same after load: %d\n", tj::tape::printlevels(*loaded, 10) == tj::tape::printlevels(*tape, 10));
    // CHECK: same after load: 1
    std::printf("mapped: tape library %d, libtracejit %d, LLVM %d\n", mapped("libtracejit_tape.so"),
                mapped("libtracejit.so"), mapped("libLLVM"));
    // CHECK: mapped: tape library 1, libtracejit 0, LLVM 0
}
