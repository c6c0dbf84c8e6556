# cmake/consumer_test.cmake — ctest script: install this build, then configure, build and run tests/consumer
#
# The consumer has two programs (three with MPI: `consumer_mpi` uses tracejit::mpi): `consumer` (tracejit::runtime
# only) and `consumer_traced` (a [[jit::trace]]
# function compiled with the installed plugin through tracejit_instrument(), which links tracejit::tape only: the
# program checks that it maps neither libtracejit nor LLVM). Last, the consumer is configured
# once more with GCC, if there is one, where tracejit_instrument() must stop the configuration with its message.
#
# Run as `cmake -D<var>=… -P consumer_test.cmake` by the `package.consumer` test. Variables:
#   BUILD_DIR      the tracejit build tree to install
#   WORK_DIR       scratch folder (the install prefix and the consumer's build go below it)
#   CONSUMER_DIR   source folder of the consumer project
#   GENERATOR, CXX_COMPILER, CXX_FLAGS, BUILD_TYPE   forwarded to the consumer's configure step
#   EXPECT_MPI     ON when the build has tracejit::mpi: the consumer then requires the component and runs consumer_mpi
# LLVM and fmt are made unfindable for the consumer: the installed package must not need them.
cmake_minimum_required(VERSION 3.25)

foreach(var BUILD_DIR WORK_DIR CONSUMER_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "consumer_test.cmake: ${var} is not set")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})

message(STATUS "installing ${BUILD_DIR} into ${prefix}")
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} COMMAND_ERROR_IS_FATAL ANY)

message(STATUS "configuring the consumer")
execute_process(COMMAND ${CMAKE_COMMAND} --no-warn-unused-cli -S ${CONSUMER_DIR} -B ${consumer_build} -G ${GENERATOR}
                        -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
                        "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
                        -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
                        -DCMAKE_PREFIX_PATH=${prefix}
                        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
                        -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=ON
                        -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON
                        -DTRACEJIT_EXPECT_MPI=${EXPECT_MPI}
                COMMAND_ERROR_IS_FATAL ANY)

# The package must come from the fresh install, not from a source or build tree.
file(STRINGS ${consumer_build}/CMakeCache.txt found_dir REGEX "^tracejit_DIR:")
string(REGEX REPLACE "^tracejit_DIR:[A-Z]+=" "" found_dir "${found_dir}")
string(FIND "${found_dir}" "${prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "find_package(tracejit) used '${found_dir}', not the install under ${prefix}")
endif()

message(STATUS "building the consumer")
execute_process(COMMAND ${CMAKE_COMMAND} --build ${consumer_build} COMMAND_ERROR_IS_FATAL ANY)

set(programs consumer consumer_traced)
if(EXPECT_MPI)
  list(APPEND programs consumer_mpi) # a world of one process: no mpirun
endif()
foreach(program IN LISTS programs)
  message(STATUS "running ${program}")
  # (consumer_mpi without LeakSanitizer, when built with it: Open MPI's plugins leak at MPI_Finalize, tests/mpi)
  set(run ${consumer_build}/${program})
  if(program STREQUAL "consumer_mpi" AND CXX_FLAGS MATCHES "sanitize=address")
    set(run ${CMAKE_COMMAND} -E env "ASAN_OPTIONS=detect_leaks=0" ${run})
  endif()
  execute_process(COMMAND ${run} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${program} failed (exit status ${rc})")
  endif()
endforeach()

# tracejit_instrument() with a compiler that cannot load the plugin: a configure-time error that says so.
find_program(other_compiler NAMES g++ g++-12 NO_CACHE)
if(NOT other_compiler)
  message(STATUS "skipped the wrong-compiler check: no g++ on this machine")
  return()
endif()
message(STATUS "configuring the consumer with ${other_compiler}: tracejit_instrument() must refuse it")
execute_process(COMMAND ${CMAKE_COMMAND} --no-warn-unused-cli -S ${CONSUMER_DIR} -B ${WORK_DIR}/build-gcc -G ${GENERATOR}
                        -DCMAKE_CXX_COMPILER=${other_compiler}
                        -DCMAKE_PREFIX_PATH=${prefix}
                        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "[ \t\n]+" " " err "${err}") # CMake wraps long messages
if(rc EQUAL 0 OR NOT err MATCHES "tracejit_instrument\\(consumer_traced\\): the tracejit plugin only loads into clang")
  message(FATAL_ERROR "configuring with ${other_compiler} did not fail as expected (exit status ${rc}):\n${err}")
endif()
