// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// nvrtc_compile <source.cu> [NVRTC options...]: compiles a translation unit with NVRTC, prints the log and exits
// non-zero when compilation fails or produces no PTX. No GPU is needed.

#include <cstdio>
#include <string>
#include <vector>

#include <nvrtc.h>

#include "alpaka_test/ReadSource.hpp"

auto main(int argc, char** argv) -> int
{
    auto const read = readSource(argc, argv);
    if(!read)
        return 2;
    std::string const& source = *read;

    nvrtcProgram program{};
    if(nvrtcCreateProgram(&program, source.c_str(), argv[1], 0, nullptr, nullptr) != NVRTC_SUCCESS)
        return 2;
    std::vector<char const*> const options(argv + 2, argv + argc);
    nvrtcResult const result = nvrtcCompileProgram(program, static_cast<int>(options.size()), options.data());

    std::size_t logSize = 0;
    nvrtcGetProgramLogSize(program, &logSize);
    std::string log(logSize, '\0');
    nvrtcGetProgramLog(program, log.data());
    std::printf("%s\n", log.c_str());

    std::size_t ptxSize = 0;
    if(result == NVRTC_SUCCESS)
        nvrtcGetPTXSize(program, &ptxSize);
    nvrtcDestroyProgram(&program);

    int major = 0;
    int minor = 0;
    nvrtcVersion(&major, &minor);
    std::printf("NVRTC %d.%d: %s, %zu bytes of PTX\n", major, minor, nvrtcGetErrorString(result), ptxSize);
    return result == NVRTC_SUCCESS && ptxSize > 0 ? 0 : 1;
}
