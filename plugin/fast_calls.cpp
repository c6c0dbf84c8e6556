// plugin/fast_calls.cpp — the pass that gives twinned functions test-free copies which call one another (fast_calls.h)
#include "fast_calls.h"

#include <clang/Basic/CodeGenOptions.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <cassert>
#include <optional>
#include <vector>

namespace tracejit::plugin {
namespace {

/// The attribute the twins this pass gave a copy, and the copies, carry, so that a second run leaves them alone.
constexpr llvm::StringLiteral kSplit = "tracejit-fast-copy";

/// The mangled name of `bool tj::tape::detail::recording()` (include/tracejit/generated/tape_hooks.h), the test a
/// twin's body opens with.
constexpr llvm::StringLiteral kRecordingTest = "_ZN2tj4tape6detail9recordingEv";

/// The mangled name of the flag the test reads, `tj::tape::detail::g_recording`.
constexpr llvm::StringLiteral kRecordingFlag = "_ZN2tj4tape6detail11g_recordingE";

/// A twinned function: `branch` is the branch on its test, `fast` the block of the body as written, `recording` the
/// block that calls the recording copy.
struct Twin {
    llvm::Function *function;
    llvm::BranchInst *branch;
    llvm::BasicBlock *fast;
    llvm::BasicBlock *recording;
    /// The test ends the entry block, and what the entry does before it can run twice with the effect of once: the
    /// twin keeps its entry and test, and calls its copy for its body as written. Else the whole twin is cloned
    /// for each way (`split_entry`).
    bool forwards = false;
};

/// The call of the test a branch condition is made of, and whether the condition is its negation.
llvm::CallInst *test_call(llvm::Value *condition, const llvm::Function *test, bool *negated) {
    *negated = false;
    if (auto *x = llvm::dyn_cast<llvm::BinaryOperator>(condition);
        x && x->getOpcode() == llvm::Instruction::Xor && llvm::isa<llvm::ConstantInt>(x->getOperand(1)) &&
        llvm::cast<llvm::ConstantInt>(x->getOperand(1))->isOne()) {
        *negated = true;
        condition = x->getOperand(0);
    }
    auto *call = llvm::dyn_cast<llvm::CallInst>(condition);
    return call && call->getCalledFunction() == test ? call : nullptr;
}

/// Whether what the entry block does before the test can run twice, once in the twin and once more in its copy,
/// with the effect of once: nothing is called, nothing is read but the function's own stack slots, and what is
/// stored is computed from the arguments and those slots alone (a constructor's `m_x(x)`, not `n(count++)` nor a
/// base class's constructor).
bool entry_runs_twice_as_once(const llvm::BasicBlock &entry, const llvm::CallInst *test) {
    for (const llvm::Instruction &inst : entry) {
        if (&inst == test || inst.isTerminator() || llvm::isa<llvm::AllocaInst>(inst) ||
            llvm::isa<llvm::DbgInfoIntrinsic>(inst) || inst.isLifetimeStartOrEnd())
            continue;
        if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
            if (!load->isSimple() ||
                !llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(load->getPointerOperand())))
                return false;
        } else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
            if (!store->isSimple())
                return false;
        } else if (inst.mayHaveSideEffects() || inst.mayReadFromMemory()) {
            return false;
        }
    }
    return true;
}

/// Whether a copy of F may stand in for F in a direct call: F's frame is its own (not variadic, not naked, no
/// argument passed in the caller's frame), and F is inlinable (a function never inlined stays a boundary: a copy
/// would not be inlined either, and `tj::track` calls its callable through one, detail::invoke_recording, so that
/// the calls made there read the recording flag afresh).
bool copyable(const llvm::Function &f) {
    if (f.isDeclaration() || f.isVarArg() || f.hasFnAttribute(kSplit) || f.hasFnAttribute(llvm::Attribute::Naked) ||
        f.hasFnAttribute(llvm::Attribute::OptimizeNone) || f.hasFnAttribute(llvm::Attribute::NoInline) ||
        f.isPresplitCoroutine()) // (not instrumented by the plugin; a wrapper keeping their attribute is no coroutine)
        return false;
    for (const llvm::Argument &arg : f.args())
        if (arg.hasInAllocaAttr() || arg.hasPreallocatedAttr() || arg.hasSwiftErrorAttr())
            return false;
    return true;
}

/// F as a twin this pass can copy, if it is one: it calls the test once (this pass runs before any inlining, so
/// that call is its own), and that call's block ends in a branch on it to two different blocks. The branch ends
/// the entry block unless the entry holds code that may throw (a constructor's initializers, each an `invoke`).
/// Functions whose frame the body may look at from a copy one call deeper (variadic ones, naked ones, arguments
/// passed in the caller's frame) are left alone, and so are those never inlined (a copy would not be either, and
/// calls from unmarked code would pay two calls).
std::optional<Twin> twin_of(llvm::Function &f, const llvm::Function *test) {
    if (!copyable(f))
        return std::nullopt;
    llvm::BranchInst *found = nullptr;
    llvm::CallInst *found_call = nullptr;
    bool found_negated = false;
    for (llvm::BasicBlock &block : f) {
        auto *branch = llvm::dyn_cast<llvm::BranchInst>(block.getTerminator());
        bool negated = false;
        llvm::CallInst *call =
            branch && branch->isConditional() ? test_call(branch->getCondition(), test, &negated) : nullptr;
        if (!call || call->getParent() != &block || branch->getSuccessor(0) == branch->getSuccessor(1))
            continue;
        if (found)
            return std::nullopt; // two tests: not a twin as the plugin writes one
        found = branch;
        found_call = call;
        found_negated = negated;
    }
    if (!found)
        return std::nullopt;
    bool in_entry = found->getParent() == &f.getEntryBlock();
    // The successor taken when the test says "not recording", then the other.
    return Twin{&f, found, found->getSuccessor(found_negated ? 0 : 1), found->getSuccessor(found_negated ? 1 : 0),
                in_entry && entry_runs_twice_as_once(f.getEntryBlock(), found_call)};
}

/// Replaces `branch` (on the test) by a branch to `target` alone and drops the blocks left unreachable and the test.
void branch_only_to(llvm::Function &f, llvm::BranchInst *branch, llvm::BasicBlock *target) {
    llvm::Value *condition = branch->getCondition();
    llvm::BranchInst::Create(target, branch)->setDebugLoc(branch->getDebugLoc());
    branch->eraseFromParent();
    llvm::removeUnreachableBlocks(f);
    if (auto *negation = llvm::dyn_cast<llvm::BinaryOperator>(condition); negation && negation->use_empty()) {
        condition = negation->getOperand(0);
        negation->eraseFromParent();
    }
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(condition); call && call->use_empty())
        call->eraseFromParent(); // the test is an inline function without side effects
}

/// Tells the optimizer, at the entry of a test-free copy, what the test said: the flag reads 0. The tests of the
/// twins this pass cannot split (a constructor whose initializers call or count), once inlined into the copy, read
/// the same constant memory and fold to their body as written, as under a twin's own test; without it, their cold
/// calls, given `this` and references, would stay in the copy and keep the objects in memory.
void assume_not_recording(llvm::Function &copy, llvm::GlobalVariable *flag) {
    llvm::IRBuilder<> builder(&*copy.getEntryBlock().getFirstInsertionPt());
    llvm::LoadInst *value = builder.CreateAlignedLoad(flag->getValueType(), flag, flag->getAlign());
    builder.CreateAssumption(builder.CreateICmpEQ(value, llvm::Constant::getNullValue(flag->getValueType())));
}

/// A clone of F named F + suffix: internal, unnamed address, outside any comdat. `map` receives F's values.
llvm::Function *clone_of(llvm::Function &f, llvm::StringRef suffix, llvm::ValueToValueMapTy &map) {
    llvm::Function *copy = llvm::CloneFunction(&f, map);
    copy->setName(f.getName() + suffix);
    copy->setLinkage(llvm::GlobalValue::InternalLinkage);
    copy->setVisibility(llvm::GlobalValue::DefaultVisibility);
    copy->setDLLStorageClass(llvm::GlobalValue::DefaultStorageClass);
    copy->setComdat(nullptr);
    copy->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    copy->addFnAttr(kSplit);
    return copy;
}

/// A clone of the twin that always takes the way `way` of the test.
llvm::Function *clone_taking(const Twin &twin, llvm::BasicBlock *way, llvm::StringRef suffix) {
    llvm::ValueToValueMapTy map;
    llvm::Function *copy = clone_of(*twin.function, suffix, map);
    branch_only_to(*copy, llvm::cast<llvm::BranchInst>(map[twin.branch]), llvm::cast<llvm::BasicBlock>(map[way]));
    return copy;
}

/// Tells a test-free copy that the flag reads 0 (when the flag is in the module, as an integer).
void assume_not_recording_if_flag(llvm::Function &copy, llvm::GlobalVariable *flag) {
    if (flag && flag->getValueType()->isIntegerTy())
        assume_not_recording(copy, flag);
}

/// The test-free copy of a twin's body as written.
llvm::Function *fast_copy(const Twin &twin, llvm::GlobalVariable *flag) {
    llvm::Function *copy = clone_taking(twin, twin.fast, ".tj_fast");
    assume_not_recording_if_flag(*copy, flag);
    return copy;
}

/// The functions that are not twins but call one directly or through others of their kind, and that a copy may
/// stand in for (`copyable`): an unmarked template such as `accumulate(first, last, init)` that applies a marked
/// `operator+`. Called from a test-free copy, such a function would be inlined there with its callees' tests
/// folded away (the flag is constant memory and reads 0, assume_not_recording); but the inliner judges it before,
/// with every inlined callee's test and recording call, too large to inline. Its own test-free copy is judged as
/// the plain build judges it.
llvm::DenseSet<llvm::Function *> reaching_twins(llvm::Module &module,
                                                const llvm::DenseMap<llvm::Function *, llvm::Function *> &copy_of) {
    llvm::DenseMap<llvm::Function *, llvm::SmallVector<llvm::Function *, 4>> callers; // copyable non-twins only
    for (llvm::Function &f : module) {
        if (copy_of.count(&f) || !copyable(f) ||
            llvm::any_of(f, [](const llvm::BasicBlock &block) { return block.hasAddressTaken(); }))
            continue; // (a label's address, `&&label`, names a block of F itself, not of a copy)
        for (llvm::Instruction &inst : llvm::instructions(f))
            if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
                if (llvm::Function *callee = call->getCalledFunction(); callee && !callee->isDeclaration())
                    callers[callee].push_back(&f);
    }
    llvm::DenseSet<llvm::Function *> reaching;
    std::vector<llvm::Function *> work;
    for (const auto &[twin, copy] : copy_of)
        work.push_back(twin);
    while (!work.empty()) {
        llvm::Function *f = work.back();
        work.pop_back();
        if (auto found = callers.find(f); found != callers.end())
            for (llvm::Function *caller : found->second)
                if (reaching.insert(caller).second)
                    work.push_back(caller);
    }
    return reaching;
}

/// Appends to `block` `return callee(args of f)`, the call made as a call of `f` would be.
void return_call(llvm::Function &f, llvm::BasicBlock *block, llvm::Function *callee, const llvm::DebugLoc &at) {
    llvm::IRBuilder<> builder(block);
    builder.SetCurrentDebugLocation(at); // an inlinable call in a function with debug info needs one
    llvm::SmallVector<llvm::Value *, 8> args;
    for (llvm::Argument &arg : f.args())
        args.push_back(&arg);
    llvm::CallInst *call = builder.CreateCall(callee, args);
    call->setCallingConv(f.getCallingConv());
    llvm::AttributeList attrs = f.getAttributes();
    llvm::SmallVector<llvm::AttributeSet, 8> params;
    for (unsigned i = 0; i < f.arg_size(); ++i)
        params.push_back(attrs.getParamAttrs(i));
    call->setAttributes(llvm::AttributeList::get(f.getContext(), llvm::AttributeSet(), attrs.getRetAttrs(), params));
    if (f.getReturnType()->isVoidTy())
        builder.CreateRetVoid();
    else
        builder.CreateRet(call);
}

/// Turns the twin's fast branch into `return copy(args)`; its body as written is left to the copy.
void call_copy(const Twin &twin, llvm::Function *copy) {
    llvm::Function &f = *twin.function;
    llvm::BranchInst *branch = twin.branch;
    llvm::BasicBlock *forward = llvm::BasicBlock::Create(f.getContext(), "tj.fast", &f);
    return_call(f, forward, copy, branch->getDebugLoc());
    for (unsigned i = 0; i < branch->getNumSuccessors(); ++i)
        if (branch->getSuccessor(i) == twin.fast)
            branch->setSuccessor(i, forward);
    llvm::removeUnreachableBlocks(f);
}

/// For a twin whose entry cannot run twice (a constructor whose initializers call a base's constructor, count, or
/// may throw): F becomes `if (recording()) return F.tj_rec(args); return F.tj_fast(args);`, testing before its entry
/// runs, so that each way runs the entry once. `F.tj_rec`, the whole twin taking the recording way, is cold,
/// never inlined and optimized for size: its entry calls the twins of the callees themselves, each with its test
/// and recording call, which inlined into one another made large constructors (a parser's grammar of a hundred
/// rules) take minutes in the optimizer. Callers of F that are not marked then run one test, then the test-free
/// copy of the entry and the body as written.
void split_entry(const Twin &twin, llvm::Function *copy, llvm::Function *test) {
    llvm::Function &f = *twin.function;
    llvm::Function *recording = clone_taking(twin, twin.recording, ".tj_rec");
    recording->addFnAttr(llvm::Attribute::Cold);
    recording->addFnAttr(llvm::Attribute::NoInline);
    recording->addFnAttr(llvm::Attribute::MinSize);
    recording->addFnAttr(llvm::Attribute::OptimizeForSize);
    recording->removeFnAttr(llvm::Attribute::AlwaysInline);
    llvm::LLVMContext &context = f.getContext();
    const llvm::DebugLoc at = twin.branch->getDebugLoc();
    llvm::BasicBlock *entry = llvm::BasicBlock::Create(context, "tj.test", &f, &f.getEntryBlock());
    llvm::BasicBlock *to_recording = llvm::BasicBlock::Create(context, "tj.rec", &f);
    llvm::BasicBlock *to_fast = llvm::BasicBlock::Create(context, "tj.fast", &f);
    llvm::IRBuilder<> builder(entry);
    builder.SetCurrentDebugLocation(at);
    llvm::CallInst *flag = builder.CreateCall(test);
    builder.CreateCondBr(flag, to_recording, to_fast);
    return_call(f, to_recording, recording, at);
    return_call(f, to_fast, copy, at);
    llvm::removeUnreachableBlocks(f); // the twin's own blocks, now in the two clones
}

/// Makes the direct calls inside every test-free copy call the callee's copy: a twin's, made already, or that of a
/// function in `reaching`, made here when first called (with the same start, the flag reads 0) and then treated
/// the same way, so that only the functions a copy calls are copied. `copies`: the twins' copies, in the order of
/// the twins in the module, which the copies made here follow (not the map's order, which is that of addresses and
/// changed from compile to compile: the object too).
void call_copies(const std::vector<llvm::Function *> &copies,
                 llvm::DenseMap<llvm::Function *, llvm::Function *> &copy_of,
                 const llvm::DenseSet<llvm::Function *> &reaching, llvm::GlobalVariable *flag) {
    std::vector<llvm::Function *> work(copies.rbegin(), copies.rend());
    while (!work.empty()) {
        llvm::Function *copy = work.back();
        work.pop_back();
        for (llvm::Instruction &inst : llvm::instructions(*copy)) {
            auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
            llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
            if (!callee)
                continue;
            auto found = copy_of.find(callee);
            if (found == copy_of.end()) {
                if (!reaching.count(callee))
                    continue;
                llvm::ValueToValueMapTy map;
                llvm::Function *made = clone_of(*callee, ".tj_fast", map);
                assume_not_recording_if_flag(*made, flag);
                found = copy_of.try_emplace(callee, made).first;
                work.push_back(made);
            }
            assert(found->second->getFunctionType() == call->getFunctionType() &&
                   "a direct call has its callee's type");
            call->setCalledFunction(found->second);
        }
    }
}

class FastCallsPass : public llvm::PassInfoMixin<FastCallsPass> {
  public:
    llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
        llvm::Function *test = module.getFunction(kRecordingTest);
        if (!test)
            return llvm::PreservedAnalyses::all();
        std::vector<Twin> twins;
        for (llvm::Function &f : module)
            if (std::optional<Twin> twin = twin_of(f, test))
                twins.push_back(*twin);
        if (twins.empty())
            return llvm::PreservedAnalyses::all();
        llvm::GlobalVariable *flag = module.getNamedGlobal(kRecordingFlag);
        llvm::DenseMap<llvm::Function *, llvm::Function *> copy_of;
        std::vector<llvm::Function *> copies;
        for (const Twin &twin : twins)
            copies.push_back(copy_of[twin.function] = fast_copy(twin, flag));
        call_copies(copies, copy_of, reaching_twins(module, copy_of), flag);
        for (const Twin &twin : twins) {
            twin.function->addFnAttr(kSplit);
            if (twin.forwards)
                call_copy(twin, copy_of[twin.function]);
            else
                split_entry(twin, copy_of[twin.function], test);
        }
        return llvm::PreservedAnalyses::none();
    }
};

} // namespace

void add_fast_calls_pass(clang::CodeGenOptions &options) {
    options.PassBuilderCallbacks.push_back([](llvm::PassBuilder &builder) {
        builder.registerPipelineEarlySimplificationEPCallback(
            [](llvm::ModulePassManager &passes, llvm::OptimizationLevel level) {
                if (level != llvm::OptimizationLevel::O0) // nothing is inlined: the copies would only add a frame
                    passes.addPass(FastCallsPass());
            });
    });
}

} // namespace tracejit::plugin
