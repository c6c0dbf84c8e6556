// plugin/fast_calls.cpp — the pass that gives twinned functions test-free copies which call one another (fast_calls.h)
#include "fast_calls.h"

#include <clang/Basic/CodeGenOptions.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
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

/// A twinned function: its entry block ends in the branch on the test; `fast` is the block of the body as written.
struct Twin {
    llvm::Function *function;
    llvm::BasicBlock *fast;
    bool forwards = false; ///< the twin calls its copy for its body as written (else it keeps that body)
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

/// F as a twin this pass can copy, if it is one: the entry block ends in a branch on the test, in that block, to two
/// different blocks. Functions whose frame the body may look at from a copy one call deeper (variadic ones, naked
/// ones, arguments passed in the caller's frame) are left alone, and so are those never inlined (a copy would not
/// be either, and calls from unmarked code would pay two calls).
std::optional<Twin> twin_of(llvm::Function &f, const llvm::Function *test) {
    if (f.isDeclaration() || f.isVarArg() || f.hasFnAttribute(kSplit) || f.hasFnAttribute(llvm::Attribute::Naked) ||
        f.hasFnAttribute(llvm::Attribute::OptimizeNone) || f.hasFnAttribute(llvm::Attribute::NoInline))
        return std::nullopt;
    for (const llvm::Argument &arg : f.args())
        if (arg.hasInAllocaAttr() || arg.hasPreallocatedAttr() || arg.hasSwiftErrorAttr())
            return std::nullopt;
    auto *branch = llvm::dyn_cast<llvm::BranchInst>(f.getEntryBlock().getTerminator());
    if (!branch || !branch->isConditional() || branch->getSuccessor(0) == branch->getSuccessor(1))
        return std::nullopt;
    bool negated = false;
    llvm::CallInst *call = test_call(branch->getCondition(), test, &negated);
    if (!call || call->getParent() != &f.getEntryBlock())
        return std::nullopt;
    // The successor taken when the test says "not recording".
    return Twin{&f, branch->getSuccessor(negated ? 0 : 1), entry_runs_twice_as_once(f.getEntryBlock(), call)};
}

/// Makes the entry block of `f` go to `target` alone and drops the blocks left unreachable and the test.
void branch_only_to(llvm::Function &f, llvm::BasicBlock *target) {
    auto *branch = llvm::cast<llvm::BranchInst>(f.getEntryBlock().getTerminator());
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

/// The test-free copy of a twin's body: internal, unnamed address, outside any comdat.
llvm::Function *fast_copy(const Twin &twin, llvm::GlobalVariable *flag) {
    llvm::ValueToValueMapTy map;
    llvm::Function *copy = llvm::CloneFunction(twin.function, map);
    copy->setName(twin.function->getName() + ".tj_fast");
    copy->setLinkage(llvm::GlobalValue::InternalLinkage);
    copy->setVisibility(llvm::GlobalValue::DefaultVisibility);
    copy->setDLLStorageClass(llvm::GlobalValue::DefaultStorageClass);
    copy->setComdat(nullptr);
    copy->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    copy->addFnAttr(kSplit);
    branch_only_to(*copy, llvm::cast<llvm::BasicBlock>(map[twin.fast]));
    if (flag && flag->getValueType()->isIntegerTy())
        assume_not_recording(*copy, flag);
    return copy;
}

/// Turns the twin's fast branch into `return copy(args)`; its body as written is left to the copy.
void call_copy(const Twin &twin, llvm::Function *copy) {
    llvm::Function &f = *twin.function;
    llvm::BasicBlock &entry = f.getEntryBlock();
    auto *branch = llvm::cast<llvm::BranchInst>(entry.getTerminator());
    llvm::BasicBlock *forward = llvm::BasicBlock::Create(f.getContext(), "tj.fast", &f);
    llvm::IRBuilder<> builder(forward);
    builder.SetCurrentDebugLocation(branch->getDebugLoc()); // an inlinable call in a function with debug info
    llvm::SmallVector<llvm::Value *, 8> args;
    for (llvm::Argument &arg : f.args())
        args.push_back(&arg);
    llvm::CallInst *call = builder.CreateCall(copy, args);
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
    for (unsigned i = 0; i < branch->getNumSuccessors(); ++i)
        if (branch->getSuccessor(i) == twin.fast)
            branch->setSuccessor(i, forward);
    llvm::removeUnreachableBlocks(f);
}

/// Makes the direct calls of twins among `calls` call their copies.
template <class Instructions>
void call_copies(Instructions &&calls, const llvm::DenseMap<llvm::Function *, llvm::Function *> &copy_of) {
    for (llvm::Instruction &inst : calls)
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
            if (auto found = copy_of.find(call->getCalledFunction()); found != copy_of.end()) {
                assert(found->second->getFunctionType() == call->getFunctionType() &&
                       "a direct call has its callee's type");
                call->setCalledFunction(found->second);
            }
}

class FastCallsPass : public llvm::PassInfoMixin<FastCallsPass> {
  public:
    llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
        const llvm::Function *test = module.getFunction(kRecordingTest);
        if (!test)
            return llvm::PreservedAnalyses::all();
        std::vector<Twin> twins;
        for (llvm::Function &f : module)
            if (std::optional<Twin> twin = twin_of(f, test))
                twins.push_back(*twin);
        if (twins.empty())
            return llvm::PreservedAnalyses::all();
        llvm::DenseMap<llvm::Function *, llvm::Function *> copy_of;
        for (const Twin &twin : twins)
            copy_of[twin.function] = fast_copy(twin, module.getNamedGlobal(kRecordingFlag));
        for (const auto &[function, copy] : copy_of)
            call_copies(llvm::instructions(*copy), copy_of);
        for (const Twin &twin : twins) {
            twin.function->addFnAttr(kSplit);
            if (twin.forwards) {
                call_copy(twin, copy_of[twin.function]);
                continue;
            }
            // A twin that keeps its body as written (its entry cannot run twice) calls the copies from that body.
            llvm::DominatorTree dominators(*twin.function);
            for (llvm::BasicBlock &block : *twin.function)
                if (dominators.dominates(twin.fast, &block))
                    call_copies(block, copy_of);
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
