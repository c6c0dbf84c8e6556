// tests/fuzz/differential/frozen_ad.cpp — frozen-AD programs (frozen_ad.h): --avoid-known, generating a random
// scenario and making a changed one consistent
#include "frozen_ad.h"
#include "splitmix.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace tjdiff {

bool parse_avoid(const std::string &list, Avoid &avoid) {
    avoid = Avoid{};
    if (list == "none" || list.empty())
        return true;
    if (list == "all") {
        avoid.r.fill(true);
        avoid.n.fill(true);
        return true;
    }
    size_t at = 0;
    while (at <= list.size()) {
        size_t end = list.find(',', at);
        std::string item = list.substr(at, end == std::string::npos ? std::string::npos : end - at);
        if (item.size() != 2 || (item[0] != 'R' && item[0] != 'N'))
            return false;
        size_t k = size_t(item[1] - '0');
        if (k < 1 || k > (item[0] == 'R' ? 6 : 8))
            return false;
        (item[0] == 'R' ? avoid.r[k] : avoid.n[k]) = true;
        if (end == std::string::npos)
            break;
        at = end + 1;
    }
    return true;
}

std::string avoid_list(const Avoid &avoid) {
    std::string s;
    for (size_t k = 1; k < avoid.r.size(); ++k)
        if (avoid.r[k])
            s += fmt::format("{}R{}", s.empty() ? "" : ",", k);
    for (size_t k = 1; k < avoid.n.size(); ++k)
        if (avoid.n[k])
            s += fmt::format("{}N{}", s.empty() ? "" : ",", k);
    return s;
}

int arity(FOp op) {
    switch (op) {
    case FOp::X:
    case FOp::Y: return 0;
    case FOp::Sin:
    case FOp::Cos:
    case FOp::Tan:
    case FOp::Tanh:
    case FOp::Erf:
    case FOp::ExpTanh:
    case FOp::LogSq:
    case FOp::SqrtSq: return 1;
    case FOp::Fma: return 3;
    default: return 2;
    }
}

namespace {

} // namespace

void normalize(Scenario &s) {
    if (s.nodes.size() < 2)
        s.nodes = {FNode{FOp::X}, FNode{FOp::Y}};
    if (s.ad_inside && s.forward)
        s.grad_inside = true;
    if (s.suspend_around)
        s.grad_inside = s.ad_inside = s.resume_around = false;
    if (!s.grad_inside || (s.ad_inside && s.forward))
        s.return_leaf = false;
    if (s.grad_inside && !s.ad_inside && s.pass != Pass::Ref)
        s.return_leaf = true;
    std::vector<bool> att(s.nodes.size(), false);
    att[0] = true;
    for (size_t i = 2; i < s.nodes.size(); ++i) {
        FNode &nd = s.nodes[i];
        if (s.suspend_around && nd.grad == FGrad::Resumed)
            nd.grad = FGrad::Normal;
        int k = arity(nd.op);
        bool a = nd.op == FOp::X || (k >= 1 && att[nd.a]) || (k >= 2 && att[nd.b]) || (k >= 3 && att[nd.c]);
        att[i] = a && nd.grad != FGrad::Suspended;
    }
    if (s.nodes.size() == 2 || !att.back())
        s.nodes.push_back(FNode{FOp::Add, int(s.nodes.size()) - 1, 0, 0});
}

Scenario generate_scenario(uint64_t seed, const Avoid &avoid) {
    Rand r{seed * 0x9E6C63D0676A9A99ull + 12345};
    Scenario s;
    s.seed = seed;
    s.f32 = r.below(4) == 0;
    s.pass = Pass(r.below(3));
    s.grad_inside = r.below(2);
    s.ad_inside = r.below(2);
    s.forward = r.below(2);
    if (s.ad_inside && s.forward && avoid.r[4])
        s.forward = false;
    if (s.ad_inside && s.forward)
        s.grad_inside = true;
    if (s.grad_inside && s.pass == Pass::Ref && avoid.r[1])
        s.pass = r.below(2) ? Pass::Value : Pass::Struct;
    if (s.grad_inside && s.pass != Pass::Ref && !s.ad_inside && avoid.n[1]) // N1: the leaf traversed outside
        s.ad_inside = true;
    s.queue = r.below(3) == 0;
    s.return_leaf = s.grad_inside && s.ad_inside && !s.forward && !avoid.r[2] && r.below(2);
    s.suspend_around = !s.grad_inside && !s.ad_inside && !avoid.r[3] && r.below(3) == 0;
    s.resume_around = !s.suspend_around && !avoid.r[3] && r.below(4) == 0;
    s.out_is_input = r.below(3) == 0;
    if (s.out_is_input && avoid.n[2] && (!s.grad_inside || s.pass == Pass::Ref)) // N2: an input with gradients
        s.out_is_input = false;                                                  // returned as it is
    s.dispatch_depth = 1 + r.below(avoid.r[5] ? 2 : 3); // R5: 3 nests a dispatch over the same objects
    std::vector<size_t> pool = {2, 3, 5, 8, 13, 33};
    for (size_t i = 0; i < 4; ++i) {
        std::swap(pool[i], pool[i + size_t(r.below(int(pool.size() - i)))]);
        s.sizes[i] = pool[i];
    }
    s.nodes = {FNode{FOp::X}, FNode{FOp::Y}};
    static const FOp ops[] = {FOp::Add,   FOp::Sub,  FOp::MulSin, FOp::DivSq,   FOp::Sin,       FOp::Cos,
                              FOp::Tan,   FOp::Tanh, FOp::Erf,    FOp::ExpTanh, FOp::LogSq,     FOp::SqrtSq,
                              FOp::Atan2, FOp::Pow,  FOp::Fma,    FOp::Sum,     FOp::GatherHalf};
    int count = 1 + r.below(7);
    for (int k = 0; k < count; ++k) {
        FNode nd;
        int pick = r.below(24);
        nd.op = pick < 17 ? ops[pick] : pick < 21 ? FOp::Dispatch : FOp::Nested;
        int n = int(s.nodes.size());
        nd.a = std::max(r.below(n), r.below(n)); // recent nodes: longer chains
        nd.b = r.below(n);
        nd.c = r.below(n);
        int g = r.below(12);
        nd.grad = g < 2 ? FGrad::Suspended : g < 3 ? FGrad::Resumed : FGrad::Normal;
        if (nd.op == FOp::Nested && nd.grad == FGrad::Suspended && avoid.n[3]) // N3: a replay inside SuspendGrad
            nd.grad = FGrad::Normal;
        if (nd.op == FOp::Nested && avoid.n[4]) { // N4: lazy AD work pending when a frozen function records
            if (s.nodes.size() > 2)
                nd.op = FOp::MulSin;
            nd.a = 0;
            nd.b = 1;
        }
        s.nodes.push_back(nd);
    }
    normalize(s);
    return s;
}

} // namespace tjdiff
