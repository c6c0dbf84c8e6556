// tests/runtime/ptxas_check.h — runs the CUDA toolkit's ptxas on generated PTX (the CUDA tests without a GPU)
#pragma once

#include <doctest/doctest.h>

#include "test_util.h"

#include <tracejit/detail/core.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace tj_test {

/// ptxas: $TRACEJIT_PTXAS when set (for example the one from PyPI's nvidia-cuda-nvcc wheel, which .ci/run installs on
/// a machine without the CUDA toolkit), else the toolkit's /usr/local/cuda/bin/ptxas.
inline std::string ptxas_path() {
    const char *env = std::getenv("TRACEJIT_PTXAS");
    return env && *env ? env : "/usr/local/cuda/bin/ptxas";
}
/// The architecture the PTX tests generate code for and ptxas assembles for.
inline const char *const ptx_arch = "sm_90";

/// Every element type, each of which the PTX tests generate kernels for.
inline const std::vector<tj::VarType> all_types = {tj::VarType::Bool,   tj::VarType::Int32,  tj::VarType::UInt32,
                                                   tj::VarType::Int64,  tj::VarType::UInt64, tj::VarType::Float32,
                                                   tj::VarType::Float64};

inline bool is_float(tj::VarType t) { return t == tj::VarType::Float32 || t == tj::VarType::Float64; }

inline bool have_ptxas() { return ::access(ptxas_path().c_str(), X_OK) == 0; }

/// Says once per test case why ptxas does not check the PTX.
inline void note_missing_ptxas() {
    if (!have_ptxas())
        MESSAGE("skipping the ptxas checks: " << ptxas_path() << " does not exist (no CUDA toolkit); PTX is generated only");
}

/// Exit status and messages of ptxas on one PTX text.
struct PtxasResult {
    int status = -1;
    std::string log;
    size_t cubin_bytes = 0;
};

inline std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Assembles `ptx` for ptx_arch in a temporary folder.
inline PtxasResult run_ptxas(const std::string &ptx) {
    TempDir dir("tj_ptx");
    std::string src = dir.path + "/kernel.ptx", cubin = dir.path + "/kernel.cubin", log = dir.path + "/ptxas.log";
    std::ofstream(src, std::ios::binary) << ptx;
    std::string cmd = ptxas_path() + " -arch=" + ptx_arch + " " + src + " -o " + cubin + " > " + log + " 2>&1";
    PtxasResult r;
    int raw = std::system(cmd.c_str());
    r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.log = read_file(log);
    r.cubin_bytes = read_file(cubin).size();
    return r;
}

/// Where ptxas exists, checks that it assembles `ptx` (its messages are the failure's); checks nothing elsewhere
/// (note_missing_ptxas says why once per test case).
/// With TJ_FAKE_CUDA_DUMP_PTX naming a folder, `ptx` is also saved there (the inventory tests/ptx_exec implements).
inline void check_ptxas_accepts(const std::string &ptx) {
    if (const char *dump = std::getenv("TJ_FAKE_CUDA_DUMP_PTX"); dump && *dump)
        std::ofstream(std::string(dump) + "/" + std::to_string(std::hash<std::string>{}(ptx)) + ".ptx",
                      std::ios::binary)
            << ptx;
    if (!have_ptxas())
        return;
    PtxasResult r = run_ptxas(ptx);
    CHECK_MESSAGE(r.status == 0, "ptxas said: " << r.log);
    CHECK(r.cubin_bytes > 0);
}

} // namespace tj_test
