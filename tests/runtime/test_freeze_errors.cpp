// tests/runtime/test_freeze_errors.cpp — what cannot be frozen throws tj::FreezeError naming the function: reads
// of array contents, captured arrays; the function works again on the next call (arrays with gradients that are
// not inputs: test_freeze_grad.cpp)
#include "freeze_check.h"

#include <memory>

using namespace tjtest;

namespace {

/// The message of the tj::FreezeError that `fn` throws ("" and a failed check when it throws none).
template <typename Fn> std::string freeze_error_of(Fn &&fn) {
    try {
        fn();
    } catch (const tj::FreezeError &e) {
        return e.what();
    } catch (const std::exception &e) {
        FAIL_CHECK("another exception than tj::FreezeError: " << e.what());
        return "";
    }
    FAIL_CHECK("no tj::FreezeError");
    return "";
}

/// A frozen function that misbehaves when `misbehave` is true and computes x * 2 + 1 otherwise: after the error
/// it must record and replay normally.
template <typename Misbehave>
void check_error_then_recovery(const std::string &name, Misbehave misbehave,
                               const std::vector<std::string> &message_parts) {
    auto frozen = tj::freeze(
        [&](const tj::Float &x, bool bad) {
            if (bad)
                misbehave(x);
            return x * 2.f + 1.f;
        },
        tj::FreezeOptions{.name = name});
    tj::Float x = random_array<float>(1000, 1);
    std::string message = freeze_error_of([&] { frozen(x, true); });
    CHECK_MESSAGE(message.find(name) != std::string::npos, "the message names the function: " << message);
    for (const std::string &part : message_parts)
        CHECK_MESSAGE(message.find(part) != std::string::npos, "'" << part << "' in: " << message);
    // The same error again: nothing was left half-recorded.
    CHECK(freeze_error_of([&] { frozen(x, true); }).find(name) != std::string::npos);
    for (size_t n : {size_t(1000), size_t(77), size_t(5000)}) {
        CAPTURE(n);
        tj::Float y = random_array<float>(n, n);
        check_same("after the error", frozen(y, false), y * 2.f + 1.f);
    }
    tj::FreezeStats st = stats_of(frozen);
    CHECK(st.replays == 2);
}

} // namespace

TEST_CASE("freeze errors: Array::read() inside the body") {
    check_error_then_recovery("reads_element", [](const tj::Float &x) { (void)(x * 3.f).read(0); }, {"read"});
}

TEST_CASE("freeze errors: Array::read() of a literal inside the body (no device copy, still refused)") {
    check_error_then_recovery("reads_literal", [](const tj::Float &) { (void)(tj::Float(2.f) * 3.f).read(0); },
                              {"read"});
}

TEST_CASE("freeze errors: to_vector() inside the body") {
    check_error_then_recovery("copies_out", [](const tj::Float &x) { (void)tj::to_vector(x + 1.f); }, {"to_vector"});
}

TEST_CASE("freeze errors: reading an input's contents without computing") {
    check_error_then_recovery("reads_input", [](const tj::Float &x) { (void)x.read(3); }, {"read"});
}

TEST_CASE("freeze errors: a scatter into an array captured by reference (not an input)") {
    tj::Float captured = tj::opaque<tj::Float>(0.f, 10);
    check_error_then_recovery("scatters_captured",
                              [&](const tj::Float &x) {
                                  tj::scatter(captured, x, tj::arange<tj::UInt32>(x.size()) % 10u);
                                  tj::eval(captured);
                              },
                              {"scatter"});
    // The captured array was not written by the refused call.
    CHECK(tj::to_vector(captured) == std::vector<float>(10, 0.f));
}

TEST_CASE("freeze errors: a read of an array captured by the lambda (not an input)") {
    tj::Float captured = random_array<float>(1000, 2);
    check_error_then_recovery("reads_captured",
                              [captured](const tj::Float &x) {
                                  tj::Float y = x + captured;
                                  tj::eval(y);
                              },
                              {"reads"});
}

TEST_CASE("freeze errors: a std::shared_ptr output is refused when the function records") {
    auto frozen = tj::freeze([](const tj::Float &x) { return std::make_shared<tj::Float>(x * 2.f); },
                             tj::FreezeOptions{.name = "shares"});
    tj::Float x = random_array<float>(100, 1);
    std::string message = freeze_error_of([&] { frozen(x); });
    CHECK_MESSAGE(message.find("shared_ptr") != std::string::npos, message);
}
