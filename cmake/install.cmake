# cmake/install.cmake — installs libtracejit, its public headers, the clang plugin, the tools and a CMake package
#
# What another project gets: the imported targets tracejit::tape (libtracejit_tape: the nested tape, without
# LLVM) and tracejit::runtime (libtracejit: arrays, AD, freezing; it links tracejit::tape), each with include/
# and C++20 as usage requirements, and the function tracejit_instrument(<target>), which compiles a target with
# the plugin (<libdir>/tracejit/tracejit.so) and links it with tracejit::tape. Where MPI was found, tracejit::mpi
# (libtracejit_mpi: collectives on arrays) too, as the package's component `mpi`.
# LLVM, fmt, zstd and Threads are PRIVATE dependencies of the shared libraries: the public headers use only
# the standard library, so the exported targets name none of them and the installed package needs none of
# them to be found.
include(CMakePackageConfigHelpers)

set(TRACEJIT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tracejit CACHE STRING
    "Where the tracejit CMake package files are installed (relative to the prefix)")
# The plugin is dlopen'ed by clang, never linked: it goes to its own folder, not next to libtracejit.
set(TRACEJIT_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR}/tracejit)

# The public headers use concepts: consumers compile with C++20 at least.
target_compile_features(tracejit_tape INTERFACE cxx_std_20)
target_compile_features(tracejit_runtime INTERFACE cxx_std_20)
# An installed libtracejit.so still finds libLLVM when LLVM lives outside the system library folders.
set_target_properties(tracejit_runtime PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)

install(TARGETS tracejit_tape tracejit_runtime EXPORT tracejitTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tracejit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(EXPORT tracejitTargets NAMESPACE tracejit:: DESTINATION ${TRACEJIT_INSTALL_CMAKEDIR})
# tracejit::mpi (libtracejit_mpi, built when MPI was found) in an export set of its own: its target names MPI::MPI_CXX,
# so the package config reads it, after finding MPI, only when it was installed (the component `mpi`).
if(TARGET tracejit_mpi)
  target_compile_features(tracejit_mpi INTERFACE cxx_std_20)
  set_target_properties(tracejit_mpi PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
  install(TARGETS tracejit_mpi EXPORT tracejitMpiTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT tracejitMpiTargets NAMESPACE tracejit:: DESTINATION ${TRACEJIT_INSTALL_CMAKEDIR})
else()
  # A package installed over an older one that had MPI must not keep its stale file.
  install(CODE "file(REMOVE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${TRACEJIT_INSTALL_CMAKEDIR}/tracejitMpiTargets.cmake\")")
endif()
install(TARGETS tracejit_plugin LIBRARY DESTINATION ${TRACEJIT_INSTALL_PLUGINDIR})
install(TARGETS tracejit-rewrite RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# (tracejit-inspect is installed by tools/inspect/CMakeLists.txt.)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/tracejitConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/tracejitConfig.cmake
                              INSTALL_DESTINATION ${TRACEJIT_INSTALL_CMAKEDIR}
                              PATH_VARS TRACEJIT_INSTALL_PLUGINDIR)
# 0.x releases make no compatibility promise between minor versions.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tracejitConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tracejitConfig.cmake ${PROJECT_BINARY_DIR}/tracejitConfigVersion.cmake
        DESTINATION ${TRACEJIT_INSTALL_CMAKEDIR})
