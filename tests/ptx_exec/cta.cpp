// tests/ptx_exec/cta.cpp — runs a grid: CTAs in turn, their threads one at a time, barriers and warp shuffles
//
// Each thread runs until it exits or reaches bar.sync or shfl.sync. A shfl.sync completes when every non-exited
// lane of its member mask waits at a shfl.sync with the same mask (sm_70 semantics); a bar.sync when every thread
// of the CTA waits at a barrier. Reported instead of papered over: a barrier some threads of the CTA never reach
// (they exited, or wait at a shuffle: a deadlock on a GPU), a shuffle whose lanes disagree on the mask, and a
// shuffle that reads a lane that does not exist or has exited. As on sm_70, threads may reach barrier 0 at
// different bar.sync instructions.
#include "machine.h"

#include <cstring>

namespace ptx_exec {
namespace {

class Cta {
  public:
    explicit Cta(Launch &l) : m_l(l) {}

    void run() {
        const Function &k = m_l.kernel;
        const unsigned bx = m_l.shape.block[0], by = m_l.shape.block[1], bz = m_l.shape.block[2];
        const uint32_t n = bx * by * bz;
        std::vector<Thread> &threads = m_l.threads;
        threads.resize(n);
        std::fill(m_l.shared.begin(), m_l.shared.end(), 0xff); // uninitialised on a GPU: NaN and -1 show reads before writes
        for (uint32_t i = 0; i < n; ++i) {
            Thread &t = threads[i];
            t.linear = i;
            t.tid[0] = i % bx, t.tid[1] = i / bx % by, t.tid[2] = i / (bx * by);
            t.state = Thread::Ready;
            t.regs.assign(k.registers, 0);
            t.params = m_l.kernel_params;
            t.frames.assign(1, Frame{&k});
            t.local_used = 0;
            if (k.local_bytes > 0) {
                if (!t.local)
                    t.local = std::make_unique<uint8_t[]>(local_bytes_per_thread);
                t.local_used = uint32_t((k.local_bytes + 15) / 16 * 16);
            }
            t.carry = false;
        }
        for (;;) {
            bool ran = false;
            for (uint32_t i = 0; i < n; ++i) {
                if (threads[i].state != Thread::Ready)
                    continue;
                ran = true;
                run_thread(m_l, threads[i]);
                if (threads[i].state == Thread::AtShuffle)
                    try_shuffle(threads[i]);
            }
            // An exited lane may have been the last one a waiting shuffle needed.
            for (uint32_t i = 0; i < n; ++i)
                if (threads[i].state == Thread::AtShuffle) {
                    try_shuffle(threads[i]);
                    ran |= threads[i].state == Thread::Ready;
                }
            if (ran)
                continue;
            uint32_t exited = 0, at_barrier = 0;
            const Thread *first_barrier = nullptr, *first_shuffle = nullptr;
            for (const Thread &t : threads) {
                exited += t.state == Thread::Exited;
                if (t.state == Thread::AtBarrier) {
                    ++at_barrier;
                    if (!first_barrier)
                        first_barrier = &t;
                }
                if (t.state == Thread::AtShuffle && !first_shuffle)
                    first_shuffle = &t;
            }
            if (exited == n)
                return;
            if (at_barrier + exited == n) {
                if (exited > 0)
                    m_l.fail(*first_barrier, current(*first_barrier),
                             "bar.sync waits for the whole CTA, but " + std::to_string(exited) + " of its " +
                                 std::to_string(n) + " threads have exited (a deadlock on a GPU)");
                for (Thread &t : threads) {
                    t.state = Thread::Ready;
                    ++t.frames.back().pc;
                }
                continue;
            }
            const Thread &stuck = first_shuffle ? *first_shuffle : *first_barrier;
            m_l.fail(stuck, current(stuck),
                     "deadlock: " + std::to_string(at_barrier) + " threads wait at bar.sync, " +
                         std::to_string(n - at_barrier - exited) + " at shfl.sync, " + std::to_string(exited) +
                         " have exited");
        }
    }

  private:
    Launch &m_l;

    static const Instr *current(const Thread &t) {
        const Frame &f = t.frames.back();
        return &f.fn->code[f.pc];
    }

    /// Completes the shuffle `t` waits at if every lane of its mask has arrived.
    void try_shuffle(const Thread &t) {
        std::vector<Thread> &threads = m_l.threads;
        const uint32_t warp_base = t.linear & ~31u, mask = t.shfl_mask;
        for (uint32_t lane = 0; lane < 32; ++lane) {
            if (!(mask >> lane & 1) || warp_base + lane >= threads.size())
                continue;
            const Thread &o = threads[warp_base + lane];
            if (o.state == Thread::Exited)
                continue;
            if (o.state != Thread::AtShuffle)
                return; // not yet (or never: the deadlock check after the sweep reports that)
            if (o.shfl_mask != mask)
                m_l.fail(o, current(o), "lanes of one shfl.sync give different member masks");
        }
        uint32_t results[32];
        for (uint32_t lane = 0; lane < 32; ++lane) {
            if (!(mask >> lane & 1) || warp_base + lane >= threads.size())
                continue;
            const Thread &o = threads[warp_base + lane];
            if (o.state != Thread::AtShuffle)
                continue;
            if (!(mask >> lane & 1))
                m_l.fail(o, current(o), "shfl.sync by a lane outside its member mask");
            // The source lane j (the ISA's pseudocode): .down lane + b while j <= maxLane, .up lane - b while
            // j >= maxLane, .idx minLane | (b & ~segmask) while j <= maxLane; else the own value.
            const uint32_t c = o.shfl_clamp, segmask = (c >> 8) & 0x1f, b = o.shfl_delta & 0x1f;
            const uint32_t min_lane = lane & segmask, max_lane = min_lane | (c & 0x1f & ~segmask);
            const int32_t j_signed = o.shfl_mode == ShflMode::Down ? int32_t(lane + b)
                                     : o.shfl_mode == ShflMode::Up ? int32_t(lane) - int32_t(b)
                                                                   : int32_t(min_lane | (b & ~segmask));
            const bool in_range = o.shfl_mode == ShflMode::Up ? j_signed >= int32_t(max_lane)
                                                               : j_signed <= int32_t(max_lane);
            const uint32_t j = in_range ? uint32_t(j_signed) : lane;
            if (j != lane) {
                if (!(mask >> j & 1) || warp_base + j >= threads.size() ||
                    threads[warp_base + j].state != Thread::AtShuffle)
                    m_l.fail(o, current(o), "shfl.sync reads lane " + std::to_string(j) +
                                                ", which is outside the member mask, does not exist or has exited");
                results[lane] = threads[warp_base + j].shfl_value;
            } else {
                results[lane] = o.shfl_value;
            }
        }
        for (uint32_t lane = 0; lane < 32; ++lane) {
            if (!(mask >> lane & 1) || warp_base + lane >= threads.size())
                continue;
            Thread &o = threads[warp_base + lane];
            if (o.state != Thread::AtShuffle)
                continue;
            Frame &f = o.frames.back();
            o.regs[f.reg_base + uint32_t(o.shfl_dst)] = results[lane];
            ++f.pc;
            o.state = Thread::Ready;
        }
    }
};

} // namespace

void run_grid(Launch &l) {
    const LaunchShape &s = l.shape;
    l.shared.assign(l.module.shared_bytes + s.dynamic_shared_bytes, 0);
    Cta cta(l);
    for (uint32_t z = 0; z < s.grid[2]; ++z)
        for (uint32_t y = 0; y < s.grid[1]; ++y)
            for (uint32_t x = 0; x < s.grid[0]; ++x) {
                l.cta[0] = x, l.cta[1] = y, l.cta[2] = z;
                cta.run();
            }
}

} // namespace ptx_exec
