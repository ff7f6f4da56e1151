// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's CUDA core header: the runtime checks of core/UniformCudaHip.hpp, the built-in vector type traits of
//! core/CudaHipCommon.hpp, and ALPAKA_CUDA_DRV_CHECK(call), which checks a CUDA driver API call (CUresult) and throws
//! std::runtime_error naming the call and the error. Code that uses the driver API links libcuda itself. Empty
//! unless ALPAKA_ACC_GPU_CUDA_ENABLED is defined.

#include "alpaka/core/CudaHipCommon.hpp"
#include "alpaka/core/UniformCudaHip.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && !ALPAKA_RTC

#    include <stdexcept>
#    include <string>

#    include <cuda.h>

namespace alpaka::cuda::detail
{
    //! Throws for a failed driver API call.
    inline void cudaDrvCheck(CUresult const& error, char const* call, char const* file, int const& line)
    {
        if(error == CUDA_SUCCESS)
            return;
        char const* name = nullptr;
        char const* text = nullptr;
        if(cuGetErrorName(error, &name) != CUDA_SUCCESS)
            name = "unknown error";
        if(cuGetErrorString(error, &text) != CUDA_SUCCESS)
            text = "no description";
        throw std::runtime_error(
            std::string("Cuda driver call '") + call + "' failed: " + name + ": " + text + " (" + file + ":"
            + std::to_string(line) + ")");
    }
} // namespace alpaka::cuda::detail

#    define ALPAKA_CUDA_DRV_CHECK(call) ::alpaka::cuda::detail::cudaDrvCheck((call), #call, __FILE__, __LINE__)

#endif
