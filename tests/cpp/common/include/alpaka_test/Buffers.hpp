// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Moving test data between the host and an accelerator's device: the first device of TAcc, 1-D device buffers
//! filled from or copied into std::vector (every call waits for its queue).

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <vector>

namespace alpaka_test
{
    //! The first device of TAcc's platform.
    template<typename TAcc>
    auto firstDev()
    {
        return alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
    }

    //! A 1-D extent of count elements in TAcc's index type.
    template<typename TAcc>
    auto extentOf(std::size_t count) -> alpaka::Vec<alpaka::DimInt<1u>, alpaka::Idx<TAcc>>
    {
        return {static_cast<alpaka::Idx<TAcc>>(count)};
    }

    //! An uninitialised device buffer of count elements.
    template<typename T, typename TAcc>
    auto deviceBuf(std::size_t count)
    {
        using Idx = alpaka::Idx<TAcc>;
        return alpaka::allocBuf<T, Idx>(firstDev<TAcc>(), static_cast<Idx>(count));
    }

    //! The elements of a buffer (any dimensionality, dense) in a host vector.
    template<typename TQueue, typename TBuf>
    auto toHost(TQueue& queue, TBuf const& buf) -> std::vector<alpaka::Elem<TBuf>>
    {
        using T = alpaka::Elem<TBuf>;
        using Idx = alpaka::Idx<TBuf>;
        auto const count = static_cast<std::size_t>(alpaka::getExtentProduct(buf));
        std::vector<T> host(count);
        auto view = alpaka::createView(
            alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0),
            host.data(),
            alpaka::Vec<alpaka::DimInt<1u>, Idx>{static_cast<Idx>(count)});
        alpaka::memcpy(queue, view, buf);
        alpaka::wait(queue);
        return host;
    }

    //! A 1-D device buffer of TAcc holding a copy of values.
    template<typename TAcc, typename TQueue, typename T>
    auto toDevice(TQueue& queue, std::vector<T> values)
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const count = static_cast<Idx>(values.size());
        auto buf = alpaka::allocBuf<T, Idx>(firstDev<TAcc>(), count);
        auto view = alpaka::createView(
            alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), values.data(), alpaka::Vec<alpaka::DimInt<1u>, Idx>{count});
        alpaka::memcpy(queue, buf, view);
        alpaka::wait(queue);
        return buf;
    }
} // namespace alpaka_test
