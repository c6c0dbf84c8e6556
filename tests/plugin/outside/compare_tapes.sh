#!/usr/bin/env bash
# tests/plugin/outside/compare_tapes.sh — do two builds of libtracejit_tape.so write the same tapes of the outside programs?
#
# Usage: tests/plugin/outside/compare_tapes.sh OLD_DIR NEW_DIR [BUILD] [COUNT]
# OLD_DIR and NEW_DIR each hold a libtracejit_tape.so.0 (copy a build's runtime/libtracejit_tape.so.0.1.0 there under
# that name). The marked programs that run_corpus.py built under BUILD/outside-corpus (default build; the first COUNT
# of them, default all) run once with each library on LD_LIBRARY_PATH, with TRACEJIT_TAPE_STATEMENTS=200000 (a limit
# that stops at the same node in both, unlike a size limit, which depends on compression) and address randomisation
# off (setarch -R). Their tapes are printed with `tracejit-inspect --format json`; the file name's pid and values that
# look like addresses (hex of 8+ digits, or the decimal integers of the heap's 0x5555… range) are masked, since the
# library's own allocations move the programs' heap. Prints "same" or "DIFF" per program and a total; exit status 1
# when any differs. Two programs differ between any two runs, whatever the libraries: stepanov_v1p2 records clock(),
# and spirit records strings that hold bytes of heap addresses.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
old=$(realpath "$1") new=$(realpath "$2")
build=${3:-build}
count=${4:-100000}
inspect="$build/tools/inspect/tracejit-inspect"
work=$(mktemp -d /tmp/tj_compare_tapes.XXXXXX)
trap 'rm -rf "$work"' EXIT

print_tape() { # folder → masked JSON of its one tape, or "none"
    local file
    file=$(ls "$1"/*.tjtape 2>/dev/null | head -1)
    [ -n "$file" ] || { echo none; return; }
    "$inspect" "$file" --format json 2>&1 |
        sed -E 's/-[0-9]+\.tjtape/.tjtape/g; s/"[a-zA-Z_]+-[0-9]+"/"PROGRAM"/; s/0x[0-9a-f]{8,}/ADDRESS/g; s/"938[0-9]{11}"/"ADDRESS"/g'
}

total=0 same=0
for exe in $(find "$build/outside-corpus" -name marked -type f | sort | head -"$count"); do
    dir=$(dirname "$exe") program=$(realpath "$exe")
    for lib in old new; do
        libdir=$old; [ $lib = new ] && libdir=$new
        mkdir -p "$work/$lib" && rm -f "$work/$lib"/*
        (cd "$dir/run" 2>/dev/null || cd "$dir"
         LD_LIBRARY_PATH=$libdir TRACEJIT_TAPE="$work/$lib" TRACEJIT_TAPE_STATEMENTS=200000 \
             timeout 60 setarch "$(uname -m)" -R "$program" > /dev/null 2>&1)
        print_tape "$work/$lib" | md5sum > "$work/$lib.sum"
    done
    total=$((total + 1))
    if cmp -s "$work/old.sum" "$work/new.sum"; then
        same=$((same + 1)); echo "same $(basename "$dir")"
    else
        echo "DIFF $(basename "$dir")"
    fi
done
echo "$same of $total programs wrote the same tape"
[ "$same" -eq "$total" ]
