// plugin/plugin.cpp — tracejit.so's glue to clang: registration, plugin arguments, the action
//
// The action runs before the main one (AddBeforeMainAction). Its CreateASTConsumer is called once the real
// compile's SourceManager and Preprocessor exist but before anything is lexed: the right moment to run the
// pre-pass (prepass.h) and swap in the rewritten files, or, where the marks follow the main file's #includes, to
// set the compile up to split there and rewrite the rest in a forked child (split_compile.h). The consumer it
// returns reports the engine's diagnostics, mapped from the pre-pass's file/line/column onto the real compile's
// files (and, in a split compile's child, runs the engine at the end of the translation unit).
#include "attributes.h"
#include "engine/engine.h"
#include "fast_calls.h"
#include "prepass.h"
#include "rewrite_errors.h"
#include "split_compile.h"
#include "user_warnings.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendPluginRegistry.h>
#include <llvm/Support/raw_ostream.h>

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace tracejit::plugin {
namespace {

/// The warning groups turned on by -fplugin-arg-tracejit-W<group> (engine/core/diagnostics.h).
using GroupSet = std::set<WarningGroup>;

/// The engine's diagnostics that are shown: errors, warnings of no group and those of the groups turned on; of a
/// -Wmacro warning, the first of each file, which says how many there are.
std::vector<EngineDiagnostic> shown(std::vector<EngineDiagnostic> diagnostics, const GroupSet &on) {
    std::vector<EngineDiagnostic> kept;
    std::map<std::string, std::pair<size_t, unsigned>> macro_warnings; // file → (index in kept, count)
    for (EngineDiagnostic &diagnostic : diagnostics) {
        if (diagnostic.group != WarningGroup::None && !on.count(diagnostic.group))
            continue;
        if (diagnostic.group == WarningGroup::Macro) {
            auto [it, first] = macro_warnings.try_emplace(diagnostic.file, kept.size(), 0);
            ++it->second.second;
            if (!first)
                continue;
        }
        kept.push_back(std::move(diagnostic));
    }
    for (const auto &[file, where] : macro_warnings)
        if (where.second > 1)
            kept[where.first].message +=
                "; " + std::to_string(where.second - 1) + " more statement(s) of this file alike are not recorded";
    return kept;
}

/// Reports, in the real compile, the user's warnings that are left (user_warnings.h) and then the engine's
/// diagnostics, once every file they point into has been read, at the user's line and column.
class ReportConsumer : public clang::ASTConsumer {
  public:
    /// What to report: set once the rewrite is known (before anything is parsed, or at a split compile's split).
    void set(std::vector<EngineDiagnostic> diagnostics, std::shared_ptr<WarningReplay> warnings,
             RewriteErrorFilter *errors) {
        m_diagnostics = std::move(diagnostics);
        m_warnings = std::move(warnings);
        m_errors = errors;
    }
    void set_split(std::shared_ptr<SplitCompile> split) { m_split = std::move(split); }

    void HandleTranslationUnit(clang::ASTContext &ctx) override {
        if (m_split && m_split->in_child())
            m_split->finish_in_child(ctx); // (does not return)
        if (m_split)
            m_split->check_reached();
        if (!m_warnings)
            return;
        m_warnings->finish();
        if (m_errors)
            m_errors->report(*m_warnings);
        clang::DiagnosticsEngine &diags = ctx.getDiagnostics();
        for (const EngineDiagnostic &diagnostic : m_diagnostics) {
            auto level = diagnostic.level == EngineDiagnostic::Level::Error ? clang::DiagnosticsEngine::Error
                                                                            : clang::DiagnosticsEngine::Warning;
            clang::SourceLocation loc = m_warnings->locate(diagnostic.file, diagnostic.line, diagnostic.column);
            if (loc.isValid()) {
                diags.Report(loc, diags.getCustomDiagID(level, "%0")) << shown_message(diagnostic);
            } else { // not a file of this compile (cannot happen unless the engine names a file oddly)
                diags.Report(diags.getCustomDiagID(level, "%0:%1:%2: %3"))
                    << diagnostic.file << diagnostic.line << diagnostic.column << shown_message(diagnostic);
            }
        }
    }

  private:
    std::vector<EngineDiagnostic> m_diagnostics;
    std::shared_ptr<WarningReplay> m_warnings;
    RewriteErrorFilter *m_errors = nullptr; ///< owned by the DiagnosticsEngine; null when nothing was edited
    std::shared_ptr<SplitCompile> m_split;  ///< a split compile's state (split_compile.h); null in two passes
};

/// The plugin's arguments (-fplugin-arg-tracejit-…).
struct PluginOptions {
    bool off = false;
    bool dump = false;
    bool twins = true;      ///< no-twin: instrumented bodies only (plan_twin.h)
    bool fast_calls = true; ///< no-fast-calls: twins keep their bodies (fast_calls.h)
    bool split = true;      ///< no-split: always two passes (split_compile.h)
    GroupSet warnings;      ///< W<group>, Wall: all
};

/// Takes the rewrite into the real compile (`applied`: the rewritten text is what it reads): the fast calls,
/// the dump, the user's warnings and the errors on rewritten lines (user_warnings.h, rewrite_errors.h), and what
/// `report` reports.
void adopt(clang::CompilerInstance &ci, const PluginOptions &options, PrepassResult result, bool applied,
           ReportConsumer &report) {
    if (result.crashed) {
        clang::DiagnosticsEngine &diags = ci.getDiagnostics();
        diags.Report(diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                           "tracejit: the plugin crashed while rewriting this file (a tracejit "
                                           "bug; -fplugin-arg-tracejit-off compiles it without recording)"));
        return;
    }
    if (result.had_errors) // the real compile reports the user's errors, once
        return;
    if (applied && options.twins && options.fast_calls)
        add_fast_calls_pass(ci.getCodeGenOpts());
    if (applied && options.dump) {
        for (const EditedFile &file : result.files) {
            llvm::errs() << "// tracejit-dump: " << file.name;
            if (file.is_main && result.split_line > 0)
                llvm::errs() << " (one parse: the compile split after line " << result.split_line << ")";
            llvm::errs() << "\n" << file.text;
            if (!llvm::StringRef(file.text).ends_with("\n"))
                llvm::errs() << "\n";
        }
    }
    std::map<std::string, std::string> originals;
    for (EditedFile &file : result.files)
        originals.emplace(file.name, std::move(file.original));
    if (!applied) // the real compile reads the files as written and judges them itself
        result.warnings.clear(), originals.clear();
    RewriteErrorFilter *errors = filter_rewrite_errors(ci, originals);
    auto warnings = replay_warnings(ci, std::move(result.warnings), std::move(result.rewritten), std::move(originals));
    if (errors)
        errors->set_replay(warnings);
    report.set(shown(std::move(result.diagnostics), options.warnings), std::move(warnings), errors);
}

class TracejitAction : public clang::PluginASTAction {
  public:
    ActionType getActionType() override { return AddBeforeMainAction; }

    bool ParseArgs(const clang::CompilerInstance &ci, const std::vector<std::string> &args) override {
        bool ok = true;
        for (const std::string &arg : args) {
            if (arg == "off") {
                m_options.off = true;
            } else if (arg == "dump") {
                m_options.dump = true;
            } else if (arg == "no-twin") {
                m_options.twins = false;
            } else if (arg == "no-fast-calls") {
                m_options.fast_calls = false;
            } else if (arg == "no-split") {
                m_options.split = false;
            } else if (WarningGroup group; arg.starts_with("W") && group_named(arg.substr(1), &group)) {
                m_options.warnings.insert(group);
            } else if (arg == "Wall") {
                for (WarningGroup g : {WarningGroup::Unrecorded, WarningGroup::Macro, WarningGroup::OpenMP})
                    m_options.warnings.insert(g);
            } else {
                clang::DiagnosticsEngine &diags = ci.getDiagnostics();
                unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                    "tracejit: unknown plugin argument '%0' (known: dump, "
                                                    "no-fast-calls, no-split, no-twin, off, Wall, Wmacro, "
                                                    "Wopenmp, Wunrecorded)");
                diags.Report(id) << arg;
                ok = false;
            }
        }
        set_attributes_off(m_options.off); // before anything is parsed
        return ok;
    }

  protected:
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci, llvm::StringRef) override {
        if (in_prepass() || m_options.off || !may_contain_marks(ci))
            return std::make_unique<clang::ASTConsumer>();
        auto consumer = std::make_unique<ReportConsumer>();
        if (std::optional<SplitPoint> point = m_options.split ? split_point(ci) : std::nullopt) {
            // Called at the split, after this action is gone (clang destroys a plugin's action once it has made the
            // consumer): a copy of the options goes with it.
            ReportConsumer *report = consumer.get();
            auto ready = [options = m_options, &ci, report](PrepassResult result, bool applied) {
                adopt(ci, options, std::move(result), applied, *report);
            };
            if (std::shared_ptr<SplitCompile> split = start_split(ci, *point, m_options.twins, std::move(ready))) {
                consumer->set_split(std::move(split));
                return consumer;
            }
        }
        PrepassResult result = run_prepass(ci, m_options.twins);
        bool applied = !result.crashed && !result.had_errors &&
                       result.rewritten_functions + result.rewritten_calls > 0 && apply_prepass(ci, result);
        adopt(ci, m_options, std::move(result), applied, *consumer);
        return consumer;
    }

  private:
    PluginOptions m_options;
};

clang::FrontendPluginRegistry::Add<TracejitAction> registration("tracejit",
                                                                "tracejit: record calls of [[jit::trace]] functions");

} // namespace
} // namespace tracejit::plugin
