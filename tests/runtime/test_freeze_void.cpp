// tests/runtime/test_freeze_void.cpp — a frozen void function whose only effect is the state it updates
// (Frozen::call with std::tie) equals the plain function step after step
#include "freeze_check.h"

using namespace tjtest;

TEST_CASE("freeze: a void function that updates state passed with Frozen::call") {
    // One step of a damped oscillator: the state is read and written, the frozen copy and the plain copy are
    // advanced side by side.
    auto step = [](tj::Float &pos, tj::Float &vel, const tj::Float &dt) {
        vel = vel * 0.99f - pos * dt;
        pos = pos + vel * dt;
    };
    for (size_t n : freeze_sizes) {
        CAPTURE(n);
        tj::Float pos = random_array<float>(n, 1), vel = random_array<float>(n, 2);
        tj::Float plain_pos = pos, plain_vel = vel;
        auto frozen = tj::freeze([&](const tj::Float &dt) { step(pos, vel, dt); });
        uint64_t recorded = 0;
        for (int i = 0; i < 6; ++i) {
            tj::Float dt = random_array<float>(1, 10 + i) * 0.01f;
            tj::eval(dt);
            uint64_t launches = launches_during([&] { frozen.call(std::tie(pos, vel), dt); });
            if (i == 0)
                recorded = launches;
            else
                CHECK(launches == recorded);
            step(plain_pos, plain_vel, dt);
            check_same("pos", pos, plain_pos);
            check_same("vel", vel, plain_vel);
        }
        CHECK(stats_of(frozen).recordings == 1);
        CHECK(stats_of(frozen).replays == 5);
    }
}
