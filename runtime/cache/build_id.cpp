// runtime/cache/build_id.cpp — the GNU build ID of the binary that holds libtracejit's code, from its ELF notes
#include "cache/build_id.h"

#include "support/hash.h"

#include <fmt/format.h>

#include <llvm/Support/MemoryBuffer.h>

#include <cstdint>
#include <cstring>

#include <dlfcn.h>
#include <elf.h>
#include <link.h>

namespace tj::cache {
namespace {

/// Any address inside this library's code: the binary whose segments contain it is ours.
void marker() {}

struct Search {
    uintptr_t address;
    std::string id;
};

/// The NT_GNU_BUILD_ID note of the loaded object `info` if it contains `s->address`.
int find_note(dl_phdr_info *info, size_t, void *data) {
    auto *s = static_cast<Search *>(data);
    bool ours = false;
    for (int i = 0; i < info->dlpi_phnum && !ours; ++i) {
        const ElfW(Phdr) &ph = info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph.p_vaddr;
        ours = ph.p_type == PT_LOAD && s->address >= start && s->address < start + ph.p_memsz;
    }
    if (!ours)
        return 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr) &ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_NOTE)
            continue;
        const char *first = reinterpret_cast<const char *>(info->dlpi_addr + ph.p_vaddr), *end = first + ph.p_memsz;
        // A note: header, name, then descriptor and the next note each at the segment's alignment (4 or 8).
        const size_t align = ph.p_align == 8 ? 8 : 4;
        auto aligned = [&](const char *q) { return first + ((size_t(q - first) + align - 1) & ~(align - 1)); };
        for (const char *p = first; p + sizeof(ElfW(Nhdr)) <= end;) {
            ElfW(Nhdr) n;
            std::memcpy(&n, p, sizeof n);
            const char *name = p + sizeof n, *desc = aligned(name + n.n_namesz);
            const char *next = aligned(desc + n.n_descsz);
            if (next > end)
                break;
            if (n.n_type == NT_GNU_BUILD_ID && n.n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
                for (uint32_t k = 0; k < n.n_descsz; ++k)
                    s->id += fmt::format("{:02x}", static_cast<unsigned char>(desc[k]));
                return 1;
            }
            p = next;
        }
    }
    return 1; // our object, without a build ID
}

std::string read_build_id() {
    Search s{reinterpret_cast<uintptr_t>(&marker), {}};
    dl_iterate_phdr(find_note, &s);
    if (!s.id.empty())
        return s.id;
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&marker), &info) && info.dli_fname && *info.dli_fname)
        if (auto file = llvm::MemoryBuffer::getFile(info.dli_fname); file && (*file)->getBufferSize() > 0)
            return fmt::format("file:{:016x}", support::hash64((*file)->getBufferStart(), (*file)->getBufferSize()));
    return "none";
}

} // namespace

const std::string &library_build_id() {
    static const std::string id = read_build_id();
    return id;
}

} // namespace tj::cache
