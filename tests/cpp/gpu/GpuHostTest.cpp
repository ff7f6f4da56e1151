// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Host side of the CUDA/HIP back-end without kernels: device enumeration with or without a GPU, checked runtime
//! calls, the no-GPU error paths, and (where a GPU exists) devices, queues, events and buffers.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "alpaka_test/Catch.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
using Api = alpaka::ApiCudaRt;
#else
using Api = alpaka::ApiHipRt;
#endif
using Platform = alpaka::PlatformUniformCudaHipRt<Api>;
using Dev = alpaka::DevUniformCudaHipRt<Api>;

TEST_CASE("a failed runtime call throws std::runtime_error naming the call, the error name and string", "[gpu]")
{
    auto const call = [] { ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(Api, Api::setDevice(-1)); };
    REQUIRE_THROWS_AS(call(), std::runtime_error);
    try
    {
        call();
    }
    catch(std::runtime_error const& e)
    {
        std::string const message = e.what();
        CHECK(message.find("Api::setDevice(-1)") != std::string::npos);
        CHECK(message.find(std::string(Api::name)) != std::string::npos);
        // The error name, whichever the runtime reports (invalid device, no device, no driver).
        CHECK(message.find(": ") != std::string::npos);
        CHECK(message.find("Error") != std::string::npos);
    }
}

TEST_CASE("the platform lists the GPUs, and an index out of range is an error naming the count", "[gpu]")
{
    Platform const platform;
    std::size_t const count = alpaka::getDevCount(platform);
    CHECK(alpaka::getDevs(platform).size() == count);
    try
    {
        static_cast<void>(alpaka::getDevByIdx(platform, count));
        FAIL("getDevByIdx accepted an index out of range");
    }
    catch(std::runtime_error const& e)
    {
        std::string const message = e.what();
        CHECK(message.find("out of range") != std::string::npos);
        CHECK(message.find(std::to_string(count) + " device") != std::string::npos);
    }
}

TEST_CASE("devices, queues, events and buffers on every GPU (none on a machine without one)", "[gpu]")
{
    Platform const platform;
    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    for(Dev const& dev : alpaka::getDevs(platform))
    {
        INFO(alpaka::getName(dev));
        CHECK(alpaka::getMemBytes(dev) > 0u);
        CHECK(alpaka::getFreeMemBytes(dev) <= alpaka::getMemBytes(dev));
        CHECK(alpaka::getWarpSizes(dev).front() == alpaka::getPreferredWarpSize(dev));
        alpaka::Queue<Dev, alpaka::NonBlocking> queue(dev);
        alpaka::Event<decltype(queue)> event(dev);
        CHECK(alpaka::isComplete(event)); // never enqueued

        using Vec2 = alpaka::Vec<alpaka::DimInt<2>, int>;
        Vec2 const extent{5, 7};
        auto devBuf = alpaka::allocBuf<std::uint32_t, int>(dev, extent);
        CHECK(alpaka::getPitchesInBytes(devBuf)[0] >= 7 * static_cast<int>(sizeof(std::uint32_t)));
        std::vector<std::uint32_t> in(35), out(35, 0u);
        for(std::size_t i = 0; i < in.size(); ++i)
            in[i] = static_cast<std::uint32_t>(i * 3u);
        auto inView = alpaka::createView(host, in.data(), extent);
        auto outView = alpaka::createView(host, out.data(), extent);
        alpaka::memset(queue, devBuf, 0);
        alpaka::memcpy(queue, devBuf, inView);
        bool hostTaskRan = false;
        alpaka::enqueue(queue, [&hostTaskRan] { hostTaskRan = true; });
        alpaka::memcpy(queue, outView, devBuf);
        alpaka::enqueue(queue, event);
        alpaka::wait(event);
        alpaka::wait(queue);
        CHECK(hostTaskRan);
        CHECK(out == in);

        // An exception of a host task reaches wait(queue).
        alpaka::enqueue(queue, [] { throw std::runtime_error("host task failed"); });
        CHECK_THROWS_WITH(alpaka::wait(queue), "host task failed");
        alpaka::wait(dev);
    }
}
