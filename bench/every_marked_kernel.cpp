// bench/every_marked_kernel.cpp — a small 2-D compressible-flow code with every function marked [[jit::trace]]
//
// Built three times by bench/CMakeLists.txt, each into its own namespace (EVERY_MARKED_NS), all -O3 -march=native:
// with the plugin (every_twin), with the plugin and -fplugin-arg-tracejit-no-twin (every_instrumented: the
// instrumented bodies alone, what every marked function cost before twins), and without the plugin (every_plain).
// The style is that of HPC proxy codes: many small functions (index arithmetic, an equation of state, a sound
// speed, a flux limiter, a stencil) that the optimizer must inline into the cell loops to be fast.
#ifndef EVERY_MARKED_NS
#error "compile with -DEVERY_MARKED_NS=<namespace>"
#endif

#include <cmath>
#include <vector>

namespace EVERY_MARKED_NS {

constexpr double gamma_gas = 1.4;

[[jit::trace]] int cell(int i, int j, int n) { return i * n + j; }

[[jit::trace]] double sq(double x) { return x * x; }

[[jit::trace]] double pressure(double rho, double e) { return (gamma_gas - 1.0) * rho * e; }

[[jit::trace]] double sound_speed(double rho, double p) { return std::sqrt(gamma_gas * p / rho); }

[[jit::trace]] double minmod(double a, double b) {
    if (a * b <= 0.0)
        return 0.0;
    return std::fabs(a) < std::fabs(b) ? a : b;
}

[[jit::trace]] double laplace(const double *u, int i, int j, int n) {
    return u[cell(i - 1, j, n)] + u[cell(i + 1, j, n)] + u[cell(i, j - 1, n)] + u[cell(i, j + 1, n)] -
           4.0 * u[cell(i, j, n)];
}

/// A limited slope in x, as a second-order scheme would use it.
[[jit::trace]] double slope_x(const double *u, int i, int j, int n) {
    return minmod(u[cell(i, j, n)] - u[cell(i, j - 1, n)], u[cell(i, j + 1, n)] - u[cell(i, j, n)]);
}

[[jit::trace]] double cell_dt(double rho, double e, double dx) {
    double p = pressure(rho, e);
    double c = sound_speed(rho, p);
    return dx / (c + 1e-12);
}

/// The CFL time step: the smallest over the cells.
[[jit::trace]] double cfl_dt(const double *rho, const double *e, int n, double dx) {
    double dt = 1e30;
    for (int i = 0; i < n * n; ++i)
        dt = std::fmin(dt, cell_dt(rho[i], e[i], dx));
    return 0.2 * dt * dt / dx;
}

/// One explicit step: diffusion of density and energy, a pressure-gradient correction with a limited slope.
[[jit::trace]] void sweep(const double *rho, const double *e, double *rho_out, double *e_out, int n, double dt) {
    for (int i = 1; i < n - 1; ++i) {
        for (int j = 1; j < n - 1; ++j) {
            int k = cell(i, j, n);
            double p = pressure(rho[k], e[k]);
            double drho = dt * laplace(rho, i, j, n) - 0.01 * dt * slope_x(rho, i, j, n);
            double de = dt * laplace(e, i, j, n) + 1e-3 * dt * p / rho[k] * sq(slope_x(e, i, j, n));
            rho_out[k] = rho[k] + drho;
            e_out[k] = e[k] + de;
        }
    }
}

[[jit::trace]] void initial(std::vector<double> &rho, std::vector<double> &e, int n) {
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            bool inside = sq(i - n / 2.0) + sq(j - n / 2.0) < sq(n / 6.0);
            rho[cell(i, j, n)] = inside ? 2.0 : 1.0;
            e[cell(i, j, n)] = inside ? 3.0 : 1.0 + 0.001 * j;
        }
    }
}

[[jit::trace]] double checksum(const std::vector<double> &u) {
    double s = 0;
    for (double x : u)
        s += x;
    return s;
}

/// `steps` steps on an n×n grid; the sum of density and energy at the end.
[[jit::trace]] double simulate(int n, int steps) {
    std::vector<double> rho(n * n), e(n * n), rho2(n * n), e2(n * n);
    initial(rho, e, n);
    rho2 = rho;
    e2 = e;
    double dx = 1.0 / n;
    for (int s = 0; s < steps; ++s) {
        double dt = cfl_dt(rho.data(), e.data(), n, dx);
        sweep(rho.data(), e.data(), rho2.data(), e2.data(), n, dt);
        rho.swap(rho2);
        e.swap(e2);
    }
    return checksum(rho) + checksum(e);
}

} // namespace EVERY_MARKED_NS
