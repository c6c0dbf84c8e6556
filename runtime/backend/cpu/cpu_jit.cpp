// runtime/backend/cpu/cpu_jit.cpp — the CPU targets kernels are compiled for, ORC linking, the compiler the cache calls
#include "backend/cpu/cpu_jit.h"

#include "backend/cpu/cpu_target.h"
#include "backend/llvm/shared_llvm_pipeline.h"
#include "cache/build_id.h"
#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/Config/llvm-config.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/DynamicLibrary.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>

namespace tj::cpu {
namespace {

/// Bump whenever the generated code changes for the same kernel IR: it is part of every cache key,
/// so object code cached by an older tracejit is never loaded.
constexpr int codegen_revision = 20;

/// One CPU that kernels are compiled for: its description, cache key, TargetMachine and a small id (in this
/// process) that the memory level's variant carries.
struct Target {
    HostTarget host;
    std::string name; ///< as asked for: "host" or an LLVM CPU name
    std::string key;
    std::unique_ptr<llvm::TargetMachine> tm;
    uint32_t id = 0;
};

/// LLVM objects shared by all kernels, created on first use.
struct Jit {
    std::unique_ptr<llvm::orc::LLJIT> lljit;
    std::mutex mutex; ///< TargetMachines, `targets` and LLJIT linking and removal are used by one thread at a time
    uint64_t dylibs = 0; ///< JITDylibs made so far (each gets a new name)
    std::map<std::string, std::unique_ptr<Target>> targets; ///< by name; never removed (their keys stay valid)
    std::atomic<Target *> current{nullptr};
    const llvm::Target *llvm_target = nullptr; ///< the host triple's LLVM target

    Jit() {
        llvm::InitializeNativeTarget();
        llvm::InitializeNativeTargetAsmPrinter();
        // Vector math comes from glibc's libmvec; make its symbols visible to the JIT linker.
        std::string err;
        if (llvm::sys::DynamicLibrary::LoadLibraryPermanently("libmvec.so.1", &err))
            throw Error("tracejit: cannot load glibc's libmvec.so.1 (vector math): " + err);

        auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
        if (!jtmb)
            throw Error("tracejit: cannot detect the host CPU: " + llvm_error_message(jtmb.takeError()));
        llvm_target = llvm::TargetRegistry::lookupTarget(jtmb->getTargetTriple().str(), err);
        if (!llvm_target)
            throw Error("tracejit: LLVM has no target for the host: " + err);
        Target &host = add("host", *jtmb);
        current = &host;
        auto j = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*jtmb)).create();
        if (!j)
            throw Error("tracejit: cannot create the LLVM JIT: " + llvm_error_message(j.takeError()));
        lljit = std::move(*j);

        // TRACEJIT_CPU, like the other TRACEJIT_ variables, warns and keeps the default when it cannot be used.
        const char *env = std::getenv("TRACEJIT_CPU");
        if (env && !is_host_name(env)) {
            try {
                current = &target(env);
            } catch (const Error &e) {
                logging::warn("TRACEJIT_CPU={}: {}; compiling for the host ({})", env, e.what(), host.host.cpu);
            }
        }
    }

    /// Creates the target `name` from `jtmb` (the host's, or a named CPU's).
    Target &add(const std::string &name, llvm::orc::JITTargetMachineBuilder jtmb) {
        jtmb.setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
        jtmb.setRelocationModel(llvm::Reloc::PIC_);
        jtmb.setCodeModel(llvm::CodeModel::Small);
        auto tm_or = jtmb.createTargetMachine();
        if (!tm_or)
            throw Error(fmt::format("tracejit: cannot create the target machine for CPU '{}': {}", name,
                                    llvm_error_message(tm_or.takeError())));
        auto t = std::make_unique<Target>();
        t->name = name;
        t->tm = std::move(*tm_or);
        t->id = uint32_t(targets.size());
        HostTarget &h = t->host;
        h.triple = t->tm->getTargetTriple().str();
        h.cpu = t->tm->getTargetCPU().str();
        h.features = t->tm->getTargetFeatureString().str();
        h.data_layout = t->tm->createDataLayout().getStringRepresentation();
        set_vector_width(h);
        t->key = fmt::format("cpu codegen={} build={} llvm{} {} {} {} isa={}", codegen_revision,
                             cache::library_build_id(), LLVM_VERSION_STRING, h.triple, h.cpu, h.features,
                             h.vector_isa);
        logging::debug("cpu backend: target {}: {} ({}-bit SIMD, libmvec variant '{}')", name, h.cpu, h.vector_bits,
                       h.vector_isa);
        return *targets.emplace(name, std::move(t)).first->second;
    }

    /// The target `name` ("host" for empty), created on first use; throws tj::Error for a name LLVM does not know or
    /// a CPU this host cannot run. The caller holds `mutex` (or is the constructor).
    Target &target(const std::string &asked) {
        const std::string name = is_host_name(asked) ? "host" : asked;
        if (auto it = targets.find(name); it != targets.end())
            return *it->second;
        const Target &host = *targets.at("host");
        llvm::Triple triple(host.host.triple);
        NamedTarget named = check_named_target(*llvm_target, triple, name);
        llvm::orc::JITTargetMachineBuilder jtmb(triple);
        jtmb.setCPU(named.cpu);
        llvm::SmallVector<llvm::StringRef, 64> features;
        llvm::StringRef(named.features).split(features, ',', -1, false);
        for (llvm::StringRef f : features)
            jtmb.getFeatures().AddFeature(f);
        return add(name, std::move(jtmb));
    }
};

Jit &jit() {
    static Jit *j = new Jit(); // never destroyed: kernels held in static storage stay callable until exit
    return *j;
}

/// A kernel's object code linked into the process: its own JITDylib, removed (code and data unmapped, EH frames
/// deregistered: ORC's ExecutionSession::removeJITDylib) when the last Kernel handle goes.
class CpuKernel final : public LoadedKernel {
  public:
    CpuKernel(const void *entry, llvm::orc::JITDylib &dylib) : LoadedKernel(entry), m_dylib(&dylib) {}
    ~CpuKernel() override {
        Jit &j = jit();
        std::lock_guard<std::mutex> guard(j.mutex);
        if (auto err = j.lljit->getExecutionSession().removeJITDylib(*m_dylib))
            logging::warn("cpu backend: removing a kernel's code failed: {}", llvm_error_message(std::move(err)));
    }

  private:
    llvm::orc::JITDylib *m_dylib;
};

} // namespace

const HostTarget &host_target() { return jit().current.load()->host; }
const std::string &target_key() { return jit().current.load()->key; }
uint32_t target_id() { return jit().current.load()->id; }

namespace {

/// Links object code into the process (a JITDylib of its own) and returns the kernel, whose entry is a KernelFn;
/// throws tj::Error if it cannot.
Kernel load_object(std::span<const char> object) {
    Jit &j = jit();
    std::lock_guard<std::mutex> guard(j.mutex);
    auto &es = j.lljit->getExecutionSession();
    // One JITDylib per kernel: every kernel's entry has the same name, and removing the JITDylib frees its code.
    auto jd = es.createJITDylib(fmt::format("tj_kernel_{}", j.dylibs++));
    if (!jd)
        throw Error("tracejit: cannot create a JIT library: " + llvm_error_message(jd.takeError()));
    auto fail = [&](const char *what, llvm::Error err) -> Error {
        std::string message = fmt::format("tracejit: {}: {}", what, llvm_error_message(std::move(err)));
        if (auto removed = es.removeJITDylib(*jd)) // what was linked into it goes with it
            logging::warn("cpu backend: removing a kernel's code failed: {}", llvm_error_message(std::move(removed)));
        return Error(message);
    };
    auto gen =
        llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(j.lljit->getDataLayout().getGlobalPrefix());
    if (!gen)
        throw fail("cannot search process symbols", gen.takeError());
    jd->addGenerator(std::move(*gen));
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(object.data(), object.size()), "tj_kernel.o");
    if (auto err = j.lljit->addObjectFile(*jd, std::move(buffer)))
        throw fail("cannot link kernel object code", std::move(err));
    auto sym = j.lljit->lookup(*jd, kernel_entry);
    if (!sym)
        throw fail("cannot link kernel object code", sym.takeError());
    return Kernel(std::make_shared<const CpuKernel>(sym->toPtr<const void *>(), *jd));
}

/// Host object code for the CPU, as the kernel cache levels need it.
class CpuCompiler final : public KernelCompiler {
  public:
    const char *name() const override { return "kernel"; }
    std::string disk_key(const KernelIR &ir) const override {
        // Built in one allocation: the text of a long kernel is most of a megabyte.
        const std::string &target = target_key();
        const std::string_view small = small_launch(ir) ? " small launch" : "";
        std::string key;
        key.reserve(ir.text.size() + 1 + target.size() + small.size());
        key.append(ir.text).append(1, '\n').append(target).append(small);
        return key;
    }
    /// Bit 0: a small launch; the bits above: the CPU target (tj::set_cpu_target).
    uint32_t variant(const KernelIR &ir) const override { return (target_id() << 1) | (small_launch(ir) ? 1 : 0); }
    CompiledKernel compile(const KernelIR &ir) override {
        std::vector<char> object;
        {
            Jit &j = jit();
            std::lock_guard<std::mutex> guard(j.mutex); // (the TargetMachine is used by one thread at a time)
            const Target &t = *j.current.load();
            object = compile_object(ir, t.host, *t.tm);
        }
        Kernel kernel = load_object(object);
        return {std::move(kernel), std::move(object)};
    }
    Kernel load(std::span<const char> code) override { return load_object(code); }
};

} // namespace

KernelCompiler &kernel_compiler() {
    static CpuCompiler *compiler = new CpuCompiler(); // never destroyed: the cache's entries point at it
    return *compiler;
}

} // namespace tj::cpu

namespace tj {

void set_cpu_target(const std::string &cpu) {
    cpu::Jit &j = cpu::jit();
    std::lock_guard<std::mutex> guard(j.mutex);
    j.current = &j.target(cpu); // (throws before changing anything)
}

std::string cpu_target() { return cpu::jit().current.load()->host.cpu; }

} // namespace tj
