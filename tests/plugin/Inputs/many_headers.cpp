// tests/plugin/Inputs/many_headers.cpp — a header-heavy program for real/stress-marked.cpp: most of the C++20
// standard library included, and functions in most of the forms C++ has (templates, concepts, coroutines,
// virtual and operator members, constexpr, noexcept, lambdas, exceptions, threads), each printing a result
// that does not depend on timing, so that the build with every function marked must print the same.
#include <algorithm>
#include <any>
#include <array>
#include <atomic>
#include <barrier>
#include <bit>
#include <bitset>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <compare>
#include <complex>
#include <concepts>
#include <condition_variable>
#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <forward_list>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <latch>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <new>
#include <numbers>
#include <numeric>
#include <optional>
#include <queue>
#include <random>
#include <ranges>
#include <ratio>
#include <regex>
#include <scoped_allocator>
#include <semaphore>
#include <set>
#include <shared_mutex>
#include <source_location>
#include <span>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>

namespace stress {

// --- templates, concepts, folds ---
template <typename T>
concept Number = std::integral<T> || std::floating_point<T>;

template <Number T> T clamp_add(T a, T b, T hi) { return std::min<T>(a + b, hi); }

template <typename... Ts> auto sum_all(Ts... xs) { return (xs + ... + 0); }

template <typename T, size_t N> constexpr size_t count_if_positive(const std::array<T, N> &a) {
    size_t n = 0;
    for (const T &x : a)
        if (x > 0)
            ++n;
    return n;
}

constexpr int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }
static_assert(factorial(5) == 120);

template <typename T> struct Matrix2 {
    T a, b, c, d;
    Matrix2 operator*(const Matrix2 &o) const {
        return {a * o.a + b * o.c, a * o.b + b * o.d, c * o.a + d * o.c, c * o.b + d * o.d};
    }
    auto operator<=>(const Matrix2 &) const = default;
    T trace() const noexcept { return a + d; }
};

template <typename T> Matrix2<T> power(Matrix2<T> m, unsigned n) {
    Matrix2<T> r{1, 0, 0, 1};
    while (n) {
        if (n & 1u)
            r = r * m;
        m = m * m;
        n >>= 1;
    }
    return r;
}

// --- classes: virtual, CRTP, special members ---
struct Shape {
    virtual ~Shape() = default;
    virtual double area() const = 0;
    virtual std::string name() const { return "shape"; }
};
struct Circle final : Shape {
    explicit Circle(double r) : r(r) {}
    double area() const override { return std::numbers::pi * r * r; }
    std::string name() const override { return "circle"; }
    double r;
};
struct Rect : Shape {
    Rect(double w, double h) : w(w), h(h) {}
    double area() const override { return w * h; }
    std::string name() const override { return "rect"; }
    double w, h;
};

template <typename Derived> struct Counter {
    int count() const { return static_cast<const Derived &>(*this).items() * 2; }
};
struct Basket : Counter<Basket> {
    int items() const { return 21; }
};

class Buffer {
  public:
    explicit Buffer(size_t n) : m_data(std::make_unique<int[]>(n)), m_size(n) {
        std::iota(m_data.get(), m_data.get() + n, 1);
    }
    Buffer(const Buffer &o) : Buffer(o.m_size) { std::copy_n(o.m_data.get(), m_size, m_data.get()); }
    Buffer(Buffer &&o) noexcept : m_data(std::move(o.m_data)), m_size(std::exchange(o.m_size, 0)) {}
    Buffer &operator=(Buffer o) noexcept {
        swap(o);
        return *this;
    }
    void swap(Buffer &o) noexcept {
        std::swap(m_data, o.m_data);
        std::swap(m_size, o.m_size);
    }
    int &operator[](size_t i) { return m_data[i]; }
    size_t size() const { return m_size; }
    explicit operator bool() const { return m_size != 0; }
    long total() const { return std::accumulate(m_data.get(), m_data.get() + m_size, 0L); }

  private:
    std::unique_ptr<int[]> m_data;
    size_t m_size;
};

// --- coroutines ---
struct Generator {
    struct promise_type {
        int value = 0;
        Generator get_return_object() { return Generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
        std::suspend_always initial_suspend() noexcept { return {}; }
        std::suspend_always final_suspend() noexcept { return {}; }
        std::suspend_always yield_value(int v) noexcept {
            value = v;
            return {};
        }
        void return_void() noexcept {}
        void unhandled_exception() { std::terminate(); }
    };
    explicit Generator(std::coroutine_handle<promise_type> h) : handle(h) {}
    Generator(Generator &&o) noexcept : handle(std::exchange(o.handle, {})) {}
    ~Generator() {
        if (handle)
            handle.destroy();
    }
    bool next() {
        handle.resume();
        return !handle.done();
    }
    int value() const { return handle.promise().value; }
    std::coroutine_handle<promise_type> handle;
};

Generator fibonacci(int n) {
    int a = 0, b = 1;
    for (int i = 0; i < n; ++i) {
        co_yield a;
        a = std::exchange(b, a + b);
    }
}

// --- exceptions, variants, optionals ---
int parse_positive(std::string_view s) {
    int v = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size())
        throw std::invalid_argument("not a number: " + std::string(s));
    if (v <= 0)
        throw std::out_of_range("not positive: " + std::string(s));
    return v;
}

std::string try_parse(std::string_view s) {
    try {
        return std::to_string(parse_positive(s));
    } catch (const std::invalid_argument &e) {
        return std::string("invalid (") + e.what() + ")";
    } catch (const std::exception &e) {
        return std::string("error (") + e.what() + ")";
    }
}

using Value = std::variant<int, double, std::string>;

std::string describe(const Value &v) {
    return std::visit(
        [](const auto &x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, int>)
                return "int " + std::to_string(x);
            else if constexpr (std::is_same_v<T, double>)
                return "double " + std::to_string(x);
            else
                return "string " + x;
        },
        v);
}

std::optional<size_t> find_word(const std::vector<std::string> &words, std::string_view w) {
    auto it = std::find(words.begin(), words.end(), w);
    if (it == words.end())
        return std::nullopt;
    return static_cast<size_t>(it - words.begin());
}

// --- control flow: switch, goto, labels, loops ---
int classify(int x) {
    switch (x % 4) {
    case 0: return 10;
    case 1: [[fallthrough]];
    case 2: x += 3; break;
    default: goto negative;
    }
    return x;
negative:
    return -x;
}

int collatz_steps(long n) {
    int steps = 0;
    do {
        n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
        ++steps;
    } while (n != 1);
    return steps;
}

// --- ranges, algorithms, containers ---
std::vector<int> even_squares(int n) {
    std::vector<int> out;
    for (int v : std::views::iota(1, n + 1) | std::views::filter([](int i) { return i % 2 == 0; }) |
                     std::views::transform([](int i) { return i * i; }))
        out.push_back(v);
    return out;
}

std::map<std::string, int> word_counts(const std::string &text) {
    std::map<std::string, int> counts;
    std::istringstream in(text);
    std::string w;
    while (in >> w) {
        std::transform(w.begin(), w.end(), w.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        ++counts[w];
    }
    return counts;
}

std::string regex_dates(const std::string &text) {
    static const std::regex date(R"((\d{4})-(\d{2})-(\d{2}))");
    std::string out;
    for (std::sregex_iterator it(text.begin(), text.end(), date), end; it != end; ++it)
        out += (*it)[3].str() + "." + (*it)[2].str() + "." + (*it)[1].str() + " ";
    return out;
}

double random_mean(unsigned seed, int n) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(0, 99); // integer draws: the same on every library build
    long total = 0;
    for (int i = 0; i < n; ++i)
        total += dist(rng);
    return static_cast<double>(total) / n;
}

// --- threads: results that do not depend on the schedule ---
long parallel_sum(int n, int threads) {
    std::atomic<long> total{0};
    std::vector<std::thread> pool;
    std::latch done(threads);
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            long local = 0;
            for (int i = t; i < n; i += threads)
                local += i;
            total += local;
            done.count_down();
        });
    done.wait();
    for (std::thread &th : pool)
        th.join();
    return total.load();
}

int async_product(int a, int b) {
    std::future<int> f = std::async(std::launch::async, [a, b] { return a * b; });
    return f.get();
}

struct Accumulator {
    void add(int v) {
        std::lock_guard<std::mutex> lock(m);
        values.push_back(v);
    }
    std::vector<int> sorted() {
        std::lock_guard<std::mutex> lock(m);
        std::vector<int> out = values;
        std::ranges::sort(out);
        return out;
    }
    std::mutex m;
    std::vector<int> values;
};

// --- misc library corners ---
std::string bits_and_numbers(uint32_t x) {
    std::ostringstream os;
    os << std::bitset<12>(x) << " popcount " << std::popcount(x) << " width " << std::bit_width(x) << " hex "
       << std::hex << std::setw(6) << std::setfill('0') << x << std::dec;
    return os.str();
}

std::complex<double> rotate(std::complex<double> z, double angle) { return z * std::polar(1.0, angle); }

double valarray_norm(const std::valarray<double> &v) { return std::sqrt((v * v).sum()); }

std::string path_parts(const std::filesystem::path &p) {
    return p.filename().string() + " | " + p.extension().string() + " | " + p.parent_path().string();
}

std::string pmr_letters() {
    std::array<std::byte, 256> storage;
    std::pmr::monotonic_buffer_resource pool(storage.data(), storage.size());
    std::pmr::vector<char> letters(&pool);
    for (char c = 'a'; c <= 'h'; ++c)
        letters.push_back(c);
    return std::string(letters.begin(), letters.end());
}

std::string where(const std::source_location loc = std::source_location::current()) {
    return std::string(loc.function_name()).find("main") != std::string::npos ? "called from main" : "elsewhere";
}

int apply_twice(const std::function<int(int)> &f, int x) { return f(f(x)); }

auto make_adder(int k) {
    return [k](auto x) { return x + k; };
}

} // namespace stress

int main() {
    using namespace stress;
    std::cout << "clamp_add " << clamp_add(3, 4, 6) << " " << clamp_add(1.5, 2.0, 10.0) << "\n";
    std::cout << "sum_all " << sum_all(1, 2, 3, 4) << " " << sum_all() << "\n";
    std::cout << "positives " << count_if_positive(std::array<int, 5>{1, -2, 3, 0, 5}) << "\n";
    std::cout << "factorial " << factorial(10) << "\n";
    Matrix2<long> fib = power(Matrix2<long>{1, 1, 1, 0}, 40);
    std::cout << "fib40 " << fib.b << " trace " << fib.trace() << " less " << (Matrix2<long>{1, 0, 0, 1} < fib) << "\n";

    std::vector<std::unique_ptr<Shape>> shapes;
    shapes.push_back(std::make_unique<Circle>(1.5));
    shapes.push_back(std::make_unique<Rect>(2, 3.5));
    for (const auto &s : shapes)
        std::cout << s->name() << " " << std::fixed << std::setprecision(4) << s->area() << "\n";
    std::cout << "basket " << Basket{}.count() << "\n";

    Buffer b(10);
    Buffer c = b;
    c[0] = 100;
    Buffer d = std::move(c);
    std::cout << "buffers " << b.total() << " " << d.total() << " " << static_cast<bool>(c) << "\n";

    std::cout << "fibonacci";
    Generator g = fibonacci(12);
    while (g.next())
        std::cout << " " << g.value();
    std::cout << "\n";

    for (std::string_view s : {"42", "x1", "-3", "7"})
        std::cout << "parse " << s << ": " << try_parse(s) << "\n";
    for (const Value &v : {Value(3), Value(2.5), Value(std::string("hi"))})
        std::cout << describe(v) << "\n";
    std::vector<std::string> words{"alpha", "beta", "gamma"};
    std::cout << "find beta " << find_word(words, "beta").value_or(99) << " delta "
              << find_word(words, "delta").value_or(99) << "\n";

    std::cout << "classify";
    for (int x : {0, 1, 2, 3, 4, 7, 8})
        std::cout << " " << classify(x);
    std::cout << "\ncollatz 27 " << collatz_steps(27) << "\n";

    std::cout << "even squares";
    for (int v : even_squares(10))
        std::cout << " " << v;
    std::cout << "\n";
    for (const auto &[w, n] : word_counts("the cat and The dog and THE bird"))
        std::cout << w << "=" << n << " ";
    std::cout << "\n" << regex_dates("from 2024-03-01 to 2025-12-31, not 99-1-1") << "\n";
    std::cout << "random mean " << std::setprecision(3) << random_mean(7, 10000) << "\n";

    std::cout << "parallel sum " << parallel_sum(100000, 4) << " async " << async_product(6, 7) << "\n";
    Accumulator acc;
    {
        std::vector<std::jthread> writers;
        for (int t = 0; t < 3; ++t)
            writers.emplace_back([&acc, t] {
                for (int i = 0; i < 3; ++i)
                    acc.add(t * 10 + i);
            });
    }
    std::cout << "accumulated";
    for (int v : acc.sorted())
        std::cout << " " << v;
    std::cout << "\n";

    std::cout << bits_and_numbers(0xabc) << "\n";
    std::complex<double> z = rotate({1, 0}, std::numbers::pi / 2);
    std::cout << "rotate " << std::setprecision(6) << std::round(z.real() * 1e6) / 1e6 << " " << z.imag() << "\n";
    std::cout << "norm " << valarray_norm({3, 4, 12}) << "\n";
    std::cout << "path " << path_parts("/usr/lib/libfoo.so.1") << "\n";
    std::cout << "pmr " << pmr_letters() << " " << where() << "\n";
    std::cout << "apply_twice " << apply_twice(make_adder(5), 1) << " " << make_adder(2)(0.5) << "\n";
    return 0;
}
