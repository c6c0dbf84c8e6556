// samples/rotation_descent.cpp — gradient descent on an axis and an angle that rotate one vector onto another
//
// The "more complex example" of Enoki's autodiff chapter, written with tracejit: the rotation matrix is built
// from normalize(axis) and the angle (Rodrigues' formula, what Enoki's Matrix4f::rotate computes), the loss is
// |R·a − b|, and backward(loss) gives its gradient with respect to the axis and the angle. Every iteration traces
// the same operations, so after the first one the kernel comes from the cache.
//   rotation_descent [FILE]   also writes the AD graph of the first iteration's loss to FILE (Graphviz DOT):
//   dot -Tsvg FILE > graph.svg
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <cmath>
#include <fstream>

using tj::Float;

namespace {

/// A 3D vector of differentiable scalars (each a width-1 tj::Float).
struct Vector3 {
    Float x, y, z;
};

Vector3 operator-(const Vector3 &a, const Vector3 &b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vector3 operator*(const Vector3 &a, const Float &s) { return {a.x * s, a.y * s, a.z * s}; }
Float dot(const Vector3 &a, const Vector3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Float norm(const Vector3 &a) { return tj::sqrt(dot(a, a)); }
Vector3 normalize(const Vector3 &a) { return a * (1.f / norm(a)); }
Vector3 detach(const Vector3 &a) { return {tj::detach(a.x), tj::detach(a.y), tj::detach(a.z)}; }
Vector3 grad(const Vector3 &a) { return {tj::grad(a.x), tj::grad(a.y), tj::grad(a.z)}; }

/// A 3×3 matrix, row by row.
struct Matrix3 {
    Vector3 rows[3];
};

Vector3 operator*(const Matrix3 &m, const Vector3 &v) {
    return {dot(m.rows[0], v), dot(m.rows[1], v), dot(m.rows[2], v)};
}

/// Rotation by `angle` (radians, counter-clockwise) about the unit vector `k`:
/// R = cos·I + sin·[k]× + (1 − cos)·k·kᵀ (Rodrigues' formula).
Matrix3 rotation(const Vector3 &k, const Float &angle) {
    Float c = tj::cos(angle), s = tj::sin(angle), t = 1.f - c;
    return {{{c + t * k.x * k.x, t * k.x * k.y - s * k.z, t * k.x * k.z + s * k.y},
             {t * k.y * k.x + s * k.z, c + t * k.y * k.y, t * k.y * k.z - s * k.x},
             {t * k.z * k.x - s * k.y, t * k.z * k.y + s * k.x, c + t * k.z * k.z}}};
}

} // namespace

int main(int argc, char **argv) {
    const int iterations = 20;
    const float lr = 0.2f;

    // Rotate a onto b. The starting axis and angle are opaque (values in memory, not literals in the kernel),
    // like the values each iteration computes: the first iteration's kernel is then reused by all the others.
    Vector3 a = normalize(Vector3{Float(2.f), Float(1.f), Float(3.f)});
    Vector3 b = normalize(Vector3{Float(-1.f), Float(2.f), Float(3.f)});
    Vector3 axis{tj::opaque<Float>(1.f), tj::opaque<Float>(0.f), tj::opaque<Float>(0.f)};
    Float angle = tj::opaque<Float>(1.f);

    tj::reset_kernel_stats();
    float first_error = 0, last_error = 0;
    uint64_t compiled_after_first = 0;
    for (int i = 0; i < iterations; ++i) {
        tj::KernelStats before = tj::kernel_stats();
        tj::enable_grad(axis.x, axis.y, axis.z, angle);
        tj::set_label(axis.x, "axis.x");
        tj::set_label(axis.y, "axis.y");
        tj::set_label(axis.z, "axis.z");
        tj::set_label(angle, "angle");

        Matrix3 rot = rotation(normalize(axis), angle);
        Float loss = norm(rot * a - b);
        tj::set_label(loss, "loss");
        if (i == 0 && argc > 1) {
            std::ofstream(argv[1]) << tj::graphviz(loss);
            fmt::print("wrote the AD graph of the loss to {}\n", argv[1]);
        }

        tj::backward(loss);
        // Gradient descent; the new values are evaluated together with the loss, in one kernel.
        axis = normalize(detach(axis) - grad(axis) * Float(lr));
        angle = tj::detach(angle) - tj::grad(angle) * lr;
        tj::eval(loss, axis.x, axis.y, axis.z, angle);

        float error = loss.read(0);
        tj::KernelStats after = tj::kernel_stats();
        uint64_t compiled = (after.misses - before.misses) + (after.disk_hits - before.disk_hits);
        fmt::print("iteration {:2}: error {:.5f}   (kernels: {} launched, {} compiled, {} loaded from disk, "
                   "{} memory cache hits)\n",
                   i, error, after.launches - before.launches, after.misses - before.misses,
                   after.disk_hits - before.disk_hits, after.memory_hits - before.memory_hits);
        if (i == 0)
            first_error = error;
        else
            compiled_after_first += compiled;
        last_error = error;
    }
    fmt::print("axis ({:.4f}, {:.4f}, {:.4f}), angle {:.4f}\n", axis.x.read(0), axis.y.read(0), axis.z.read(0),
               angle.read(0));

    tj::KernelStats st = tj::kernel_stats();
    fmt::print("kernels: {} launches, {} compiled ({:.1f} ms compiling or loading), {} memory hits, {} disk hits\n",
               st.launches, st.misses, st.compile_ms, st.memory_hits, st.disk_hits);

    // Enoki's chapter: "the error is reduced from an initial value of 1.34 to 0.065".
    bool ok = true;
    if (std::fabs(first_error - 1.34f) > 0.01f) {
        fmt::print("unexpected first error {:.5f} (expected 1.34 ± 0.01)\n", first_error);
        ok = false;
    }
    if (std::fabs(last_error - 0.065f) > 0.01f) {
        fmt::print("unexpected last error {:.5f} (expected 0.065 ± 0.01)\n", last_error);
        ok = false;
    }
    if (compiled_after_first != 0) {
        fmt::print("iterations after the first compiled or loaded {} kernel(s); every iteration traces the same "
                   "operations, so they should all come from the memory cache\n",
                   compiled_after_first);
        ok = false;
    }
    return ok ? 0 : 1;
}
