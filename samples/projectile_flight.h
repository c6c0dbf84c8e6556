// samples/projectile_flight.h — the projectiles' flight, shared by projectile.cpp and projectile_fit.h: launched at
// 40° from the origin under gravity and quadratic air drag, integrated with explicit Euler
#pragma once

#include <tracejit/tracejit.h>

#include <cmath>
#include <numbers>

namespace projectile {

constexpr float dt = 0.01f;      // s
constexpr float gravity = 9.81f; // m/s²
constexpr float drag = 0.01f;    // 1/m: deceleration drag·|v|·v
constexpr float launch_angle = 40.f * std::numbers::pi_v<float> / 180.f;

/// Where each projectile lands, and whether it did within the simulated time (distance 0 where it did not).
struct Landing {
    tj::Float distance;
    tj::Bool landed;
};

/// Flies every projectile from the origin with its launch speed for `steps` Euler steps of dt; differentiable with
/// respect to `speed`. Where a projectile crosses the ground, its landing distance is interpolated within the step.
inline Landing fly(const tj::Float &speed, int steps) {
    using tj::Bool, tj::Float;
    const size_t n = speed.size();
    Float vx = speed * std::cos(launch_angle), vy = speed * std::sin(launch_angle);
    Float x = tj::zeros<Float>(n), y = tj::zeros<Float>(n), distance = tj::zeros<Float>(n);
    Bool landed = tj::full<Bool>(false, n);
    for (int s = 0; s < steps; ++s) {
        Float v = tj::sqrt(vx * vx + vy * vy);
        Float ax = -drag * v * vx, ay = -drag * v * vy - gravity;
        Float x1 = x + vx * dt, y1 = y + vy * dt; // explicit Euler: positions move with the old velocity
        vx += ax * dt;
        vy += ay * dt;
        // First step that ends below the ground: interpolate the crossing within the step. Near the apex y1 can
        // equal y, and y / 0 is inf: select() passes no gradient to the lanes it does not choose, but the
        // division's own derivative there would be 0 · inf = NaN, so the divisor is made safe on those lanes.
        Bool hits = (y1 < 0.f) & !landed;
        Float drop = tj::select(hits, y - y1, 1.f);
        distance = tj::select(hits, x + (x1 - x) * (y / drop), distance);
        landed = landed | hits;
        x = x1;
        y = y1;
    }
    return {distance, landed};
}

} // namespace projectile
