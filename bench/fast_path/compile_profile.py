#!/usr/bin/env python3
# bench/fast_path/compile_profile.py — where the compile time of a file with every function marked goes
#
# Usage: bench/fast_path/compile_profile.py <build-dir> [file (default bench/plugin_tu.cpp)] [rounds (default 3)]
# Marks every function of the file (`tracejit-rewrite --mark-all`), then times, at -O2, in rounds whose order turns
# by one each round (medians of the compiler's CPU time, user + system):
#   plain         the file as written, without the plugin
#   marked        the marked file with the plugin (what a user's build does: headers parsed once where the file
#                 splits, docs/tape.md "One parse of the headers")
#   two-pass      the same with -fplugin-arg-tracejit-no-split (a pre-parse of the whole file, then the compile)
#   marked-fe     the marked file with the plugin, -fsyntax-only;  two-pass-fe  the same in two passes
#   no-twin       the same with -fplugin-arg-tracejit-no-twin (instrumented bodies only, no body as written)
#   rewritten     the plugin's output (tracejit-rewrite) compiled without the plugin: marked minus this is the
#                 plugin's own work (its pre-parse of the file and the rewrite)
#   copies-O2     that output with the recording copies optimized as the rest (not `minsize`): this minus rewritten
#                 is what `minsize` saves
#   cold-O0       that output with every recording copy `optnone`: rewritten minus this is the optimizer's time on
#                 the recording copies
#   rewritten-fe  that output with -fsyntax-only (parsing and semantic analysis of both copies)
#   plain-fe      the file as written with -fsyntax-only
#   hooks-fe      a file holding only the header the plugin injects (<tracejit/generated/tape_hooks.h>), -fsyntax-only
# and prints each against plain, with the mark-all step's own time and the load average.
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
CXX = os.environ.get("CXX", "clang++-19")


def timed(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(argv), proc.returncode, proc.stderr[-3000:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc.stdout


def main():
    if not 2 <= len(sys.argv) <= 4:
        sys.exit("usage: %s <build-dir> [file] [rounds]" % sys.argv[0])
    build = os.path.abspath(sys.argv[1])
    src = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(SOURCE, "bench", "plugin_tu.cpp")
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    plugin = os.path.join(build, "plugin", "tracejit.so")
    rewrite = os.path.join(build, "tools", "rewrite", "tracejit-rewrite")
    # The file's own folder too: the marked copy is compiled from a temporary folder, and outside programs include
    # headers that sit beside them.
    flags = ["-std=c++20", "-O2", "-I" + os.path.join(SOURCE, "include"), "-I" + os.path.dirname(src), "-c", "-o",
             os.devnull]
    print("machine: %d cores; load average at start: %s; %s, %d rounds" %
          (os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3]), os.path.relpath(src, SOURCE), rounds))
    with tempfile.TemporaryDirectory() as tmp:
        marked = os.path.join(tmp, "marked.cpp")
        rewritten = os.path.join(tmp, "rewritten.cpp")
        cold_o0 = os.path.join(tmp, "cold_o0.cpp")
        mark_t, text = timed([rewrite, "--mark-all", src, "--"] + flags[:4])
        with open(marked, "w") as f:
            f.write(text)
        rewrite_t, text = timed([rewrite, marked, "--"] + flags[:4])
        # The rewritten text compiles without the plugin once it sees the hooks the plugin injects.
        text = "#include <tracejit/generated/tape_hooks.h>\n" + text
        with open(rewritten, "w") as f:
            f.write(text)
        attributes = "__attribute__((noinline, cold, minsize))"  # the recording copy's, plugin/engine/plan/plan_twin.h
        copies = text.count(attributes)
        copies_o2 = os.path.join(tmp, "copies_o2.cpp")
        with open(copies_o2, "w") as f:
            f.write(text.replace(attributes, "__attribute__((noinline, cold))"))
        with open(cold_o0, "w") as f:
            f.write(text.replace(attributes, "__attribute__((noinline, cold, optnone))"))
        hooks = os.path.join(tmp, "hooks.cpp")
        with open(hooks, "w") as f:
            f.write("#include <tracejit/generated/tape_hooks.h>\n")
        quiet = ["-Wno-unknown-attributes", "-Wno-ignored-attributes"]
        commands = {
            "plain": [CXX] + flags + [src],
            "marked": [CXX] + flags + ["-fplugin=" + plugin, marked],
            "two-pass": [CXX] + flags + ["-fplugin=" + plugin, "-fplugin-arg-tracejit-no-split", marked],
            "no-twin": [CXX] + flags + ["-fplugin=" + plugin, "-fplugin-arg-tracejit-no-twin", marked],
            "rewritten": [CXX] + flags + quiet + [rewritten],
            "copies-O2": [CXX] + flags + quiet + [copies_o2],
            "cold-O0": [CXX] + flags + quiet + [cold_o0],
            "rewritten-fe": [CXX] + flags[:4] + quiet + ["-fsyntax-only", rewritten],
            "plain-fe": [CXX] + flags[:4] + ["-fsyntax-only", src],
            "marked-fe": [CXX] + flags[:4] + ["-fplugin=" + plugin, "-fsyntax-only", marked],
            "two-pass-fe": [CXX] + flags[:4] + ["-fplugin=" + plugin, "-fplugin-arg-tracejit-no-split", "-fsyntax-only",
                                                marked],
            "hooks-fe": [CXX] + flags[:4] + ["-fsyntax-only", hooks],
        }
        names = list(commands)
        times = {n: [] for n in names}
        for r in range(rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for n in order:
                times[n].append(timed(commands[n])[0])
    plain = statistics.median(times["plain"])
    print("functions marked: %d recording copies (lambdas) in the rewritten text" % copies)
    print("tracejit-rewrite --mark-all: %.2f s; tracejit-rewrite of the marked file: %.2f s" % (mark_t, rewrite_t))
    for n in names:
        m = statistics.median(times[n])
        print("%-13s %7.2f s  %5.2fx plain" % (n, m, m / plain))
    print("marked with the mark-all step: %.2fx plain" % ((statistics.median(times["marked"]) + mark_t) / plain))
    print("load average at end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))


if __name__ == "__main__":
    main()
