# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# cmake -DCOMPILER=.. -DSTANDARD=.. -DINCLUDE_DIR=.. -DSOURCE=.. -DEXPECT=<regex> -P CheckCompileFails.cmake

execute_process(
    COMMAND "${COMPILER}" -std=c++${STANDARD} -fsyntax-only -I "${INCLUDE_DIR}" -DALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
            "${SOURCE}"
    RESULT_VARIABLE _result
    OUTPUT_VARIABLE _output
    ERROR_VARIABLE _output)

if(_result EQUAL 0)
    message(FATAL_ERROR "${SOURCE} compiled, but it must be rejected with: ${EXPECT}")
endif()
if(NOT _output MATCHES "${EXPECT}")
    message(FATAL_ERROR "${SOURCE} failed to compile without the expected message '${EXPECT}':\n${_output}")
endif()
string(REGEX MATCHALL "error:" _errors "${_output}")
list(LENGTH _errors _count)
if(NOT _count EQUAL 1)
    message(FATAL_ERROR "${SOURCE}: expected exactly one error, got ${_count}:\n${_output}")
endif()
message(STATUS "rejected as expected: ${EXPECT}")
