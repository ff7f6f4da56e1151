# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# cmake -DALPAKA_SOURCE_DIR=.. -DPROJECT_DIR=.. -DWORK_DIR=.. -DGENERATOR=.. -DCXX=.. -DBACKENDS=CPU_B_SEQ_T_SEQ,...
#       [-DLAUNCHER=ccache] -P RunVectorization.cmake
#
# Builds project/ (kernels.cpp once per back-end and level) with the compiler CXX (through LAUNCHER, ccache, when
# given) and reads its vectorization report, which each unit prints on its standard error, from the build's output
# (kept per unit in WORK_DIR/reports), for every loop marked `element loop: <name>` or `native loop: <name>` in
# kernels.cpp. Fails when
# - an element loop is not vectorized where the same loop written natively (a plain counted loop) is, or
# - a required element loop (every form but the flattened N-D loop and the aliased Horner) is not vectorized at -O3,
#   or with clang at -O2. GCC 12 at -O2 uses the "very cheap" cost model, which vectorizes no loop whose trip count
#   is unknown, native or not: there only the first rule applies.

cmake_minimum_required(VERSION 3.22)

# The back-end options of alpaka and the accelerator tags they enable.
set(_tag_CPU_B_SEQ_T_SEQ TagCpuSerial)
set(_tag_CPU_B_SEQ_T_THREADS TagCpuThreads)
set(_tag_CPU_B_SEQ_T_FIBERS TagCpuFibers)
set(_tag_CPU_B_OMP2_T_SEQ TagCpuOmp2Blocks)
set(_tag_CPU_B_SEQ_T_OMP2 TagCpuOmp2Threads)
set(_tag_CPU_B_TBB_T_SEQ TagCpuTbbBlocks)
set(_tag_ANY_BT_OMP5 TagOmp5)

# Which native loop each element loop is compared with, and which element loops must vectorize.
set(_native_triad triad)
set(_native_horner8 horner8)
set(_native_horner32 horner32)
set(_native_horner32aliased horner32aliased)
set(_native_alongX alongX)
set(_native_independent alongX)
set(_native_groupElements triad)
set(_native_nd alongX)
set(_required triad horner8 horner32 alongX independent groupElements)

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/reports")

set(options -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_BUILD_TYPE=Release
            "-DALPAKA_SOURCE_DIR=${ALPAKA_SOURCE_DIR}")
if(LAUNCHER)
    list(APPEND options "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
set(tags "")
string(REPLACE "," ";" BACKENDS "${BACKENDS}")
foreach(backend IN LISTS BACKENDS)
    if(DEFINED _tag_${backend})
        list(APPEND options "-Dalpaka_ACC_${backend}_ENABLE=ON")
        list(APPEND tags ${_tag_${backend}})
    endif()
endforeach()
if(NOT tags)
    message(FATAL_ERROR "vectorization: no CPU back-end among '${BACKENDS}'")
endif()
string(REPLACE ";" "," tags_arg "${tags}")
list(APPEND options "-DVEC_TAGS=${tags_arg}")
# Each of its object libraries has settings of its own: a precompiled alpaka.hpp each would only add their builds.
list(APPEND options -Dalpaka_PRECOMPILE_HEADERS=OFF)

function(run)
    execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE result OUTPUT_VARIABLE out
                    ERROR_VARIABLE out)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "vectorization: failed (${result}): ${ARGN}\n${out}")
    endif()
    set(run_output "${out}" PARENT_SCOPE)
endfunction()
run("${CMAKE_COMMAND}" -S "${PROJECT_DIR}" -B "${WORK_DIR}/build" ${options})
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/build")

# The build's output, split into each unit's report: Ninja prints a unit's status line ("[3/28] Building CXX object
# CMakeFiles/vec_TagCpuSerial_O3.dir/kernels.cpp.o") followed by what the compiler printed. Semicolons become commas
# first: CMake's lists are separated by them, and the reports are read for file:line only.
string(REPLACE ";" "," build_output "${run_output}")
string(REPLACE "\n" ";" build_output "${build_output}")
set(unit "")
foreach(text IN LISTS build_output)
    if(text MATCHES "Building CXX object .*vec_([A-Za-z0-9]+)_(O[23])\\.dir")
        set(unit "${CMAKE_MATCH_1}_${CMAKE_MATCH_2}")
        file(WRITE "${WORK_DIR}/reports/${unit}.txt" "")
    elseif(text MATCHES "^\\[[0-9]+/[0-9]+\\]")
        set(unit "")
    elseif(unit)
        file(APPEND "${WORK_DIR}/reports/${unit}.txt" "${text}\n")
    endif()
endforeach()

# The line of each marked loop.
file(STRINGS "${PROJECT_DIR}/kernels.cpp" source)
set(line 0)
set(element_loops "")
set(native_loops "")
foreach(text IN LISTS source)
    math(EXPR line "${line} + 1")
    if(text MATCHES "// (element|native) loop: ([A-Za-z0-9]+)")
        set(_line_${CMAKE_MATCH_1}_${CMAKE_MATCH_2} ${line})
        list(APPEND ${CMAKE_MATCH_1}_loops ${CMAKE_MATCH_2})
    endif()
endforeach()

# The lines of kernels.cpp the report says were vectorized (GCC: "kernels.cpp:27:13: optimized: loop vectorized using
# 64 byte vectors"; clang: "kernels.cpp:27:13: remark: vectorized loop (vectorization width: 16, ...)").
function(vectorized_lines report out)
    set(lines "")
    file(STRINGS "${report}" entries REGEX "kernels\\.cpp:[0-9]+:[0-9]+: (optimized: loop vectorized|remark: vectorized loop)")
    foreach(entry IN LISTS entries)
        string(REGEX MATCH "kernels\\.cpp:([0-9]+):" _ "${entry}")
        list(APPEND lines ${CMAKE_MATCH_1})
    endforeach()
    set(${out} "${lines}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND "${CXX}" --version OUTPUT_VARIABLE version)
string(REGEX MATCH "^[^\n]*" version "${version}")
message(STATUS "vectorization report of ${version} (yes: vectorized; the native loop in brackets)")
set(failures "")
foreach(level IN ITEMS O2 O3)
    foreach(tag IN LISTS tags)
        set(report "${WORK_DIR}/reports/${tag}_${level}.txt")
        if(NOT EXISTS "${report}")
            message(FATAL_ERROR "vectorization: the build's output has no unit for ${tag} -${level}:\n${run_output}")
        endif()
        vectorized_lines("${report}" lines)
        set(row "")
        foreach(loop IN LISTS element_loops)
            set(native ${_native_${loop}})
            set(got no)
            set(reference no)
            if(_line_element_${loop} IN_LIST lines)
                set(got yes)
            endif()
            if(_line_native_${native} IN_LIST lines)
                set(reference yes)
            endif()
            string(APPEND row " ${loop}=${got}(${reference})")
            set(required OFF)
            if(loop IN_LIST _required AND (level STREQUAL "O3" OR NOT version MATCHES "g\\+\\+|GCC"))
                set(required ON)
            endif()
            if(NOT loop STREQUAL "nd" AND reference AND NOT got)
                list(APPEND failures "${tag} -${level}: element loop '${loop}' not vectorized, the native loop is")
            elseif(required AND NOT got)
                list(APPEND failures "${tag} -${level}: element loop '${loop}' not vectorized")
            endif()
        endforeach()
        message(STATUS "  -${level} ${tag}:${row}")
    endforeach()
endforeach()

if(failures)
    list(JOIN failures "\n  " text)
    message(FATAL_ERROR "vectorization: lost\n  ${text}")
endif()
message(STATUS "vectorization: ok")
