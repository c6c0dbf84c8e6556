// samples/random_walk.cpp — a gambler's ruin with [[jit::trace]]: its tape printed, saved, read back and checked
//
// Build it with the tracejit plugin (samples/CMakeLists.txt adds -fplugin=…/tracejit.so): the marked functions are
// rewritten to record every statement, branch, loop test and nested call while a tape is active.
//   random_walk [FILE]     prints the tape and writes it to FILE (default random_walk.tjtape); then
//   tracejit-inspect FILE --format dot | dot -Tsvg > walk.svg
//   tracejit-inspect FILE --node @9 --backward
// The walk uses only std::mt19937's raw output (fixed by the standard), so a seed gives the same walk everywhere.
#include <tracejit/tape.h>

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <random>
#include <string>
#include <string_view>
#include <utility>

/// A seeded std::mt19937 that counts its draws. The tape records values of any type fmt can format, so the
/// formatter below is how the tape shows a Coin (without one it would show the engine's long type name).
struct Coin {
    std::mt19937 engine;
    unsigned seed;
    int draws = 0;
    explicit Coin(unsigned s) : engine(s), seed(s) {}
    /// Uniform in [0, 1) from the engine's raw 32 bits.
    double uniform() {
        ++draws;
        return static_cast<double>(engine()) / 4294967296.0;
    }
};

template <> struct fmt::formatter<Coin> : fmt::formatter<std::string_view> {
    auto format(const Coin &c, fmt::format_context &ctx) const -> decltype(ctx.out()) {
        return fmt::format_to(ctx.out(), "mt19937(seed {}, {} draws)", c.seed, c.draws);
    }
};

/// One round: win one unit with probability `p_win`, else lose one.
[[jit::trace]] int bet(Coin &coin, double p_win) {
    double draw = coin.uniform();
    if (draw < p_win) {
        return 1;
    }
    return -1;
}

/// Bets until the gambler is ruined or reaches `goal`; returns the money left (0 or goal).
[[jit::trace]] int gamblers_ruin(int start, int goal, double p_win, unsigned seed) {
    Coin coin(seed);
    int money = start;
    int rounds = 0;
    while (money > 0 && money < goal) {
        money += bet(coin, p_win);
        rounds += 1;
    }
    return money;
}

namespace {

int failures = 0;

void check(bool ok, const std::string &what) {
    if (!ok) {
        std::fprintf(stderr, "random_walk: check failed: %s\n", what.c_str());
        ++failures;
    }
}

/// The same walk without a tape: how many rounds it takes and where it ends.
std::pair<int, int> replay(int start, int goal, double p_win, unsigned seed) {
    Coin coin(seed);
    int money = start, rounds = 0;
    while (money > 0 && money < goal) {
        money += coin.uniform() < p_win ? 1 : -1;
        rounds += 1;
    }
    return {money, rounds};
}

} // namespace

int main(int argc, char **argv) {
    const std::string path = argc > 1 ? argv[1] : "random_walk.tjtape";
    const int start = 3, goal = 6;
    const double p_win = 0.5;
    const unsigned seed = 42;
    try {
        tj::tape::Tape tape = tj::track(gamblers_ruin, start, goal, p_win, seed);
        std::fputs(tj::tape::printlevels(*tape, 3).c_str(), stdout);

        // The tape against a walk made without one: the result, one loop test per round plus the last, one
        // nested call of bet per round, each with a Branch saying whether that round was won.
        auto [money, rounds] = replay(start, goal, p_win, seed);
        check(tape->value<int>() == money, "the root's value is the money left");
        int loops = 0, calls = 0, won = 0, balance = start;
        for (const tj::tape::Node &n : tape->children()) {
            if (n.kind() == tj::tape::Kind::Loop)
                ++loops;
            if (n.kind() == tj::tape::Kind::Call && n.text() == "bet") {
                ++calls;
                balance += n.value<int>();
                for (const tj::tape::Node &c : n.children())
                    if (c.kind() == tj::tape::Kind::Branch && c.taken() == "then")
                        ++won;
            }
        }
        check(loops == rounds + 1, "one loop test per round and a last one");
        check(calls == rounds, "one nested call of bet per round");
        check(balance == money, "the nested calls' values add up to the money left");
        check(2 * won - rounds == money - start, "the rounds won and lost add up to the money won");

        tj::tape::save(*tape, path);
        tj::tape::Tape loaded = tj::tape::load(path);
        check(tj::tape::printlevels(*loaded, 3) == tj::tape::printlevels(*tape, 3), "the saved tape reads back");
        std::printf("\n%d rounds, %s with %d; tape written to %s\n", rounds,
                    money == goal ? "reached the goal" : "ruined", money, path.c_str());
        std::printf("inspect it with: tracejit-inspect %s --format dot | dot -Tsvg > random_walk.svg\n", path.c_str());
    } catch (const std::exception &e) {
        std::fprintf(stderr, "random_walk: %s\n", e.what());
        return 1;
    }
    return failures ? 1 : 0;
}
