// tests/mpi/test_util_mpi.h — helpers of the MPI tests: agreement across ranks (error messages: tests/runtime/test_util.h)
#pragma once

#include "../runtime/test_util.h"

#include <tracejit/mpi.h>

namespace tj_mpi_test {

using tj_test::contains;
using tj_test::error_of;

/// Whether `ok` holds on every rank (a plain MPI_Allreduce, so that the check adds no kernel).
inline bool on_every_rank(bool ok) {
    int mine = ok, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    return all != 0;
}

} // namespace tj_mpi_test
