// tests/mpi/test_util_mpi.h — helpers of the MPI tests: error messages, agreement across ranks
#pragma once

#include <tracejit/mpi.h>

#include <string>

namespace tj_mpi_test {

/// The message of the tj::Error that `fn` throws ("" if it throws none).
template <typename Fn> std::string error_of(Fn &&fn) {
    try {
        fn();
    } catch (const tj::Error &e) {
        return e.what();
    }
    return {};
}

inline bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

/// Whether `ok` holds on every rank (a plain MPI_Allreduce, so that the check adds no kernel).
inline bool on_every_rank(bool ok) {
    int mine = ok, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    return all != 0;
}

} // namespace tj_mpi_test
