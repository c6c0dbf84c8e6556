// plugin/split_compile.cpp — the compile split where the marked code starts: the place, the fork, the hand-over
// (the bytes through the pipe: prepass_wire.h)
#include "split_compile.h"

#include "engine/core/symbolic_condition.h"
#include "prepass_wire.h"
#include "user_warnings.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tracejit::plugin {
namespace {

// --- Where to split (text only) ---

/// The end of the preprocessor directive that starts at `p` (its '#'): just past its last line's newline (lines
/// continued by a backslash and comments that span lines belong to it).
const char *end_of_directive(const char *p, const char *end) {
    while (p < end) {
        if (p[0] == '\\' && p + 1 < end && (p[1] == '\n' || (p[1] == '\r' && p + 2 < end && p[2] == '\n'))) {
            p += p[1] == '\n' ? 2 : 3;
        } else if (p[0] == '/' && p + 1 < end && p[1] == '*') {
            const char *close = static_cast<const char *>(memmem(p + 2, end - p - 2, "*/", 2));
            p = close ? close + 2 : end;
        } else if (p[0] == '"' || p[0] == '\'') { // a quoted file name, or a literal in a #define
            const char quote = *p++;
            while (p < end && *p != quote && *p != '\n')
                p += (*p == '\\' && p + 1 < end) ? 2 : 1;
            if (p < end && *p == quote)
                ++p;
        } else if (p[0] == '\n') {
            return p + 1;
        } else {
            ++p;
        }
    }
    return end;
}

/// The split point of `text` (see split_point) before offset `mark`, by raw lexing: tokens, not the preprocessor.
std::optional<SplitPoint> find_split(llvm::StringRef text, size_t mark, const clang::LangOptions &lang,
                                     clang::SourceLocation file_start) {
    std::optional<SplitPoint> found;
    int nesting = 0, conditionals = 0;
    const char *begin = text.data(), *end = text.data() + text.size();
    const char *resume = begin;
    while (resume < end) {
        clang::Lexer lexer(file_start, lang, begin, resume, end);
        lexer.SetCommentRetentionState(false);
        resume = end;
        clang::Token token;
        for (;;) {
            lexer.LexFromRawLexer(token);
            if (token.is(clang::tok::eof))
                return found;
            const size_t at = token.getLocation().getRawEncoding() - file_start.getRawEncoding();
            if (at >= mark)
                return found;
            if (token.is(clang::tok::hash) && token.isAtStartOfLine()) {
                clang::Token name;
                lexer.LexFromRawLexer(name);
                llvm::StringRef word;
                if (name.is(clang::tok::raw_identifier) && !name.isAtStartOfLine())
                    word = name.getRawIdentifier();
                const char *line_end = end_of_directive(begin + at, end);
                if (word == "if" || word == "ifdef" || word == "ifndef")
                    ++conditionals;
                else if (word == "endif")
                    --conditionals;
                else if ((word == "include" || word == "include_next" || word == "import") && nesting == 0 &&
                         conditionals == 0 && size_t(line_end - begin) <= mark)
                    found = SplitPoint{unsigned(line_end - begin), unsigned(at)};
                resume = line_end;
                break;
            }
            if (token.isOneOf(clang::tok::l_brace, clang::tok::l_paren, clang::tok::l_square))
                ++nesting;
            else if (token.isOneOf(clang::tok::r_brace, clang::tok::r_paren, clang::tok::r_square))
                --nesting;
        }
    }
    return found;
}

// --- The child's checks of its AST ---

/// Whether the translation unit declares `tj` outside tracejit's headers (tape_hooks.h and what it includes, which
/// the split compile includes first): the user's code declares it, and its rewrite needs <tracejit/tape.h>. (The
/// user's own includes of tracejit keep a file out of the split: split_point.)
bool declares_tj(clang::ASTContext &ctx) {
    const clang::SourceManager &sm = ctx.getSourceManager();
    for (const clang::NamedDecl *d : ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("tj")))
        for (const clang::Decl *r : d->redecls()) {
            if (!sm.getFilename(sm.getExpansionLoc(r->getLocation())).contains("/tracejit/"))
                return true;
        }
    return false;
}

/// Why `offset` of the main file is not between two top-level declarations (a declaration spans it: a namespace
/// or extern block a macro opens, an initializer that includes a file); empty when it is.
std::string declaration_around(clang::ASTContext &ctx, unsigned offset) {
    const clang::SourceManager &sm = ctx.getSourceManager();
    const clang::FileID main = sm.getMainFileID();
    for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
        clang::SourceRange range = d->getSourceRange();
        if (range.isInvalid() || d->isImplicit())
            continue;
        auto [begin_file, begin] = sm.getDecomposedExpansionLoc(range.getBegin());
        auto [end_file, end] = sm.getDecomposedExpansionLoc(range.getEnd());
        if (begin_file == main && end_file == main && begin < offset && offset <= end)
            return "a declaration spans the line after the #include at which the compile splits (line " +
                   std::to_string(sm.getLineNumber(main, begin)) + ")";
    }
    return {};
}

// --- Callbacks ---

/// Forks the compile when the preprocessor is back in the main file from the #include before the split point.
class SplitTrigger : public clang::PPCallbacks {
  public:
    SplitTrigger(std::shared_ptr<SplitCompile> split, clang::Preprocessor &pp, clang::FileID main, const char *buffer)
        : m_split(std::move(split)), m_pp(pp), m_main(main), m_buffer(buffer) {}

    void FileChanged(clang::SourceLocation, FileChangeReason reason, clang::SrcMgr::CharacteristicKind,
                     clang::FileID) override {
        if (reason == ExitFile)
            check();
    }
    void FileSkipped(const clang::FileEntryRef &, const clang::Token &, clang::SrcMgr::CharacteristicKind) override {
        check();
    }

  private:
    void check() {
        clang::PreprocessorLexer *current = m_pp.getCurrentLexer();
        if (current == nullptr || current->getFileID() != m_main)
            return;
        // The only PreprocessorLexer of a file is a Lexer (a macro's tokens come from a TokenLexer, not this).
        const char *at = static_cast<clang::Lexer *>(current)->getBufferLocation();
        if (m_split->due(size_t(at - m_buffer)))
            m_split->at_split(size_t(at - m_buffer));
    }

    std::shared_ptr<SplitCompile> m_split;
    clang::Preprocessor &m_pp;
    clang::FileID m_main;
    const char *m_buffer;
};

/// The child's diagnostic client: counts errors and keeps warnings as the pre-pass's does. The end of the source
/// file comes after the end of the translation unit, where the child has exited: reaching it means the compile
/// ended another way, and the child must not go on as the parent would (write its outputs, link).
class ChildDiagnostics final : public SymbolicErrorFilter {
  public:
    using SymbolicErrorFilter::SymbolicErrorFilter;
    void EndSourceFile() override { ::_exit(1); }
};

/// Writes all of `text` to `fd`; false on an error.
bool write_all(int fd, const std::string &text) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += size_t(n);
    }
    return true;
}

std::string read_all(int fd) {
    std::string text;
    char chunk[65536];
    for (;;) {
        ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return text;
        text.append(chunk, size_t(n));
    }
}

} // namespace

std::optional<SplitPoint> split_point(clang::CompilerInstance &ci) {
    clang::SourceManager &sm = ci.getSourceManager();
    llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
    const size_t mark = text.find("jit::");
    if (mark == llvm::StringRef::npos || !ci.getPreprocessorOpts().Includes.empty())
        return std::nullopt;
    for (llvm::StringRef needle : {"freeze", "tj::", "tracejit/", "fmt/"})
        if (text.contains(needle))
            return std::nullopt;
    if (includes_mention(ci, {"jit::", "freeze", "tracejit/", "fmt/"}))
        return std::nullopt;
    return find_split(text, mark, ci.getLangOpts(), sm.getLocForStartOfFile(sm.getMainFileID()));
}

SplitCompile::SplitCompile(clang::CompilerInstance &ci, SplitPoint point, std::string original, char *buffer,
                           size_t capacity, bool twins, Ready ready)
    : m_ci(ci), m_point(point), m_original(std::move(original)), m_buffer(buffer), m_capacity(capacity), m_twins(twins),
      m_ready(std::move(ready)) {}

bool SplitCompile::due(size_t position) const {
    return !m_done && !m_child && position > m_point.include_line && position <= m_point.offset;
}

void SplitCompile::at_split(size_t position) {
    m_done = true;
    m_forked_at = position;
    llvm::errs().flush(); // nothing buffered may be written twice
    llvm::outs().flush();
    std::fflush(nullptr);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        restart_in_two_passes(std::string("no pipe: ") + std::strerror(errno));
        return;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        restart_in_two_passes(std::string("no fork: ") + std::strerror(errno));
        return;
    }
    if (pid == 0) {
        ::close(fds[0]);
        become_child(fds[1]);
        return;
    }
    ::close(fds[1]);
    const std::string wire = read_all(fds[0]);
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || wire.empty()) {
        PrepassResult crashed;
        crashed.crashed = true;
        m_ready(std::move(crashed), false);
        return;
    }
    take_result(wire);
}

void SplitCompile::become_child(int fd) {
    m_child = true;
    m_fd = fd;
    // A crash here ends this process only: no crash recovery into the driver's code, no removal of the parent's
    // output files on a signal. The parent reports it as the plugin's crash.
    llvm::CrashRecoveryContext::Disable();
    llvm::sys::unregisterHandlers();
    // The user's diagnostics of the rest are the parent's to show; here they are counted and the warnings kept
    // (user_warnings.h), as in the pre-pass.
    m_warnings = new WarningCapture();
    m_errors = new ChildDiagnostics(m_warnings);
    m_ci.getDiagnostics().setClient(m_errors, /*ShouldOwnClient=*/false);
    m_ci.getPreprocessor().addPPCallbacks(late_after_main_file(*m_warnings));
}

void SplitCompile::finish_in_child(clang::ASTContext &ctx) {
    PrepassResult result;
    collect_rewrite(ctx, m_errors->other_errors() > 0, *m_warnings, m_twins, result);
    std::string problem;
    if (!result.had_errors) {
        result.uses_tj = declares_tj(ctx);
        problem = declaration_around(ctx, m_point.offset);
    }
    const bool sent = write_all(m_fd, encode_result(result, problem, ctx.getDiagnostics()));
    ::_exit(sent ? 0 : 1);
}

std::string SplitCompile::unusable(const PrepassResult &result) const {
    if (result.uses_fmt || result.uses_tj || result.uses_freeze || result.uses_control || result.uses_dispatch ||
        result.rewritten_calls > 0)
        return "the rewritten code needs more of tracejit's headers than tape_hooks.h";
    const size_t padding = m_capacity - m_original.size();
    for (const EditedFile &file : result.files) {
        if (!file.is_main)
            return "a file it includes is rewritten too (" + file.name + ")";
        const std::string &text = file.text;
        if (text.size() < m_point.offset + padding || text.compare(0, m_point.offset, m_original, 0, m_point.offset))
            return "the rewrite changes the text before the #include at which the compile splits";
        if (text.find_first_not_of(" \n", text.size() - padding) != std::string::npos)
            return "the rewrite changes the end of the file";
        if (text.size() - padding > m_capacity)
            return "the rewritten text is longer than the room made for it";
    }
    return {};
}

void SplitCompile::take_result(const std::string &wire) {
    PrepassResult result;
    std::string problem;
    if (!decode_result(wire, result, problem, m_ci.getDiagnostics())) {
        result = PrepassResult();
        result.crashed = true;
        m_ready(std::move(result), false);
        return;
    }
    if (result.had_errors) { // the compile reads the text as written and reports the user's errors itself
        m_ready(std::move(result), false);
        return;
    }
    if (problem.empty())
        problem = unusable(result);
    if (!problem.empty()) {
        restart_in_two_passes(problem);
        return;
    }
    if (result.files.empty()) {
        m_ready(std::move(result), false);
        return;
    }
    EditedFile &main = result.files.front();
    const size_t padding = m_capacity - m_original.size();
    const size_t rest = main.text.size() - padding - m_point.offset;
    std::memcpy(m_buffer + m_point.offset, main.text.data() + m_point.offset, rest);
    // The room left: a line break (so that the last line stays the user's, as written), then spaces.
    std::memset(m_buffer + m_point.offset + rest, ' ', m_capacity - m_point.offset - rest);
    m_buffer[m_point.offset + rest] = '\n';
    main.text.resize(main.text.size() - padding);
    main.original = m_original;
    // The lines the parent had read when it forked (the child parsed everything after them).
    result.split_line = unsigned(std::count(m_original.begin(), m_original.begin() + m_forked_at, '\n'));
    // Line numbers of the main file may have been counted already (a diagnostic before the split point): from the
    // old text, which had other lines after it.
    clang::SourceManager &sm = m_ci.getSourceManager();
    sm.getSLocEntry(sm.getMainFileID()).getFile().getContentCache().SourceLineCache =
        clang::SrcMgr::LineOffsetMapping();
    m_ready(std::move(result), true);
}

void SplitCompile::restart_in_two_passes(const std::string &why) {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> args;
    for (size_t at = 0; at < all.size();) {
        size_t end = all.find('\0', at);
        if (end == std::string::npos)
            end = all.size();
        args.push_back(all.substr(at, end - at));
        at = end + 1;
    }
    std::string failure = "cannot read its command line";
    if (!args.empty()) {
        if (args.size() > 1 && args[1] == "-cc1") // clang -cc1: the plugin's argument as the frontend takes it
            args.insert(args.begin() + 2, {"-plugin-arg-tracejit", "no-split"});
        else // the driver
            args.insert(args.begin() + 1, "-fplugin-arg-tracejit-no-split");
        std::vector<char *> argv;
        for (std::string &arg : args)
            argv.push_back(arg.data());
        argv.push_back(nullptr);
        m_ci.clearOutputFiles(/*EraseFiles=*/true);
        llvm::errs().flush();
        ::execv("/proc/self/exe", argv.data());
        failure = std::string("exec: ") + std::strerror(errno);
    }
    clang::DiagnosticsEngine &diags = m_ci.getDiagnostics();
    diags.Report(diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                       "tracejit: this file cannot be rewritten in one parse (%0), and the compile "
                                       "could not start again in two (%1): compile it with "
                                       "-fplugin-arg-tracejit-no-split"))
        << why << failure;
}

void SplitCompile::check_reached() {
    if (!m_done && !m_child && !m_ci.getDiagnostics().hasErrorOccurred())
        restart_in_two_passes("the preprocessor did not come back from the #include at which the compile splits");
}

std::shared_ptr<SplitCompile> start_split(clang::CompilerInstance &ci, SplitPoint point, bool twins,
                                          SplitCompile::Ready ready) {
    clang::SourceManager &sm = ci.getSourceManager();
    clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getMainFileID());
    if (!file || !find_runtime_header(ci))
        return nullptr;
    llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
    // Room for the rewrite of the rest: a traced function's text grows by its recording copy and hooks (a few
    // times its size); what does not fit starts the compile again in two passes.
    const size_t capacity = text.size() + 16 * (text.size() - point.offset) + 65536;
    std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
        llvm::WritableMemoryBuffer::getNewUninitMemBuffer(capacity, file->getName());
    char *data = buffer->getBufferStart();
    std::memcpy(data, text.data(), text.size());
    std::memset(data + text.size(), ' ', capacity - text.size());
    data[text.size()] = '\n';
    std::string original = text.str();
    sm.overrideFileContents(*file, std::move(buffer));
    const clang::FileID main = sm.createFileID(*file, clang::SourceLocation(), clang::SrcMgr::C_User);
    sm.setMainFileID(main);
    clang::Preprocessor &pp = ci.getPreprocessor();
    pp.setPredefines(pp.getPredefines() + runtime_includes(PrepassResult()));
    auto split =
        std::make_shared<SplitCompile>(ci, point, std::move(original), data, capacity, twins, std::move(ready));
    pp.addPPCallbacks(std::make_unique<SplitTrigger>(split, pp, main, data));
    return split;
}

} // namespace tracejit::plugin
