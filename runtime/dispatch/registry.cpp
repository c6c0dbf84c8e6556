// runtime/dispatch/registry.cpp — the registry of tj::Object instances and their ids per base-class domain
//
// Objects register on construction (a set of live objects) and get an id in a domain the first time a pointer to
// them is stored as that domain's base class. Ids are never reused: an array that still holds the id of a
// destroyed object names a dead slot, which lookups report as an error instead of reaching another object.
#include <tracejit/detail/dispatch_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tj::detail {
namespace {

/// One id of a domain.
struct Slot {
    const Object *object = nullptr; ///< null once destroyed (and for id 0)
    void *self = nullptr;           ///< the object as the domain's base class
};

/// The ids given for one base class.
struct Domain {
    std::string name;
    DomainObjects objects; ///< (its address stands for the domain's objects in frozen functions' inputs)
    std::vector<Slot> slots{1}; ///< slots[id]; id 0 is nullptr
};

struct Registry {
    std::mutex mutex;
    std::vector<std::unique_ptr<Domain>> domains;
    std::unordered_map<std::string, uint32_t> by_name;
    /// Live objects and the (domain, id) pairs they were given.
    std::unordered_map<const Object *, std::vector<std::pair<uint32_t, uint32_t>>> live;
};

/// Never destroyed: objects with static storage duration unregister after every other destructor ran.
Registry &registry() {
    static Registry *r = new Registry;
    return *r;
}

Domain &domain_of(Registry &r, uint32_t domain) {
    TJ_ASSERT(domain < r.domains.size(), fmt::format("tj::dispatch: unknown registry domain {}", domain));
    return *r.domains[domain];
}

} // namespace

uint32_t object_domain(const char *base_name) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto [it, inserted] = r.by_name.try_emplace(base_name, uint32_t(r.domains.size()));
    if (inserted) {
        r.domains.push_back(std::make_unique<Domain>());
        r.domains.back()->name = base_name;
        r.domains.back()->objects.domain = it->second;
    }
    return it->second;
}

const char *object_domain_name(uint32_t domain) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return domain_of(r, domain).name.c_str(); // (domains are never freed)
}

uint32_t object_id(uint32_t domain, const Object *object, void *self, const char *api) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    Domain &d = domain_of(r, domain);
    auto it = r.live.find(object);
    if (it == r.live.end())
        throw Error(fmt::format("{}: the pointer {} does not point to a live tj::Object (it was destroyed, or never "
                                "constructed as one); a tj::Ptr<{}> holds pointers to live objects only",
                                api, static_cast<const void *>(object), d.name));
    for (auto [dom, id] : it->second)
        if (dom == domain)
            return id;
    if (d.slots.size() >= UINT32_MAX)
        throw Error(fmt::format("{}: more than 2^32-1 objects of {} were stored in pointer arrays", api, d.name));
    uint32_t id = uint32_t(d.slots.size());
    d.slots.push_back({object, self});
    it->second.emplace_back(domain, id);
    return id;
}

void *object_lookup(uint32_t domain, uint32_t id, const char *api) {
    if (id == 0)
        return nullptr;
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    Domain &d = domain_of(r, domain);
    if (id >= d.slots.size())
        throw Error(fmt::format("{}: {} is not an id of an object of {} (the array was not made from pointers)", api,
                                id, d.name));
    if (!d.slots[id].object)
        throw Error(fmt::format("{}: the object of {} with id {} was destroyed while a pointer array still held it",
                                api, d.name, id));
    return d.slots[id].self;
}

void object_live(uint32_t domain, std::vector<uint32_t> &ids, std::vector<void *> &selves,
                 std::vector<const Object *> *objects) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    Domain &d = domain_of(r, domain);
    ids.clear();
    selves.clear();
    if (objects)
        objects->clear();
    for (uint32_t id = 1; id < d.slots.size(); ++id)
        if (d.slots[id].object) {
            ids.push_back(id);
            selves.push_back(d.slots[id].self);
            if (objects)
                objects->push_back(d.slots[id].object);
        }
}

const DomainObjects &object_domain_objects(uint32_t domain) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return domain_of(r, domain).objects;
}

uint32_t object_bound(uint32_t domain) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return uint32_t(domain_of(r, domain).slots.size());
}

void object_register(const Object *object) {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.live.try_emplace(object);
}

void object_unregister(const Object *object) noexcept {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.live.find(object);
    if (it == r.live.end())
        return;
    for (auto [dom, id] : it->second)
        r.domains[dom]->slots[id] = Slot{};
    r.live.erase(it);
}

} // namespace tj::detail
