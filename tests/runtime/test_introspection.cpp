// tests/runtime/test_introspection.cpp — whos(), labels, log levels and launch lines, backend selection
#include "run_self.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using tj_test::LogCapture;

/// The whos_str() row of the variable with id `id` (empty if there is none).
std::string whos_row(uint32_t id) {
    const std::string table = tj::whos_str();
    size_t pos = 0;
    while (pos < table.size()) {
        size_t end = table.find('\n', pos);
        std::string line = table.substr(pos, end - pos);
        size_t first = line.find_first_not_of(' ');
        if (first != std::string::npos && line.compare(first, line.find(' ', first) - first, std::to_string(id)) == 0)
            return line;
        pos = end + 1;
    }
    return {};
}

} // namespace

TEST_CASE("whos lists live variables with type, size, references, memory, state and label") {
    tj::Float x = tj::linspace<tj::Float>(0.f, 1.f, 1000);
    tj::Float height = x * 10.f;
    tj::set_label(height, "height");
    CHECK(tj::detail::var_label(height.index()) == "height");
    std::string lazy = whos_row(height.index());
    CHECK(lazy.find("f32") != std::string::npos);
    CHECK(lazy.find("1000") != std::string::npos);
    CHECK(lazy.find("lazy") != std::string::npos);
    CHECK(lazy.find("height") != std::string::npos);

    tj::eval(height);
    std::string evaluated = whos_row(height.index());
    CHECK(evaluated.find("evaluated") != std::string::npos);
    CHECK(evaluated.find("4000") != std::string::npos); // bytes in memory
    CHECK(evaluated.find("height") != std::string::npos);

    tj::Int32 lit = tj::full<tj::Int32>(7, 5);
    std::string literal = whos_row(lit.index());
    CHECK(literal.find("i32") != std::string::npos);
    CHECK(literal.find("literal") != std::string::npos);

    tj::Float copy = height; // one more reference
    CHECK(whos_row(height.index()).find(" 2 ") != std::string::npos);
    CHECK(tj::whos_str().find("live variables") != std::string::npos);

    uint32_t id = height.index();
    height = tj::Float();
    copy = tj::Float();
    CHECK(whos_row(id).find("height") == std::string::npos); // the label goes with the variable
}

TEST_CASE("TRACEJIT_LOG=info prints one line per launch, saying where the kernel came from") {
    LogCapture log(tj::LogLevel::Info);
    tj::Float a = tj::opaque<tj::Float>(2.f, 1000);
    tj::Float b = tj::opaque<tj::Float>(3.f, 1000);
    auto make = [&] { return a * b + tj::sin(a) * 0.25f; };
    tj::Float r1 = make(), r2 = make() * 2.f;
    tj::eval(r1, r2); // one fused kernel with two outputs
    REQUIRE(log.count("launch: ") == 1);
    const std::string line = log.last();
    CHECK(line.find("launch: n=1000 in=2 out=2 ops=") != std::string::npos);
    CHECK((line.find("(compiled,") != std::string::npos || line.find("(disk hit,") != std::string::npos ||
           line.find("(cache hit,") != std::string::npos));
    CHECK(line.find(" ms)") != std::string::npos);

    tj::Float s1 = make(), s2 = make() * 2.f;
    tj::eval(s1, s2);
    REQUIRE(log.count("launch: ") == 2);
    CHECK(log.last().find("(cache hit,") != std::string::npos);
}

TEST_CASE("below info, launches print nothing") {
    LogCapture log(tj::LogLevel::Warn);
    tj::Float x = tj::arange<tj::Float>(100) * 3.f;
    tj::eval(x);
    CHECK(log.count("launch: ") == 0);
}

TEST_CASE("the CPU backend always exists, and CUDA is selectable exactly where has_backend says so") {
    CHECK(tj::has_backend(tj::Backend::CPU));
    CHECK(tj::backend() == tj::Backend::CPU);
    if (tj::has_backend(tj::Backend::CUDA)) { // a machine with a usable GPU
        tj::set_backend(tj::Backend::CUDA);
        CHECK(tj::backend() == tj::Backend::CUDA);
    } else {
        try {
            tj::set_backend(tj::Backend::CUDA);
            FAIL("set_backend(CUDA) did not throw");
        } catch (const tj::Error &e) {
            CHECK(std::string(e.what()).find("tj::set_backend()") != std::string::npos);
            CHECK(std::string(e.what()).find("CUDA") != std::string::npos);
        }
    }
    tj::set_backend(tj::Backend::CPU);
    CHECK(tj::backend() == tj::Backend::CPU);
}

TEST_CASE("introspection helper: TRACEJIT_BACKEND is checked when the first array is created" * doctest::skip()) {
    const char *out = std::getenv("TJ_TEST_HELPER_OUT");
    REQUIRE(out);
    std::string message;
    try {
        tj::Float x = tj::arange<tj::Float>(3);
    } catch (const tj::Error &e) {
        message = e.what();
    }
    tj::set_backend(tj::Backend::CPU); // an explicit choice replaces the bad setting
    tj::Float y = tj::arange<tj::Float>(3) * 2.f;
    CHECK(y.read(2) == 4.f);
    std::ofstream(out) << message;
}

TEST_CASE("TRACEJIT_BACKEND=cuda or an unknown name makes array creation throw a tj::Error that says why") {
    tj_test::TempDir tmp("tj_backend");
    const std::string &dir = tmp.path;
    struct Case {
        const char *value;
        const char *expect;
    };
    for (Case c : {Case{"cuda", "CUDA is not available: "}, Case{"gpu", "expected cpu or cuda"}}) {
        CAPTURE(c.value);
        const std::string out = dir + "/" + c.value;
        // The driver is the fake without a device (tests/fake_cuda), so CUDA is unavailable on a GPU machine too.
        const char *old = std::getenv("LD_LIBRARY_PATH");
        const std::string path = std::string(TRACEJIT_FAKE_CUDA_NO_DEVICE_DIR) + (old && *old ? std::string(":") + old : "");
        int status = tj_test::run_self("introspection helper: TRACEJIT_BACKEND is checked when the first array is created",
                                       {{"TRACEJIT_BACKEND", c.value}, {"TJ_TEST_HELPER_OUT", out}, {"LD_LIBRARY_PATH", path}});
        CHECK(status == 0);
        std::ifstream in(out);
        std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        CHECK(message.find(std::string("TRACEJIT_BACKEND=") + c.value) != std::string::npos);
        CHECK(message.find(c.expect) != std::string::npos);
    }
}
