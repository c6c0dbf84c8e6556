# tests/label_cuda_tests.cmake — gives tracejit_tests' CUDA cases the ctest label `cuda` (read by ctest, after discovery)
#
# doctest_discover_tests gives every case of one binary the same properties, so this file, which ctest includes
# after the discovered cases (TEST_INCLUDE_FILES in tests/CMakeLists.txt), asks the binary for its CUDA cases: those
# of the CUDA test files, and those elsewhere whose names say CUDA or PTX. `ctest -L cuda` then runs every CUDA test:
# these, the PTX emulator's own tests and runtime.on_cuda. Set by the generated caller: TRACEJIT_TESTS_EXE.
if(NOT EXISTS "${TRACEJIT_TESTS_EXE}")
  return() # not built yet: doctest's include file reports that
endif()
set(cuda_cases)
foreach(filter IN ITEMS "--source-file=*test_cuda_*.cpp,*test_interop_cuda.cpp" "--test-case=*cuda*,*ptx*")
  execute_process(COMMAND "${TRACEJIT_TESTS_EXE}" --list-test-cases "${filter}" OUTPUT_VARIABLE listed
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "tracejit_tests --list-test-cases ${filter} failed (${status})")
  endif()
  string(REPLACE ";" "\\;" listed "${listed}")
  string(REPLACE "\n" ";" listed "${listed}")
  foreach(line IN LISTS listed)
    if(line STREQUAL "" OR line MATCHES "^\\[doctest\\] " OR line MATCHES "^=+$")
      continue()
    endif()
    list(APPEND cuda_cases "${line}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES cuda_cases)
foreach(name IN LISTS cuda_cases)
  set_tests_properties("${name}" PROPERTIES LABELS cuda)
endforeach()
