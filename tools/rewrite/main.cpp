// tools/rewrite/main.cpp — tracejit-rewrite FILE -- <compiler args>: prints FILE as the tracejit plugin rewrites it
//
// Parses FILE with LibTooling (the compiler arguments after `--`, or a compile_commands.json found above FILE),
// runs the plugin's engine on it and prints the rewritten text of FILE to stdout (the unchanged text when nothing
// in it is marked). Compiler errors and the engine's diagnostics go to stderr; either makes the exit status 1. The
// errors of tj::Bool conditions are not shown: the engine rewrites those statements (symbolic_condition.h).
// With --mark-all it prints FILE with every function definition marked [[jit::trace]] instead (mark_all.h).
#include "engine/core/symbolic_condition.h"
#include "engine/engine.h"
#include "mark_all.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CommonOptionsParser.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/raw_ostream.h>

#include <exception>
#include <optional>
#include <string>

namespace {

namespace tp = tracejit::plugin;

llvm::cl::OptionCategory g_category("tracejit-rewrite options");
llvm::cl::opt<bool> g_mark_all("mark-all",
                               llvm::cl::desc("print FILE with [[jit::trace]] on every function definition the "
                                              "plugin can record, instead of rewriting it"),
                               llvm::cl::cat(g_category));

/// Runs the engine on the parsed file and keeps the rewritten text of the main file.
class RewriteConsumer : public clang::ASTConsumer {
  public:
    RewriteConsumer(std::optional<std::string> &output, const tp::SymbolicErrorFilter &errors)
        : m_output(output), m_errors(errors) {}

    void HandleTranslationUnit(clang::ASTContext &ctx) override {
        clang::DiagnosticsEngine &diags = ctx.getDiagnostics();
        if (m_errors.other_errors() > 0 || diags.hasFatalErrorOccurred())
            return; // clang has said why
        if (g_mark_all) {
            m_output = tracejit::rewrite::mark_all_functions(ctx);
            return;
        }
        clang::SourceManager &sm = ctx.getSourceManager();
        clang::Rewriter rewriter(sm, ctx.getLangOpts());
        tp::EngineOptions options;
        options.exceptions = ctx.getLangOpts().CXXExceptions;
        tp::EngineResult result;
        try {
            result = tp::rewrite_marked_functions(ctx, rewriter, options);
        } catch (const std::exception &error) {
            diags.Report(diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                               "tracejit: internal error in the rewrite engine: %0"))
                << error.what();
            return;
        }
        for (const tp::EngineDiagnostic &diagnostic : result.diagnostics) {
            auto level = diagnostic.level == tp::EngineDiagnostic::Level::Error ? clang::DiagnosticsEngine::Error
                                                                                : clang::DiagnosticsEngine::Warning;
            clang::SourceLocation loc;
            if (auto file = sm.getFileManager().getOptionalFileRef(diagnostic.file))
                loc = sm.translateFileLineCol(&file->getFileEntry(), diagnostic.line, diagnostic.column);
            if (loc.isValid())
                diags.Report(loc, diags.getCustomDiagID(level, "%0")) << tp::shown_message(diagnostic);
            else
                diags.Report(diags.getCustomDiagID(level, "%0:%1:%2: %3"))
                    << diagnostic.file << diagnostic.line << diagnostic.column << tp::shown_message(diagnostic);
        }
        clang::FileID main = sm.getMainFileID();
        if (const clang::RewriteBuffer *buffer = rewriter.getRewriteBufferFor(main))
            m_output = std::string(buffer->begin(), buffer->end());
        else
            m_output = sm.getBufferData(main).str();
    }

  private:
    std::optional<std::string> &m_output;
    const tp::SymbolicErrorFilter &m_errors;
};

class RewriteAction : public clang::ASTFrontendAction {
  public:
    RewriteAction(std::optional<std::string> &output, const tp::SymbolicErrorFilter &errors)
        : m_output(output), m_errors(errors) {}

  protected:
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
        return std::make_unique<RewriteConsumer>(m_output, m_errors);
    }

  private:
    std::optional<std::string> &m_output;
    const tp::SymbolicErrorFilter &m_errors;
};

class RewriteActionFactory : public clang::tooling::FrontendActionFactory {
  public:
    explicit RewriteActionFactory(const tp::SymbolicErrorFilter &errors) : m_errors(errors) {}
    std::unique_ptr<clang::FrontendAction> create() override {
        return std::make_unique<RewriteAction>(output, m_errors);
    }
    std::optional<std::string> output;

  private:
    const tp::SymbolicErrorFilter &m_errors;
};

} // namespace

int main(int argc, const char **argv) {
    auto parser = clang::tooling::CommonOptionsParser::create(
        argc, argv, g_category, llvm::cl::Required,
        "Prints FILE with its [[jit::trace]]/[[jit::freeze]] functions rewritten as the tracejit plugin does.\n"
        "Usage: tracejit-rewrite [--mark-all] FILE -- <compiler arguments>\n");
    if (!parser) {
        llvm::errs() << "tracejit-rewrite: " << llvm::toString(parser.takeError()) << "\n";
        return 2;
    }
    clang::tooling::ClangTool tool(parser->getCompilations(), parser->getSourcePathList());
    tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        "-resource-dir=" TRACEJIT_CLANG_RESOURCE_DIR, clang::tooling::ArgumentInsertPosition::BEGIN));
    // As the plugin's pre-pass: tj::Bool conditions parse (symbolic_condition.h).
    tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        (std::string("-D") + tp::prepass_macro).c_str(), clang::tooling::ArgumentInsertPosition::END));
    // clang's errors and warnings are printed as usual, less the errors of tj::Bool conditions.
    llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagnostic_options(new clang::DiagnosticOptions());
    clang::TextDiagnosticPrinter printer(llvm::errs(), diagnostic_options.get());
    tp::SymbolicErrorFilter errors(&printer);
    tool.setDiagnosticConsumer(&errors);
    RewriteActionFactory factory(errors);
    int status = tool.run(&factory);
    if (factory.output)
        llvm::outs() << *factory.output;
    return status == 0 && factory.output ? 0 : 1;
}
