// tests/plugin/real/c_style_cg.cpp — an old-style C-like conjugate-gradient solver (malloc'd arrays, macros that
// expand to statements and returns, goto, switch fall-through, __restrict__, statement expressions, a VLA, asm,
// `return(x);`, `return-1;`, NULL into pointer returns), every function marked by `tracejit-rewrite --mark-all`:
// it compiles with no error and no warning, and prints exactly what the plain build prints, with and without
// TRACEJIT_TAPE (which writes one tape: main's)
// RUN: rm -rf %t.tapes && mkdir -p %t.tapes
// RUN: %rewrite --mark-all %s -- -std=c++20 -Wno-vla-cxx-extension > %t.marked.cpp
// RUN: grep -c "jit::trace" %t.marked.cpp | %FileCheck --check-prefix=MARKS %s
// MARKS: {{^}}1{{[0-9]$}}
// RUN: %bare_clangxx -O2 -Wall -Wextra -Wno-vla-cxx-extension %s -o %t.plain 2>&1 | count 0
// RUN: %trace_cxx -O2 -Wall -Wextra -Wno-vla-cxx-extension %t.marked.cpp -o %t.marked 2>&1 | count 0
// RUN: %t.plain > %t.plain.out
// RUN: %t.marked > %t.marked.out
// RUN: env TRACEJIT_TAPE=%t.tapes %t.marked > %t.taped.out
// RUN: diff %t.plain.out %t.marked.out
// RUN: diff %t.plain.out %t.taped.out
// RUN: ls %t.tapes | count 1
// RUN: %FileCheck %s < %t.plain.out
// CHECK: cg: n=64 converged=1
// CHECK: residual ok=1 checksum ok=1
// CHECK: classify: 0 1 1 2 3

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_MAX 256
#define CHECK_PTR(p)                                                                                                   \
    if (!(p))                                                                                                          \
        return -1;
#define FREE_ALL(a, b, c)                                                                                              \
    do {                                                                                                               \
        free(a);                                                                                                       \
        free(b);                                                                                                       \
        free(c);                                                                                                       \
    } while (0)
#define SQUARE(x) ((x) * (x))
#define BARRIER() asm volatile("" ::: "memory")

typedef struct {
    int n;
    double *diag, *off; /* a tridiagonal SPD matrix: diag[i], off[i] = A(i, i+1) */
} Matrix;

static double *vec_alloc(int n) {
    if (n <= 0 || n > N_MAX)
        return NULL;
    double *v = (double *)malloc(sizeof(double) * n);
    if (!v)
        return 0;
    memset(v, 0, sizeof(double) * n);
    return v;
}

static void matvec(const Matrix *A, const double *__restrict__ x, double *__restrict__ y) {
    int i;
    for (i = 0; i < A->n; i++) {
        double s = A->diag[i] * x[i];
        if (i > 0)
            s += A->off[i - 1] * x[i - 1];
        if (i + 1 < A->n)
            s += A->off[i] * x[i + 1];
        y[i] = s;
    }
}

static double dot(int n, const double *a, const double *b) {
    double s = 0;
    int i = 0;
loop:
    if (i >= n)
        goto done;
    s += a[i] * b[i];
    ++i;
    goto loop;
done:
    return(s);
}

static void axpy(int n, double alpha, const double *x, double *y) {
    for (int i = 0; i < n; ++i)
        y[i] += alpha * x[i];
}

static int setup(Matrix *A, int n) {
    A->n = n;
    A->diag = vec_alloc(n);
    CHECK_PTR(A->diag)
    A->off = vec_alloc(n);
    CHECK_PTR(A->off)
    for (int i = 0; i < n; i++) {
        A->diag[i] = 4.0 + (i % 3);
        A->off[i] = ({
            double t = -1.0;
            if (i % 5 == 0)
                t = -0.5;
            t;
        });
    }
    return 0;
}

static int cg(const Matrix *A, const double *b, double *x, double tol, int max_iter, int *iters) {
    int n = A->n;
    double *r = vec_alloc(n), *p = vec_alloc(n), *Ap = vec_alloc(n);
    if (!r || !p || !Ap) {
        FREE_ALL(r, p, Ap);
        return-1;
    }
    matvec(A, x, Ap);
    for (int i = 0; i < n; i++)
        r[i] = b[i] - Ap[i], p[i] = r[i];
    double rr = dot(n, r, r);
    int k;
    for (k = 0; k < max_iter && sqrt(rr) > tol; k++) {
        matvec(A, p, Ap);
        double alpha = rr / dot(n, p, Ap);
        axpy(n, alpha, p, x);
        axpy(n, -alpha, Ap, r);
        double rr_new = dot(n, r, r);
        double beta = rr_new / rr;
        for (int i = 0; i < n; i++)
            p[i] = r[i] + beta * p[i];
        rr = rr_new;
        BARRIER();
    }
    *iters = k;
    FREE_ALL(r, p, Ap);
    return sqrt(rr) <= tol;
}

static int classify(int k) {
    int c = 0;
    switch (k) {
    case 4:
        c++;
        [[fallthrough]];
    case 3:
        c++;
        [[fallthrough]];
    case 2:
        c++;
        break;
    case 1:
        c = 1;
        break;
    default:
        return(0);
    }
    return c;
}

static double checksum(int n, const double *v) {
    double weights[n]; /* a VLA */
    for (int i = 0; i < n; i++)
        weights[i] = 1.0 / (i + 1);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += weights[i] * SQUARE(v[i]);
    return s;
}

int main(void) {
    Matrix A;
    int n = 64, iters = 0;
    if (setup(&A, n) != 0)
        return 1;
    double *b = vec_alloc(n), *x = vec_alloc(n), *check = vec_alloc(n);
    if (!b || !x || !check)
        return 2;
    for (int i = 0; i < n; i++)
        b[i] = sin(0.1 * i) + 1.0;
    int ok = cg(&A, b, x, 1e-10, 200, &iters);
    printf("cg: n=%d converged=%d iterations=%d\n", n, ok, iters);
    matvec(&A, x, check);
    double err = 0;
    for (int i = 0; i < n; i++)
        err = fmax(err, fabs(check[i] - b[i]));
    double cs = checksum(n, x);
    printf("residual ok=%d checksum ok=%d\n", err < 1e-8, cs > 0);
    printf("x[0]=%.17g x[n-1]=%.17g checksum=%.17g\n", x[0], x[n - 1], cs);
    printf("classify: %d %d %d %d %d\n", classify(0), classify(1), classify(2), classify(3), classify(4));
    if (vec_alloc(0) != NULL || vec_alloc(N_MAX + 1) != NULL)
        return 3;
    FREE_ALL(b, x, check);
    free(A.diag);
    free(A.off);
    return 0;
}
