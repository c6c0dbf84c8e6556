// bench/fast_path/loop_nest.cpp — a main whose six-deep loop nest the optimizer computes in closed form
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    long n = argc > 1 ? std::atol(argv[1]) : 40;
    long s = 0;
    for (long a = 0; a < n; ++a)
        for (long b = 0; b < n; ++b)
            for (long c = 0; c < n; ++c)
                for (long d = 0; d < n; ++d)
                    for (long e = 0; e < n; ++e)
                        for (long f = 0; f < n; ++f)
                            s += 1;
    std::printf("%ld\n", s);
    return 0;
}
