// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's error checks of CUDA/HIP runtime calls. ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(call) (or (TApi, call)) lives
//! in detail/cudaHip/Check.hpp: a failure throws std::runtime_error naming the call and the error. Added here, with
//! upstream's meaning and the runtime named TApi in the enclosing scope, as upstream's:
//! - ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK_NOEXCEPT(call): a failure is written to stderr instead of thrown;
//! - ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK_IGNORE(call, errors...): the listed error codes are not failures;
//! - ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK_IGNORE_NOEXCEPT(call, errors...): both.
//! Also makes ApiCudaRt and ApiHipRt available. Empty unless a GPU back-end is enabled.

#include "alpaka/core/ApiCudaRt.hpp"
#include "alpaka/core/ApiHipRt.hpp"
#include "alpaka/core/Common.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/cudaHip/Check.hpp"

#    include <cstdio>
#    include <initializer_list>

namespace alpaka::detail::cudaHip
{
    //! check, except that the error codes in ignored pass, and that with TThrow false a failure is reported on
    //! stderr (for destructors and other places that must not throw).
    template<typename TApi, bool TThrow>
    void checkIgnoring(
        typename TApi::Error_t error,
        std::initializer_list<typename TApi::Error_t> ignored,
        char const* call,
        char const* file,
        int line) noexcept(!TThrow)
    {
        if(error == TApi::success)
            return;
        for(auto const code : ignored)
            if(error == code)
            {
                static_cast<void>(TApi::getLastError());
                return;
            }
        if constexpr(TThrow)
            check<TApi>(error, call, file, line);
        else
        {
            static_cast<void>(TApi::getLastError());
            try
            {
                std::fprintf(stderr, "%s\n", errorMessage<TApi>(error, call, file, line).c_str());
            }
            catch(...)
            {
                // No memory for the message: the failure goes unreported, as the caller asked for no exception.
            }
        }
    }
} // namespace alpaka::detail::cudaHip

#    define ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK_NOEXCEPT(call)                                                            \
        ::alpaka::detail::cudaHip::checkIgnoring<TApi, false>((call), {}, #call, __FILE__, __LINE__)
#    define ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK_IGNORE(call, ...)                                                         \
        ::alpaka::detail::cudaHip::checkIgnoring<TApi, true>((call), {__VA_ARGS__}, #call, __FILE__, __LINE__)
#    define ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK_IGNORE_NOEXCEPT(call, ...)                                                \
        ::alpaka::detail::cudaHip::checkIgnoring<TApi, false>((call), {__VA_ARGS__}, #call, __FILE__, __LINE__)

#endif
