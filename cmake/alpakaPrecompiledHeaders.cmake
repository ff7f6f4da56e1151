# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# A precompiled alpaka.hpp for the consuming project's targets (alpaka_PRECOMPILE_HEADERS; docs/compile-time.md, "A
# precompiled alpaka"). At the end of the top-level directory (cmake_language(DEFER)), every target that links
# alpaka::alpaka and compiles C++ gets <alpaka/alpaka.hpp> precompiled: the targets whose compile settings are the
# same (options, definitions, standard, position independence, the libraries they link) share one precompiled header
# through REUSE_FROM, built by an object library of one empty unit (alpaka_pch_<hash>) with their settings. A source that defines or undefines an ALPAKA_ macro itself is
# compiled without it (the precompiled header comes before the source's first line, so such a macro would come too
# late), with a message; a target opts out with the target property ALPAKA_PRECOMPILE_HEADERS set to OFF.
#
# Included by alpakaCommon.cmake; expects _alpaka_TARGET.

include_guard(GLOBAL)

# Where it is safe by default: a GNU or Clang C++ compiler (CMake's precompiled headers), no GPU back-end (nvcc's and
# the HIP language's device passes compile no precompiled C++ header), no compiler launcher (ccache caches nothing
# over a precompiled header unless its sloppiness allows it: a warm rebuild would become a cold one), and a consuming
# project (this repository's own tests have their own unity builds and ccache).
set(_alpaka_pch_default ON)
set(_alpaka_pch_why "")
if(NOT alpaka_IS_IMPORTED AND PROJECT_IS_TOP_LEVEL AND PROJECT_NAME STREQUAL "alpaka")
    set(_alpaka_pch_default OFF)
    set(_alpaka_pch_why "alpaka's own build")
elseif(NOT CMAKE_CXX_COMPILER_ID MATCHES "^(GNU|Clang|AppleClang)$")
    set(_alpaka_pch_default OFF)
    set(_alpaka_pch_why "the C++ compiler is ${CMAKE_CXX_COMPILER_ID}, not GNU or Clang")
elseif(alpaka_ACC_GPU_CUDA_ENABLE OR alpaka_ACC_GPU_HIP_ENABLE)
    set(_alpaka_pch_default OFF)
    set(_alpaka_pch_why "a GPU back-end is enabled: its device compilation uses no precompiled C++ header")
elseif(CMAKE_CXX_COMPILER MATCHES "hipcc")
    set(_alpaka_pch_default OFF)
    set(_alpaka_pch_why "the C++ compiler is hipcc, which compiles a device pass of every unit too")
elseif(CMAKE_CXX_COMPILER_LAUNCHER)
    set(_alpaka_pch_default OFF)
    string(CONCAT _alpaka_pch_why "a compiler launcher (${CMAKE_CXX_COMPILER_LAUNCHER}) is set: ccache caches "
                  "over a precompiled header only with sloppiness pch_defines,time_macros,include_file_mtime,"
                  "include_file_ctime; with that set, turn alpaka_PRECOMPILE_HEADERS on")
endif()
option(alpaka_PRECOMPILE_HEADERS
       "Precompile alpaka/alpaka.hpp once per set of compile settings for the targets that link alpaka::alpaka"
       ${_alpaka_pch_default})
if(NOT alpaka_PRECOMPILE_HEADERS)
    if(_alpaka_pch_why)
        message(STATUS "alpaka: alpaka_PRECOMPILE_HEADERS is OFF by default here (${_alpaka_pch_why})")
    endif()
    return()
endif()
message(STATUS "alpaka: alpaka.hpp is precompiled for the targets that link alpaka::alpaka "
               "(alpaka_PRECOMPILE_HEADERS; a target opts out with the property ALPAKA_PRECOMPILE_HEADERS OFF)")

# The targets of `directory` and of every directory below it.
function(_alpaka_pch_targets directory out)
    get_property(_targets DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
    get_property(_subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
    foreach(_subdirectory IN LISTS _subdirectories)
        _alpaka_pch_targets("${_subdirectory}" _below)
        list(APPEND _targets ${_below})
    endforeach()
    set(${out} ${_targets} PARENT_SCOPE)
endfunction()

# Whether `target` compiles C++ with alpaka: it links alpaka::alpaka (or alpaka) and has C++ sources.
function(_alpaka_pch_uses_alpaka target out)
    set(${out} FALSE PARENT_SCOPE)
    get_target_property(_type ${target} TYPE)
    if(NOT _type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
        return()
    endif()
    get_target_property(_opt_in ${target} ALPAKA_PRECOMPILE_HEADERS)
    get_target_property(_own ${target} PRECOMPILE_HEADERS)
    get_target_property(_reused ${target} PRECOMPILE_HEADERS_REUSE_FROM)
    if((NOT _opt_in STREQUAL "_opt_in-NOTFOUND" AND NOT _opt_in) OR _own OR _reused)
        return() # opted out, or a precompiled header of its own
    endif()
    get_target_property(_links ${target} LINK_LIBRARIES)
    if(NOT "alpaka::alpaka" IN_LIST _links AND NOT "alpaka" IN_LIST _links)
        return()
    endif()
    set(${out} TRUE PARENT_SCOPE)
endfunction()

function(_alpaka_pch_setup)
    _alpaka_pch_targets("${CMAKE_SOURCE_DIR}" _targets)
    set(_groups "")
    foreach(_target IN LISTS _targets)
        _alpaka_pch_uses_alpaka(${_target} _uses)
        if(NOT _uses)
            continue()
        endif()
        # Sources that set alpaka's macros themselves, and sources that are not C++, do without.
        get_target_property(_sources ${_target} SOURCES)
        get_target_property(_source_dir ${_target} SOURCE_DIR)
        set(_cxx_sources 0)
        foreach(_source IN LISTS _sources)
            if(NOT _source MATCHES "\\.(cpp|cxx|cc|C|c\\+\\+)$" OR _source MATCHES "^\\$<")
                continue()
            endif()
            get_source_file_property(_language "${_source}" TARGET_DIRECTORY ${_target} LANGUAGE)
            if(_language AND NOT _language STREQUAL "CXX")
                continue()
            endif()
            cmake_path(ABSOLUTE_PATH _source BASE_DIRECTORY "${_source_dir}" OUTPUT_VARIABLE _path)
            if(EXISTS "${_path}")
                file(STRINGS "${_path}" _defines REGEX "^[ \t]*#[ \t]*(define|undef)[ \t]+ALPAKA_")
                if(_defines)
                    set_source_files_properties("${_source}" TARGET_DIRECTORY ${_target}
                                                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
                    list(GET _defines 0 _first)
                    string(STRIP "${_first}" _first)
                    message(STATUS "alpaka: ${_target}: ${_source} sets an alpaka macro itself (${_first}): compiled "
                                   "without the precompiled alpaka.hpp")
                    continue()
                endif()
            endif()
            math(EXPR _cxx_sources "${_cxx_sources} + 1")
        endforeach()
        if(_cxx_sources EQUAL 0)
            continue()
        endif()
        # Targets whose compile settings are the same share one precompiled header.
        get_target_property(_type ${_target} TYPE)
        set(_key "")
        foreach(_property IN ITEMS COMPILE_OPTIONS COMPILE_DEFINITIONS COMPILE_FLAGS CXX_STANDARD CXX_EXTENSIONS
                                   POSITION_INDEPENDENT_CODE LINK_LIBRARIES)
            get_target_property(_value ${_target} ${_property})
            string(APPEND _key "${_property}=${_value};")
        endforeach()
        if(_type MATCHES "SHARED_LIBRARY|MODULE_LIBRARY")
            string(APPEND _key "PIC;")
        endif()
        string(MD5 _group "${_key}")
        if(NOT DEFINED _alpaka_pch_owner_${_group})
            # The header is built by an object library of one empty unit with the group's settings: the targets
            # wait for the header alone, not for the first of them to be compiled and linked.
            string(SUBSTRING "${_group}" 0 8 _short)
            set(_owner alpaka_pch_${_short})
            set(_alpaka_pch_owner_${_group} ${_owner})
            file(CONFIGURE OUTPUT "${CMAKE_BINARY_DIR}/alpaka_pch/${_owner}.cpp"
                 CONTENT "// The unit that builds the precompiled alpaka.hpp of ${_target}'s settings.\n")
            add_library(${_owner} OBJECT "${CMAKE_BINARY_DIR}/alpaka_pch/${_owner}.cpp")
            foreach(_property IN ITEMS COMPILE_OPTIONS COMPILE_DEFINITIONS COMPILE_FLAGS CXX_STANDARD CXX_EXTENSIONS
                                       POSITION_INDEPENDENT_CODE LINK_LIBRARIES INCLUDE_DIRECTORIES)
                get_target_property(_value ${_target} ${_property})
                if(NOT _value MATCHES "-NOTFOUND$")
                    set_property(TARGET ${_owner} PROPERTY ${_property} "${_value}")
                endif()
            endforeach()
            if(_type MATCHES "SHARED_LIBRARY|MODULE_LIBRARY")
                set_property(TARGET ${_owner} PROPERTY POSITION_INDEPENDENT_CODE ON)
            endif()
            target_precompile_headers(${_owner} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:<alpaka/alpaka.hpp$<ANGLE-R>>)
            if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
                target_compile_options(${_owner} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Winvalid-pch>)
            endif()
        endif()
        target_precompile_headers(${_target} REUSE_FROM ${_alpaka_pch_owner_${_group}})
        # Where the compiler cannot use it after all, GCC says so.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${_target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Winvalid-pch>)
        endif()
    endforeach()
endfunction()

cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _alpaka_pch_setup)
