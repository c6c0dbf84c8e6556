// runtime/jit/cse_table.h — open-addressing hash set of variable ids for common-subexpression elimination
//
// Slots hold (hash, id) pairs; keys are not copied: a probe compares the wanted key
// with the variable itself. Linear probing with backward-shift deletion keeps
// lookups short without tombstones. Tracing does one lookup per operation, so
// this table is on the hot path (std::unordered_map cost ~10x more here).
//
// Past the caches (a trace of 100k operations) every access of a random slot is a
// cache miss, and one that stalls the core: the next operation waits behind it.
// Inserts and erasures that no lookup needs right away (new_var's node with an
// operand that no other node uses, dec_ref's freed nodes) therefore wait in a
// short queue with their slot's line prefetched, and are carried out in order a
// few operations later, when the line has arrived, so that the misses overlap.
// find, insert and erase carry out the queue first: a lookup sees every entry.
// A table small enough to stay in the caches (`queue_from`), or one that holds
// few entries (`few_entries`: after a long trace was freed, the slots still
// in use fit in the caches even one per line), has no misses to overlap: there
// the queue would only add work (a small graph traced over and over, whose every
// operation looks up, carried it out at each lookup), so its changes are made
// at once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tj::jit {

class CseTable {
  public:
    CseTable() : m_slots(1024, 0), m_mask(1023) {}

    /// The id whose variable satisfies `same(id)` among entries with hash `h`, or 0.
    template <typename Same> uint32_t find(uint64_t h, Same &&same) {
        flush();
        uint32_t tag = tag_of(h);
        for (size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            uint64_t slot = m_slots[i];
            if (slot == 0)
                return 0;
            if (uint32_t(slot >> 32) == tag && same(uint32_t(slot)))
                return uint32_t(slot);
        }
    }

    /// Adds `id` (not present yet) under hash `h`.
    void insert(uint64_t h, uint32_t id) {
        flush();
        add(h, id);
    }

    /// Removes `id`, which was inserted under hash `h`.
    void erase(uint64_t h, uint32_t id) {
        flush();
        remove(h, id);
    }

    /// insert(h, id) before the next find, insert or erase, or once `queue_size` changes wait (at once where
    /// `at_once`).
    void insert_soon(uint64_t h, uint32_t id) {
        if (at_once()) [[likely]]
            add(h, id);
        else
            enqueue(h, id, false);
    }
    /// erase(h, id) before the next find, insert or erase, or once `queue_size` changes wait (at once where
    /// `at_once`).
    void erase_soon(uint64_t h, uint32_t id) {
        if (at_once()) [[likely]]
            remove(h, id);
        else
            enqueue(h, id, true);
    }

    /// Carries out the queued inserts and erasures, in the order they were queued.
    void flush() {
        if (m_queued == 0) [[likely]]
            return;
        size_t queued = m_queued;
        m_queued = 0;
        for (size_t k = 0; k < queued; ++k) {
            const Change &c = m_queue[k];
            if (c.erase)
                remove(c.hash, c.id);
            else
                add(c.hash, c.id);
        }
    }

  private:
    /// Changes queued at most: enough for a cache miss to be covered by the work of as many traced operations.
    static constexpr size_t queue_size = 16;
    /// Tables of fewer slots than this (256 KiB: within a core's L2 cache) change at once, without the queue.
    static constexpr size_t queue_from = size_t(1) << 15;
    /// So do tables of fewer entries than this, whatever their size: one 64-byte line each is 256 KiB too.
    static constexpr size_t few_entries = queue_from / 8;

    /// True when a change is made at once rather than queued: the slots it touches are in the caches.
    bool at_once() const { return m_queued == 0 && (m_slots.size() < queue_from || m_count < few_entries); }
    struct Change {
        uint64_t hash;
        uint32_t id;
        bool erase;
    };

    void enqueue(uint64_t h, uint32_t id, bool erase) {
        if (m_queued == queue_size)
            flush();
        __builtin_prefetch(&m_slots[h & m_mask], 1); // the slot may move if the table grows first: only a hint
        m_queue[m_queued++] = {h, id, erase};
    }

    void add(uint64_t h, uint32_t id) {
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        place(h, id);
        ++m_count;
    }

    void remove(uint64_t h, uint32_t id) {
        size_t i = h & m_mask;
        while (uint32_t(m_slots[i]) != id)
            i = (i + 1) & m_mask;
        // Backward-shift: move later entries of the probe run into the hole.
        for (size_t j = (i + 1) & m_mask; m_slots[j] != 0; j = (j + 1) & m_mask) {
            size_t home = m_slots[j] >> 32 & m_mask; // tags keep the hash's low bits
            bool movable = ((j - home) & m_mask) >= ((j - i) & m_mask);
            if (movable) {
                m_slots[i] = m_slots[j];
                i = j;
            }
        }
        m_slots[i] = 0;
        --m_count;
    }

    /// The low 32 bits of the hash; they also give the home slot. (A slot is never 0: ids start at 1.)
    static uint32_t tag_of(uint64_t h) { return uint32_t(h); }

    void place(uint64_t h, uint32_t id) {
        size_t i = h & m_mask;
        while (m_slots[i] != 0)
            i = (i + 1) & m_mask;
        m_slots[i] = uint64_t(tag_of(h)) << 32 | id;
    }

    void grow() {
        std::vector<uint64_t> old;
        old.swap(m_slots);
        m_slots.assign(old.size() * 2, 0);
        m_mask = m_slots.size() - 1;
        for (uint64_t slot : old)
            if (slot)
                place(slot >> 32, uint32_t(slot));
    }

    std::vector<uint64_t> m_slots;
    size_t m_mask;
    size_t m_count = 0; ///< entries in m_slots (the queue's changes not counted yet)
    std::array<Change, queue_size> m_queue;
    size_t m_queued = 0;
};

} // namespace tj::jit
