# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The back-ends of the Python extension: every host back-end whose dependency is found on the build machine is
# enabled (alpaka_ACC_*_ENABLE), the others are recorded with the reason, which pyalpaka.backends() reports.
# Sets pyalpaka_BACKENDS (name;tag;option triples flattened as name|tag|option) and pyalpaka_MISSING (name|acc|why).

include_guard(GLOBAL)

set(pyalpaka_BACKENDS "")
set(pyalpaka_MISSING "")

macro(_pyalpaka_backend name tag option acc found why)
    if(${found})
        set(alpaka_ACC_${option}_ENABLE ON CACHE BOOL "" FORCE)
        list(APPEND pyalpaka_BACKENDS "${name}|${tag}|${option}")
    else()
        set(alpaka_ACC_${option}_ENABLE OFF CACHE BOOL "" FORCE)
        list(APPEND pyalpaka_MISSING "${name}|${acc}|${why}")
    endif()
endmacro()

find_package(OpenMP COMPONENTS CXX QUIET)

# oneTBB from PyPI first: pyproject.toml makes tbb-devel (headers, CMake package) a build requirement and tbb (the
# library, libtbb.so.12) a run-time dependency, so that `pip install .` has the oneTBB back-end on a machine without
# a system oneTBB. The extension then finds the library next to its Python prefix (pyalpaka._tbb loads it), and
# run-time compilation uses the installed wheels' headers and library (pyalpaka_TBB_FROM_WHEEL, recorded in
# _build_config.json). A system oneTBB (Debian: libtbb-dev) is used where the environment has no tbb-devel.
set(pyalpaka_TBB_FROM_WHEEL OFF)
find_package(Python 3.9 COMPONENTS Interpreter QUIET)
if(Python_EXECUTABLE)
    execute_process(
        COMMAND "${Python_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/python/pyalpaka/_tbb.py" tbb-devel /TBBConfig.cmake
        OUTPUT_VARIABLE _pyalpaka_tbb_config
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(_pyalpaka_tbb_config)
        get_filename_component(_pyalpaka_tbb_dir "${_pyalpaka_tbb_config}" DIRECTORY)
        if(NOT TBB_DIR STREQUAL _pyalpaka_tbb_dir)
            # A TBB_DIR cached by an earlier configure (a system oneTBB, or a build environment pip has removed).
            unset(TBB_DIR CACHE)
        endif()
        find_package(TBB CONFIG QUIET PATHS "${_pyalpaka_tbb_dir}" NO_DEFAULT_PATH)
        if(TBB_FOUND)
            set(pyalpaka_TBB_FROM_WHEEL ON)
            message(STATUS "pyalpaka: oneTBB from the tbb-devel wheel (${_pyalpaka_tbb_dir})")
        endif()
    endif()
endif()
if(NOT TBB_FOUND)
    find_package(TBB CONFIG QUIET)
endif()
find_package(Boost QUIET COMPONENTS context)

set(_pyalpaka_always TRUE)
_pyalpaka_backend(cpu_serial TagCpuSerial CPU_B_SEQ_T_SEQ AccCpuSerial _pyalpaka_always "")
_pyalpaka_backend(cpu_threads TagCpuThreads CPU_B_SEQ_T_THREADS AccCpuThreads _pyalpaka_always "")
_pyalpaka_backend(cpu_omp2_blocks TagCpuOmp2Blocks CPU_B_OMP2_T_SEQ AccCpuOmp2Blocks OpenMP_CXX_FOUND
                  "the compiler had no OpenMP support when the package was built")
_pyalpaka_backend(cpu_omp2_threads TagCpuOmp2Threads CPU_B_SEQ_T_OMP2 AccCpuOmp2Threads OpenMP_CXX_FOUND
                  "the compiler had no OpenMP support when the package was built")
_pyalpaka_backend(cpu_tbb_blocks TagCpuTbbBlocks CPU_B_TBB_T_SEQ AccCpuTbbBlocks TBB_FOUND
                  "oneTBB was not found when the package was built (pip install tbb-devel before building, or Debian: libtbb-dev)")
_pyalpaka_backend(cpu_fibers TagCpuFibers CPU_B_SEQ_T_FIBERS AccCpuFibers Boost_FOUND
                  "Boost.Context was not found when the package was built (Debian: libboost-context-dev)")
_pyalpaka_backend(omp5 TagOmp5 ANY_BT_OMP5 AccOmp5 OpenMP_CXX_FOUND
                  "the compiler had no OpenMP support when the package was built")
