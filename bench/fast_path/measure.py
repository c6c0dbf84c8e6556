#!/usr/bin/env python3
# bench/fast_path/measure.py — marked/plain run and compile times of the fast-path reproducers, no tape active
#
# Usage: bench/fast_path/measure.py <build-dir> [rounds (default 5)]   (a build with tracejit.so, tracejit-rewrite
# and libtracejit_tape). Each program of this folder is compiled at -O2 twice: as written (plain), and with every
# function marked by `tracejit-rewrite --mark-all` and compiled with the plugin (marked). Each round runs plain and
# marked once, plain first in odd rounds and marked first in even ones, so that a change of the machine's load hits
# both alike; a figure is the median over the rounds of the child's CPU time (user + system), and the ratio is the
# median of the per-round ratios. The outputs of the two builds must be the same. Also printed: the functions
# defined in each binary (llvm-nm; the marked build's recording copies, lambdas, counted apart) and the compile
# times (plain compile; rewrite + marked compile), alternating the same way. Ends with one GOAL line per program
# (marked / plain <= 1.25, bench/run.sh collects them; a plain run under 5 ms gives none). MARKED_FLAGS adds flags
# to the marked compile, e.g. MARKED_FLAGS=-fplugin-arg-tracejit-no-fast-calls for the twins without their fast
# copies (docs/tape.md, "Fast copies").
import os
import resource
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = ["loop_nest", "template_chain", "new_delete"]
CXX = os.environ.get("CXX", "clang++-19")
MARKED_FLAGS = os.environ.get("MARKED_FLAGS", "").split()
GOAL = 1.25  # marked / plain, each program (docs/tape.md, "What the fast path costs")
FLOOR = 0.005  # seconds: below this a run is mostly the process's start and the ratio says nothing


def timed(argv, **kw):
    """Runs argv; returns (its CPU seconds, user + system, its stdout). The children's usage is cumulative over the
    children waited for, hence the difference (getrusage counts microseconds; os.times would count clock ticks)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, capture_output=True, text=True, **kw)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(argv), proc.returncode, proc.stderr[-2000:]))
    out = proc.stdout
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def functions(binary):
    """The program's own functions defined out of line in `binary` (not those of namespaces std, __gnu_cxx and tj,
    nor the start-up code): (the others, the recording copies, which are lambdas)."""
    nm = shutil.which("llvm-nm-19") or shutil.which("llvm-nm") or "nm"
    text = subprocess.run([nm, "-C", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    names = [line.split(" ", 2)[2] for line in text.splitlines() if re.match(r"^\S+ [tTwW] ", line)]
    # Templates print their return type first: "void tj::tape::detail::Frame::args<int>(int const&)".
    names = [re.sub(r"^[\w:<>,&* ]+? (?=[\w:]+(<.*>)?\()", "", n) for n in names]
    names = [n for n in names if not re.match(r"^(std::|__gnu_cxx::|tj::|_|\.|frame_dummy|register_tm_clones|"
                                              r"deregister_tm_clones|data_start)", n)]
    copies = sum(1 for n in names if "lambda" in n or "::$_" in n)
    return len(names) - copies, copies


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: %s <build-dir> [rounds]" % sys.argv[0])
    build = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) == 3 else 5
    plugin = os.path.join(build, "plugin", "tracejit.so")
    rewrite = os.path.join(build, "tools", "rewrite", "tracejit-rewrite")
    for needed in (plugin, rewrite):
        if not os.path.exists(needed):
            sys.exit("%s: %s is not built (the plugin, tracejit-rewrite and libtracejit_tape are needed)" %
                     (sys.argv[0], needed))
    runtime = os.path.join(build, "runtime")
    include = os.path.join(SOURCE, "include")
    env = dict(os.environ)
    env.pop("TRACEJIT_TAPE", None)
    load = open("/proc/loadavg").read().split()[:3]
    print("machine: %d cores; load average at start: %s; %d rounds, -O2, %s" % (os.cpu_count(), " ".join(load), rounds, CXX))
    print("%-15s %9s %9s %7s   %s" % ("program", "plain s", "marked s", "ratio", "out-of-line functions: plain / marked (+ recording copies)"))
    compile_rows = []
    goals = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in PROGRAMS:
            src = os.path.join(HERE, name + ".cpp")
            marked_src = os.path.join(tmp, name + "_marked.cpp")
            plain_bin = os.path.join(tmp, name + "_plain")
            marked_bin = os.path.join(tmp, name + "_marked")
            plain_cmd = [CXX, "-std=c++20", "-O2", src, "-o", plain_bin]
            rewrite_cmd = [rewrite, "--mark-all", src, "--", "-std=c++20", "-I" + include]
            marked_cmd = [CXX, "-std=c++20", "-O2", "-I" + include, "-fplugin=" + plugin, marked_src, "-o", marked_bin,
                          "-L" + runtime, "-Wl,-rpath," + runtime, "-ltracejit_tape"] + MARKED_FLAGS
            plain_c, rewrite_c, marked_c = [], [], []
            for r in range(max(1, min(rounds, 3))):
                order = ["plain", "marked"] if r % 2 == 0 else ["marked", "plain"]
                for which in order:
                    if which == "plain":
                        plain_c.append(timed(plain_cmd)[0])
                    else:
                        t, text = timed(rewrite_cmd)
                        rewrite_c.append(t)
                        with open(marked_src, "w") as f:
                            f.write(text)
                        marked_c.append(timed(marked_cmd)[0])
            compile_rows.append((name, statistics.median(plain_c), statistics.median(rewrite_c),
                                 statistics.median(marked_c)))
            plain_t, marked_t, ratios = [], [], []
            want = None
            for r in range(rounds):
                order = [plain_bin, marked_bin] if r % 2 == 0 else [marked_bin, plain_bin]
                got = {}
                for b in order:
                    t, out = timed([b], env=env)
                    got[b] = t
                    if want is None:
                        want = out
                    elif out != want:
                        sys.exit("%s: the outputs differ: %r and %r" % (name, want, out))
                plain_t.append(got[plain_bin])
                marked_t.append(got[marked_bin])
                if got[plain_bin] >= FLOOR:
                    ratios.append(got[marked_bin] / got[plain_bin])
            fp, _ = functions(plain_bin)
            fm, lm = functions(marked_bin)
            ratio = "%6.2fx" % statistics.median(ratios) if ratios else "   n/a"
            if ratios:
                value = statistics.median(ratios)
                verdict = "MEETS" if value <= GOAL else "MISSES"
                goals.append("GOAL %-46s %10.3f %-5s goal <= %-9.3f %-6s (%.2fx of goal)" %
                             ("fast path %s marked/plain, no tape" % name, value, "x", GOAL, verdict, GOAL / value))
            print("%-15s %9.3f %9.3f %7s   %d / %d (+ %d)" % (name, statistics.median(plain_t), statistics.median(marked_t),
                                                        ratio, fp, fm, lm))
    print("(ratio n/a: the plain run takes under %.0f ms, mostly the process's start)" % (FLOOR * 1000))
    print()
    print("%-15s %9s %9s %9s %7s" % ("compile", "plain s", "rewrite s", "marked s", "ratio"))
    for name, p, rw, m in compile_rows:
        print("%-15s %9.3f %9.3f %9.3f %6.2fx (%.2fx with the rewrite)" % (name, p, rw, m, m / p, (rw + m) / p))
    print("load average at end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    for line in goals:
        print(line)


if __name__ == "__main__":
    main()
