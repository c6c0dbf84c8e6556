// tests/plugin/compile/matrix-element.cpp — assignments to matrix and vector elements, in templates too, are
// recorded with the element's value (a non-const reference cannot bind to such an element)
// RUN: %trace_cxx -fenable-matrix %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

typedef float m4 __attribute__((matrix_type(4, 4)));
typedef int v4 __attribute__((ext_vector_type(4)));

m4 zero() { // (clang-19's instruction selection crashes on `m4() * 0.0f` bound to a reference)
    m4 m;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            m[i][j] = 0;
    return m;
}

template <typename T> [[jit::trace]] T set_matrix(T v) {
    m4 m = zero();
    m[1][2] = v;
    m[1][2] += v;
    return m[1][2];
}

template <typename T> [[jit::trace]] int set_vector(T v) {
    v4 x = {1, 2, 3, 4};
    x[2] = v;
    return x[2];
}

[[jit::trace]] float plain_matrix(float v) {
    m4 m = zero();
    m[3][0] = v;
    return m[3][0];
}

[[jit::trace]] int plain_vector(int v) {
    v4 x = {1, 2, 3, 4};
    x[1] = v;
    return x[1];
}

// The matrix's type depends on the template parameter, so the assignment is type-dependent: a matrix subscript all
// the same (llvm-test-suite's matrix-types-spec.cpp, transposeSpec).
template <typename T> using mat = T __attribute__((matrix_type(2, 3)));
template <typename T> [[jit::trace]] T transpose_sum(T v) {
    mat<T> m;
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c)
            m[r][c] = v * (r + c);
    T t[3][2];
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c)
            t[c][r] = m[r][c];
    m[1][2] += v;
    return t[2][1] + m[1][2];
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(set_matrix<float>, 1.5f), 2);
    // CHECK: set_matrix<float>(1.5) → 3.0 : float
    // CHECK: [matrix-element.cpp:23] m[1][2] = v reads {{.*}}→ 1.5
    // CHECK: [matrix-element.cpp:24] m[1][2] += v reads {{.*}}→ 3.0
    // CHECK: [matrix-element.cpp:25] return m[1][2] reads {{.*}}→ 3.0
    std::cout << tj::tape::printlevels(*tj::track(set_vector<int>, 7), 2);
    // CHECK: set_vector<int>(7) → 7 : int
    // CHECK: [matrix-element.cpp:30] x[2] = v reads {{.*}}→ 7{{$}}
    // CHECK: [matrix-element.cpp:31] return x[2] reads {{.*}}→ 7
    std::cout << tj::tape::printlevels(*tj::track(plain_matrix, 2.5f), 2);
    // CHECK: plain_matrix(2.5) → 2.5 : float
    // CHECK: [matrix-element.cpp:36] m[3][0] = v reads {{.*}}→ 2.5
    // CHECK: [matrix-element.cpp:37] return m[3][0] reads {{.*}}→ 2.5
    std::cout << tj::tape::printlevels(*tj::track(plain_vector, 9), 2);
    // CHECK: plain_vector(9) → 9 : int
    // CHECK: [matrix-element.cpp:42] x[1] = v reads {{.*}}→ 9
    // CHECK: [matrix-element.cpp:43] return x[1] reads {{.*}}→ 9
    std::cout << tj::tape::printlevels(*tj::track(transpose_sum<double>, 2.0), 2);
    // CHECK: transpose_sum<double>(2.0) → 14.0 : double
    // CHECK: [matrix-element.cpp:58] m[1][2] += v reads {{.*}}→ 8.0
}
