// runtime/tape/tape_limits.cpp — reads TRACEJIT_TAPE_LIMIT, _STATEMENTS, _FUNCTIONS, _CALLS, _DEPTH and _LOOP
#include "tape_limits.h"

#include "tape_stream.h"

#include <charconv>
#include <cstdlib>

namespace tj::tape::detail {
namespace {

bool parse_count(std::string_view text, uint64_t &out) {
    out = 0;
    if (text.empty())
        return true;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

bool parse_size(std::string_view text, uint64_t &out) {
    out = 0;
    if (text.empty())
        return true;
    uint64_t scale = 1;
    switch (text.back()) {
    case 'K':
    case 'k': scale = uint64_t(1) << 10; break;
    case 'M':
    case 'm': scale = uint64_t(1) << 20; break;
    case 'G':
    case 'g': scale = uint64_t(1) << 30; break;
    }
    if (scale != 1)
        text.remove_suffix(1);
    uint64_t v = 0;
    if (text.empty() || !parse_count(text, v) || v > UINT64_MAX / scale)
        return false;
    out = v * scale;
    return true;
}

TapeLimits read_tape_limits(const char *(*get)(const char *)) {
    TapeLimits l;
    auto bad = [&](const char *name, const char *value, const char *form) {
        if (l.error.empty())
            l.error = std::string(name) + "='" + value + "' is not " + form;
    };
    if (const char *v = get("TRACEJIT_TAPE_LIMIT"); v && !parse_size(v, l.bytes))
        bad("TRACEJIT_TAPE_LIMIT", v, "a size (bytes, with an optional suffix K, M or G)");
    if (const char *v = get("TRACEJIT_TAPE_STATEMENTS"); v && !parse_count(v, l.statements))
        bad("TRACEJIT_TAPE_STATEMENTS", v, "a count");
    if (const char *v = get("TRACEJIT_TAPE_CALLS"); v && !parse_count(v, l.calls))
        bad("TRACEJIT_TAPE_CALLS", v, "a count");
    uint64_t n = 0;
    if (const char *v = get("TRACEJIT_TAPE_DEPTH"); v) {
        if (!parse_count(v, n) || n > 1000000)
            bad("TRACEJIT_TAPE_DEPTH", v, "a depth");
        else
            l.depth = static_cast<int>(n);
    }
    if (const char *v = get("TRACEJIT_TAPE_LOOP"); v) {
        if (!parse_count(v, n) || n > UINT32_MAX / 2)
            bad("TRACEJIT_TAPE_LOOP", v, "a count of iterations");
        else
            l.loop = static_cast<uint32_t>(n);
    }
    if (const char *v = get("TRACEJIT_TAPE_FUNCTIONS"); v) {
        std::string_view s = v;
        while (!s.empty()) {
            size_t comma = s.find(',');
            std::string_view part = s.substr(0, comma);
            while (!part.empty() && part.front() == ' ')
                part.remove_prefix(1);
            while (!part.empty() && part.back() == ' ')
                part.remove_suffix(1);
            if (!part.empty())
                l.functions.emplace_back(part);
            if (comma == std::string_view::npos)
                break;
            s.remove_prefix(comma + 1);
        }
    }
    return l;
}

const TapeLimits &tape_limits() {
    static const TapeLimits limits =
        read_tape_limits([](const char *name) -> const char * { return std::getenv(name); });
    return limits;
}

bool glob_match(std::string_view p, std::string_view s) {
    size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
    while (si < s.size()) {
        if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
            ++pi;
            ++si;
        } else if (pi < p.size() && p[pi] == '*') {
            star = pi++;
            mark = si;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            si = ++mark;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi] == '*')
        ++pi;
    return pi == p.size();
}

bool function_selected(const TapeLimits &limits, std::string_view name) {
    if (limits.functions.empty())
        return true;
    for (const std::string &p : limits.functions)
        if (glob_match(p, name))
            return true;
    return false;
}

} // namespace tj::tape::detail
