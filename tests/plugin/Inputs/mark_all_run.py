#!/usr/bin/env python3
# tests/plugin/Inputs/mark_all_run.py — marks every function of real programs, builds them with the plugin, and
# checks that they compile as cleanly and print exactly what the plain build prints
#
# usage: mark_all_run.py [--tape] [--extra SOURCE]... REWRITE CXX PLUGIN_FLAG "LINK_FLAGS" OUT_DIR "FLAGS" FILE...
# For each FILE (a whole program, or one with a main from the --extra sources, which are linked unmarked into
# both builds): `REWRITE --mark-all FILE -- FLAGS` writes a copy with [[jit::trace]] on every function definition
# the plugin can record; FILE is built as it is without the plugin, the copy with it (FLAGS plus -I of FILE's
# folder); both are run in OUT_DIR/<name>/ (plain/, marked/) and, with --tape, the marked one again with
# TRACEJIT_TAPE set, so that the recording path of every twin runs too. Prints one line per file:
#   FILE: N functions marked, E errors, W added warnings, output identical (L lines[, with a tape: T files])
# or says what differs (the exit status, or a unified diff of the outputs). Timings are masked before the outputs
# are compared: a number followed by a time unit (ms, us, µs, ns, s), a rate "… G …/s", and a speedup "1.25x".
# Exit status 1 on any error, added warning, difference, or marked build that records nothing.
import difflib
import os
import re
import shlex
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mark_all_compile import diagnostics, write_marked  # noqa: E402  (the same diagnostic parser and comparison)

# Each with the blanks before it: a number printed in a fixed width is padded by how many digits it has.
TIMINGS = [
    (re.compile(r"\s*\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\s*(?:ms|us|µs|ns|s)\b"), " <time>"),
    (re.compile(r"\s*\b\d+(?:\.\d+)?\s*G\s+\S+/s"), " <rate>"),
    (re.compile(r"\s*\b\d+(?:\.\d+)?x\b"), " <ratio>"),
]
RUN_TIMEOUT = 300


def masked(text):
    for pattern, replacement in TIMINGS:
        text = pattern.sub(replacement, text)
    return text


def run(cmd, cwd, env=None):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    return r.returncode, r.stdout + r.stderr


def main():
    args = sys.argv[1:]
    tape = False
    extras = []
    while args and args[0].startswith("--"):
        if args[0] == "--tape":
            tape = True
            args = args[1:]
        elif args[0] == "--extra":
            extras.append(os.path.abspath(args[1]))
            args = args[2:]
        else:
            print("mark_all_run.py: unknown option %s" % args[0])
            return 2
    rewrite, cxx, plugin, link, out_dir, flags = args[:6]
    files = args[6:]
    cxx = shlex.split(cxx)
    link = shlex.split(link)
    flags = shlex.split(flags)
    status = 0
    for path in files:
        name = os.path.basename(path)
        stem = os.path.splitext(name)[0]
        work = os.path.join(out_dir, stem)
        for sub in ("plain", "marked", "tapes"):
            os.makedirs(os.path.join(work, sub), exist_ok=True)
        marked_name = "marked-" + name
        marked_path = os.path.join(work, marked_name)
        marked = write_marked(rewrite, path, flags, marked_path)
        if marked is None:
            status = 1
            continue
        marks = marked.count("[[jit::trace]]")
        plain_exe = os.path.join(work, "plain", stem)
        marked_exe = os.path.join(work, "marked", stem)
        plain = subprocess.run(cxx + flags + [path] + extras + ["-o", plain_exe] + link, capture_output=True, text=True)
        traced = subprocess.run(
            cxx + flags + ["-I" + os.path.dirname(os.path.abspath(path)), plugin, marked_path] + extras
            + ["-o", marked_exe] + link,
            capture_output=True,
            text=True,
        )
        before = diagnostics(plain.stderr, {})
        after = diagnostics(traced.stderr, {marked_name: name})
        errors = [d for d in after if d[2] != "warning"]
        added = [d for d in after if d[2] == "warning" and d not in before]
        line = "%s: %d functions marked, %d errors, %d added warnings" % (path, marks, len(errors), len(added))
        problems = ["  %s:%d: %s: %s" % d for d in errors + added]
        if plain.returncode != 0:
            problems.append("  the plain build failed:\n" + plain.stderr)
        if traced.returncode != 0 and not errors:
            problems.append("  the marked build failed:\n" + traced.stderr)
        if marks == 0:
            problems.append("  nothing was marked")
        if plain.returncode == 0 and traced.returncode == 0:
            env = dict(os.environ)
            env.pop("TRACEJIT_TAPE", None)
            runs = [("plain", plain_exe, env), ("marked", marked_exe, env)]
            if tape:
                tape_env = dict(env, TRACEJIT_TAPE=os.path.join(work, "tapes"))
                runs.append(("marked with TRACEJIT_TAPE", marked_exe, tape_env))
            results = []
            for label, exe, run_env in runs:
                cwd = os.path.join(work, "tapes" if label.endswith("TAPE") else label)
                try:
                    results.append((label,) + run([exe], cwd, run_env))
                except subprocess.TimeoutExpired:
                    results.append((label, "timeout", ""))
            base_label, base_rc, base_out = results[0]
            same = True
            for label, rc, out in results[1:]:
                if rc != base_rc:
                    problems.append("  exit status %s (%s) against %s (%s)" % (rc, label, base_rc, base_label))
                    same = False
                diff = list(difflib.unified_diff(masked(base_out).splitlines(), masked(out).splitlines(), base_label,
                                                 label, lineterm="", n=1))
                if diff:
                    problems.append("  the outputs differ:\n    " + "\n    ".join(diff[:60]))
                    same = False
            if base_rc != 0:
                problems.append("  the plain build exits with %s:\n%s" % (base_rc, base_out[-2000:]))
            if same:
                line += ", output identical (%d lines" % len(base_out.splitlines())
                if tape:
                    tapes = [t for t in os.listdir(os.path.join(work, "tapes")) if t.endswith(".tjtape")]
                    line += ", with a tape: %d files" % len(tapes)
                    if not tapes:
                        problems.append("  TRACEJIT_TAPE set, but the marked build wrote no tape")
                line += ")"
        print(line)
        for p in problems:
            print(p)
        if problems:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
