// runtime/backend/cpu/cpu_jit.cpp — O3 (or lighter, for huge kernels) optimisation, object emission, ORC linking
#include "backend/cpu/cpu_jit.h"

#include "backend/cpu/cpu_sorted_dispatch.h"
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
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/DynamicLibrary.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/TargetParser/Host.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>

namespace tj::cpu {
namespace {

/// Bump whenever the generated code changes for the same kernel IR: it is part of every cache key,
/// so object code cached by an older tracejit is never loaded.
constexpr int codegen_revision = 20;

/// Kernels with more instructions than this skip the IR optimiser and use LLVM's fast code generator:
/// the kernel IR is already folded, deduplicated and vectorised, and the optimising code generator's
/// cost grows faster than linearly with the size of one loop body (measured: 10k ops took seconds).
constexpr size_t large_kernel = 1000;
/// The compute instructions of a kernel and its longest chain of dependent ones; `looped`: it has a symbolic loop
/// (whose body repeats at run time, so that neither count says how long it runs).
struct ChainShape {
    uint32_t computes = 0, longest = 0;
    bool looped = false;
    /// Mostly one dependency chain (fewer than two compute instructions per step of the longest): its speed is
    /// bound by each instruction's latency.
    bool latency_bound() const { return !looped && computes < 2 * longest; }
};
ChainShape chain_shape(const KernelIR &ir) {
    ChainShape shape;
    std::vector<uint32_t> depth(ir.instrs.size(), 0);
    for (size_t n = 0; n < ir.instrs.size(); ++n) {
        const Instr &ins = ir.instrs[n];
        if (ins.kind == InstrKind::LoopStart) {
            shape.looped = true;
            return shape;
        }
        if (ins.kind != InstrKind::Compute)
            continue;
        ++shape.computes;
        uint32_t d = 0;
        for (uint32_t k : {ins.a, ins.b, ins.c}) // an upper bound: some ops read fewer operands
            if (k < n)
                d = std::max(d, depth[k]);
        depth[n] = d + 1;
        shape.longest = std::max(shape.longest, depth[n]);
    }
    return shape;
}

/// Whether the kernel's arithmetic is a chain worth 8 vectors on the optimising path: latency-bound, at least 32
/// compute instructions and at most 500 (8 vectors of 500 still compile quickly).
bool chain_like(const KernelIR &ir) {
    ChainShape shape = chain_shape(ir);
    return shape.computes >= 32 && shape.computes <= 500 && shape.latency_bound();
}

/// Launches of at most this many elements run one vector per iteration: a few iterations of a long kernel, whose
/// cold compile (proportional to the vectors) costs more than interleaving saves. bench_compile's chains (64
/// elements): 1k ops 8 -> 1 vector, 10k ops 4 -> 1 (docs/benchmarks.md, "Cold compile").
constexpr uint64_t small_launch_elements = 2048;

/// Symbolic loops, and the most instructions in one stretch between loop boundaries (LoopStart, LoopCond, LoopEnd,
/// and a dispatch region's SwitchCase and SwitchEnd).
struct LoopShape {
    size_t loops = 0;
    size_t longest_stretch = 0;
};
LoopShape loop_shape(const KernelIR &ir) {
    LoopShape shape;
    size_t stretch = 0;
    for (const Instr &ins : ir.instrs) {
        bool boundary = ins.kind == InstrKind::LoopStart || ins.kind == InstrKind::LoopCond ||
                        ins.kind == InstrKind::LoopEnd || ins.kind == InstrKind::SwitchCase ||
                        ins.kind == InstrKind::SwitchEnd;
        shape.loops += ins.kind == InstrKind::LoopStart;
        stretch = boundary ? 0 : stretch + 1;
        shape.longest_stretch = std::max(shape.longest_stretch, stretch);
    }
    return shape;
}

/// A kernel of this many symbolic loops or more is divergent: a tj::dispatch over many instances is one loop per
/// instance, each entered by the SIMD groups that hold one of its lanes. With random ids nearly every group holds
/// a lane of every instance once a group is wide, so each loop runs once per group whatever the width: narrow groups
/// run fewer bodies per lane. Measured at K = 64 (96 loops): 1, 2, 4 vectors 20, 20, 23 ms, compiled in 230, 280,
/// 420 ms; so one (docs/vcalls.md, "Benchmark").
constexpr size_t divergent_loops = 32;
/// Divergent kernels past large_kernel whose instructions are spread over symbolic loops with at most large_kernel
/// in one stretch (a tj::dispatch over many instances) still take the optimising path up to this size, with one
/// vector per iteration. Measured at K = 64 (96 loops, 1724 instructions): compiled in 231 ms (the fast path: 207),
/// it runs 5x faster than the fast path's code at one vector, 6x at the 8 vectors the fast path took (docs/vcalls.md).
/// A kernel with a sorted dispatch region (cpu_sorted_dispatch.h; 14 cases or more) counts as divergent too.
constexpr size_t large_looped_kernel = 5000;

/// Whether a kernel takes the fast path (no IR optimiser, LLVM's fast code generator).
bool fast_path(const KernelIR &ir) {
    size_t instrs = ir.instrs.size();
    if (instrs <= large_kernel)
        return false;
    LoopShape shape = loop_shape(ir);
    bool divergent = shape.loops >= divergent_loops || has_sorted_dispatch(ir);
    return !(divergent && shape.longest_stretch <= large_kernel && instrs <= large_looped_kernel);
}

/// Whether the kernel reads a packed gather (a texture lookup): its loads wait on memory, not on a chain of
/// arithmetic, and its transposes hold `count` vectors per lane group, so interleaved vectors only spill. Measured on
/// bench_texture's lookups (commit 2ee0788, thread CPU time on a loaded 2-core machine): 1 vector 20% below 4.
bool has_packed_gather(const KernelIR &ir) {
    for (const Instr &ins : ir.instrs)
        if (ins.kind == InstrKind::Compute && ins.op == detail::Op::Gather && ins.imm != 0)
            return true;
    return false;
}

/// Whether the kernel, without symbolic loops, computes a Float32 sin or cos, which the CPU lowering writes inline
/// (cpu_math.h) as a chain of about 17 dependent instructions per vector: such a kernel is latency-bound however few
/// instructions its IR has. (A looped kernel keeps its vectors: not measured.) Only where the target has 32 vector
/// registers (AVX-512): with AVX2's 16, 8 vectors of it spill (the peer harness, PEERS_CPU=x86-64-v3, 1 thread: 4
/// vectors 43.84, 43.12 GB/s; 8 vectors 38.07, 18.96).
/// Measured on bench_fused's a*b+sin(a) (16M floats, 1 thread, this machine: znver5), best (median) GB/s of two runs
/// each: 4 vectors 50.45 (49.03), 50.65 (49.42); 8 vectors 54.35 (50.62), 54.14 (53.34); 2 vectors 37.32 (33.65).
bool has_inline_sin_cos(const KernelIR &ir) {
    bool sin_cos = false;
    for (const Instr &ins : ir.instrs) {
        if (ins.kind == InstrKind::LoopStart)
            return false;
        sin_cos |= ins.kind == InstrKind::Compute && ins.type == VarType::Float32 &&
                   (ins.op == detail::Op::Sin || ins.op == detail::Op::Cos);
    }
    return sin_cos;
}

/// How many independent SIMD vectors one loop iteration handles. Long kernels are mostly chains of dependent
/// operations (a traced loop, a backward pass through it): their speed is bound by each instruction's latency,
/// and independent vectors interleaved in one iteration hide it. More vectors cost compile time in proportion
/// (and registers). Measured with a temporary override of this function (not kept) on chains of N multiply-adds over
/// 2^20 floats against an 8-register AVX-512 loop (bench_freeze): N = 100 (O3 path) 2.85x with 1 vector, 1.33x with
/// 4, 2.06x with 8 (spills); N = 1000 (fast path) 6.6x / 1.72x / 1.08x; the 6000-op AD chain 380 ms / 140 ms with 1
/// / 4. Again on an AMD EPYC (Zen 4, AVX-512), chain kernel over 2^20 floats / the 8-register loop, thread CPU time: N
/// = 100: 1.31x with 4 vectors, 1.05x with 8, 2.2x with 16; N = 10000 (fast path): 1.46x / 1.06x / 2.1x, but its cold
/// compile took 121 / 264 ms with 4 / 8 (the goal is 250 ms); 5 or 6 vectors (not a power of two) were far slower. So
/// the optimised path takes 8 vectors where the kernel is a chain (chain_like) long enough for latency to matter, and
/// the fast path keeps its sizes. Launches of at most small_launch_elements take one vector (small_launch). On the fast
/// path a latency-bound chain of 5000 to 16000 instructions takes 8 vectors as well when its launch is not small: the
/// frozen N = 10000 chain at width 1M ran 1.46x the 8-register loop with 4 and 1.06x with 8, and bench_compile's 10k
/// chain (64 elements), which doubled its compile with 8, is a small launch.
unsigned interleave_for(const KernelIR &ir, const HostTarget &host) {
    size_t instrs = ir.instrs.size();
    if (small_launch(ir) || loop_shape(ir).loops >= divergent_loops || has_sorted_dispatch(ir) || has_packed_gather(ir))
        return 1;
    if (instrs <= large_kernel)
        return chain_like(ir) || (host.vector_bits >= 512 && has_inline_sin_cos(ir)) ? 8 : 4;
    if (instrs <= 5000)
        return 8;
    if (instrs <= 16000) // past this, compile time (linear, but times the vectors) dominates
        return chain_shape(ir).latency_bound() ? 8 : 4;
    return 1;
}

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

/// O3 without the loop and SLP vectorisers, unrolling and interleaving: the kernel IR is already vectorised by
/// hand, and those passes would only add code.
void optimize(llvm::Module &m, llvm::TargetMachine &tm) {
    llvm::PipelineTuningOptions tuning;
    tuning.LoopVectorization = false;
    tuning.SLPVectorization = false;
    tuning.LoopUnrolling = false;
    tuning.LoopInterleaving = false;
    optimize_o3(m, tm, tuning);
}

} // namespace

bool small_launch(const KernelIR &ir) { return ir.launch_size != 0 && ir.launch_size <= small_launch_elements; }

const HostTarget &host_target() { return jit().current.load()->host; }
const std::string &target_key() { return jit().current.load()->key; }
uint32_t target_id() { return jit().current.load()->id; }

namespace {

/// Lowers, optimises and compiles `ir` to a relocatable object file in memory.
std::vector<char> compile_object(const KernelIR &ir) {
    Jit &j = jit();
    std::lock_guard<std::mutex> guard(j.mutex);
    Target &t = *j.current.load();
    llvm::LLVMContext ctx;
    bool large = fast_path(ir);
    // Products fuse with their adds except on the fast path at one vector per iteration: there the instruction
    // selector (FastISel) takes the float ops one by one but does not select llvm.fmuladd itself (bench_compile's
    // cold 10k-op chain: 12 ms unfused, 31 ms fused). Wider vectors are not types FastISel selects: their blocks go
    // through the instruction DAG anyway (the frozen 10000-op chain's kernel: 239-253 ms fused, 264-275 unfused).
    unsigned interleave = interleave_for(ir, t.host);
    std::unique_ptr<llvm::Module> m = build_module(ir, t.host, ctx, interleave, !large || interleave > 1);
    if (!large)
        optimize(*m, *t.tm);
    trace_module(*m, "optimised kernel");
    t.tm->setOptLevel(large ? llvm::CodeGenOptLevel::None : llvm::CodeGenOptLevel::Aggressive);
    // Set for every kernel: LLVM's code generator setup turns FastISel on in the (shared) TargetMachine for an
    // unoptimised compile and never off again, so after the first fast-path kernel every later kernel had its
    // instructions selected one by one: no FMA contraction (results a last bit off those of the same kernel
    // compiled earlier, or by another process) and slower code.
    t.tm->setFastISel(large);
    if (logging::enabled(LogLevel::Trace)) { // the machine code as well (of a copy: code generation changes the IR)
        std::unique_ptr<llvm::Module> copy = llvm::CloneModule(*m);
        llvm::SmallVector<char, 0> text = emit_code(*copy, *t.tm, llvm::CodeGenFileType::AssemblyFile);
        logging::trace("kernel assembly ({}):\n{}", t.host.cpu, std::string_view(text.data(), text.size()));
    }
    llvm::SmallVector<char, 0> object = emit_code(*m, *t.tm, llvm::CodeGenFileType::ObjectFile);
    return std::vector<char>(object.begin(), object.end());
}

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
        std::vector<char> object = compile_object(ir);
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
