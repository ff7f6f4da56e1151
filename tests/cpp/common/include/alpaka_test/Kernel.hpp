// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the kernel tests share (besides alpaka_test/Errors.hpp): device buffers read back on the host, where a failing
//! launch reports its error.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

namespace kerneltest
{
    using alpaka_test::containsSubstring;
    using alpaka_test::runtimeErrorMessage;

    template<typename TQueue>
    inline constexpr bool isBlocking = alpaka::test::IsBlockingQueue<TQueue>::value;

    //! A zeroed 1-D device buffer of n elements, set through queue.
    template<typename TElem, typename TIdx, typename TQueue>
    auto zeroedBuffer(TQueue& queue, TIdx n)
    {
        auto buf = alpaka::allocBuf<TElem, TIdx>(alpaka::getDev(queue), alpaka::Vec<alpaka::DimInt<1u>, TIdx>{n});
        alpaka::memset(queue, buf, std::uint8_t{0});
        return buf;
    }

    //! The content of a 1-D device buffer, copied through queue (waits for the queue).
    template<typename TQueue, typename TBuf>
    auto toHost(TQueue& queue, TBuf const& buf) -> std::vector<alpaka::Elem<TBuf>>
    {
        using Idx = alpaka::Idx<TBuf>;
        auto const n = alpaka::getExtentProduct(buf);
        std::vector<alpaka::Elem<TBuf>> host(static_cast<std::size_t>(n));
        auto view = alpaka::createView(
            alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), host.data(), alpaka::Vec<alpaka::DimInt<1u>, Idx>{n});
        alpaka::memcpy(queue, view, buf);
        alpaka::wait(queue);
        return host;
    }

    //! "(a, b, c)", as alpaka prints a Vec.
    template<typename TVec>
    auto vecText(TVec const& vec) -> std::string
    {
        std::string text = "(";
        for(std::size_t i = 0; i != alpaka::Dim<TVec>::value; ++i)
        {
            if(i != 0)
                text += ", ";
            text += std::to_string(vec[i]);
        }
        return text + ")";
    }

    //! Launches a kernel that fails through launch(queue) and returns the error that reaches the caller: from the
    //! launch itself on a blocking queue, from the next wait() on a non-blocking one. Checks on the way that a task
    //! enqueued after the kernel still runs and that the error is reported once.
    template<typename TQueue, typename TLaunch>
    auto errorOfFailingLaunch(TQueue& queue, TLaunch&& launch) -> std::exception_ptr
    {
        std::exception_ptr error;
        auto const capture = [&error](auto&& fn)
        {
            try
            {
                fn();
            }
            catch(...)
            {
                error = std::current_exception();
            }
        };
        bool laterRan = false;
        if constexpr(isBlocking<TQueue>)
        {
            capture([&] { launch(queue); });
            alpaka::enqueue(queue, [&laterRan] { laterRan = true; });
        }
        else
        {
            CHECK_NOTHROW(launch(queue)); // the kernel has not run yet
            alpaka::enqueue(queue, [&laterRan] { laterRan = true; });
            capture([&] { alpaka::wait(queue); });
        }
        CHECK_NOTHROW(alpaka::wait(queue)); // reported once
        CHECK(laterRan);
        REQUIRE(error);
        return error;
    }

    //! The message of error, which must be a std::runtime_error.
    inline auto runtimeErrorMessage(std::exception_ptr const& error) -> std::string
    {
        return runtimeErrorMessage([&] { std::rethrow_exception(error); });
    }

    //! Adds 1 to counts[i] for every element i of extent that a thread of the grid owns (its threadElemExtent
    //! elements from its first one); elements outside extent are skipped. A correct work division covering extent
    //! leaves every count at 1.
    struct CountElementsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(
            TAcc const& acc, std::uint32_t* counts, alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> extent) const
        {
            using Dim = alpaka::Dim<TAcc>;
            using Idx = alpaka::Idx<TAcc>;
            auto const threadElemExtent = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(acc);
            auto const first = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc) * threadElemExtent;
            auto const elemCount = threadElemExtent.prod();
            for(Idx e = 0; e < elemCount; ++e)
            {
                auto const idx
                    = first + alpaka::mapIdx<Dim::value>(alpaka::Vec<alpaka::DimInt<1u>, Idx>{e}, threadElemExtent);
                bool inside = true;
                for(std::size_t d = 0; d != Dim::value; ++d)
                    inside = inside && idx[d] < extent[d];
                if(inside)
                    alpaka::atomicAdd(acc, &counts[alpaka::mapIdx<1u>(idx, extent)[0]], std::uint32_t{1});
            }
        }
    };

    //! How many counts differ from expected (0 when every element was visited expected times).
    inline auto countMismatches(std::vector<std::uint32_t> const& counts, std::uint32_t expected) -> std::size_t
    {
        std::size_t mismatches = 0;
        for(auto const count : counts)
            if(count != expected)
                ++mismatches;
        return mismatches;
    }
} // namespace kerneltest
