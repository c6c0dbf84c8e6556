#!/usr/bin/env python3
# tests/plugin/outside/fpcmp.py — compares a program's output with its reference as llvm-test-suite's fpcmp does
#
# Without a tolerance the texts must be identical. With one (rel=, abs= in programs.txt), the texts are cut into
# numbers and the text between them: the text must be identical, and each pair of numbers equal within the absolute
# or the relative tolerance (either suffices), as llvm-test-suite's tools/fpcmp.c compares them.
import re

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b", re.IGNORECASE)


def _pieces(text):
    """The text cut into [text, number, text, number, …, text]."""
    pieces = []
    at = 0
    for m in NUMBER.finditer(text):
        pieces.append(text[at:m.start()])
        pieces.append(m.group(0))
        at = m.end()
    pieces.append(text[at:])
    return pieces


def _close(a, b, rel, abs_):
    if a == b:
        return True
    x, y = float(a), float(b)
    if x == y:
        return True
    diff = abs(x - y)
    if abs_ and diff <= abs_:
        return True
    if rel:
        scale = max(abs(x), abs(y))
        if scale and diff / scale <= rel:
            return True
    return False


def differs(output, reference, rel=0.0, abs_=0.0):
    """None when OUTPUT matches REFERENCE, else a one-line description of the first difference."""
    if output == reference:
        return None
    if not rel and not abs_:
        return _first_line_difference(output, reference)
    got, want = _pieces(output), _pieces(reference)
    if len(got) != len(want):
        return _first_line_difference(output, reference)
    for i, (g, w) in enumerate(zip(got, want)):
        same = g == w if i % 2 == 0 else _close(g, w, rel, abs_)
        if not same:
            return "%r where the reference has %r" % (g, w)
    return None


def _first_line_difference(output, reference):
    got, want = output.splitlines(), reference.splitlines()
    for n, (g, w) in enumerate(zip(got, want), 1):
        if g != w:
            return "line %d: %r where the reference has %r" % (n, g[:200], w[:200])
    if len(got) != len(want):
        return "%d lines where the reference has %d" % (len(got), len(want))
    return "the line ends differ"
