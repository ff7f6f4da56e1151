# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Defines the alpaka options and the alpaka::alpaka INTERFACE target. Used both by the source tree
# (add_subdirectory) and by the installed package (find_package): back-ends are chosen when the consuming
# project is configured, as in upstream alpaka (cmake -Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON ..).
#
# Inputs: alpaka_INCLUDE_DIR (the directory holding alpaka/alpaka.hpp), alpaka_IS_IMPORTED (TRUE from the package).

include_guard(GLOBAL)

# Back-ends: option name suffix -> the macro the headers test.
set(_alpaka_BACKENDS
    CPU_B_SEQ_T_SEQ CPU_B_SEQ_T_THREADS CPU_B_SEQ_T_FIBERS CPU_B_OMP2_T_SEQ CPU_B_SEQ_T_OMP2 CPU_B_TBB_T_SEQ
    ANY_BT_OMP5 GPU_CUDA GPU_HIP)
set(_alpaka_BACKEND_DOC_CPU_B_SEQ_T_SEQ "the serial CPU back-end (AccCpuSerial)")
set(_alpaka_BACKEND_DOC_CPU_B_SEQ_T_THREADS "the std::thread block-thread back-end (AccCpuThreads)")
set(_alpaka_BACKEND_DOC_CPU_B_SEQ_T_FIBERS "the fiber block-thread back-end on Boost.Context (AccCpuFibers)")
set(_alpaka_BACKEND_DOC_CPU_B_OMP2_T_SEQ "the OpenMP 2 grid-block back-end (AccCpuOmp2Blocks)")
set(_alpaka_BACKEND_DOC_CPU_B_SEQ_T_OMP2 "the OpenMP 2 block-thread back-end (AccCpuOmp2Threads)")
set(_alpaka_BACKEND_DOC_CPU_B_TBB_T_SEQ "the oneTBB grid-block back-end (AccCpuTbbBlocks)")
set(_alpaka_BACKEND_DOC_ANY_BT_OMP5 "the OpenMP 4.5/5 target offload back-end (AccOmp5)")
set(_alpaka_BACKEND_DOC_GPU_CUDA "the CUDA back-end (AccGpuCudaRt)")
set(_alpaka_BACKEND_DOC_GPU_HIP "the HIP back-end (AccGpuHipRt)")
foreach(_backend IN LISTS _alpaka_BACKENDS)
    option(alpaka_ACC_${_backend}_ENABLE "Enable ${_alpaka_BACKEND_DOC_${_backend}}" OFF)
endforeach()

set(alpaka_CXX_STANDARD 20 CACHE STRING "C++ standard of code using alpaka (20 or newer)")
set_property(CACHE alpaka_CXX_STANDARD PROPERTY STRINGS 20 23)
set(alpaka_DEBUG 0 CACHE STRING "Debug level: 0 none, 1 minimal traces, 2 full")
set_property(CACHE alpaka_DEBUG PROPERTY STRINGS 0 1 2)
set(alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB 47 CACHE STRING
    "KiB of block shared memory (static and dynamic together) per block on the CPU back-ends")
option(alpaka_FAST_MATH "Enable fast-math in kernels" OFF)

if(alpaka_CXX_STANDARD LESS 20)
    message(FATAL_ERROR "alpaka needs C++20 or newer: alpaka_CXX_STANDARD is ${alpaka_CXX_STANDARD}")
endif()
if(NOT alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB must be a positive number of KiB, "
                        "not '${alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB}'")
endif()

find_package(Threads REQUIRED)

if(alpaka_IS_IMPORTED)
    add_library(alpaka::alpaka INTERFACE IMPORTED)
    set(_alpaka_TARGET alpaka::alpaka)
else()
    add_library(alpaka INTERFACE)
    add_library(alpaka::alpaka ALIAS alpaka)
    set(_alpaka_TARGET alpaka)
endif()

target_include_directories(${_alpaka_TARGET} INTERFACE "${alpaka_INCLUDE_DIR}")
target_compile_features(${_alpaka_TARGET} INTERFACE cxx_std_${alpaka_CXX_STANDARD})
target_link_libraries(${_alpaka_TARGET} INTERFACE Threads::Threads)
target_compile_definitions(
    ${_alpaka_TARGET} INTERFACE ALPAKA_DEBUG=${alpaka_DEBUG}
                                ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB=${alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB}u)
if(alpaka_FAST_MATH)
    target_compile_options(${_alpaka_TARGET} INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-ffast-math>)
endif()

# mdspan, upstream's option: alpaka::experimental::mdspan and getMdSpan are always there (the standard library's
# mdspan where it has one, else the implementation of alpaka/core/mdspan/; docs/memory.md). OFF and FETCH both use
# that; FETCH fetches nothing, as Kokkos' mdspan is not needed. SYSTEM insists on the standard library's <mdspan>.
# ALPAKA_USE_MDSPAN is defined whatever the value, so upstream's `#ifdef ALPAKA_USE_MDSPAN` code compiles.
set(alpaka_USE_MDSPAN "OFF" CACHE STRING
    "mdspan of alpaka::experimental: OFF or FETCH use the standard one where there is one, else alpaka's own; SYSTEM requires the standard library's <mdspan>")
set_property(CACHE alpaka_USE_MDSPAN PROPERTY STRINGS OFF SYSTEM FETCH)
if(NOT alpaka_USE_MDSPAN MATCHES "^(OFF|SYSTEM|FETCH)$")
    message(FATAL_ERROR "alpaka_USE_MDSPAN must be OFF, SYSTEM or FETCH, not '${alpaka_USE_MDSPAN}'")
endif()
if(alpaka_USE_MDSPAN STREQUAL "SYSTEM")
    include(CheckCXXSourceCompiles)
    # The flag of the standard, not CMAKE_CXX_STANDARD: try_compile ignores that under an old CMP0067 in the consumer.
    set(_alpaka_saved_required_flags "${CMAKE_REQUIRED_FLAGS}")
    set(CMAKE_REQUIRED_FLAGS "${CMAKE_CXX${alpaka_CXX_STANDARD}_STANDARD_COMPILE_OPTION}")
    check_cxx_source_compiles(
        "#include <version>
         #include <mdspan>
         #if !defined(__cpp_lib_mdspan)
         #    error no std::mdspan
         #endif
         int main() { int a[6] = {}; std::mdspan<int, std::dextents<int, 2>> m(a, 2, 3); return m.extent(0) == 2 ? 0 : 1; }"
        alpaka_HAS_STD_MDSPAN_CXX${alpaka_CXX_STANDARD})
    set(CMAKE_REQUIRED_FLAGS "${_alpaka_saved_required_flags}")
    if(NOT alpaka_HAS_STD_MDSPAN_CXX${alpaka_CXX_STANDARD})
        message(FATAL_ERROR "alpaka_USE_MDSPAN=SYSTEM: the C++ compiler (${CMAKE_CXX_COMPILER}) with "
                            "C++${alpaka_CXX_STANDARD} has no standard <mdspan> (std::mdspan and __cpp_lib_mdspan, "
                            "C++23 and a standard library that ships them). Set alpaka_CXX_STANDARD to 23 with such a "
                            "library, or alpaka_USE_MDSPAN to OFF, which uses alpaka's own mdspan.")
    endif()
endif()
target_compile_definitions(${_alpaka_TARGET} INTERFACE ALPAKA_USE_MDSPAN)

set(alpaka_ENABLED_BACKENDS "")
foreach(_backend IN LISTS _alpaka_BACKENDS)
    if(alpaka_ACC_${_backend}_ENABLE)
        target_compile_definitions(${_alpaka_TARGET} INTERFACE ALPAKA_ACC_${_backend}_ENABLED)
        list(APPEND alpaka_ENABLED_BACKENDS ${_backend})
    endif()
endforeach()

# Back-ends this version implements; enabling another one fails here with a clear message instead of deep inside
# the headers.
set(_alpaka_IMPLEMENTED_BACKENDS
    CPU_B_SEQ_T_SEQ CPU_B_SEQ_T_THREADS CPU_B_SEQ_T_FIBERS CPU_B_OMP2_T_SEQ CPU_B_SEQ_T_OMP2 CPU_B_TBB_T_SEQ
    ANY_BT_OMP5 GPU_CUDA GPU_HIP)
if(alpaka_ACC_GPU_CUDA_ENABLE AND alpaka_ACC_GPU_HIP_ENABLE)
    message(FATAL_ERROR "alpaka_ACC_GPU_CUDA_ENABLE and alpaka_ACC_GPU_HIP_ENABLE: enable one GPU back-end per build "
                        "(a translation unit is compiled either as CUDA or as HIP)")
endif()
foreach(_backend IN LISTS alpaka_ENABLED_BACKENDS)
    if(NOT _backend IN_LIST _alpaka_IMPLEMENTED_BACKENDS)
        message(FATAL_ERROR "alpaka_ACC_${_backend}_ENABLE: this back-end is not implemented in this version of alpaka "
                            "(available: ${_alpaka_IMPLEMENTED_BACKENDS})")
    endif()
endforeach()

# What the enabled back-ends link against.
if(alpaka_ACC_CPU_B_OMP2_T_SEQ_ENABLE OR alpaka_ACC_CPU_B_SEQ_T_OMP2_ENABLE OR alpaka_ACC_ANY_BT_OMP5_ENABLE)
    find_package(OpenMP REQUIRED COMPONENTS CXX)
    target_link_libraries(${_alpaka_TARGET} INTERFACE OpenMP::OpenMP_CXX)
endif()
if(alpaka_ACC_ANY_BT_OMP5_ENABLE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # Target regions run on the host: without this GCC would try to build them for the offload targets it was
    # configured with (nvptx, amdgcn) and fail where their compilers are not installed.
    target_compile_options(${_alpaka_TARGET} INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-foffload=disable>)
    target_link_options(${_alpaka_TARGET} INTERFACE -foffload=disable)
endif()
if(alpaka_ACC_CPU_B_TBB_T_SEQ_ENABLE)
    find_package(TBB REQUIRED)
    target_link_libraries(${_alpaka_TARGET} INTERFACE TBB::tbb)
endif()
if(alpaka_ACC_CPU_B_SEQ_T_FIBERS_ENABLE)
    # The block threads are Boost.Context fibers (detail/cpu/launch/FiberRing.hpp); Boost.Fiber is not needed.
    find_package(Boost REQUIRED COMPONENTS context)
    target_link_libraries(${_alpaka_TARGET} INTERFACE Boost::context)
endif()

# CUDA: sources of alpaka_add_executable/alpaka_add_library compile as CUDA with nvcc; host-only code compiled by the
# C++ compiler can still use the CUDA devices, queues, events and buffers (it links the CUDA runtime).
if(alpaka_ACC_GPU_CUDA_ENABLE)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
        set(CMAKE_CUDA_ARCHITECTURES 90 CACHE STRING "CUDA architectures to compile for (default: 90, Hopper)")
    endif()
    include(CheckLanguage)
    check_language(CUDA)
    if(NOT CMAKE_CUDA_COMPILER)
        message(FATAL_ERROR "alpaka_ACC_GPU_CUDA_ENABLE: no CUDA compiler found (install the CUDA toolkit, put nvcc "
                            "on PATH or set CMAKE_CUDA_COMPILER)")
    endif()
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    target_link_libraries(${_alpaka_TARGET} INTERFACE CUDA::cudart)
    # The standard as a flag: CMake releases before 3.27 do not know cuda_std_20 for every nvcc version.
    target_compile_options(
        ${_alpaka_TARGET}
        INTERFACE $<$<COMPILE_LANGUAGE:CUDA>:-std=c++${alpaka_CXX_STANDARD}>
                  $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<CUDA_COMPILER_ID:NVIDIA>>:--extended-lambda
                  --expt-relaxed-constexpr>)
    if(alpaka_FAST_MATH)
        target_compile_options(${_alpaka_TARGET} INTERFACE $<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math>)
    endif()
endif()

# HIP: with hipcc as the C++ compiler (CMAKE_CXX_COMPILER=hipcc) sources stay C++ and hipcc compiles them for
# GPU_TARGETS; otherwise CMake's HIP language (ROCm clang) compiles alpaka_add_executable's sources.
if(alpaka_ACC_GPU_HIP_ENABLE)
    if(NOT DEFINED GPU_TARGETS)
        set(GPU_TARGETS gfx90a CACHE STRING "AMD GPU architectures to compile for (default: gfx90a, MI200)")
    endif()
    if(CMAKE_CXX_COMPILER MATCHES "hipcc")
        set(alpaka_HIP_VIA_HIPCC ON)
        list(TRANSFORM GPU_TARGETS PREPEND "--offload-arch=" OUTPUT_VARIABLE _alpaka_offload_archs)
        target_compile_options(${_alpaka_TARGET} INTERFACE $<$<COMPILE_LANGUAGE:CXX>:${_alpaka_offload_archs}>)
        target_link_options(${_alpaka_TARGET} INTERFACE ${_alpaka_offload_archs})
        target_compile_definitions(${_alpaka_TARGET} INTERFACE __HIP_PLATFORM_AMD__)
        find_library(alpaka_AMDHIP64_LIBRARY amdhip64 REQUIRED)
        target_link_libraries(${_alpaka_TARGET} INTERFACE ${alpaka_AMDHIP64_LIBRARY})
    else()
        set(alpaka_HIP_VIA_HIPCC OFF)
        if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
            set(CMAKE_HIP_ARCHITECTURES ${GPU_TARGETS})
        endif()
        enable_language(HIP)
        find_package(hip REQUIRED)
        target_link_libraries(${_alpaka_TARGET} INTERFACE hip::host)
        target_compile_features(${_alpaka_TARGET} INTERFACE hip_std_${alpaka_CXX_STANDARD})
    endif()
endif()

if(NOT alpaka_ENABLED_BACKENDS)
    message(STATUS "alpaka: no back-end enabled (set one of the alpaka_ACC_<backend>_ENABLE options)")
else()
    message(STATUS "alpaka: enabled back-ends: ${alpaka_ENABLED_BACKENDS}")
endif()

include("${CMAKE_CURRENT_LIST_DIR}/alpakaPrecompiledHeaders.cmake")

#! alpaka_add_executable(name sources...): add_executable that compiles the sources for the enabled back-ends
#! (as CUDA or HIP where such a back-end is enabled).
function(alpaka_add_executable name)
    add_executable(${name} ${ARGN})
    _alpaka_set_source_language(${name})
endfunction()

#! alpaka_add_library(name [STATIC|SHARED|...] sources...): add_library with the same source handling.
function(alpaka_add_library name)
    add_library(${name} ${ARGN})
    _alpaka_set_source_language(${name})
endfunction()

function(_alpaka_set_source_language target)
    if(alpaka_ACC_GPU_CUDA_ENABLE OR (alpaka_ACC_GPU_HIP_ENABLE AND NOT alpaka_HIP_VIA_HIPCC))
        get_target_property(_sources ${target} SOURCES)
        if(alpaka_ACC_GPU_CUDA_ENABLE)
            set(_language CUDA)
        else()
            set(_language HIP)
        endif()
        foreach(_source IN LISTS _sources)
            if(_source MATCHES "\\.(cpp|cxx|cc|cu)$")
                set_source_files_properties(${_source} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE ${_language})
            endif()
        endforeach()
    endif()
endfunction()
