// tests/runtime/main.cpp — doctest's main for the runtime tests; with TRACEJIT_TESTS_ON_CUDA=1, on CUDA or skipped
//
// ctest's runtime.on_cuda runs the backend-independent cases again with TRACEJIT_BACKEND=cuda and
// TRACEJIT_TESTS_ON_CUDA=1. Where CUDA cannot be used, this prints why and exits with 77, which ctest reports as
// skipped.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <tracejit/runtime.h>

#include "backend/cuda/cuda_driver.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
    const char *on_cuda = std::getenv("TRACEJIT_TESTS_ON_CUDA");
    if (on_cuda && std::strcmp(on_cuda, "1") == 0 && !tj::has_backend(tj::Backend::CUDA)) {
        std::printf("skipped: the runtime tests on CUDA need a usable CUDA device: %s\n",
                    tj::cuda::driver().failure.c_str());
        return 77;
    }
    doctest::Context context(argc, argv);
    return context.run();
}
