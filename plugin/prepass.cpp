// plugin/prepass.cpp — the nested parse that computes the rewrite, and its hand-over to the real compile
#include "prepass.h"

#include "engine/core/find_marked.h"
#include "engine/core/symbolic_condition.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/DirectoryLookup.h>
#include <clang/Lex/HeaderSearch.h>
#include <clang/Lex/HeaderSearchOptions.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringSet.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <dlfcn.h>

#include <exception>
#include <optional>
#include <string>

namespace tracejit::plugin {
namespace {

// The headers the rewritten code needs, included through the predefines: they live in tracejit's include folder,
// generated-code support under tracejit/generated/ (docs/architecture.md, "Headers"), the public API beside it.
constexpr const char *tape_hooks_header = "tracejit/generated/tape_hooks.h";
constexpr const char *vcall_hooks_header = "tracejit/generated/vcall_hooks.h";
constexpr const char *tape_header = "tracejit/tape.h"; // and with it tracejit/detail/tape_value.h
constexpr const char *freeze_header = "tracejit/freeze.h";
constexpr const char *control_header = "tracejit/control.h";

thread_local bool t_in_prepass = false;

/// One `#include` line: its target and whether it is written `<…>`.
struct Include {
    llvm::StringRef name;
    bool angled;
};

/// The targets of the `#include` lines of `text`. Conditionals and comments are not looked at: a spurious
/// include costs a file read, never a wrong answer.
std::vector<Include> includes_of(llvm::StringRef text) {
    std::vector<Include> found;
    while (!text.empty()) {
        auto [line, rest] = text.split('\n');
        text = rest;
        line = line.ltrim();
        if (!line.consume_front("#"))
            continue;
        line = line.ltrim();
        if (!line.consume_front("include") && !line.consume_front("import"))
            continue;
        line.consume_front("_next");
        line = line.ltrim();
        const bool angled = line.consume_front("<");
        if (!angled && !line.consume_front("\""))
            continue;
        size_t end = line.find(angled ? '>' : '"');
        if (end != llvm::StringRef::npos && end > 0)
            found.push_back({line.substr(0, end), angled});
    }
    return found;
}

/// Looks for "jit::" (a mark) or "freeze" (a `tj::freeze(lambda)` call, frozen_lambdas.h) in a file and,
/// transitively, in the files it includes, found the way the preprocessor would: `#include "…"` in the including
/// file's folder, then the -iquote folders, then the -I folders;
/// `#include <…>` in the -I folders only. System headers (-isystem, the compiler's and the C++ library's
/// folders) are never read: they hold no marks.
class MarkScanner {
  public:
    /// `needles`: the texts looked for (a mark, a freeze call; split_compile.cpp also asks for tracejit and fmt).
    explicit MarkScanner(clang::CompilerInstance &ci, std::vector<llvm::StringRef> needles = {"jit::", "freeze"})
        : m_files(ci.getFileManager()), m_needles(std::move(needles)) {
        for (const auto &entry : ci.getHeaderSearchOpts().UserEntries)
            if (entry.Group == clang::frontend::Quoted && !entry.IsFramework)
                m_quoted_dirs.push_back(entry.Path);
        for (const auto &entry : ci.getHeaderSearchOpts().UserEntries)
            if (entry.Group == clang::frontend::Angled && !entry.IsFramework)
                m_angled_dirs.push_back(entry.Path);
    }

    /// Scans `text` (of a file in `dir`) and what it includes.
    bool scan(llvm::StringRef text, llvm::StringRef dir) {
        for (llvm::StringRef needle : m_needles)
            if (text.contains(needle))
                return true;
        return scan_includes(text, dir);
    }

    /// Scans what `text` (of a file in `dir`) includes, not `text` itself.
    bool scan_includes(llvm::StringRef text, llvm::StringRef dir) {
        for (const Include &include : includes_of(text)) {
            clang::OptionalFileEntryRef file =
                include.angled ? find_in(include.name, m_angled_dirs) : resolve(include.name, dir);
            if (!file || !m_seen.insert(file->getName()).second)
                continue;
            auto buffer = m_files.getBufferForFile(*file);
            if (!buffer)
                continue;
            llvm::SmallString<256> parent = file->getName();
            llvm::sys::path::remove_filename(parent);
            if (scan((*buffer)->getBuffer(), parent))
                return true;
        }
        return false;
    }

    /// A quoted include: next to the including file, then -iquote, then -I.
    clang::OptionalFileEntryRef resolve(llvm::StringRef name, llvm::StringRef dir) {
        if (llvm::sys::path::is_absolute(name))
            return m_files.getOptionalFileRef(name);
        llvm::SmallString<256> path = dir;
        llvm::sys::path::append(path, name);
        if (auto file = m_files.getOptionalFileRef(path))
            return file;
        if (auto file = find_in(name, m_quoted_dirs))
            return file;
        return find_in(name, m_angled_dirs);
    }

  private:
    clang::OptionalFileEntryRef find_in(llvm::StringRef name, const std::vector<std::string> &dirs) {
        if (llvm::sys::path::is_absolute(name))
            return m_files.getOptionalFileRef(name);
        llvm::SmallString<256> path;
        for (const std::string &search : dirs) {
            path = search;
            llvm::sys::path::append(path, name);
            if (auto file = m_files.getOptionalFileRef(path))
                return file;
        }
        return std::nullopt;
    }

    clang::FileManager &m_files;
    std::vector<llvm::StringRef> m_needles;
    std::vector<std::string> m_quoted_dirs;
    std::vector<std::string> m_angled_dirs;
    llvm::StringSet<> m_seen;
};

/// Wraps the rewritten text of each definition (from just past a traced function's name) in pragmas that silence the
/// real compile's warnings there (the user's own come from the pre-pass), and notes in `result` where it is.
void silence_rewritten(const clang::SourceManager &sm, clang::Rewriter &rewriter,
                       const std::vector<clang::SourceRange> &definitions, PrepassResult &result) {
    for (clang::SourceRange range : definitions) {
        if (range.isInvalid())
            continue;
        auto [fid, begin] = sm.getDecomposedLoc(range.getBegin());
        clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(fid);
        if (!file)
            continue;
        unsigned end = sm.getFileOffset(range.getEnd());
        result.rewritten.push_back({file->getName().str(), begin, end, sm.getPresumedLineNumber(range.getEnd())});
        rewriter.InsertTextBefore(range.getBegin(), " _Pragma(\"clang diagnostic push\") "
                                                    "_Pragma(\"clang diagnostic ignored \\\"-Weverything\\\"\") ");
        rewriter.InsertTextAfter(range.getEnd(), " _Pragma(\"clang diagnostic pop\")");
    }
}

std::string main_file_name(const clang::SourceManager &sm) {
    clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getMainFileID());
    return file ? file->getName().str() : std::string();
}

/// The pre-pass's consumer: skips what cannot be marked, then runs the engine on the finished AST.
class PrepassConsumer : public clang::ASTConsumer {
  public:
    PrepassConsumer(PrepassResult &result, const SymbolicErrorFilter &errors, WarningCapture &warnings, bool twins)
        : m_result(result), m_errors(errors), m_warnings(warnings), m_twins(twins) {}

    void Initialize(clang::ASTContext &ctx) override { m_sm = &ctx.getSourceManager(); }

    // Only marked bodies are rewritten: parsing the others is wasted (about 30 % of the pre-pass). Bodies in a file
    // that mentions "freeze" are parsed too: their `tj::freeze(lambda)` calls are rewritten (frozen_lambdas.h).
    bool shouldSkipFunctionBody(clang::Decl *decl) override {
        const clang::FunctionDecl *function = decl->getAsFunction();
        if (function == nullptr)
            return true;
        return !has_mark(*function) && !mentions_freeze(decl->getLocation());
    }

    void HandleTranslationUnit(clang::ASTContext &ctx) override {
        collect_rewrite(ctx, m_errors.other_errors() > 0, m_warnings, m_twins, m_result);
    }

  private:
    /// True when the file `loc` is written in contains "freeze" (answered once per file).
    bool mentions_freeze(clang::SourceLocation loc) {
        if (!m_sm || loc.isInvalid())
            return true;
        clang::FileID file = m_sm->getFileID(m_sm->getExpansionLoc(loc));
        auto [it, inserted] = m_mentions_freeze.try_emplace(file, false);
        if (inserted)
            it->second = m_sm->getBufferData(file).contains("freeze");
        return it->second;
    }

    PrepassResult &m_result;
    const SymbolicErrorFilter &m_errors;
    WarningCapture &m_warnings;
    bool m_twins;
    const clang::SourceManager *m_sm = nullptr;
    llvm::DenseMap<clang::FileID, bool> m_mentions_freeze;
};

class PrepassAction : public clang::ASTFrontendAction {
  public:
    PrepassAction(PrepassResult &result, const SymbolicErrorFilter &errors, WarningCapture &warnings, bool twins)
        : m_result(result), m_errors(errors), m_warnings(warnings), m_twins(twins) {}

  protected:
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci, llvm::StringRef) override {
        ci.getPreprocessor().addPPCallbacks(late_after_main_file(m_warnings));
        return std::make_unique<PrepassConsumer>(m_result, m_errors, m_warnings, m_twins);
    }

  private:
    PrepassResult &m_result;
    const SymbolicErrorFilter &m_errors;
    WarningCapture &m_warnings;
    bool m_twins;
};

/// The tracejit include folder that goes with this plugin: next to it once installed, the source tree's in a build.
clang::OptionalDirectoryEntryRef own_include_dir(clang::FileManager &files) {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&own_include_dir), &info) == 0 || info.dli_fname == nullptr)
        return std::nullopt;
    llvm::SmallString<256> installed(info.dli_fname);
    llvm::sys::path::remove_filename(installed);
    llvm::sys::path::append(installed, TRACEJIT_INCLUDE_FROM_PLUGIN);
    for (llvm::StringRef dir : {llvm::StringRef(installed), llvm::StringRef(TRACEJIT_SOURCE_INCLUDE_DIR)}) {
        llvm::SmallString<256> header(dir);
        llvm::sys::path::append(header, tape_hooks_header);
        if (files.getOptionalFileRef(header))
            return files.getOptionalDirectoryRef(dir);
    }
    return std::nullopt;
}

} // namespace

void collect_rewrite(clang::ASTContext &ctx, bool other_errors, WarningCapture &warnings, bool twins,
                     PrepassResult &result) {
    if (other_errors || ctx.getDiagnostics().hasFatalErrorOccurred()) {
        result.had_errors = true;
        return;
    }
    clang::SourceManager &sm = ctx.getSourceManager();
    clang::Rewriter rewriter(sm, ctx.getLangOpts());
    EngineOptions options;
    options.exceptions = ctx.getLangOpts().CXXExceptions;
    options.twins = twins;
    EngineResult engine;
    try {
        engine = rewrite_marked_functions(ctx, rewriter, options);
    } catch (const std::exception &error) {
        // The engine's bug must not take clang down; the user sees it as an error at the file's start.
        result.diagnostics.push_back({EngineDiagnostic::Level::Error, main_file_name(sm), 1, 1,
                                      std::string("tracejit: internal error in the rewrite engine: ") + error.what()});
        return;
    }
    result.rewritten_functions = engine.rewritten_functions;
    result.rewritten_calls = engine.frozen_lambdas;
    result.uses_freeze = engine.frozen_functions > 0 || engine.frozen_lambdas > 0;
    result.uses_control = engine.symbolic_statements > 0;
    result.uses_dispatch = engine.dispatch_calls > 0;
    result.uses_fmt = !ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("fmt")).empty();
    result.uses_tj = !ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("tj")).empty();
    result.diagnostics = std::move(engine.diagnostics);
    silence_rewritten(sm, rewriter, engine.rewritten_definitions, result);
    result.warnings = warnings.take_in(result.rewritten);
    llvm::StringSet<> done;
    for (auto it = rewriter.buffer_begin(); it != rewriter.buffer_end(); ++it) {
        clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(it->first);
        if (!file || !done.insert(file->getName()).second)
            continue;
        std::string text(it->second.begin(), it->second.end());
        if (text == sm.getBufferData(it->first))
            continue;
        result.files.push_back({file->getName().str(), it->first == sm.getMainFileID(), std::move(text),
                                sm.getBufferData(it->first).str()});
    }
}

bool in_prepass() { return t_in_prepass; }

std::unique_ptr<clang::PPCallbacks> late_after_main_file(WarningCapture &warnings) {
    class MainFileEnd : public clang::PPCallbacks {
      public:
        explicit MainFileEnd(WarningCapture &warnings) : m_warnings(warnings) {}
        void EndOfMainFile() override { m_warnings.mark_late(); }

      private:
        WarningCapture &m_warnings;
    };
    return std::make_unique<MainFileEnd>(warnings);
}

/// True when <tracejit/generated/tape_hooks.h> can be included: from the include path or, failing that, from the
/// include folder of this plugin's own installation, which is then added after the -I folders. (A compile of a
/// preprocessed file, as -save-temps makes, has no include path at all.)
bool find_runtime_header(clang::CompilerInstance &ci) {
    clang::HeaderSearch &search = ci.getPreprocessor().getHeaderSearchInfo();
    auto lookup = [&] {
        return search.LookupFile(tape_hooks_header, clang::SourceLocation(), /*isAngled=*/true, nullptr, nullptr,
                                 {}, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                                 /*SkipCache=*/true, /*BuildSystemModule=*/false, /*OpenFile=*/false,
                                 /*CacheFailures=*/false);
    };
    if (lookup())
        return true;
    clang::OptionalDirectoryEntryRef dir = own_include_dir(ci.getFileManager());
    if (!dir)
        return false;
    search.AddSearchPath(clang::DirectoryLookup(*dir, clang::SrcMgr::C_System, /*isFramework=*/false),
                         /*isAngled=*/true);
    return lookup().has_value();
}

bool may_contain_marks(clang::CompilerInstance &ci) {
    clang::SourceManager &sm = ci.getSourceManager();
    clang::FileID main = sm.getMainFileID();
    clang::OptionalFileEntryRef main_file = sm.getFileEntryRefForID(main);
    const auto &inputs = ci.getFrontendOpts().Inputs;
    bool from_file = main_file && inputs.size() == 1 && inputs[0].isFile() && inputs[0].getFile() != "-";
    // Standard input cannot be read twice; a preprocessed file (-save-temps) is compiled without an include path,
    // where the runtime's headers cannot be included. Say so rather than drop the recording silently.
    if (!from_file || inputs[0].isPreprocessed()) {
        if (sm.getBufferData(main).contains("jit::")) {
            clang::DiagnosticsEngine &diags = ci.getDiagnostics();
            diags.Report(diags.getCustomDiagID(clang::DiagnosticsEngine::Warning,
                                               "tracejit: functions marked in %select{standard input|a preprocessed "
                                               "file (-save-temps)}0 are not rewritten and not recorded"))
                << (from_file ? 1 : 0);
        }
        return false;
    }
    MarkScanner scanner(ci);
    llvm::SmallString<256> dir = main_file->getName();
    llvm::sys::path::remove_filename(dir);
    if (scanner.scan(sm.getBufferData(main), dir))
        return true;
    for (const std::string &forced : ci.getPreprocessorOpts().Includes) {
        clang::OptionalFileEntryRef file = scanner.resolve(forced, ".");
        if (!file)
            continue;
        if (auto buffer = ci.getFileManager().getBufferForFile(*file)) {
            llvm::SmallString<256> parent = file->getName();
            llvm::sys::path::remove_filename(parent);
            if (scanner.scan((*buffer)->getBuffer(), parent))
                return true;
        }
    }
    return false;
}

PrepassResult run_prepass(clang::CompilerInstance &ci, bool twins) {
    PrepassResult result;
    auto invocation = std::make_shared<clang::CompilerInvocation>(ci.getInvocation());
    clang::FrontendOptions &frontend = invocation->getFrontendOpts();
    frontend.ProgramAction = clang::frontend::ParseSyntaxOnly;
    frontend.OutputFile.clear();
    frontend.AddPluginActions.clear();
    frontend.PluginArgs.clear();
    frontend.ShowStats = false;
    frontend.TimeTracePath.clear();
    frontend.SkipFunctionBodies = true;
    invocation->getDependencyOutputOpts() = clang::DependencyOutputOptions();
    // tj::Bool declares a conversion to bool for the pre-pass only: `do … while (mask);` then parses (clang drops a
    // do statement whose condition does not convert) and the engine rewrites it (symbolic_condition.h).
    invocation->getPreprocessorOpts().addMacroDef(prepass_macro);
    invocation->getCodeGenOpts().TimePasses = false; // -ftime-report reports the real compile only
    clang::DiagnosticOptions &diagnostics = invocation->getDiagnosticOpts();
    diagnostics.VerifyDiagnostics = false;
    drop_warnings_as_errors(diagnostics.Warnings); // the user's -W flags otherwise: their warnings are kept
    diagnostics.ShowCarets = false;                // also: no "N warnings generated." from the pre-pass
    diagnostics.DiagnosticSerializationFile.clear();
    diagnostics.DiagnosticLogFile.clear();

    auto nested = std::make_unique<clang::CompilerInstance>(ci.getPCHContainerOperations());
    nested->setInvocation(std::move(invocation));
    // Counts the errors, less those of tj::Bool conditions (which the engine rewrites), shows none, and hands the
    // warnings to the capture. Both live as long as the nested compile (leaked with it should it crash).
    auto *warnings = new WarningCapture();
    auto *errors = new SymbolicErrorFilter(warnings);
    nested->createDiagnostics(errors, /*ShouldOwnClient=*/true);
    nested->createFileManager(ci.getFileManager().getVirtualFileSystemPtr());

    // A crash in the pre-pass (a bug in the engine, or in clang on code it cannot parse twice) becomes an error
    // of this compile rather than a crash of clang, where clang has crash recovery enabled (the driver does).
    PrepassAction action(result, *errors, *warnings, twins);
    bool ok = false;
    t_in_prepass = true;
    llvm::CrashRecoveryContext recovery;
    bool survived = recovery.RunSafely([&] { ok = nested->ExecuteAction(action); });
    t_in_prepass = false;
    if (!survived) {
        (void)nested.release(); // its state is unknown after the crash: leaked, never destroyed (and `warnings`)
        result = PrepassResult();
        result.crashed = true;
        return result;
    }
    if (!ok || errors->other_errors() > 0 || nested->getDiagnostics().hasFatalErrorOccurred()) {
        result = PrepassResult();
        result.had_errors = true;
    }
    nested.reset();
    delete warnings;
    return result;
}

bool apply_prepass(clang::CompilerInstance &ci, const PrepassResult &result) {
    clang::DiagnosticsEngine &diags = ci.getDiagnostics();
    clang::Preprocessor &pp = ci.getPreprocessor();
    if (!find_runtime_header(ci)) {
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "tracejit: <%0> is not on the include path; add "
                                            "tracejit's include folder (-I<prefix>/include) or use "
                                            "tracejit_instrument() from the CMake package");
        diags.Report(id) << tape_hooks_header;
        return false;
    }

    clang::SourceManager &sm = ci.getSourceManager();
    clang::FileManager &files = ci.getFileManager();
    for (const EditedFile &edited : result.files) {
        clang::OptionalFileEntryRef file =
            edited.is_main ? sm.getFileEntryRefForID(sm.getMainFileID()) : files.getOptionalFileRef(edited.name);
        if (!file) {
            unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                "tracejit: cannot find the rewritten file '%0' again");
            diags.Report(id) << edited.name;
            continue;
        }
        sm.overrideFileContents(*file, llvm::MemoryBuffer::getMemBufferCopy(edited.text, file->getName()));
        // The main file's FileID was made before the plugin ran, with the old size: give it a fresh one.
        if (edited.is_main)
            sm.setMainFileID(sm.createFileID(*file, clang::SourceLocation(), clang::SrcMgr::C_User));
    }
    // An #include in the predefines shifts no line of the user's files. tape_hooks.h includes no standard header,
    // so that the names the user's code sees are those of the plain build; the capture of tj arrays and tensors
    // (tape_value.h, and with it the standard headers of tracejit's own) only comes into a file that includes a
    // tracejit header. With fmt in the file, the tape formats values of types that have a fmt formatter.
    pp.setPredefines(pp.getPredefines() + runtime_includes(result));
    return true;
}

std::string runtime_includes(const PrepassResult &result) {
    auto include = [](const char *header) { return "#include <" + std::string(header) + ">\n"; };
    return std::string(result.uses_fmt ? "\n#define TRACEJIT_TAPE_FMT 1" : "") + "\n" + include(tape_hooks_header) +
           (result.uses_tj ? include(tape_header) : "") + (result.uses_freeze ? include(freeze_header) : "") +
           (result.uses_control ? include(control_header) : "") +
           (result.uses_dispatch ? include(vcall_hooks_header) : "");
}

bool includes_mention(clang::CompilerInstance &ci, std::vector<llvm::StringRef> needles) {
    clang::SourceManager &sm = ci.getSourceManager();
    clang::OptionalFileEntryRef main_file = sm.getFileEntryRefForID(sm.getMainFileID());
    if (!main_file)
        return true;
    MarkScanner scanner(ci, std::move(needles));
    llvm::SmallString<256> dir = main_file->getName();
    llvm::sys::path::remove_filename(dir);
    return scanner.scan_includes(sm.getBufferData(sm.getMainFileID()), dir);
}

} // namespace tracejit::plugin
