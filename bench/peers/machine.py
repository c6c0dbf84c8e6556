# bench/peers/machine.py — the machine's state around a figure: steal time, busy time and load average from /proc
#
# sample() before and after a measurement, between() for what happened meanwhile: the share of all cores' time the
# hypervisor gave to other guests (steal), the share that was busy (this run's processes and everyone else's), and
# the load averages at both ends. A figure measured while steal or the other processes' load was high is not the
# machine's best; harness.py prints this line under every figure.
import os
import time


def sample():
    """(monotonic seconds, /proc/stat's aggregate cpu counters, /proc/loadavg's three averages)."""
    with open("/proc/stat") as f:
        fields = f.readline().split()
    assert fields[0] == "cpu"
    ticks = [int(v) for v in fields[1:]]
    with open("/proc/loadavg") as f:
        load = tuple(float(v) for v in f.read().split()[:3])
    return time.monotonic(), ticks, load


def between(before, after):
    """{steal, busy: percent of all cores' time between the samples; load_before, load_after; cores}."""
    _, a, la = before
    _, b, lb = after
    d = [y - x for x, y in zip(a, b)]
    # user nice system idle iowait irq softirq steal [guest guest_nice: already counted in user and nice]
    total = sum(d[:8]) or 1
    idle = d[3] + d[4]
    return {"steal": 100.0 * d[7] / total if len(d) > 7 else 0.0, "busy": 100.0 * (total - idle) / total,
            "load_before": la, "load_after": lb, "cores": os.cpu_count()}


def describe(m):
    """One line for a figure."""
    la = " ".join(f"{v:.2f}" for v in m["load_before"])
    lb = " ".join(f"{v:.2f}" for v in m["load_after"])
    return (f"machine during the figure: steal {m['steal']:.1f}% of the {m['cores']} cores' time, busy "
            f"{m['busy']:.0f}%, load average {la} before, {lb} after")
