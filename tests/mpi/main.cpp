// tests/mpi/main.cpp — doctest's main for the MPI tests, run under mpirun (ctest mpi.np2, mpi.np4)
//
// Every process runs every case in the same order, so the collectives inside the cases meet. MPI is initialised
// here (tj::mpi::Session), except with TJ_MPI_TEST_NO_INIT=1, where the cases about a missing MPI_Init run (ctest
// mpi.not_initialised, without mpirun). The processes share one fresh kernel cache folder, made by rank 0, so that
// the shared-cache case starts cold; it is removed at the end.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <tracejit/mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

int main(int argc, char **argv) {
    const char *no_init = std::getenv("TJ_MPI_TEST_NO_INIT");
    if (no_init && std::strcmp(no_init, "1") == 0) {
        doctest::Context context(argc, argv);
        context.setOption("test-case", "mpi not initialised*");
        return context.run();
    }
    int status = 0;
    std::string cache;
    {
        tj::mpi::Session session(argc, argv);
        char dir[4096] = {};
        if (tj::mpi::rank() == 0) {
            std::string name = (std::filesystem::temp_directory_path() / "tj_mpi_cache_XXXXXX").string();
            if (!::mkdtemp(name.data())) {
                std::perror("mkdtemp");
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            std::snprintf(dir, sizeof dir, "%s", name.c_str());
        }
        MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);
        cache = dir;
        ::setenv("TRACEJIT_CACHE_DIR", dir, 1); // before the first kernel: the runtime reads it once
        doctest::Context context(argc, argv);
        context.setOption("test-case-exclude", "mpi not initialised*");
        status = context.run();
        // One failing process fails the run: mpirun reports the first non-zero exit status.
        MPI_Barrier(MPI_COMM_WORLD);
        if (tj::mpi::rank() == 0)
            std::filesystem::remove_all(cache);
    }
    return status;
}
