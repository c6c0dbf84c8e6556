// runtime/jit/cse_table.h — open-addressing hash set of variable ids for common-subexpression elimination
//
// Slots hold (hash, id) pairs; keys are not copied: a probe compares the wanted key
// with the variable itself. Linear probing with backward-shift deletion keeps
// lookups short without tombstones. Tracing does one lookup per operation, so
// this table is on the hot path (std::unordered_map cost ~10x more here).
#pragma once

#include <cstdint>
#include <vector>

namespace tj::jit {

class CseTable {
  public:
    CseTable() : m_slots(1024, 0), m_mask(1023) {}

    /// The id whose variable satisfies `same(id)` among entries with hash `h`, or 0.
    template <typename Same> uint32_t find(uint64_t h, Same &&same) const {
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
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        place(h, id);
        ++m_count;
    }

    /// Removes `id`, which was inserted under hash `h`.
    void erase(uint64_t h, uint32_t id) {
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

    size_t size() const { return m_count; }

  private:
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
    size_t m_count = 0;
};

} // namespace tj::jit
