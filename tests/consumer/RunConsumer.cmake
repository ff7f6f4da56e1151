# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# cmake -DMODE=find_package|add_subdirectory -DALPAKA_SOURCE_DIR=.. -DPROJECT_DIR=.. -DWORK_DIR=..
#       -DGENERATOR=.. -DCXX=.. -P RunConsumer.cmake

cmake_minimum_required(VERSION 3.22)

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
    execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "failed (${result}): ${ARGN}")
    endif()
endfunction()

set(consumer_args -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}" -Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON)
if(MODE STREQUAL "find_package")
    # Install alpaka into a private prefix, then find it there.
    run("${CMAKE_COMMAND}" -S "${ALPAKA_SOURCE_DIR}" -B "${WORK_DIR}/alpaka-build" -G "${GENERATOR}"
        "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_INSTALL_PREFIX=${WORK_DIR}/prefix" -DBUILD_TESTING=OFF)
    run("${CMAKE_COMMAND}" --install "${WORK_DIR}/alpaka-build")
    list(APPEND consumer_args "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
elseif(MODE STREQUAL "add_subdirectory")
    list(APPEND consumer_args "-DALPAKA_SOURCE_DIR=${ALPAKA_SOURCE_DIR}")
else()
    message(FATAL_ERROR "MODE must be find_package or add_subdirectory, not '${MODE}'")
endif()

# No compiler launcher: alpaka_PRECOMPILE_HEADERS is on by default then (a ccache launcher turns the default off).
list(APPEND consumer_args -DCMAKE_CXX_COMPILER_LAUNCHER=)
execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${PROJECT_DIR}" -B "${WORK_DIR}/consumer-build" ${consumer_args}
    WORKING_DIRECTORY "${WORK_DIR}"
    RESULT_VARIABLE result
    OUTPUT_VARIABLE configure_output)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "configuring the consumer failed:\n${configure_output}")
endif()
# Where it is on (not with hipcc, for one: the configure step says why), the two programs of the same settings share
# one precompiled alpaka.hpp, and lean.cpp, which sets an alpaka macro itself, is compiled without it.
set(precompiled FALSE)
if(configure_output MATCHES "alpaka.hpp is precompiled for the targets")
    set(precompiled TRUE)
    if(NOT configure_output MATCHES "consumer_lean: lean.cpp sets an alpaka macro itself \\(#define ALPAKA_LEAN_UMBRELLA\\)")
        message(FATAL_ERROR "no message about lean.cpp's own alpaka macro:\n${configure_output}")
    endif()
elseif(NOT configure_output MATCHES "alpaka_PRECOMPILE_HEADERS is OFF by default here \\(")
    message(FATAL_ERROR "the configure step says neither that alpaka.hpp is precompiled nor why not:\n${configure_output}")
endif()
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer-build")
if(precompiled)
    file(GLOB_RECURSE headers "${WORK_DIR}/consumer-build/*cmake_pch.hxx.gch" "${WORK_DIR}/consumer-build/*cmake_pch.hxx.pch")
    list(LENGTH headers count)
    if(NOT count EQUAL 1)
        message(FATAL_ERROR "expected one precompiled alpaka.hpp shared by consumer and consumer_again, found: ${headers}")
    endif()
endif()
run("${WORK_DIR}/consumer-build/consumer")
run("${WORK_DIR}/consumer-build/consumer_again")
run("${WORK_DIR}/consumer-build/consumer_lean")
