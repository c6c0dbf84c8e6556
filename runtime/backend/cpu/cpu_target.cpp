// runtime/backend/cpu/cpu_target.cpp — the CPU kernels are compiled for: a name checked against LLVM and the host
#include "backend/cpu/cpu_target.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/ADT/StringMap.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <map>
#include <memory>

namespace tj::cpu {
namespace {

std::unique_ptr<llvm::MCSubtargetInfo> subtarget(const llvm::Target &target, const llvm::Triple &triple,
                                                 const std::string &cpu) {
    std::unique_ptr<llvm::MCSubtargetInfo> sti(target.createMCSubtargetInfo(triple.str(), cpu, ""));
    if (!sti)
        throw Error(fmt::format("tracejit: LLVM has no subtarget information for {}", triple.str()));
    return sti;
}

/// The features LLVM's host detection reports (on or off), sorted by name.
std::map<std::string, bool> host_features() {
    std::map<std::string, bool> out;
    for (const auto &f : llvm::sys::getHostCPUFeatures())
        out.emplace(f.getKey().str(), f.getValue());
    return out;
}

/// Whether `sti`'s CPU has the feature `kv` (its bit is set).
bool has(const llvm::MCSubtargetInfo &sti, const llvm::SubtargetFeatureKV &kv) {
    return sti.getFeatureBits().test(kv.Value);
}

/// Whether LLVM knows the CPU `name` (asked of the generic subtarget: one made for an unknown name prints a line).
bool valid_cpu(const llvm::Target &target, const llvm::Triple &triple, const std::string &name) {
    return subtarget(target, triple, "")->isCPUStringValid(name);
}

/// A few CPU names this host runs: "host", the host's own, and LLVM's generic levels for its architecture that the
/// host runs (x86-64, x86-64-v2, … on x86).
std::string runnable_names(const llvm::Target &target, const llvm::Triple &triple) {
    std::vector<std::string> names = {"host"};
    std::string own = llvm::sys::getHostCPUName().str();
    if (!own.empty() && own != "generic")
        names.push_back(own);
    auto sti = subtarget(target, triple, "");
    std::string arch = triple.getArchName().str();
    std::replace(arch.begin(), arch.end(), '_', '-');
    for (const llvm::SubtargetSubTypeKV &kv : sti->getAllProcessorDescriptions()) {
        std::string name = kv.Key;
        if (name.rfind(arch, 0) != 0 || names.size() >= 8)
            continue;
        if (features_missing_on_host(target, triple, name).empty())
            names.push_back(name);
    }
    std::string out;
    for (const std::string &n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

} // namespace

bool is_host_name(const std::string &name) { return name.empty() || name == "host"; }

std::vector<std::string> features_missing_on_host(const llvm::Target &target, const llvm::Triple &triple,
                                                  const std::string &name) {
    if (!valid_cpu(target, triple, name))
        throw Error(fmt::format("tracejit: unknown CPU target '{}'", name));
    auto sti = subtarget(target, triple, name);
    std::map<std::string, bool> host = host_features();
    std::vector<std::string> missing;
    // Features the host detection does not report (tuning flags such as "fast-gather") are not instructions.
    for (const llvm::SubtargetFeatureKV &kv : sti->getAllProcessorFeatures()) {
        auto it = host.find(kv.Key);
        if (it != host.end() && !it->second && has(*sti, kv))
            missing.push_back(kv.Key);
    }
    std::sort(missing.begin(), missing.end());
    return missing;
}

std::vector<std::string> features_missing_on_host(const std::string &name) {
    const std::string triple = llvm::sys::getProcessTriple();
    std::string err;
    const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, err);
    if (!target)
        throw Error("tracejit: LLVM has no target for the host: " + err);
    return features_missing_on_host(*target, llvm::Triple(triple), name);
}

std::string host_cpu_name() { return llvm::sys::getHostCPUName().str(); }

NamedTarget check_named_target(const llvm::Target &target, const llvm::Triple &triple, const std::string &name) {
    TJ_ASSERT(!is_host_name(name), "check_named_target is for a CPU name, not the host");
    if (!valid_cpu(target, triple, name))
        throw Error(fmt::format("tracejit: unknown CPU target '{}' (LLVM {} CPU names that this host runs: {})", name,
                                triple.getArchName().str(), runnable_names(target, triple)));
    std::vector<std::string> missing = features_missing_on_host(target, triple, name);
    if (!missing.empty()) {
        std::string list;
        for (const std::string &f : missing)
            list += (list.empty() ? "" : ", ") + f;
        throw Error(fmt::format("tracejit: CPU target '{}' needs features this host lacks: {} (CPU kernels run on "
                                "this host; names it runs: {})",
                                name, list, runnable_names(target, triple)));
    }
    auto sti = subtarget(target, triple, name);
    std::map<std::string, bool> host = host_features();
    NamedTarget out{name, ""};
    for (const llvm::SubtargetFeatureKV &kv : sti->getAllProcessorFeatures()) {
        if (!host.count(kv.Key))
            continue; // a tuning flag: the CPU name sets those
        out.features += fmt::format("{}{}{}", out.features.empty() ? "" : ",", has(*sti, kv) ? '+' : '-', kv.Key);
    }
    return out;
}

void set_vector_width(HostTarget &t) {
    auto on = [&](std::string_view f) {
        std::string s = "+" + std::string(f);
        size_t at = t.features.find(s);
        // whole names only: "+avx2" must not match "+avx20"
        while (at != std::string::npos) {
            size_t end = at + s.size();
            if ((at == 0 || t.features[at - 1] == ',') && (end == t.features.size() || t.features[end] == ','))
                return true;
            at = t.features.find(s, at + 1);
        }
        return false;
    };
    bool avx512 = on("avx512f"), avx2 = on("avx2");
    t.vector_isa = avx512 ? 'e' : (avx2 ? 'd' : 'b');
    t.vector_bits = avx512 ? 512 : (avx2 ? 256 : 128);
}

} // namespace tj::cpu
