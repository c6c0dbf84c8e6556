// runtime/cache/disk_cache.h — disk level of the kernel cache: versioned, verified, bounded object-code files
#pragma once

#include "kernel/kernel.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tj::cache {

/// Where and how much the disk cache stores.
struct DiskCacheConfig {
    std::string dir;                 ///< folder of the cache files
    bool enabled = true;             ///< false: load() always misses, store() does nothing
    /// Total size bound: past it the least recently used files are evicted, down to an eighth below it.
    uint64_t max_bytes = 1ull << 30;
};

/// Payloads (object + key) from this size on are stored compressed with zstd; smaller ones as they are, since
/// setting up a zstd context (about 20 µs) would cost a small kernel's disk hit more than reading the bytes saved.
inline constexpr size_t compress_from_bytes = size_t(64) << 10;

/// Reads TRACEJIT_CACHE_DIR (default $XDG_CACHE_HOME/tracejit, else $HOME/.cache/tracejit),
/// TRACEJIT_CACHE (0 = off), TRACEJIT_CACHE_SIZE (bytes, optional suffix K/M/G).
DiskCacheConfig disk_cache_config_from_env();

/// One folder of `<hash>.tjk` files. Safe to share between threads, and between processes that use the same
/// folder: every file is written under a temporary name and renamed into place, and checked whole when read.
/// Nothing is thrown out of load() or store(); failures are logged and count as a miss.
class DiskCache {
  public:
    /// Touches no file: the folder is checked on first use and created by the first store.
    explicit DiskCache(DiskCacheConfig config);
    /// Not copyable or movable: holds the folder's trust state and warn-once flags (atomics) for its threads.
    DiskCache(const DiskCache &) = delete;
    DiskCache &operator=(const DiskCache &) = delete;

    /// The level below the memory level (kernel_cache.h): the kernel for `ir` from the code stored for
    /// compiler.disk_key(ir), loaded by `compiler`; on a miss (or code that no longer loads) compiled by it, and its
    /// code stored. `ms` is left 0 for the caller to time.
    KernelLookup find_or_compile(KernelCompiler &compiler, const KernelIR &ir);
    /// Object code stored for this exact key, or nothing. `hash` only names the file; the full key text is compared.
    std::optional<std::vector<char>> load(uint64_t hash, std::string_view key);
    /// Stores object code for key (temporary file, then rename). Scans the folder on this object's first store and
    /// whenever the folder's count passes max_bytes, then evicts old files if the folder is past it.
    void store(uint64_t hash, std::string_view key, std::span<const char> object);
    /// The configuration this cache was made with.
    const DiskCacheConfig &config() const { return m_config; }

  private:
    enum DirState : int { DirUnknown, DirTrusted, DirRefused };

    bool dir_usable(bool create);
    std::optional<std::vector<char>> load_file(const std::string &path, std::string_view key);
    std::optional<uint64_t> write_file(const std::string &path, std::string_view key, std::span<const char> object);
    void count_store(uint64_t bytes);
    void scan_and_evict();
    void store_failed(const std::string &what);

    DiskCacheConfig m_config;
    std::atomic<int> m_dir_state{DirUnknown}; ///< DirState; DirRefused is final for this object
    std::atomic<bool> m_warned_dir{false};    ///< the folder's problem was already logged at warn level
    std::atomic<bool> m_warned_store{false};  ///< a failed store was already logged at warn level
    std::atomic<bool> m_scanning{false};      ///< one thread of this object scans the folder at a time
    std::atomic<bool> m_scanned{false};       ///< a scan has set m_folder_bytes
    /// The bytes of the folder's cache files as the last scan left them, plus those this object stored since.
    std::atomic<uint64_t> m_folder_bytes{0};
};

} // namespace tj::cache
