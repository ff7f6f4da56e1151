// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "GpuProbe.hpp"

#include <string>

#include "UnavailableBackend.hpp"
#include "gpu/GpuRuntime.hpp"

namespace pyalpaka::rt
{
    namespace
    {
        auto probe(gpu::ApiLoad const& load, char const* name, char const* accName) -> Backend*
        {
            std::string reason;
            if(auto* backend = gpu::makeGpuBackend(load, reason))
                return backend;
            return new UnavailableBackend(name, accName, reason);
        }
    } // namespace

    auto probeCuda() -> Backend*
    {
        return probe(gpu::loadCuda(), "cuda", "AccGpuCudaRt");
    }

    auto probeHip() -> Backend*
    {
        return probe(gpu::loadHip(), "hip", "AccGpuHipRt");
    }
} // namespace pyalpaka::rt
