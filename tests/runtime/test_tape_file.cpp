// tests/runtime/test_tape_file.cpp — tape files: save/load round trip, damaged and foreign files, TRACEJIT_TAPE
#include "run_self.h"
#include "test_tape_functions.h"

#include "support/container.h" // the file layout
#include "support/hash.h"      // its checksum
#include "tape/tape_data.h"    // NodeAccess: unfinished calls and a call's thread
#include "tape/tape_file.h"    // tape_file_version
#include "tape/tape_recorder.h" // save_to_directory

#include <tracejit/tape.h>
#include <tracejit/tape_index.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

using namespace tape_fns;
using tj::tape::Kind;
using tj::tape::Node;

namespace fs = std::filesystem;

namespace {

/// A fresh empty directory under the system's temporary directory.
fs::path scratch_dir(const std::string &name) {
    fs::path dir = fs::temp_directory_path() / ("tj-tape-test-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string read_file(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_file(const fs::path &p, const std::string &bytes) {
    std::ofstream out(p, std::ios::binary);
    out << bytes;
}

/// Checks that two trees hold the same nodes, field by field (without recursion).
void check_same(const Node &a, const Node &b) {
    std::vector<std::pair<const Node *, const Node *>> work{{&a, &b}};
    size_t count = 0;
    while (!work.empty()) {
        auto [x, y] = work.back();
        work.pop_back();
        ++count;
        CAPTURE(tj::tape::node_line(*x));
        REQUIRE(x->kind() == y->kind());
        CHECK(x->text() == y->text());
        CHECK(x->location().file == y->location().file);
        CHECK(x->location().line == y->location().line);
        CHECK(x->location().column == y->location().column);
        CHECK(x->value_kind() == y->value_kind());
        CHECK(x->value_string() == y->value_string());
        CHECK(x->type_name() == y->type_name());
        CHECK(x->iteration() == y->iteration());
        CHECK(x->taken() == y->taken());
        CHECK(x->exception() == y->exception());
        CHECK(x->nesting() == y->nesting());
        CHECK(x->expanded() == y->expanded());
        CHECK(x->metadata() == y->metadata());
        if (x != &a)
            CHECK(x->index() == y->index());
        REQUIRE(x->references().size() == y->references().size());
        for (size_t i = 0; i < x->references().size(); ++i) {
            CHECK(x->references()[i].first == y->references()[i].first);
            CHECK(x->references()[i].second->index() == y->references()[i].second->index());
            CHECK(x->references()[i].second->parent()->index() == y->references()[i].second->parent()->index());
        }
        REQUIRE(x->children().size() == y->children().size());
        for (size_t i = 0; i < x->children().size(); ++i) {
            CHECK(y->children()[i].parent() == y);
            work.emplace_back(&x->children()[i], &y->children()[i]);
        }
    }
    CHECK(count > 0);
}

struct Tag : tj::tape::Context {
    void annotate(Node &n) override {
        if (n.kind() == Kind::Statement)
            n.set_metadata("adjoint", "0.5");
    }
};

/// Makes the checksum the file ends with (xxh3 of every byte before it) right again.
void fix_checksum(std::string &bytes) {
    if (bytes.size() < 8)
        return;
    uint64_t sum = tj::support::hash64(std::string_view(bytes).substr(0, bytes.size() - 8));
    for (int i = 0; i < 8; ++i)
        bytes[bytes.size() - 8 + i] = static_cast<char>((sum >> (8 * i)) & 0xff);
}

} // namespace

TEST_CASE("tape file: save and load give back every field and the same printed form") {
    fs::path dir = scratch_dir("roundtrip");
    std::vector<tj::tape::Tape> tapes;
    tapes.push_back(tj::track(h, 2.0, 2));
    tapes.push_back(tj::track(poly, 3.0));
    Tag tag;
    tapes.push_back(tj::track(tag, f, 0.5));
    tapes.push_back(tj::track(outer, 20.0));
    tapes.push_back(tj::track(values));
    tapes.push_back(tj::track(classify, 3));
    geom_rng.seed(7);
    tj::tape::DepthLimit limit(2);
    tapes.push_back(tj::track(limit, geom, 0, 0.3));
    tapes.push_back(tj::track([] { return h(1.0, 3) + sq(2.0); }));
    for (size_t i = 0; i < tapes.size(); ++i) {
        CAPTURE(i);
        std::string path = (dir / ("t" + std::to_string(i) + ".tjtape")).string();
        tj::tape::save(*tapes[i], path);
        tj::tape::Tape loaded = tj::tape::load(path);
        REQUIRE(loaded);
        CHECK(loaded->parent() == nullptr);
        CHECK(loaded->index() == 0);
        check_same(*tapes[i], *loaded);
        CHECK(tj::tape::printlevels(*loaded, 100) == tj::tape::printlevels(*tapes[i], 100));
        tj::tape::Tape again = tj::tape::load_bytes(read_file(path));
        CHECK(tj::tape::printlevels(*again, 100) == tj::tape::printlevels(*tapes[i], 100));
    }
    // Typed values survive.
    tj::tape::Tape v = tj::tape::load((dir / "t4.tjtape").string());
    CHECK((*v)[8].value<std::string>() == "x\"y");
    CHECK((*v)[15].value<Color>() == Color::Green);
    CHECK((*v)[2].value<float>() == 0.1f);
    tj::tape::Tape t = tj::tape::load((dir / "t2.tjtape").string());
    REQUIRE(t->children()[1].metadata("adjoint"));
    CHECK(*t->children()[1].metadata("adjoint") == "0.5");
    CHECK(tj::tape::backward((*t)[4]).size() == 3);
    // Saving a part: a nested call becomes the root of the file.
    std::string part = (dir / "part.tjtape").string();
    tj::tape::save((*tapes[1])[2], part);
    tj::tape::Tape sub = tj::tape::load(part);
    CHECK(sub->text() == "sq");
    CHECK(sub->index() == 0);
    CHECK(sub->children().size() == 2);
    CHECK(tj::tape::referenced((*sub)[2]).front() == &(*sub)[1]);
    // Saving a statement alone drops the references to nodes outside it.
    tj::tape::save((*tapes[0])[6], part);
    CHECK(tj::tape::load(part)->references().empty());
    fs::remove_all(dir);
}

TEST_CASE("tape file: a missing, foreign, truncated, corrupt or newer file is a tj::Error") {
    fs::path dir = scratch_dir("bad");
    std::string good_path = (dir / "good.tjtape").string();
    tj::tape::Tape tape = tj::track(poly, 3.0);
    tj::tape::save(*tape, good_path);
    const std::string good = read_file(good_path);
    REQUIRE(good.size() > 100);
    CHECK(good.compare(0, 8, "TRACEJIT") == 0);
    const size_t header = tj::support::container_header_bytes, version_at = tj::support::container_kind_version_offset;

    CHECK_THROWS_WITH_AS(
        tj::tape::load((dir / "missing.tjtape").string()),
        doctest::Contains(("tj::tape::load(): " + (dir / "missing.tjtape").string() + ": cannot open").c_str()),
        tj::Error);
    write_file(dir / "foreign", "hello, world: not a tape at all");
    CHECK_THROWS_WITH_AS(tj::tape::load((dir / "foreign").string()),
                         ("tj::tape::load(): " + (dir / "foreign").string() + ": not a tracejit tape").c_str(),
                         tj::Error);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes("", "empty"), "tj::tape::load_bytes(): empty: not a tracejit tape",
                         tj::Error);

    std::string newer = good;
    newer[version_at] = 7;
    newer[version_at + 1] = newer[version_at + 2] = newer[version_at + 3] = 0;
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(newer, "newer"),
                         doctest::Contains("tj::tape::load_bytes(): newer: version 7 is not supported"), tj::Error);

    std::string cut = good.substr(0, good.size() - 20);
    write_file(dir / "cut.tjtape", cut);
    CHECK_THROWS_WITH_AS(
        tj::tape::load((dir / "cut.tjtape").string()),
        ("tj::tape::load(): " + (dir / "cut.tjtape").string() + ": truncated at byte " + std::to_string(cut.size()))
            .c_str(),
        tj::Error);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(good.substr(0, 8), "x"), "tj::tape::load_bytes(): x: truncated at byte 8",
                         tj::Error);

    std::string flipped = good;
    flipped[good.size() / 2] ^= 0x10;
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(flipped, "flipped"), "tj::tape::load_bytes(): flipped: checksum mismatch",
                         tj::Error);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(good + "extra", "long"), doctest::Contains("corrupt"), tj::Error);

    // Every prefix and every single-byte change is refused cleanly.
    for (size_t n = 0; n < good.size(); ++n)
        CHECK_THROWS_AS(tj::tape::load_bytes(good.substr(0, n)), tj::Error);
    for (size_t i = 0; i < good.size(); ++i) {
        std::string b = good;
        b[i] ^= 0x5a;
        CHECK_THROWS_AS(tj::tape::load_bytes(b), tj::Error);
    }

    // Damage behind a correct checksum: the reader's own checks (counts, kinds, indices, references) hold.
    std::mt19937 rng(99);
    int loaded = 0, refused = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string b = good;
        int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            size_t at = header + rng() % (b.size() - header - 8); // inside the payload
            switch (rng() % 3) {
            case 0: b[at] = static_cast<char>(rng()); break;
            case 1: b[at] = static_cast<char>(0xff); break;
            default: b[at] = 0; break;
            }
        }
        fix_checksum(b);
        try {
            tj::tape::Tape t = tj::tape::load_bytes(b);
            (void)tj::tape::printlevels(*t, 100);
            ++loaded;
        } catch (const tj::Error &e) {
            CHECK(std::string(e.what()).rfind("tj::tape::load_bytes(): <memory>: ", 0) == 0);
            ++refused;
        }
    }
    CHECK(refused > 0);
    CHECK(loaded + refused == 3000);

    // A node count that promises more than the bytes can hold.
    std::string huge = good;
    for (int i = 0; i < 8; ++i)
        huge[header + i] = static_cast<char>(0x7f);
    fix_checksum(huge);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(huge), doctest::Contains("node count"), tj::Error);
    fs::remove_all(dir);
}

TEST_CASE("tape file: a kernel cache file, another kind or a compressed tape is refused with the reason") {
    tj::tape::Tape tape = tj::track(poly, 3.0);
    const std::string good = tj::tape::detail::encode_tape(*tape);
    const std::string_view payload = std::string_view(good).substr(
        tj::support::container_header_bytes, good.size() - tj::support::container_header_bytes - 8);
    // The same payload in a container of another kind: the kind tag says what it is.
    const std::string kernel =
        tj::support::encode_container(tj::support::FileKind::Kernel, 2, payload, tj::support::Compress::No);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(kernel, "k"),
                         "tj::tape::load_bytes(): k: a tracejit kernel cache file, not a tape", tj::Error);
    const std::string unknown =
        tj::support::encode_container(static_cast<tj::support::FileKind>(77), 2, payload, tj::support::Compress::No);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(unknown, "u"),
                         "tj::tape::load_bytes(): u: unknown kind 77, not a tracejit tape", tj::Error);
    // Tapes are stored uncompressed; a compressed one is refused before its size is trusted.
    const std::string packed =
        tj::support::encode_container(tj::support::FileKind::Tape, 2, payload, tj::support::Compress::Zstd);
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(packed, "z"), doctest::Contains("a compressed tape"), tj::Error);
    // And the container of the right kind with the same payload is the tape again.
    const std::string same = tj::support::encode_container(
        tj::support::FileKind::Tape, tj::tape::detail::tape_file_version, payload, tj::support::Compress::No);
    CHECK(same == good);
    CHECK(tj::tape::printlevels(*tj::tape::load_bytes(same), 10) == tj::tape::printlevels(*tape, 10));
}

TEST_CASE("tape file: a version 1 file (before gradients) still loads, with no gradients") {
    // tj::track(square, 3.0) saved by a build that wrote version 1 (square as in tape_examples.h, file "v1.cpp").
    static constexpr char v1[] =
    "\x54\x4a\x54\x41\x50\x45\x01\x00\x00\x00\x87\x01\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00\x03\x04"
    "\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00\x73\x71\x75\x61\x72\x65\x06\x00\x00\x00\x76"
    "\x31\x2e\x63\x70\x70\x0a\x00\x00\x00\x0f\x00\x00\x00\x06\x00\x00\x00\x64\x6f\x75\x62\x6c\x65\x00\x00\x00\x00\x00"
    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x22\x40\x00\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    "\x04\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x76\x06\x00\x00\x00\x76\x31\x2e\x63\x70"
    "\x70\x0a\x00\x00\x00\x0f\x00\x00\x00\x06\x00\x00\x00\x64\x6f\x75\x62\x6c\x65\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    "\x00\x00\x00\x00\x00\x08\x40\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x04\x01\x02\x00"
    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x64\x6f\x75\x62\x6c\x65\x20\x73\x20\x3d\x20\x76\x20\x2a"
    "\x20\x76\x06\x00\x00\x00\x76\x31\x2e\x63\x70\x70\x0b\x00\x00\x00\x05\x00\x00\x00\x06\x00\x00\x00\x64\x6f\x75\x62"
    "\x6c\x65\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x22\x40\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00"
    "\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    "\x00\x00\x06\x04\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08\x00\x00\x00\x72\x65\x74\x75\x72\x6e\x20"
    "\x73\x06\x00\x00\x00\x76\x31\x2e\x63\x70\x70\x0c\x00\x00\x00\x05\x00\x00\x00\x06\x00\x00\x00\x64\x6f\x75\x62\x6c"
    "\x65\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x22\x40\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00"
    "\x00\x01\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08\x0d\x63\xe5\xf3\xdd\xa0\x95";
    const std::string bytes(v1, sizeof v1 - 1);
    REQUIRE(bytes.size() == 417);
    REQUIRE(bytes[6] == 1);
    REQUIRE(tj::tape::detail::tape_file_version > 1);
    tj::tape::Tape t = tj::tape::load_bytes(bytes, "v1");
    CHECK(tj::tape::printlevels(*t, 3) == "square(3.0) → 9.0 : double   [v1.cpp:10]\n"
                                          "  @1: [arg v] 3.0 : double\n"
                                          "  @2: [v1.cpp:11] double s = v * v reads @1 → 9.0\n"
                                          "  @3: [v1.cpp:12] return s reads @2 → 9.0\n");
    CHECK(t->value<double>() == 9.0);
    for (const Node &n : t->children())
        CHECK(n.grad_string().empty());
    std::string v0 = bytes;
    v0[6] = 0;
    CHECK_THROWS_WITH_AS(tj::tape::load_bytes(v0, "v0"),
                         doctest::Contains("tj::tape::load_bytes(): v0: version 0 is not supported"), tj::Error);
    // Read as version 1, the same bytes are still checked: every prefix is refused.
    for (size_t n = 0; n < bytes.size(); ++n)
        CHECK_THROWS_AS(tj::tape::load_bytes(bytes.substr(0, n)), tj::Error);
    // Saved again, it is a file of the current version that reads back the same.
    std::string again = tj::tape::detail::encode_tape(*t);
    CHECK(again.compare(0, 8, "TRACEJIT") == 0);
    CHECK(again[tj::support::container_kind_version_offset] == static_cast<char>(tj::tape::detail::tape_file_version));
    CHECK(tj::tape::printlevels(*tj::tape::load_bytes(again), 3) == tj::tape::printlevels(*t, 3));
}

TEST_CASE("tape file: version 3 keeps unfinished calls and a call's thread — version 2 files still load") {
    tj::tape::Tape t = tj::track(sq, 3.0);
    REQUIRE(t->kind() == Kind::Call);
    CHECK(t->unfinished().empty());
    CHECK(t->thread() == -1);
    // Marked as the on-exit saver and the OpenMP region's end mark them.
    auto &root = const_cast<Node &>(*t);
    tj::tape::NodeAccess::unfinished(root) = "signal SIGSEGV";
    tj::tape::NodeAccess::set_thread(root, 2);
    CHECK(t->thread() == 2);
    CHECK(tj::tape::node_line(*t).find("  (thread 2)  (unfinished: signal SIGSEGV)") != std::string::npos);
    const std::string v3 = tj::tape::detail::encode_tape(*t);
    CHECK(v3[tj::support::container_kind_version_offset] == 3);
    tj::tape::Tape back = tj::tape::load_bytes(v3, "v3");
    CHECK(back->unfinished() == "signal SIGSEGV");
    CHECK(back->thread() == 2);
    CHECK(tj::tape::printlevels(*back, 3) == tj::tape::printlevels(*t, 3));
    CHECK(tj::tape::to_json(*back, 1).find("\"thread\": 2, \"unfinished\": \"signal SIGSEGV\"") != std::string::npos);
    // Every prefix of the longer node is refused.
    for (size_t n = 0; n < v3.size(); ++n)
        CHECK_THROWS_AS(tj::tape::load_bytes(v3.substr(0, n)), tj::Error);

    // A version 2 file is the same payload without the two fields: it loads, with no unfinished call or thread.
    tj::tape::Tape plain = tj::track(sq, 3.0);
    const std::string current = tj::tape::detail::encode_tape(*plain);
    constexpr tj::support::ContainerSpec spec{tj::support::FileKind::Tape, "tape", 1, 3, false};
    tj::support::Decoded d = tj::support::decode_container(current, spec);
    REQUIRE(d);
    const std::string v2 =
        tj::support::encode_container(tj::support::FileKind::Tape, 2, d.payload, tj::support::Compress::No);
    tj::tape::Tape old = tj::tape::load_bytes(v2, "v2");
    CHECK(tj::tape::printlevels(*old, 3) == tj::tape::printlevels(*plain, 3));
    CHECK(old->unfinished().empty());
    CHECK(old->thread() == -1);
}

TEST_CASE("tape file: save reports I/O errors as tj::Error and leaves no temporary file") {
    fs::path dir = scratch_dir("io");
    tj::tape::Tape tape = tj::track(sq, 2.0);
    CHECK_THROWS_WITH_AS(tj::tape::save(*tape, (dir / "no" / "such" / "dir.tjtape").string()),
                         doctest::Contains("tj::tape::save(): "), tj::Error);
    tj::tape::save(*tape, (dir / "ok.tjtape").string());
    std::vector<std::string> names;
    for (const auto &e : fs::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    CHECK(names == std::vector<std::string>{"ok.tjtape"});
    CHECK_THROWS_AS(tj::tape::detail::save_to_directory(*tape, (dir / "missing").string()), tj::Error);
    std::string path = tj::tape::detail::save_to_directory(*tape, dir.string());
    CHECK(fs::path(path).filename().string().rfind("sq-" + std::to_string(::getpid()) + "-", 0) == 0);
    CHECK(tj::tape::load(path)->text() == "sq");
    fs::remove_all(dir);
}

// Runs in a child process with TRACEJIT_TAPE set (see the next test case).
TEST_CASE("tape file: TRACEJIT_TAPE child" * doctest::skip()) {
    const char *dir = std::getenv("TRACEJIT_TAPE");
    REQUIRE(dir);
    CHECK(h(2.0, 2) == 3.0);                 // call 0
    CHECK(poly(3.0) == 10.0);                // call 1 (its nested sq call is inside it)
    tj::tape::Tape t = tj::track(h, 1.0, 1); // a tj::track: not in the file
    CHECK(t->children().size() == 9);
    CHECK_THROWS_AS(risky(20.0), std::runtime_error); // call 2, with the exception
}

TEST_CASE("tape file: TRACEJIT_TAPE saves each top-level call of a marked function into the process's file") {
    fs::path dir = scratch_dir("env");
    CHECK(tj_test::run_self("tape file: TRACEJIT_TAPE child", {{"TRACEJIT_TAPE", dir.string()}}) == 0);
    std::vector<fs::path> files;
    for (const auto &e : fs::directory_iterator(dir))
        files.push_back(e.path());
    REQUIRE(files.size() == 1);
    const std::string file = files[0].string();
    CHECK(tj::tape::read_index(file).calls == std::vector<std::string>{"h", "poly", "risky"});
    tj::tape::Tape th = tj::tape::load_call(file, 0);
    CHECK(tj::tape::printlevels(*th, 2) == tj::tape::printlevels(*tj::track(h, 2.0, 2), 2));
    tj::tape::Tape tp = tj::tape::load_call(file, 1);
    CHECK(tj::tape::printlevels(*tp, 3) == tj::tape::printlevels(*tj::track(poly, 3.0), 3));
    tj::tape::Tape tr = tj::tape::load_call(file, 2);
    CHECK(tr->exception() == "std::runtime_error: too big");
    CHECK(tr->children().size() == 3);

    // A directory that cannot be written: the program runs on, with a warning.
    CHECK(tj_test::run_self("tape file: TRACEJIT_TAPE unwritable child",
                            {{"TRACEJIT_TAPE", (dir / "missing" / "dir").string()}}) == 0);
    fs::remove_all(dir);
}

TEST_CASE("tape file: TRACEJIT_TAPE unwritable child" * doctest::skip()) {
    CHECK(h(2.0, 2) == 3.0);
    CHECK(poly(1.0) == 2.0);
}
