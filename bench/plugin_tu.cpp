// bench/plugin_tu.cpp — a realistic translation unit (≈1500 lines) for timing compiles with and without the plugin
//
// Ordinary application code — strings, geometry, statistics, an inventory, graphs, an expression evaluator,
// matrices, a particle system — with four marked functions (the tape attribute) near the end. bench_plugin_compile
// compiles it with and without -fplugin=tracejit.so (and a copy with the marks removed) and compares the times.
// It is compiled only, never linked or run.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <queue>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace app {

// ---------------------------------------------------------------------------------------------------------------
// Strings
// ---------------------------------------------------------------------------------------------------------------

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r'))
        --e;
    return std::string(s.substr(b, e - b));
}

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        size_t pos = s.find(sep, start);
        if (pos == std::string_view::npos) {
            out.emplace_back(s.substr(start));
            break;
        }
        out.emplace_back(s.substr(start, pos - start));
        start = pos + 1;
    }
    return out;
}

std::string join(const std::vector<std::string> &parts, std::string_view sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += sep;
        out += parts[i];
    }
    return out;
}

std::string to_lower(std::string s) {
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

std::string to_upper(std::string s) {
    for (char &c : s)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return s;
}

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
    if (from.empty())
        return s;
    size_t pos = 0;
    while ((pos = s.find(from, pos)) != std::string::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
    return s;
}

std::string format_fixed(double v, int decimals) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(decimals);
    os << v;
    return os.str();
}

std::string pad_left(std::string s, size_t width, char fill = ' ') {
    if (s.size() < width)
        s.insert(s.begin(), width - s.size(), fill);
    return s;
}

std::string pad_right(std::string s, size_t width, char fill = ' ') {
    if (s.size() < width)
        s.append(width - s.size(), fill);
    return s;
}

size_t count_words(std::string_view s) {
    size_t n = 0;
    bool in_word = false;
    for (char c : s) {
        bool space = c == ' ' || c == '\t' || c == '\n';
        if (!space && !in_word)
            ++n;
        in_word = !space;
    }
    return n;
}

size_t levenshtein(std::string_view a, std::string_view b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    std::iota(prev.begin(), prev.end(), size_t(0));
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::map<std::string, int> word_frequencies(std::string_view text) {
    std::map<std::string, int> freq;
    std::string word;
    for (char c : text) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '\'') {
            word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        } else if (!word.empty()) {
            ++freq[word];
            word.clear();
        }
    }
    if (!word.empty())
        ++freq[word];
    return freq;
}

std::vector<std::pair<std::string, int>> top_words(const std::map<std::string, int> &freq, size_t n) {
    std::vector<std::pair<std::string, int>> v(freq.begin(), freq.end());
    std::sort(v.begin(), v.end(), [](const auto &a, const auto &b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    if (v.size() > n)
        v.resize(n);
    return v;
}

// ---------------------------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------------------------

struct Vec2 {
    double x = 0, y = 0;
    Vec2() = default;
    Vec2(double x_, double y_) : x(x_), y(y_) {}
    Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
    Vec2 operator-(const Vec2 &o) const { return {x - o.x, y - o.y}; }
    Vec2 operator*(double s) const { return {x * s, y * s}; }
    Vec2 operator/(double s) const { return {x / s, y / s}; }
    Vec2 &operator+=(const Vec2 &o) {
        x += o.x;
        y += o.y;
        return *this;
    }
    Vec2 &operator-=(const Vec2 &o) {
        x -= o.x;
        y -= o.y;
        return *this;
    }
    bool operator==(const Vec2 &o) const { return x == o.x && y == o.y; }
    bool operator<(const Vec2 &o) const { return x != o.x ? x < o.x : y < o.y; }
    double dot(const Vec2 &o) const { return x * o.x + y * o.y; }
    double cross(const Vec2 &o) const { return x * o.y - y * o.x; }
    double length() const { return std::sqrt(x * x + y * y); }
    Vec2 normalized() const {
        double l = length();
        return l > 0 ? *this / l : Vec2{};
    }
    Vec2 rotated(double angle) const {
        double c = std::cos(angle), s = std::sin(angle);
        return {c * x - s * y, s * x + c * y};
    }
};

struct Vec3 {
    double x = 0, y = 0, z = 0;
    Vec3() = default;
    Vec3(double x_, double y_, double z_) : x(x_), y(y_), z(z_) {}
    Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
    Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
    Vec3 operator-() const { return {-x, -y, -z}; }
    Vec3 &operator+=(const Vec3 &o) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
    double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
    Vec3 cross(const Vec3 &o) const { return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x}; }
    double length() const { return std::sqrt(dot(*this)); }
    Vec3 normalized() const {
        double l = length();
        return l > 0 ? *this * (1.0 / l) : Vec3{};
    }
};

struct Mat3 {
    double m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

    static Mat3 rotation_z(double angle) {
        Mat3 r;
        double c = std::cos(angle), s = std::sin(angle);
        r.m[0][0] = c;
        r.m[0][1] = -s;
        r.m[1][0] = s;
        r.m[1][1] = c;
        return r;
    }
    static Mat3 scale(double sx, double sy, double sz) {
        Mat3 r;
        r.m[0][0] = sx;
        r.m[1][1] = sy;
        r.m[2][2] = sz;
        return r;
    }
    Mat3 operator*(const Mat3 &o) const {
        Mat3 r;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                r.m[i][j] = 0;
                for (int k = 0; k < 3; ++k)
                    r.m[i][j] += m[i][k] * o.m[k][j];
            }
        return r;
    }
    Vec3 operator*(const Vec3 &v) const {
        return {m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z, m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
                m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z};
    }
    double determinant() const {
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
               m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    }
    Mat3 transposed() const {
        Mat3 r;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                r.m[i][j] = m[j][i];
        return r;
    }
};

double polygon_area(const std::vector<Vec2> &poly) {
    double a = 0;
    for (size_t i = 0; i < poly.size(); ++i) {
        const Vec2 &p = poly[i], &q = poly[(i + 1) % poly.size()];
        a += p.cross(q);
    }
    return std::abs(a) * 0.5;
}

double polygon_perimeter(const std::vector<Vec2> &poly) {
    double l = 0;
    for (size_t i = 0; i < poly.size(); ++i)
        l += (poly[(i + 1) % poly.size()] - poly[i]).length();
    return l;
}

Vec2 polygon_centroid(const std::vector<Vec2> &poly) {
    double a = 0, cx = 0, cy = 0;
    for (size_t i = 0; i < poly.size(); ++i) {
        const Vec2 &p = poly[i], &q = poly[(i + 1) % poly.size()];
        double c = p.cross(q);
        a += c;
        cx += (p.x + q.x) * c;
        cy += (p.y + q.y) * c;
    }
    if (a == 0)
        return {};
    return {cx / (3 * a), cy / (3 * a)};
}

bool point_in_polygon(const Vec2 &pt, const std::vector<Vec2> &poly) {
    bool inside = false;
    for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const Vec2 &a = poly[i], &b = poly[j];
        if ((a.y > pt.y) != (b.y > pt.y) && pt.x < (b.x - a.x) * (pt.y - a.y) / (b.y - a.y) + a.x)
            inside = !inside;
    }
    return inside;
}

std::vector<Vec2> convex_hull(std::vector<Vec2> pts) {
    std::sort(pts.begin(), pts.end());
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.size() < 3)
        return pts;
    std::vector<Vec2> hull(2 * pts.size());
    size_t k = 0;
    for (size_t i = 0; i < pts.size(); ++i) {
        while (k >= 2 && (hull[k - 1] - hull[k - 2]).cross(pts[i] - hull[k - 2]) <= 0)
            --k;
        hull[k++] = pts[i];
    }
    for (size_t i = pts.size() - 1, t = k + 1; i > 0; --i) {
        while (k >= t && (hull[k - 1] - hull[k - 2]).cross(pts[i - 1] - hull[k - 2]) <= 0)
            --k;
        hull[k++] = pts[i - 1];
    }
    hull.resize(k - 1);
    return hull;
}

struct Segment {
    Vec2 a, b;
    double length() const { return (b - a).length(); }
    std::optional<Vec2> intersect(const Segment &o) const {
        Vec2 r = b - a, s = o.b - o.a;
        double denom = r.cross(s);
        if (std::abs(denom) < 1e-12)
            return std::nullopt;
        double t = (o.a - a).cross(s) / denom;
        double u = (o.a - a).cross(r) / denom;
        if (t < 0 || t > 1 || u < 0 || u > 1)
            return std::nullopt;
        return a + r * t;
    }
    double distance_to(const Vec2 &p) const {
        Vec2 d = b - a;
        double l2 = d.dot(d);
        if (l2 == 0)
            return (p - a).length();
        double t = std::clamp((p - a).dot(d) / l2, 0.0, 1.0);
        return (p - (a + d * t)).length();
    }
};

struct BoundingBox {
    Vec2 lo{std::numeric_limits<double>::max(), std::numeric_limits<double>::max()};
    Vec2 hi{std::numeric_limits<double>::lowest(), std::numeric_limits<double>::lowest()};
    void add(const Vec2 &p) {
        lo.x = std::min(lo.x, p.x);
        lo.y = std::min(lo.y, p.y);
        hi.x = std::max(hi.x, p.x);
        hi.y = std::max(hi.y, p.y);
    }
    bool contains(const Vec2 &p) const { return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y; }
    double area() const { return hi.x < lo.x ? 0 : (hi.x - lo.x) * (hi.y - lo.y); }
    bool overlaps(const BoundingBox &o) const {
        return lo.x <= o.hi.x && o.lo.x <= hi.x && lo.y <= o.hi.y && o.lo.y <= hi.y;
    }
};

// ---------------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------------

class RunningStats {
  public:
    void add(double x) {
        ++m_n;
        double delta = x - m_mean;
        m_mean += delta / static_cast<double>(m_n);
        m_m2 += delta * (x - m_mean);
        m_min = std::min(m_min, x);
        m_max = std::max(m_max, x);
    }
    size_t count() const { return m_n; }
    double mean() const { return m_mean; }
    double variance() const { return m_n > 1 ? m_m2 / static_cast<double>(m_n - 1) : 0; }
    double stddev() const { return std::sqrt(variance()); }
    double min() const { return m_min; }
    double max() const { return m_max; }
    void merge(const RunningStats &o) {
        if (o.m_n == 0)
            return;
        size_t n = m_n + o.m_n;
        double delta = o.m_mean - m_mean;
        m_m2 += o.m_m2 + delta * delta * static_cast<double>(m_n) * static_cast<double>(o.m_n) / static_cast<double>(n);
        m_mean += delta * static_cast<double>(o.m_n) / static_cast<double>(n);
        m_n = n;
        m_min = std::min(m_min, o.m_min);
        m_max = std::max(m_max, o.m_max);
    }

  private:
    size_t m_n = 0;
    double m_mean = 0, m_m2 = 0;
    double m_min = std::numeric_limits<double>::infinity();
    double m_max = -std::numeric_limits<double>::infinity();
};

class Histogram {
  public:
    Histogram(double lo, double hi, size_t bins) : m_lo(lo), m_hi(hi), m_counts(bins, 0) {}
    void add(double x) {
        if (x < m_lo) {
            ++m_under;
            return;
        }
        if (x >= m_hi) {
            ++m_over;
            return;
        }
        size_t b = static_cast<size_t>((x - m_lo) / (m_hi - m_lo) * static_cast<double>(m_counts.size()));
        ++m_counts[std::min(b, m_counts.size() - 1)];
    }
    size_t bins() const { return m_counts.size(); }
    size_t count(size_t b) const { return m_counts.at(b); }
    size_t underflow() const { return m_under; }
    size_t overflow() const { return m_over; }
    size_t total() const { return std::accumulate(m_counts.begin(), m_counts.end(), m_under + m_over); }
    double bin_center(size_t b) const {
        return m_lo + (static_cast<double>(b) + 0.5) * (m_hi - m_lo) / static_cast<double>(m_counts.size());
    }
    std::string render(size_t width) const {
        size_t peak = m_counts.empty() ? 0 : *std::max_element(m_counts.begin(), m_counts.end());
        std::string out;
        for (size_t b = 0; b < m_counts.size(); ++b) {
            size_t bar = peak ? m_counts[b] * width / peak : 0;
            out += pad_left(format_fixed(bin_center(b), 2), 10) + " | " + std::string(bar, '#') + "\n";
        }
        return out;
    }

  private:
    double m_lo, m_hi;
    std::vector<size_t> m_counts;
    size_t m_under = 0, m_over = 0;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty())
        throw std::invalid_argument("percentile of nothing");
    std::sort(v.begin(), v.end());
    double rank = p / 100.0 * static_cast<double>(v.size() - 1);
    size_t lo = static_cast<size_t>(std::floor(rank));
    size_t hi = static_cast<size_t>(std::ceil(rank));
    double frac = rank - static_cast<double>(lo);
    return v[lo] * (1 - frac) + v[hi] * frac;
}

double median(std::vector<double> v) { return percentile(std::move(v), 50); }

struct LinearFit {
    double slope = 0, intercept = 0, r2 = 0;
};

LinearFit linear_regression(const std::vector<double> &xs, const std::vector<double> &ys) {
    if (xs.size() != ys.size() || xs.size() < 2)
        throw std::invalid_argument("linear_regression needs two equally long series of 2 or more points");
    double n = static_cast<double>(xs.size());
    double sx = std::accumulate(xs.begin(), xs.end(), 0.0), sy = std::accumulate(ys.begin(), ys.end(), 0.0);
    double mx = sx / n, my = sy / n, sxx = 0, sxy = 0, syy = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
        sxx += (xs[i] - mx) * (xs[i] - mx);
        sxy += (xs[i] - mx) * (ys[i] - my);
        syy += (ys[i] - my) * (ys[i] - my);
    }
    LinearFit f;
    f.slope = sxx > 0 ? sxy / sxx : 0;
    f.intercept = my - f.slope * mx;
    f.r2 = sxx > 0 && syy > 0 ? (sxy * sxy) / (sxx * syy) : 0;
    return f;
}

double correlation(const std::vector<double> &a, const std::vector<double> &b) {
    return std::sqrt(linear_regression(a, b).r2) * (linear_regression(a, b).slope < 0 ? -1 : 1);
}

std::vector<double> moving_average(const std::vector<double> &v, size_t window) {
    std::vector<double> out;
    if (window == 0 || v.size() < window)
        return out;
    double sum = std::accumulate(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(window), 0.0);
    out.push_back(sum / static_cast<double>(window));
    for (size_t i = window; i < v.size(); ++i) {
        sum += v[i] - v[i - window];
        out.push_back(sum / static_cast<double>(window));
    }
    return out;
}

std::vector<double> zscores(const std::vector<double> &v) {
    RunningStats s;
    for (double x : v)
        s.add(x);
    std::vector<double> out;
    out.reserve(v.size());
    double sd = s.stddev();
    for (double x : v)
        out.push_back(sd > 0 ? (x - s.mean()) / sd : 0);
    return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Inventory
// ---------------------------------------------------------------------------------------------------------------

enum class Category { Tools, Food, Books, Electronics, Other };

std::string category_name(Category c) {
    switch (c) {
    case Category::Tools: return "tools";
    case Category::Food: return "food";
    case Category::Books: return "books";
    case Category::Electronics: return "electronics";
    case Category::Other: return "other";
    }
    return "?";
}

Category parse_category(std::string_view s) {
    std::string l = to_lower(std::string(s));
    if (l == "tools")
        return Category::Tools;
    if (l == "food")
        return Category::Food;
    if (l == "books")
        return Category::Books;
    if (l == "electronics")
        return Category::Electronics;
    return Category::Other;
}

struct Item {
    std::string sku;
    std::string name;
    Category category = Category::Other;
    double price = 0;
    int quantity = 0;
    int reorder_level = 5;
};

struct OrderLine {
    std::string sku;
    int quantity = 0;
};

struct Order {
    int id = 0;
    std::string customer;
    std::vector<OrderLine> lines;
};

class Inventory {
  public:
    void add_item(Item item) {
        if (item.sku.empty())
            throw std::invalid_argument("an item needs a SKU");
        m_items[item.sku] = std::move(item);
    }
    bool has(const std::string &sku) const { return m_items.count(sku) != 0; }
    const Item &item(const std::string &sku) const {
        auto it = m_items.find(sku);
        if (it == m_items.end())
            throw std::out_of_range("no item " + sku);
        return it->second;
    }
    void restock(const std::string &sku, int quantity) {
        auto it = m_items.find(sku);
        if (it == m_items.end())
            throw std::out_of_range("no item " + sku);
        it->second.quantity += quantity;
        m_log.push_back("restock " + sku + " +" + std::to_string(quantity));
    }
    /// Fills the order if every line is in stock; returns the total price, or nothing.
    std::optional<double> fill(const Order &order) {
        for (const OrderLine &l : order.lines) {
            auto it = m_items.find(l.sku);
            if (it == m_items.end() || it->second.quantity < l.quantity)
                return std::nullopt;
        }
        double total = 0;
        for (const OrderLine &l : order.lines) {
            Item &it = m_items[l.sku];
            it.quantity -= l.quantity;
            total += it.price * l.quantity;
        }
        m_log.push_back("order " + std::to_string(order.id) + " for " + order.customer + ": " + format_fixed(total, 2));
        return total;
    }
    std::vector<std::string> needs_reorder() const {
        std::vector<std::string> out;
        for (const auto &[sku, item] : m_items)
            if (item.quantity <= item.reorder_level)
                out.push_back(sku);
        return out;
    }
    double stock_value() const {
        double v = 0;
        for (const auto &[sku, item] : m_items)
            v += item.price * item.quantity;
        return v;
    }
    std::map<Category, double> value_by_category() const {
        std::map<Category, double> out;
        for (const auto &[sku, item] : m_items)
            out[item.category] += item.price * item.quantity;
        return out;
    }
    std::string report() const {
        std::string out =
            pad_right("SKU", 10) + pad_right("name", 24) + pad_left("qty", 6) + pad_left("price", 10) + "\n";
        for (const auto &[sku, item] : m_items)
            out += pad_right(sku, 10) + pad_right(item.name, 24) + pad_left(std::to_string(item.quantity), 6) +
                   pad_left(format_fixed(item.price, 2), 10) + "\n";
        return out;
    }
    const std::vector<std::string> &log() const { return m_log; }
    size_t size() const { return m_items.size(); }

  private:
    std::map<std::string, Item> m_items;
    std::vector<std::string> m_log;
};

Item parse_item(std::string_view line) {
    std::vector<std::string> f = split(line, ',');
    if (f.size() != 5)
        throw std::invalid_argument("an item line has 5 fields: sku,name,category,price,quantity");
    Item it;
    it.sku = trim(f[0]);
    it.name = trim(f[1]);
    it.category = parse_category(trim(f[2]));
    it.price = std::stod(f[3]);
    it.quantity = std::stoi(f[4]);
    return it;
}

Inventory load_inventory(std::string_view csv) {
    Inventory inv;
    for (const std::string &line : split(csv, '\n')) {
        std::string t = trim(line);
        if (t.empty() || t[0] == '#')
            continue;
        inv.add_item(parse_item(t));
    }
    return inv;
}

// ---------------------------------------------------------------------------------------------------------------
// Graphs
// ---------------------------------------------------------------------------------------------------------------

class Graph {
  public:
    explicit Graph(size_t n) : m_adj(n) {}
    void add_edge(size_t a, size_t b, double w = 1.0, bool directed = false) {
        m_adj.at(a).push_back({b, w});
        if (!directed)
            m_adj.at(b).push_back({a, w});
    }
    size_t size() const { return m_adj.size(); }
    size_t edge_count() const {
        size_t n = 0;
        for (const auto &v : m_adj)
            n += v.size();
        return n;
    }

    std::vector<int> bfs_distances(size_t source) const {
        std::vector<int> dist(m_adj.size(), -1);
        std::queue<size_t> q;
        dist[source] = 0;
        q.push(source);
        while (!q.empty()) {
            size_t u = q.front();
            q.pop();
            for (const auto &[v, w] : m_adj[u])
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    q.push(v);
                }
        }
        return dist;
    }

    std::vector<double> dijkstra(size_t source, std::vector<size_t> *previous = nullptr) const {
        const double inf = std::numeric_limits<double>::infinity();
        std::vector<double> dist(m_adj.size(), inf);
        if (previous)
            previous->assign(m_adj.size(), std::numeric_limits<size_t>::max());
        using Entry = std::pair<double, size_t>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> pq;
        dist[source] = 0;
        pq.push({0, source});
        while (!pq.empty()) {
            auto [d, u] = pq.top();
            pq.pop();
            if (d > dist[u])
                continue;
            for (const auto &[v, w] : m_adj[u]) {
                double nd = d + w;
                if (nd < dist[v]) {
                    dist[v] = nd;
                    if (previous)
                        (*previous)[v] = u;
                    pq.push({nd, v});
                }
            }
        }
        return dist;
    }

    std::vector<size_t> shortest_path(size_t from, size_t to) const {
        std::vector<size_t> prev;
        std::vector<double> dist = dijkstra(from, &prev);
        std::vector<size_t> path;
        if (std::isinf(dist[to]))
            return path;
        for (size_t v = to; v != from; v = prev[v])
            path.push_back(v);
        path.push_back(from);
        std::reverse(path.begin(), path.end());
        return path;
    }

    std::optional<std::vector<size_t>> topological_order() const {
        std::vector<int> indegree(m_adj.size(), 0);
        for (const auto &edges : m_adj)
            for (const auto &[v, w] : edges)
                ++indegree[v];
        std::queue<size_t> q;
        for (size_t i = 0; i < m_adj.size(); ++i)
            if (indegree[i] == 0)
                q.push(i);
        std::vector<size_t> order;
        while (!q.empty()) {
            size_t u = q.front();
            q.pop();
            order.push_back(u);
            for (const auto &[v, w] : m_adj[u])
                if (--indegree[v] == 0)
                    q.push(v);
        }
        if (order.size() != m_adj.size())
            return std::nullopt;
        return order;
    }

    size_t connected_components() const {
        std::vector<bool> seen(m_adj.size(), false);
        size_t components = 0;
        for (size_t s = 0; s < m_adj.size(); ++s) {
            if (seen[s])
                continue;
            ++components;
            std::vector<size_t> stack{s};
            seen[s] = true;
            while (!stack.empty()) {
                size_t u = stack.back();
                stack.pop_back();
                for (const auto &[v, w] : m_adj[u])
                    if (!seen[v]) {
                        seen[v] = true;
                        stack.push_back(v);
                    }
            }
        }
        return components;
    }

    double minimum_spanning_tree_weight() const {
        std::vector<bool> in_tree(m_adj.size(), false);
        using Entry = std::pair<double, size_t>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> pq;
        double total = 0;
        if (m_adj.empty())
            return 0;
        pq.push({0, 0});
        while (!pq.empty()) {
            auto [w, u] = pq.top();
            pq.pop();
            if (in_tree[u])
                continue;
            in_tree[u] = true;
            total += w;
            for (const auto &[v, wv] : m_adj[u])
                if (!in_tree[v])
                    pq.push({wv, v});
        }
        return total;
    }

  private:
    struct Edge {
        size_t to;
        double weight;
    };
    std::vector<std::vector<Edge>> m_adj;
};

Graph grid_graph(size_t w, size_t h) {
    Graph g(w * h);
    for (size_t y = 0; y < h; ++y)
        for (size_t x = 0; x < w; ++x) {
            size_t i = y * w + x;
            if (x + 1 < w)
                g.add_edge(i, i + 1, 1.0 + 0.1 * static_cast<double>((x * 7 + y * 3) % 5));
            if (y + 1 < h)
                g.add_edge(i, i + w, 1.0 + 0.1 * static_cast<double>((x * 5 + y * 11) % 7));
        }
    return g;
}

// ---------------------------------------------------------------------------------------------------------------
// Expressions: a tokenizer and a recursive-descent evaluator with variables and functions
// ---------------------------------------------------------------------------------------------------------------

enum class TokenKind { Number, Name, Plus, Minus, Star, Slash, Caret, LParen, RParen, Comma, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    double value = 0;
};

std::vector<Token> tokenize(std::string_view s) {
    std::vector<Token> out;
    size_t i = 0;
    while (i < s.size()) {
        char c = s[i];
        if (c == ' ' || c == '\t') {
            ++i;
            continue;
        }
        Token t;
        if ((c >= '0' && c <= '9') || c == '.') {
            size_t start = i;
            while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == 'e' ||
                                    ((s[i] == '-' || s[i] == '+') && i > start && s[i - 1] == 'e')))
                ++i;
            t.kind = TokenKind::Number;
            t.text = std::string(s.substr(start, i - start));
            t.value = std::stod(t.text);
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
            size_t start = i;
            while (i < s.size() && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '_' ||
                                    (s[i] >= '0' && s[i] <= '9')))
                ++i;
            t.kind = TokenKind::Name;
            t.text = std::string(s.substr(start, i - start));
        } else {
            switch (c) {
            case '+': t.kind = TokenKind::Plus; break;
            case '-': t.kind = TokenKind::Minus; break;
            case '*': t.kind = TokenKind::Star; break;
            case '/': t.kind = TokenKind::Slash; break;
            case '^': t.kind = TokenKind::Caret; break;
            case '(': t.kind = TokenKind::LParen; break;
            case ')': t.kind = TokenKind::RParen; break;
            case ',': t.kind = TokenKind::Comma; break;
            default: throw std::invalid_argument(std::string("unexpected character '") + c + "'");
            }
            t.text = std::string(1, c);
            ++i;
        }
        out.push_back(std::move(t));
    }
    out.push_back(Token{});
    return out;
}

class Evaluator {
  public:
    void set(const std::string &name, double v) { m_vars[name] = v; }
    double get(const std::string &name) const {
        auto it = m_vars.find(name);
        if (it == m_vars.end())
            throw std::out_of_range("unknown variable " + name);
        return it->second;
    }

    double evaluate(std::string_view text) {
        m_tokens = tokenize(text);
        m_pos = 0;
        double v = expression();
        if (peek().kind != TokenKind::End)
            throw std::invalid_argument("unexpected '" + peek().text + "'");
        return v;
    }

  private:
    const Token &peek() const { return m_tokens[m_pos]; }
    Token next() { return m_tokens[m_pos++]; }
    bool accept(TokenKind k) {
        if (peek().kind == k) {
            ++m_pos;
            return true;
        }
        return false;
    }
    void expect(TokenKind k, const char *what) {
        if (!accept(k))
            throw std::invalid_argument(std::string("expected ") + what);
    }

    double expression() {
        double v = term();
        while (true) {
            if (accept(TokenKind::Plus))
                v += term();
            else if (accept(TokenKind::Minus))
                v -= term();
            else
                return v;
        }
    }
    double term() {
        double v = power();
        while (true) {
            if (accept(TokenKind::Star)) {
                v *= power();
            } else if (accept(TokenKind::Slash)) {
                double d = power();
                if (d == 0)
                    throw std::domain_error("division by zero");
                v /= d;
            } else {
                return v;
            }
        }
    }
    double power() {
        double base = unary();
        if (accept(TokenKind::Caret))
            return std::pow(base, power());
        return base;
    }
    double unary() {
        if (accept(TokenKind::Minus))
            return -unary();
        if (accept(TokenKind::Plus))
            return unary();
        return primary();
    }
    double primary() {
        Token t = next();
        switch (t.kind) {
        case TokenKind::Number: return t.value;
        case TokenKind::LParen: {
            double v = expression();
            expect(TokenKind::RParen, "')'");
            return v;
        }
        case TokenKind::Name: {
            if (accept(TokenKind::LParen)) {
                std::vector<double> args;
                if (!accept(TokenKind::RParen)) {
                    do
                        args.push_back(expression());
                    while (accept(TokenKind::Comma));
                    expect(TokenKind::RParen, "')' after the arguments");
                }
                return call(t.text, args);
            }
            return get(t.text);
        }
        default: throw std::invalid_argument("unexpected '" + t.text + "'");
        }
    }
    static double call(const std::string &f, const std::vector<double> &a) {
        auto need = [&](size_t n) {
            if (a.size() != n)
                throw std::invalid_argument(f + " takes " + std::to_string(n) + " arguments");
        };
        if (f == "sin") {
            need(1);
            return std::sin(a[0]);
        }
        if (f == "cos") {
            need(1);
            return std::cos(a[0]);
        }
        if (f == "sqrt") {
            need(1);
            return std::sqrt(a[0]);
        }
        if (f == "exp") {
            need(1);
            return std::exp(a[0]);
        }
        if (f == "log") {
            need(1);
            return std::log(a[0]);
        }
        if (f == "max") {
            need(2);
            return std::max(a[0], a[1]);
        }
        if (f == "min") {
            need(2);
            return std::min(a[0], a[1]);
        }
        if (f == "hypot") {
            need(2);
            return std::hypot(a[0], a[1]);
        }
        throw std::invalid_argument("unknown function " + f);
    }

    std::map<std::string, double> m_vars;
    std::vector<Token> m_tokens;
    size_t m_pos = 0;
};

// ---------------------------------------------------------------------------------------------------------------
// Dense matrices
// ---------------------------------------------------------------------------------------------------------------

class Matrix {
  public:
    Matrix() = default;
    Matrix(size_t rows, size_t cols, double fill = 0) : m_rows(rows), m_cols(cols), m_data(rows * cols, fill) {}
    static Matrix identity(size_t n) {
        Matrix m(n, n);
        for (size_t i = 0; i < n; ++i)
            m(i, i) = 1;
        return m;
    }
    size_t rows() const { return m_rows; }
    size_t cols() const { return m_cols; }
    double &operator()(size_t r, size_t c) { return m_data[r * m_cols + c]; }
    double operator()(size_t r, size_t c) const { return m_data[r * m_cols + c]; }

    Matrix operator*(const Matrix &o) const {
        if (m_cols != o.m_rows)
            throw std::invalid_argument("matrix shapes do not match");
        Matrix r(m_rows, o.m_cols);
        for (size_t i = 0; i < m_rows; ++i)
            for (size_t k = 0; k < m_cols; ++k) {
                double a = (*this)(i, k);
                for (size_t j = 0; j < o.m_cols; ++j)
                    r(i, j) += a * o(k, j);
            }
        return r;
    }
    Matrix operator+(const Matrix &o) const {
        Matrix r = *this;
        for (size_t i = 0; i < m_data.size(); ++i)
            r.m_data[i] += o.m_data[i];
        return r;
    }
    Matrix transposed() const {
        Matrix r(m_cols, m_rows);
        for (size_t i = 0; i < m_rows; ++i)
            for (size_t j = 0; j < m_cols; ++j)
                r(j, i) = (*this)(i, j);
        return r;
    }
    std::vector<double> operator*(const std::vector<double> &v) const {
        std::vector<double> out(m_rows, 0);
        for (size_t i = 0; i < m_rows; ++i)
            for (size_t j = 0; j < m_cols; ++j)
                out[i] += (*this)(i, j) * v[j];
        return out;
    }
    double frobenius_norm() const {
        double s = 0;
        for (double x : m_data)
            s += x * x;
        return std::sqrt(s);
    }

    /// Solves A x = b by LU decomposition with partial pivoting.
    std::vector<double> solve(std::vector<double> b) const {
        if (m_rows != m_cols || b.size() != m_rows)
            throw std::invalid_argument("solve needs a square matrix and a matching right-hand side");
        Matrix lu = *this;
        size_t n = m_rows;
        std::vector<size_t> perm(n);
        std::iota(perm.begin(), perm.end(), size_t(0));
        for (size_t k = 0; k < n; ++k) {
            size_t p = k;
            for (size_t i = k + 1; i < n; ++i)
                if (std::abs(lu(i, k)) > std::abs(lu(p, k)))
                    p = i;
            if (std::abs(lu(p, k)) < 1e-14)
                throw std::domain_error("singular matrix");
            if (p != k) {
                for (size_t j = 0; j < n; ++j)
                    std::swap(lu(p, j), lu(k, j));
                std::swap(b[p], b[k]);
                std::swap(perm[p], perm[k]);
            }
            for (size_t i = k + 1; i < n; ++i) {
                lu(i, k) /= lu(k, k);
                for (size_t j = k + 1; j < n; ++j)
                    lu(i, j) -= lu(i, k) * lu(k, j);
            }
        }
        for (size_t i = 1; i < n; ++i)
            for (size_t j = 0; j < i; ++j)
                b[i] -= lu(i, j) * b[j];
        for (size_t i = n; i-- > 0;) {
            for (size_t j = i + 1; j < n; ++j)
                b[i] -= lu(i, j) * b[j];
            b[i] /= lu(i, i);
        }
        return b;
    }

    double determinant() const {
        Matrix lu = *this;
        size_t n = m_rows;
        double det = 1;
        for (size_t k = 0; k < n; ++k) {
            size_t p = k;
            for (size_t i = k + 1; i < n; ++i)
                if (std::abs(lu(i, k)) > std::abs(lu(p, k)))
                    p = i;
            if (lu(p, k) == 0)
                return 0;
            if (p != k) {
                for (size_t j = 0; j < n; ++j)
                    std::swap(lu(p, j), lu(k, j));
                det = -det;
            }
            det *= lu(k, k);
            for (size_t i = k + 1; i < n; ++i) {
                double f = lu(i, k) / lu(k, k);
                for (size_t j = k; j < n; ++j)
                    lu(i, j) -= f * lu(k, j);
            }
        }
        return det;
    }

    std::string to_string(int decimals = 3) const {
        std::string out;
        for (size_t i = 0; i < m_rows; ++i) {
            for (size_t j = 0; j < m_cols; ++j)
                out += pad_left(format_fixed((*this)(i, j), decimals), 10);
            out += "\n";
        }
        return out;
    }

  private:
    size_t m_rows = 0, m_cols = 0;
    std::vector<double> m_data;
};

/// Power iteration: the dominant eigenvalue of a square matrix.
double dominant_eigenvalue(const Matrix &a, int iterations = 100) {
    std::vector<double> v(a.rows(), 1.0);
    double lambda = 0;
    for (int it = 0; it < iterations; ++it) {
        std::vector<double> w = a * v;
        double norm = 0;
        for (double x : w)
            norm += x * x;
        norm = std::sqrt(norm);
        if (norm == 0)
            return 0;
        for (double &x : w)
            x /= norm;
        std::vector<double> aw = a * w;
        lambda = std::inner_product(w.begin(), w.end(), aw.begin(), 0.0);
        v = std::move(w);
    }
    return lambda;
}

// ---------------------------------------------------------------------------------------------------------------
// Particles
// ---------------------------------------------------------------------------------------------------------------

struct Particle {
    Vec3 position, velocity;
    double mass = 1;
    bool alive = true;
};

class ParticleSystem {
  public:
    explicit ParticleSystem(Vec3 gravity) : m_gravity(gravity) {}
    void emit(const Vec3 &at, const Vec3 &velocity, double mass) { m_particles.push_back({at, velocity, mass, true}); }
    void step(double dt, double floor_height, double restitution) {
        for (Particle &p : m_particles) {
            if (!p.alive)
                continue;
            p.velocity += m_gravity * dt;
            p.velocity = p.velocity * (1.0 - m_drag * dt / p.mass);
            p.position += p.velocity * dt;
            if (p.position.z < floor_height) {
                p.position.z = floor_height + (floor_height - p.position.z) * restitution;
                p.velocity.z = -p.velocity.z * restitution;
                if (std::abs(p.velocity.z) < 1e-3)
                    p.alive = false;
            }
        }
        ++m_steps;
    }
    size_t alive() const {
        return static_cast<size_t>(
            std::count_if(m_particles.begin(), m_particles.end(), [](const Particle &p) { return p.alive; }));
    }
    double kinetic_energy() const {
        double e = 0;
        for (const Particle &p : m_particles)
            e += 0.5 * p.mass * p.velocity.dot(p.velocity);
        return e;
    }
    Vec3 center_of_mass() const {
        Vec3 c;
        double m = 0;
        for (const Particle &p : m_particles) {
            c += p.position * p.mass;
            m += p.mass;
        }
        return m > 0 ? c * (1.0 / m) : c;
    }
    void set_drag(double d) { m_drag = d; }
    size_t steps() const { return m_steps; }

  private:
    Vec3 m_gravity;
    double m_drag = 0.01;
    std::vector<Particle> m_particles;
    size_t m_steps = 0;
};

// ---------------------------------------------------------------------------------------------------------------
// Scheduling: intervals, calendars
// ---------------------------------------------------------------------------------------------------------------

struct Interval {
    int start = 0, end = 0; // [start, end)
    std::string label;
    bool overlaps(const Interval &o) const { return start < o.end && o.start < end; }
    int length() const { return end - start; }
};

std::vector<Interval> merge_intervals(std::vector<Interval> v) {
    std::sort(v.begin(), v.end(), [](const Interval &a, const Interval &b) { return a.start < b.start; });
    std::vector<Interval> out;
    for (Interval &i : v) {
        if (!out.empty() && out.back().end >= i.start) {
            out.back().end = std::max(out.back().end, i.end);
            out.back().label += "+" + i.label;
        } else {
            out.push_back(std::move(i));
        }
    }
    return out;
}

size_t max_concurrent(const std::vector<Interval> &v) {
    std::vector<std::pair<int, int>> events;
    for (const Interval &i : v) {
        events.push_back({i.start, +1});
        events.push_back({i.end, -1});
    }
    std::sort(events.begin(), events.end());
    int cur = 0, best = 0;
    for (const auto &[t, d] : events) {
        cur += d;
        best = std::max(best, cur);
    }
    return static_cast<size_t>(best);
}

class Calendar {
  public:
    bool book(const Interval &i) {
        for (const Interval &b : m_booked)
            if (b.overlaps(i))
                return false;
        m_booked.push_back(i);
        return true;
    }
    std::vector<Interval> free_slots(int day_start, int day_end, int min_length) const {
        std::vector<Interval> busy = merge_intervals(m_booked);
        std::vector<Interval> out;
        int t = day_start;
        for (const Interval &b : busy) {
            if (b.start - t >= min_length)
                out.push_back({t, b.start, "free"});
            t = std::max(t, b.end);
        }
        if (day_end - t >= min_length)
            out.push_back({t, day_end, "free"});
        return out;
    }
    size_t size() const { return m_booked.size(); }

  private:
    std::vector<Interval> m_booked;
};

std::string minutes_to_clock(int minutes) {
    int h = minutes / 60, m = minutes % 60;
    return pad_left(std::to_string(h), 2, '0') + ":" + pad_left(std::to_string(m), 2, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// Money: accounts and loans
// ---------------------------------------------------------------------------------------------------------------

struct Transaction {
    int day = 0;
    double amount = 0;
    std::string memo;
};

class Account {
  public:
    explicit Account(std::string owner, double overdraft = 0) : m_owner(std::move(owner)), m_overdraft(overdraft) {}
    bool deposit(int day, double amount, std::string memo) {
        if (amount <= 0)
            return false;
        m_balance += amount;
        m_history.push_back({day, amount, std::move(memo)});
        return true;
    }
    bool withdraw(int day, double amount, std::string memo) {
        if (amount <= 0 || m_balance - amount < -m_overdraft)
            return false;
        m_balance -= amount;
        m_history.push_back({day, -amount, std::move(memo)});
        return true;
    }
    double balance() const { return m_balance; }
    const std::string &owner() const { return m_owner; }
    std::map<std::string, double> totals_by_memo() const {
        std::map<std::string, double> out;
        for (const Transaction &t : m_history)
            out[t.memo] += t.amount;
        return out;
    }
    double balance_on(int day) const {
        double b = 0;
        for (const Transaction &t : m_history)
            if (t.day <= day)
                b += t.amount;
        return b;
    }

  private:
    std::string m_owner;
    double m_overdraft;
    double m_balance = 0;
    std::vector<Transaction> m_history;
};

double monthly_payment(double principal, double yearly_rate, int months) {
    double r = yearly_rate / 12;
    if (r == 0)
        return principal / months;
    return principal * r / (1 - std::pow(1 + r, -months));
}

std::vector<double> amortization_balances(double principal, double yearly_rate, int months) {
    double payment = monthly_payment(principal, yearly_rate, months);
    std::vector<double> out;
    double b = principal;
    for (int m = 0; m < months; ++m) {
        b = b * (1 + yearly_rate / 12) - payment;
        out.push_back(std::max(0.0, b));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Functions marked for the tape
// ---------------------------------------------------------------------------------------------------------------

/// The number of Collatz steps from n down to 1.
[[jit::trace]] int collatz_steps(long n) {
    int steps = 0;
    while (n != 1) {
        if (n % 2 == 0) {
            n = n / 2;
        } else {
            n = 3 * n + 1;
        }
        ++steps;
    }
    return steps;
}

/// Mean and population variance of the values, with a switch on how to weigh them.
[[jit::trace]] double weighted_mean(const std::vector<double> &values, int scheme) {
    double sum = 0;
    double weights = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        double w = 1;
        switch (scheme) {
        case 0: w = 1; break;
        case 1: w = static_cast<double>(i + 1); break;
        case 2: w = 1.0 / static_cast<double>(i + 1); break;
        default: w = std::exp(-static_cast<double>(i)); break;
        }
        sum += w * values[i];
        weights += w;
    }
    if (weights == 0) {
        return 0;
    }
    return sum / weights;
}

/// Simulates a savings plan month by month: deposits, interest, a yearly fee.
[[jit::trace]] double savings_plan(double deposit, double yearly_rate, int years) {
    double balance = 0;
    int month = 0;
    double monthly_rate = yearly_rate / 12;
    while (month < years * 12) {
        balance += deposit;
        balance *= 1 + monthly_rate;
        if (month % 12 == 11) {
            balance -= std::min(balance * 0.001, 25.0);
        }
        month += 1;
    }
    return balance;
}

/// A label for a score, through an if/else-if chain.
[[jit::trace]] std::string grade(double score) {
    std::string label;
    if (score >= 90) {
        label = "excellent";
    } else if (score >= 75) {
        label = "good";
    } else if (score >= 50) {
        label = "pass";
    } else {
        label = "fail";
    }
    return label;
}

// ---------------------------------------------------------------------------------------------------------------
// A small driver that ties the parts together (never run by the benchmark: it only has to compile)
// ---------------------------------------------------------------------------------------------------------------

struct Report {
    std::vector<std::string> lines;
    void add(const std::string &key, const std::string &value) { lines.push_back(pad_right(key, 28) + value); }
    std::string str() const { return join(lines, "\n"); }
};

Report run_everything() {
    Report r;
    std::vector<Vec2> square = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    r.add("square area", format_fixed(polygon_area(square), 3));
    r.add("square perimeter", format_fixed(polygon_perimeter(square), 3));
    Vec2 c = polygon_centroid(square);
    r.add("square centroid", format_fixed(c.x, 2) + ", " + format_fixed(c.y, 2));
    r.add("inside", point_in_polygon({1, 1}, square) ? "yes" : "no");
    std::vector<Vec2> cloud;
    for (int i = 0; i < 50; ++i)
        cloud.push_back(Vec2(std::cos(i * 0.7) * (1 + i % 3), std::sin(i * 1.3) * (1 + i % 5)));
    r.add("hull size", std::to_string(convex_hull(cloud).size()));
    Segment s1{{0, 0}, {2, 2}}, s2{{0, 2}, {2, 0}};
    if (auto p = s1.intersect(s2))
        r.add("intersection", format_fixed(p->x, 2) + ", " + format_fixed(p->y, 2));

    RunningStats st;
    Histogram h(-3, 3, 12);
    std::vector<double> xs, ys;
    for (int i = 0; i < 200; ++i) {
        double x = std::sin(i * 0.37) * 2.5;
        st.add(x);
        h.add(x);
        xs.push_back(i);
        ys.push_back(3 * i + 2 + x);
    }
    r.add("mean", format_fixed(st.mean(), 4));
    r.add("stddev", format_fixed(st.stddev(), 4));
    r.add("median", format_fixed(median(xs), 2));
    LinearFit fit = linear_regression(xs, ys);
    r.add("fit", format_fixed(fit.slope, 3) + " x + " + format_fixed(fit.intercept, 3));
    r.add("histogram total", std::to_string(h.total()));
    r.add("moving average size", std::to_string(moving_average(ys, 10).size()));

    Inventory inv = load_inventory("# sku,name,category,price,quantity\n"
                                   "T1,hammer,tools,12.5,10\n"
                                   "F1,apples,food,0.4,200\n"
                                   "B1,novel,books,9.99,3\n"
                                   "E1,radio,electronics,49.0,2\n");
    Order o{1, "ann", {{"T1", 2}, {"F1", 12}}};
    if (auto total = inv.fill(o))
        r.add("order 1", format_fixed(*total, 2));
    inv.restock("B1", 10);
    r.add("stock value", format_fixed(inv.stock_value(), 2));
    r.add("reorder", join(inv.needs_reorder(), ","));
    for (const auto &[cat, value] : inv.value_by_category())
        r.add("value " + category_name(cat), format_fixed(value, 2));

    Graph g = grid_graph(8, 8);
    r.add("grid components", std::to_string(g.connected_components()));
    r.add("grid mst", format_fixed(g.minimum_spanning_tree_weight(), 2));
    r.add("path length", std::to_string(g.shortest_path(0, 63).size()));
    std::vector<int> bfs = g.bfs_distances(0);
    r.add("bfs far corner", std::to_string(bfs.back()));

    Evaluator ev;
    ev.set("x", 2);
    ev.set("pi", 3.14159265358979);
    r.add("expr", format_fixed(ev.evaluate("sin(pi / 2) + x ^ 3 - max(1, hypot(3, 4))"), 4));

    Matrix a(3, 3);
    a(0, 0) = 4, a(0, 1) = 1, a(0, 2) = 2;
    a(1, 0) = 1, a(1, 1) = 3, a(1, 2) = 0;
    a(2, 0) = 2, a(2, 1) = 0, a(2, 2) = 5;
    std::vector<double> sol = a.solve({1, 2, 3});
    r.add("solution", format_fixed(sol[0], 4) + " " + format_fixed(sol[1], 4) + " " + format_fixed(sol[2], 4));
    r.add("determinant", format_fixed(a.determinant(), 4));
    r.add("eigenvalue", format_fixed(dominant_eigenvalue(a), 4));

    ParticleSystem ps({0, 0, -9.81});
    for (int i = 0; i < 20; ++i)
        ps.emit({0, 0, 10.0 + i}, {std::cos(i * 1.0), std::sin(i * 1.0), 0}, 1.0 + i * 0.1);
    for (int i = 0; i < 500; ++i)
        ps.step(0.01, 0, 0.7);
    r.add("particles alive", std::to_string(ps.alive()));
    r.add("kinetic energy", format_fixed(ps.kinetic_energy(), 3));

    Calendar cal;
    cal.book({9 * 60, 10 * 60, "standup"});
    cal.book({12 * 60, 13 * 60, "lunch"});
    for (const Interval &slot : cal.free_slots(8 * 60, 18 * 60, 30))
        r.add("free", minutes_to_clock(slot.start) + "-" + minutes_to_clock(slot.end));

    Account acc("bob", 100);
    acc.deposit(1, 1000, "salary");
    acc.withdraw(2, 250, "rent");
    acc.withdraw(3, 40, "food");
    r.add("balance", format_fixed(acc.balance(), 2));
    r.add("payment", format_fixed(monthly_payment(10000, 0.05, 36), 2));

    r.add("collatz 27", std::to_string(collatz_steps(27)));
    r.add("weighted mean", format_fixed(weighted_mean(ys, 1), 3));
    r.add("savings", format_fixed(savings_plan(100, 0.03, 10), 2));
    r.add("grade", grade(81));
    std::map<std::string, int> freq = word_frequencies("the quick brown fox jumps over the lazy dog the end");
    for (const auto &[w, n] : top_words(freq, 3))
        r.add("word " + w, std::to_string(n));
    r.add("distance", std::to_string(levenshtein("kitten", "sitting")));
    return r;
}

} // namespace app
