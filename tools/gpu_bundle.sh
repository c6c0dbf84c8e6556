#!/usr/bin/env bash
# tools/gpu_bundle.sh — carries a Release build to a GPU machine that lacks the README's Debian packages
#
# Usage: tools/gpu_bundle.sh pack [build-folder] [bundle]     (here: defaults build and .gpu/bundle.tar.xz)
#        tools/gpu_bundle.sh unpack [bundle]                  (there, from the checkout's root, as root)
# `pack` stores what tools/gpu_check.sh runs (tracejit_tests with its fake drivers and ctest files, ptx_exec_tests,
# tj_differential, bench_cuda, libtracejit), stripped, with every shared library they need except the C and C++
# runtimes. `unpack` puts the build back at the same absolute path (the binaries' RUNPATH and ctest's files name it;
# a link to the checkout is made when the checkout lies elsewhere) and installs the libraries that machine lacks under
# /usr/local/lib/tracejit-bundle (ldconfig), not on LD_LIBRARY_PATH, which the fake-driver tests set for themselves.
# Then `tools/gpu_check.sh <build-folder>` reuses the build. Extraction uses Python's tarfile, so xz need not exist.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mode=${1:-}

pack() {
    local build=${1:-build} bundle=${2:-.gpu/bundle.tar.xz}
    local source_root stage binaries
    source_root=$(pwd -P)
    binaries=("$build/tests/tracejit_tests" "$build/tests/ptx_exec/ptx_exec_tests"
              "$build/tests/fuzz/differential/tj_differential" "$build/bench/bench_cuda")
    for binary in "${binaries[@]}"; do
        [ -x "$binary" ] || { echo "gpu_bundle: $binary is not built (cmake --build $build --target" \
                                   "tracejit_tests ptx_exec_tests tj_differential bench_cuda)" >&2; exit 1; }
    done
    stage=$(mktemp -d /tmp/tj_gpu_bundle.XXXXXX)
    trap "rm -rf '$stage'" EXIT
    # The build folder's files, at their absolute path below the stage: the binaries and shared objects it made
    # (stripped), and ctest's files. Not the peers' Python environment (build/peers, for the benchmarks that compare
    # against JAX and Dr.Jit) nor the outside programs' builds: no CUDA check runs them.
    local files
    files=$( { printf '%s\n' "${binaries[@]}"
               find "$build" -name '*.so*' \( -type f -o -type l \) -not -path '*/CMakeFiles/*' \
                    -not -path "$build/peers/*" -not -path "$build/outside-corpus/*"
               find "$build" -name '*.cmake' -not -path '*/CMakeFiles/*'
               find "$build" -name 'CTestTestfile.cmake'; } | sort -u)
    while IFS= read -r file; do
        mkdir -p "$stage/root$source_root/$(dirname "$file")"
        cp -pP "$file" "$stage/root$source_root/$file"
        [ -L "$file" ] && continue
        case "$file" in *.cmake) ;; *) strip --strip-unneeded "$stage/root$source_root/$file" 2>/dev/null || true ;; esac
    done <<< "$files"
    # The libraries they load, resolved here, without the C and C++ runtimes that every machine has.
    mkdir -p "$stage/libs"
    while IFS= read -r file; do ldd "$file" 2>/dev/null || true; done <<< "$(grep -v '\.cmake$' <<< "$files")" |
        awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u |
        grep -vE '/(libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so' |
        grep -v "^$source_root/" | while IFS= read -r library; do cp -L "$library" "$stage/libs/"; done
    echo "$source_root" > "$stage/source_root"
    mkdir -p "$(dirname "$bundle")"
    tar -C "$stage" -cf - root libs source_root | xz -T0 -6 > "$bundle"
    echo "gpu_bundle: $bundle, $(du -h "$bundle" | cut -f1), $(ls "$stage/libs" | wc -l) libraries;" \
         "there: tools/gpu_bundle.sh unpack $bundle && tools/gpu_check.sh $source_root/$build"
}

unpack() {
    local bundle=${1:-.gpu/bundle.tar.xz}
    local stage source_root here
    stage=$(mktemp -d /tmp/tj_gpu_unpack.XXXXXX)
    trap "rm -rf '$stage'" EXIT
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$bundle" "$stage"
    source_root=$(cat "$stage/source_root")
    here=$(pwd -P)
    if [ "$here" != "$source_root" ]; then
        [ -e "$source_root" ] && { echo "gpu_bundle: $source_root exists and is not this checkout" >&2; exit 1; }
        mkdir -p "$(dirname "$source_root")"
        ln -s "$here" "$source_root"
    fi
    cp -a "$stage/root$source_root/." "$here/"
    mkdir -p /usr/local/lib/tracejit-bundle
    local library installed=0
    for library in "$stage"/libs/*; do
        if ! ldconfig -p | grep -q " $(basename "$library") "; then
            cp "$library" /usr/local/lib/tracejit-bundle/
            installed=$((installed + 1))
        fi
    done
    echo /usr/local/lib/tracejit-bundle > /etc/ld.so.conf.d/tracejit-bundle.conf
    ldconfig
    echo "gpu_bundle: unpacked into $here (as $source_root), $installed libraries installed"
}

case "$mode" in
    pack) shift; pack "$@" ;;
    unpack) shift; unpack "$@" ;;
    *) echo "usage: tools/gpu_bundle.sh pack [build-folder] [bundle] | unpack [bundle]" >&2; exit 2 ;;
esac
