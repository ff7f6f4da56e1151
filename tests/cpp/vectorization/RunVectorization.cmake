# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# cmake -DALPAKA_SOURCE_DIR=.. -DPROJECT_DIR=.. -DWORK_DIR=.. -DGENERATOR=.. -DCXX=.. -DBACKENDS=CPU_B_SEQ_T_SEQ,...
#       -P RunVectorization.cmake
#
# Builds project/ (kernels.cpp once per back-end and level) with the compiler CXX and reads its vectorization report
# for every loop marked `element loop: <name>` or `native loop: <name>` in kernels.cpp. Fails when
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
            "-DALPAKA_SOURCE_DIR=${ALPAKA_SOURCE_DIR}" "-DVEC_REPORT_DIR=${WORK_DIR}/reports")
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
endfunction()
run("${CMAKE_COMMAND}" -S "${PROJECT_DIR}" -B "${WORK_DIR}/build" ${options})
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/build")

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

# The lines of kernels.cpp the report says were vectorized.
function(vectorized_lines report out)
    set(lines "")
    if(report MATCHES "\\.txt$")
        file(STRINGS "${report}" entries REGEX "kernels\\.cpp:[0-9]+:[0-9]+: optimized: loop vectorized")
        foreach(entry IN LISTS entries)
            string(REGEX MATCH "kernels\\.cpp:([0-9]+):" _ "${entry}")
            list(APPEND lines ${CMAKE_MATCH_1})
        endforeach()
    else()
        # YAML documents: --- !Passed / Pass: loop-vectorize / Name: Vectorized / DebugLoc: { File: ..., Line: N, ...
        file(READ "${report}" yaml)
        string(REPLACE "\n--- " ";--- " documents "${yaml}")
        foreach(document IN LISTS documents)
            if(document MATCHES "Pass:[ ]+loop-vectorize" AND document MATCHES "Name:[ ]+Vectorized"
               AND document MATCHES "File:[ ]+'?[^,']*kernels\\.cpp'?,[ \n]*Line:[ ]+([0-9]+)")
                list(APPEND lines ${CMAKE_MATCH_1})
            endif()
        endforeach()
    endif()
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
            set(report "${WORK_DIR}/reports/${tag}_${level}.yaml")
        endif()
        if(NOT EXISTS "${report}")
            message(FATAL_ERROR "vectorization: the compiler wrote no report for ${tag} -${level}")
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
