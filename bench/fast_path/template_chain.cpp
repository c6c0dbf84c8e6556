// bench/fast_path/template_chain.cpp — a 32-level recursive template of small functions taking a struct by value
#include <cstdio>
#include <cstdlib>

struct State {
    unsigned a, b, c, d;
};

template <int N> struct Level {
    static State step(State s, unsigned k) {
        s.a += s.b * N + k;
        s.b ^= s.a >> 3;
        s.c += s.d | N;
        s.d = s.d * 2654435761u + s.c;
        return Level<N - 1>::step(s, k + s.a);
    }
};

template <> struct Level<0> {
    static State step(State s, unsigned k) { return State{s.a + k, s.b, s.c, s.d}; }
};

unsigned run(unsigned seed, long n) {
    State s{seed, 1, 2, 3};
    for (long i = 0; i < n; ++i)
        s = Level<32>::step(s, static_cast<unsigned>(i));
    return s.a ^ s.b ^ s.c ^ s.d;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? std::atol(argv[1]) : 5000000;
    std::printf("%u\n", run(7, n));
    return 0;
}
