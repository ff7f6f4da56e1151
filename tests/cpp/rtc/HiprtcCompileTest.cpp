// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// hiprtc_compile <source> [hiprtc options...]: compiles a translation unit with hiprtc (ROCm's run-time compiler, in
// libamdhip64), prints the log and exits non-zero when compilation fails or produces no code. No GPU is needed.

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "alpaka_test/ReadSource.hpp"

// The few hiprtc functions used, declared here so that only the library is needed, not ROCm's headers.
extern "C"
{
    using hiprtcProgram = struct _hiprtcProgram*;
    int hiprtcCreateProgram(
        hiprtcProgram* prog,
        char const* src,
        char const* name,
        int numHeaders,
        char const* const* headers,
        char const* const* includeNames);
    int hiprtcCompileProgram(hiprtcProgram prog, int numOptions, char const* const* options);
    int hiprtcGetProgramLogSize(hiprtcProgram prog, std::size_t* logSizeRet);
    int hiprtcGetProgramLog(hiprtcProgram prog, char* log);
    int hiprtcGetCodeSize(hiprtcProgram prog, std::size_t* codeSizeRet);
    int hiprtcDestroyProgram(hiprtcProgram* prog);
    char const* hiprtcGetErrorString(int result);
}

auto main(int argc, char** argv) -> int
{
    auto const read = readSource(argc, argv);
    if(!read)
        return 2;
    std::string const& source = *read;

    hiprtcProgram program{};
    if(hiprtcCreateProgram(&program, source.c_str(), argv[1], 0, nullptr, nullptr) != 0)
        return 2;
    std::vector<char const*> const options(argv + 2, argv + argc);
    int const result = hiprtcCompileProgram(program, static_cast<int>(options.size()), options.data());

    std::size_t logSize = 0;
    hiprtcGetProgramLogSize(program, &logSize);
    std::string log(logSize, '\0');
    hiprtcGetProgramLog(program, log.data());
    std::printf("%s\n", log.c_str());

    std::size_t codeSize = 0;
    if(result == 0)
        hiprtcGetCodeSize(program, &codeSize);
    hiprtcDestroyProgram(&program);
    std::printf("hiprtc: %s, %zu bytes of code\n", hiprtcGetErrorString(result), codeSize);
    return result == 0 && codeSize > 0 ? 0 : 1;
}
