#!/usr/bin/env python3
# tests/plugin/Inputs/mark_all_compile.py — marks every function of real source files and compiles them with the plugin
#
# usage: mark_all_compile.py REWRITE CXX PLUGIN_FLAG OUT_DIR "FLAGS" FILE...
# For each FILE: `REWRITE --mark-all FILE -- FLAGS` writes a copy with [[jit::trace]] on every function definition
# the plugin can record into OUT_DIR; the copy is compiled to an object with the plugin (FLAGS plus -I of FILE's
# folder, so its own includes resolve) and FILE itself without it (-fsyntax-only). Prints one line per file:
#   FILE: N functions marked, E errors, W added warnings
# where the added warnings are those of the marked compile that the plain one does not give (same file, line,
# message). Each diagnostic that is not in the plain compile is printed after its line. Exit status 1 on any error
# or added warning.
import os
import re
import shlex
import subprocess
import sys

DIAG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>warning|error|fatal error): (?P<msg>.*)$")


def diagnostics(output, rename):
    found = []
    for line in output.splitlines():
        m = DIAG.match(line)
        if m:
            name = os.path.basename(m.group("file"))
            found.append((rename.get(name, name), int(m.group("line")), m.group("kind"), m.group("msg")))
    return found


def write_marked(rewrite, path, flags, marked_path):
    """Writes PATH with every function marked to MARKED_PATH; returns the marked text, or None (said why) on failure."""
    r = subprocess.run([rewrite, "--mark-all", path, "--"] + flags, capture_output=True, text=True)
    if r.returncode != 0:
        print("%s: tracejit-rewrite --mark-all failed:\n%s" % (path, r.stderr))
        return None
    with open(marked_path, "w", encoding="utf-8") as f:
        f.write(r.stdout)
    return r.stdout


def main():
    rewrite, cxx, plugin, out_dir, flags = sys.argv[1:6]
    files = sys.argv[6:]
    cxx = shlex.split(cxx)
    flags = shlex.split(flags)
    status = 0
    for path in files:
        name = os.path.basename(path)
        marked_name = "marked-" + name
        marked_path = os.path.join(out_dir, marked_name)
        marked = write_marked(rewrite, path, flags, marked_path)
        if marked is None:
            status = 1
            continue
        marks = marked.count("[[jit::trace]]")
        plain = subprocess.run(cxx + flags + ["-fsyntax-only", path], capture_output=True, text=True)
        traced = subprocess.run(
            cxx + flags + ["-I" + os.path.dirname(os.path.abspath(path)), plugin, "-c", marked_path,
                           "-o", marked_path + ".o"],
            capture_output=True,
            text=True,
        )
        before = diagnostics(plain.stderr, {})
        after = diagnostics(traced.stderr, {marked_name: name})
        errors = [d for d in after if d[2] != "warning"]
        added = [d for d in after if d[2] == "warning" and d not in before]
        print("%s: %d functions marked, %d errors, %d added warnings" % (path, marks, len(errors), len(added)))
        for d in errors + added:
            print("  %s:%d: %s: %s" % d)
        if traced.returncode != 0 and not errors:
            print("  the compile failed:\n" + traced.stderr)
        if marks == 0 or errors or added or traced.returncode != 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
