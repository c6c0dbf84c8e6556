// tests/runtime/test_cse_table.cpp — the CSE table's queued inserts and erasures against a plain reference map
#include "jit/cse_table.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

namespace {

/// Ids whose hash collides often (few distinct hashes), so that probe runs and backward shifts are exercised.
uint64_t hash_of(uint32_t id) { return uint64_t(id % 97) * 0x9E3779B97F4A7C15ull; }

} // namespace

TEST_CASE("CSE table: queued inserts and erasures take effect in order, before any lookup") {
    tj::jit::CseTable table;
    std::map<uint32_t, uint64_t> reference; // id -> hash of the ids present
    std::mt19937 rng(7);
    uint32_t next_id = 1;
    std::vector<uint32_t> present;
    // The entries grow past the size where changes queue (2^15 slots), drain to a few (where a large table changes
    // at once again), then hover around 4096 entries (where the two ways take turns), then grow once more.
    const size_t targets[] = {30000, 100, 4096, 20000};
    size_t most = 0, least_after_most = SIZE_MAX;
    for (int step = 0; step < 600000; ++step) {
        size_t target = targets[step / 150000];
        uint32_t pick = rng() % 100;
        uint32_t insert_below = present.size() < target ? 55 : 10; // then erase below 90, else look up
        most = std::max(most, present.size());
        if (step / 150000 == 1)
            least_after_most = std::min(least_after_most, present.size());
        if (pick < insert_below || present.empty()) { // insert, queued or not
            uint32_t id = next_id++;
            uint64_t h = hash_of(id);
            if (pick % 2)
                table.insert_soon(h, id);
            else
                table.insert(h, id);
            reference[id] = h;
            present.push_back(id);
        } else if (pick < 90) { // erase a present id, queued or not (often one whose insert is still queued)
            size_t k = pick < 70 ? present.size() - 1 : rng() % present.size();
            uint32_t id = present[k];
            present[k] = present.back();
            present.pop_back();
            if (pick % 2)
                table.erase_soon(reference[id], id);
            else
                table.erase(reference[id], id);
            reference.erase(id);
        } else { // look up a present id and an absent one under the same hash
            uint32_t id = present[rng() % present.size()];
            uint32_t found = table.find(reference[id], [&](uint32_t candidate) { return candidate == id; });
            REQUIRE(found == id);
            uint32_t absent = next_id + 1;
            REQUIRE(table.find(hash_of(absent), [&](uint32_t candidate) { return candidate == absent; }) == 0);
        }
    }
    CHECK(most > 25000);
    CHECK(least_after_most < 200);
    table.flush();
    for (const auto &[id, h] : reference)
        REQUIRE(table.find(h, [&](uint32_t candidate) { return candidate == id; }) == id);
}
