// bench/fast_path/new_delete.cpp — objects made with new and freed with delete in a loop, which clang removes
#include <cstdio>
#include <cstdlib>

class Point {
  public:
    Point(double x, double y) : m_x(x), m_y(y) { m_norm = x * x + y * y; }
    double norm() const { return m_norm; }

  private:
    double m_x, m_y, m_norm;
};

double sum_norms(long n) {
    double s = 0;
    for (long i = 0; i < n; ++i) {
        Point *p = new Point(static_cast<double>(i), 1.0);
        s += p->norm();
        delete p;
    }
    return s;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? std::atol(argv[1]) : 200000000;
    std::printf("%.0f\n", sum_norms(n));
    return 0;
}
