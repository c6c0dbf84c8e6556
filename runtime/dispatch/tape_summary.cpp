// runtime/dispatch/tape_summary.cpp — how the tape shows a pointer array: its type, and each id as its object's class
// (object_class_name, which messages use too)
#include <tracejit/dispatch.h>

#include <cxxabi.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

namespace tj::detail {

std::string object_class_name(const Object &o) {
    const char *mangled = typeid(o).name();
    int status = 0;
    std::unique_ptr<char, void (*)(void *)> name(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
    return status == 0 && name ? name.get() : mangled;
}

std::string pointer_summary(uint32_t domain, uint32_t ids, size_t max_elements, const char *type) {
    // var_summary: "tj::UInt32[5] evaluated r3 [1, 2, 0]" (or "… literal r3 = 1", or no values).
    std::string s = var_summary(ids, max_elements);
    size_t size_at = s.find('[');
    if (size_at == std::string::npos)
        return s;
    std::string out = type + s.substr(size_at);
    size_t values_at = out.find(']') + 1; // after the size
    size_t list = out.find(" [", values_at), literal = out.find(" = ", values_at);
    size_t from = list != std::string::npos ? list + 2 : literal != std::string::npos ? literal + 3 : out.size();
    if (from == out.size())
        return out;
    std::vector<uint32_t> live;
    std::vector<void *> selves;
    std::vector<const Object *> objects;
    object_live(domain, live, selves, &objects);
    std::map<uint32_t, std::string> names;
    for (size_t k = 0; k < live.size(); ++k)
        names[live[k]] = object_class_name(*objects[k]) + "#" + std::to_string(live[k]);
    std::string named = out.substr(0, from);
    for (size_t i = from; i < out.size();) {
        if (out[i] < '0' || out[i] > '9') {
            named += out[i++];
            continue;
        }
        uint32_t id = 0;
        for (; i < out.size() && out[i] >= '0' && out[i] <= '9'; ++i)
            id = id * 10 + uint32_t(out[i] - '0');
        auto it = names.find(id);
        named += id == 0 ? "nullptr" : it != names.end() ? it->second : "destroyed#" + std::to_string(id);
    }
    return named;
}

} // namespace tj::detail
