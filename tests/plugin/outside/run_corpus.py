#!/usr/bin/env python3
# tests/plugin/outside/run_corpus.py — builds and runs the outside corpus (programs.txt) plain and with every function
# marked, checks each output against the suite's reference, the tape each process leaves and its memory, and prints
# the run-time and compile-time ratios (docs/outside-corpus.md)
#
# usage: run_corpus.py --build BUILD_DIR [--out DIR] [--repeat N] [--filter REGEX] [--cxx CLANG++]
# For each program: compiles it plain (clang++-19 -std=c++20 -O2), marks it with `tracejit-rewrite --mark-all` and
# compiles the marked copy with the plugin at -O2 (linked with libtracejit_tape, as tracejit_instrument() links it);
# runs the plain build, the marked build without a tape and the marked build with TRACEJIT_TAPE=<fresh folder>
# (TRACEJIT_TAPE_LIMIT=16M bounds the file: an unlimited tape of a recursive benchmark grows by GBs a minute); compares
# each output and exit status with the reference (fpcmp.py; the tape run without the lines tracejit writes on stderr,
# which start with "tracejit: ", and which are printed); checks that the tape run left exactly one file, that
# `tracejit-inspect FILE --calls` reads it, and that the marked build's peak resident memory grows by at most 64 MiB
# with the tape. Then runs the plain and the marked build alternately N more times (CPU time, user + system).
# Prints one line per program, then the medians and the worst of the ratios and the machine's load.
# A program listed in expected-failures.txt that fails is XFAIL (the reason is printed); one that passes is XPASS.
# Exit status 1 on any FAIL or XPASS.
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpcmp import differs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
STD_FLAGS = ["-std=c++20", "-O2"]
TAPE_LIMIT = "16M"
TIME = "/usr/bin/time"  # GNU time (Debian: time)
TAPE_MEMORY_BOUND_KIB = 64 * 1024
RUN_TIMEOUT = 300
COMPILE_TIMEOUT = 900
TRACEJIT_LINE = re.compile(r"tracejit: [^\n]*\n")
# Run-time ratios of programs shorter than this are mostly process start-up: reported apart.
SHORT_RUN_S = 0.05


class Result:
    def __init__(self, rc, output, cpu_s, wall_s, maxrss_kib):
        self.rc, self.output, self.cpu_s, self.wall_s, self.maxrss_kib = rc, output, cpu_s, wall_s, maxrss_kib

    def exit_text(self):
        if self.rc is None:
            return "timeout"
        return "exit %d" % self.rc if self.rc >= 0 else "signal %d" % -self.rc


def measure(cmd, cwd, env=None, timeout=RUN_TIMEOUT, stdout_path=None):
    """Runs CMD (no input; stdout and stderr into one stream, as llvm-test-suite's timeit captures them, or stdout
    into STDOUT_PATH) under GNU time and returns its Result with the CPU time, wall time and peak resident memory of
    that process (the resident peak from GNU time: the one wait4() gives Python counts the forked Python before the
    exec, while GNU time's fork is a few hundred KiB, below any program's)."""
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as times:
        start = time.monotonic()
        stdout = open(stdout_path, "wb") if stdout_path else out
        p = subprocess.Popen([TIME, "-f", "%M", "-o", times.name] + cmd, cwd=cwd, env=env,
                             stdin=subprocess.DEVNULL, stdout=stdout,
                             stderr=out if stdout_path else subprocess.STDOUT)
        killed = []
        timer = threading.Timer(timeout, lambda: (killed.append(True), p.kill()))
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)  # GNU time's usage with that of the program it waited for
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        if stdout_path:
            stdout.close()
        out.seek(0)
        text = out.read().decode("utf-8", errors="replace")
        report = times.read().splitlines()
    if killed or not report:
        return Result(None, text, 0.0, wall, 0)
    maxrss = report[-1].split()[-1]
    rc = p.returncode
    signal = re.search(r"terminated by signal (\d+)", "\n".join(report))
    if signal:
        rc = -int(signal.group(1))
    return Result(rc, text, usage.ru_utime + usage.ru_stime, wall, int(maxrss))


def with_exit(result):
    """The output as the suite's reference files hold it: the program's output, then its exit status (on the same
    line when the output does not end with a newline, as BuiltinTypeInfo.reference_output shows)."""
    return result.output + result.exit_text() + "\n"


def read_programs(path):
    programs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            prog = {"path": line[0], "flags": [], "ref": None, "rel": 0.0, "abs": 0.0}
            for opt in line[1:]:
                if opt.startswith("ref="):
                    prog["ref"] = opt[4:]
                elif opt.startswith("rel="):
                    prog["rel"] = float(opt[4:])
                elif opt.startswith("abs="):
                    prog["abs"] = float(opt[4:])
                elif opt.startswith("-"):
                    prog["flags"].append(opt)
                else:
                    raise SystemExit("%s: unknown option %r for %s" % (path, opt, line[0]))
            programs.append(prog)
    return programs


def read_expected_failures(path):
    """PATH: REASON lines (# comments)."""
    expected = {}
    if not os.path.exists(path):
        return expected
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                name, _, reason = line.partition(":")
                expected[name.strip()] = reason.strip()
    return expected


def first_errors(text, count=3):
    lines = [l for l in text.splitlines() if ": error: " in l or ": fatal error: " in l]
    return "; ".join(lines[:count]) or text.strip()[-500:]


def check_output(label, result, reference, prog, problems):
    if result.rc is None:
        problems.append("%s: timed out after %d s" % (label, RUN_TIMEOUT))
        return
    why = differs(with_exit(result), reference, prog["rel"], prog["abs"])
    if why:
        problems.append("%s: output differs from the reference: %s" % (label, why))


def run_program(prog, tools, out_dir, repeat):
    """Builds and runs one program; returns (problems, figures, notes)."""
    src = os.path.join(HERE, prog["path"])
    stem = prog["path"][:-len(".cpp")]
    ref_path = os.path.join(HERE, stem + ".reference_output" + ("." + prog["ref"] if prog["ref"] else ""))
    with open(ref_path, encoding="utf-8", errors="replace") as f:
        reference = f.read()
    work = os.path.join(out_dir, stem)
    shutil.rmtree(work, ignore_errors=True)
    for sub in ("run", "tapes"):
        os.makedirs(os.path.join(work, sub))
    flags = STD_FLAGS + prog["flags"]
    problems, notes, fig = [], [], {}

    plain_exe = os.path.join(work, "plain")
    plain_cc = measure(tools.cxx + flags + [src, "-o", plain_exe, "-lm"], work, timeout=COMPILE_TIMEOUT)
    if plain_cc.rc != 0:
        return ["the plain build failed: " + first_errors(plain_cc.output)], fig, notes
    marked_src = os.path.join(work, os.path.basename(src))
    rewrite = measure([tools.rewrite, "--mark-all", src, "--"] + flags, work, timeout=COMPILE_TIMEOUT,
                      stdout_path=marked_src)
    if rewrite.rc != 0:
        return ["tracejit-rewrite --mark-all failed: " + rewrite.output.strip()[-500:]], fig, notes
    with open(marked_src, encoding="utf-8", errors="replace") as f:  # moments.cpp is Latin-1
        marked_text = f.read()
    fig["marks"] = marked_text.count("[[jit::trace]]") + marked_text.count("[[jit::freeze]]")
    marked_exe = os.path.join(work, "marked")
    marked_cc = measure(tools.cxx + flags + ["-I" + os.path.dirname(src), "-I" + tools.include,
                                             "-fplugin=" + tools.plugin, marked_src, "-o", marked_exe, "-lm",
                                             "-L" + tools.libdir, "-Wl,-rpath," + tools.libdir, "-ltracejit_tape"],
                        work, timeout=COMPILE_TIMEOUT)
    if marked_cc.rc != 0:
        return ["the marked build failed: " + first_errors(marked_cc.output)], fig, notes
    fig["compile"] = marked_cc.cpu_s / plain_cc.cpu_s
    fig["compile_rewrite"] = (marked_cc.cpu_s + rewrite.cpu_s) / plain_cc.cpu_s

    env = {k: v for k, v in os.environ.items() if not k.startswith("TRACEJIT_TAPE")}
    run_dir = os.path.join(work, "run")
    plain = measure([plain_exe], run_dir, env)
    check_output("plain", plain, reference, prog, problems)
    marked = measure([marked_exe], run_dir, env)
    check_output("marked", marked, reference, prog, problems)

    tape_dir = os.path.join(work, "tapes")
    tape_env = dict(env, TRACEJIT_TAPE=tape_dir, TRACEJIT_TAPE_LIMIT=TAPE_LIMIT)
    taped = measure([marked_exe], run_dir, tape_env)
    said = TRACEJIT_LINE.findall(taped.output)
    taped.output = TRACEJIT_LINE.sub("", taped.output)
    check_output("marked with TRACEJIT_TAPE", taped, reference, prog, problems)
    notes.extend("tape run said: " + s.strip() for s in said)
    tapes = sorted(os.listdir(tape_dir))
    fig["tapes"] = len(tapes)
    if len(tapes) != 1:
        problems.append("marked with TRACEJIT_TAPE: %d files in the tape folder, not one: %s" % (len(tapes), tapes))
    for t in tapes:
        path = os.path.join(tape_dir, t)
        r = subprocess.run([tools.inspect, path, "--calls"], capture_output=True, text=True, timeout=RUN_TIMEOUT)
        if r.returncode != 0:
            problems.append("tracejit-inspect %s --calls failed: %s" % (t, (r.stdout + r.stderr).strip()[-300:]))
        else:
            fig["tape_bytes"] = fig.get("tape_bytes", 0) + os.path.getsize(path)
    fig["tape_kib"] = taped.maxrss_kib - marked.maxrss_kib
    if fig["tape_kib"] > TAPE_MEMORY_BOUND_KIB:
        problems.append("the tape's memory: peak resident %d KiB with the tape, %d KiB without (bound %d KiB)"
                        % (taped.maxrss_kib, marked.maxrss_kib, TAPE_MEMORY_BOUND_KIB))
    shutil.rmtree(tape_dir, ignore_errors=True)  # tapes reach TAPE_LIMIT each: keep the disk
    if problems:
        return problems, fig, notes

    # Timing: plain and marked alternately, so that the machine's load reaches both alike.
    plain_s, marked_s = [plain.cpu_s], [marked.cpu_s]
    for _ in range(repeat):
        plain_s.append(measure([plain_exe], run_dir, env).cpu_s)
        marked_s.append(measure([marked_exe], run_dir, env).cpu_s)
    fig["plain_s"] = statistics.median(plain_s)
    fig["marked_s"] = statistics.median(marked_s)
    fig["run"] = fig["marked_s"] / fig["plain_s"] if fig["plain_s"] > 0 else 1.0
    return problems, fig, notes


def describe(fig):
    parts = []
    if "marks" in fig:
        parts.append("%d marked" % fig["marks"])
    if "compile" in fig:
        parts.append("compile %.2fx (%.2fx with --mark-all)" % (fig["compile"], fig["compile_rewrite"]))
    if "run" in fig:
        parts.append("run %.2fx (%.3f s plain)" % (fig["run"], fig["plain_s"]))
    if "tapes" in fig:
        parts.append("tape %d file%s %.1f MiB, +%.1f MiB resident" % (
            fig["tapes"], "" if fig["tapes"] == 1 else "s", fig.get("tape_bytes", 0) / 2**20, fig["tape_kib"] / 1024))
    return ", ".join(parts)


def summary(name, values):
    if not values:
        return "%s: none" % name
    worst = max(values, key=lambda v: v[0])
    return "%s: median %.2fx, worst %.2fx (%s), %d programs" % (
        name, statistics.median(v[0] for v in values), worst[0], worst[1], len(values))


def main():
    ap = argparse.ArgumentParser(description="builds and runs the outside corpus plain and marked")
    ap.add_argument("--build", required=True, help="tracejit's build folder (plugin, tools, runtime)")
    ap.add_argument("--out", default=None, help="work folder (default: BUILD/outside-corpus)")
    ap.add_argument("--cxx", default="clang++-19")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs of each build after the checked one")
    ap.add_argument("--filter", default="", help="only the programs whose path matches this regular expression")
    ap.add_argument("--programs", default=os.path.join(HERE, "programs.txt"))
    ap.add_argument("--expected-failures", default=os.path.join(HERE, "expected-failures.txt"))
    args = ap.parse_args()

    build = os.path.abspath(args.build)
    tools = argparse.Namespace(
        cxx=args.cxx.split(), rewrite=os.path.join(build, "tools", "rewrite", "tracejit-rewrite"),
        inspect=os.path.join(build, "tools", "inspect", "tracejit-inspect"),
        plugin=os.path.join(build, "plugin", "tracejit.so"), libdir=os.path.join(build, "runtime"),
        include=os.path.join(os.path.dirname(HERE), "..", "..", "include"))
    tools.include = os.path.abspath(tools.include)
    for path in (tools.rewrite, tools.inspect, tools.plugin, os.path.join(tools.libdir, "libtracejit_tape.so")):
        if not os.path.exists(path):
            print("run_corpus.py: %s not found (build tracejit_plugin, tracejit-rewrite, tracejit_inspect and "
                  "tracejit_tape)" % path)
            return 2
    if not os.access(TIME, os.X_OK):
        print("run_corpus.py: %s not found (Debian: apt-get install time)" % TIME)
        return 2
    out_dir = os.path.abspath(args.out or os.path.join(build, "outside-corpus"))
    os.makedirs(out_dir, exist_ok=True)
    os.environ.setdefault("TRACEJIT_CACHE_DIR", os.path.join(out_dir, "kernel-cache"))

    programs = [p for p in read_programs(args.programs) if re.search(args.filter, p["path"])]
    expected = read_expected_failures(args.expected_failures)
    load_before = os.getloadavg()
    started = time.monotonic()
    counts = {"PASS": 0, "FAIL": 0, "XFAIL": 0, "XPASS": 0}
    runs, short_runs, compiles, compiles_rw, tape_kib = [], [], [], [], []
    for prog in programs:
        name = prog["path"]
        problems, fig, notes = run_program(prog, tools, out_dir, args.repeat)
        if name in expected:
            status = "XFAIL" if problems else "XPASS"
        else:
            status = "FAIL" if problems else "PASS"
        counts[status] += 1
        print("%-5s %s: %s" % (status, name, describe(fig)), flush=True)
        for p in problems:
            print("      " + p)
        if status == "XFAIL":
            print("      expected: " + expected[name])
        for n in notes:
            print("      " + n)
        if "compile" in fig:
            compiles.append((fig["compile"], name))
            compiles_rw.append((fig["compile_rewrite"], name))
        if "run" in fig:
            (runs if fig["plain_s"] >= SHORT_RUN_S else short_runs).append((fig["run"], name))
        if "tape_kib" in fig:
            tape_kib.append((fig["tape_kib"] / 1024, name))
    load_after = os.getloadavg()

    print()
    print("%d programs: %s" % (len(programs), ", ".join("%d %s" % (counts[k], k) for k in counts)))
    print(summary("marked/plain run time (CPU), programs of >= %.2f s" % SHORT_RUN_S, runs))
    print(summary("marked/plain run time (CPU), programs of < %.2f s" % SHORT_RUN_S, short_runs))
    print(summary("marked/plain compile time (CPU)", compiles))
    print(summary("marked/plain compile time (CPU) with the --mark-all step", compiles_rw))
    if tape_kib:
        worst = max(tape_kib)
        print("tape's resident memory (peak with TRACEJIT_TAPE minus without): median %.1f MiB, worst %.1f MiB (%s)"
              % (statistics.median(v[0] for v in tape_kib), worst[0], worst[1]))
    print("load average (1, 5, 15 min): %.2f %.2f %.2f before, %.2f %.2f %.2f after; %d cores; %.0f s"
          % (load_before + load_after + (os.cpu_count(), time.monotonic() - started)))
    return 1 if counts["FAIL"] or counts["XPASS"] else 0


if __name__ == "__main__":
    sys.exit(main())
