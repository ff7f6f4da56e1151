// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Every runtime call of the CUDA/HIP back-ends goes through ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK: a failure becomes a
//! std::runtime_error naming the call, the API's error name and its error string. The sticky "last error" is read
//! back so that one failed call does not make the next, unrelated check fail.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include <stdexcept>
#    include <string>

namespace alpaka::detail::cudaHip
{
    //! The message of a failed runtime call.
    template<typename TApi>
    auto errorMessage(typename TApi::Error_t error, char const* call, char const* file, int line) -> std::string
    {
        return std::string(TApi::name) + " runtime call '" + call + "' failed: " + TApi::getErrorName(error) + ": "
               + TApi::getErrorString(error) + " (" + file + ":" + std::to_string(line) + ")";
    }

    template<typename TApi>
    void check(typename TApi::Error_t error, char const* call, char const* file, int line)
    {
        if(error == TApi::success)
            return;
        static_cast<void>(TApi::getLastError()); // reset the non-sticky error state
        throw std::runtime_error(errorMessage<TApi>(error, call, file, line));
    }

    //! For destructors: a failure cannot be thrown, the runtime is being torn down or the context is broken anyway.
    template<typename TApi>
    void ignoreError(typename TApi::Error_t error) noexcept
    {
        if(error != TApi::success)
            static_cast<void>(TApi::getLastError());
    }
} // namespace alpaka::detail::cudaHip

//! Checks a runtime call of the API TApi (ApiCudaRt or ApiHipRt): ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, call), or
//! upstream's form ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(call), which uses the name TApi of the enclosing scope.
#    define ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(...)                                                                      \
        ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_PICK(                                                                          \
            __VA_ARGS__,                                                                                               \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API,                                                                       \
            ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_SCOPE,                                                                     \
            unused)                                                                                                    \
        (__VA_ARGS__)
// One argument selects the scope form; two or more (a call with unparenthesized commas counts as several) the form
// with the API first.
#    define ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_PICK(a1, a2, a3, a4, a5, a6, a7, a8, a9, name, ...) name
#    define ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_API(TApi, ...)                                                             \
        ::alpaka::detail::cudaHip::check<TApi>((__VA_ARGS__), #__VA_ARGS__, __FILE__, __LINE__)
#    define ALPAKA_DETAIL_CUDA_HIP_RT_CHECK_SCOPE(call)                                                                \
        ::alpaka::detail::cudaHip::check<TApi>((call), #call, __FILE__, __LINE__)

#endif
