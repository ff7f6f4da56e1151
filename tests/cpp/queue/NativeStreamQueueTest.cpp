// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A CUDA/HIP queue on a stream created outside alpaka (upstream 2.1): work runs on that stream, the queue's handle is
// the stream, and the stream outlives the queue (the caller destroys it).

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include <alpaka/alpaka.hpp>

#    include <cstdint>
#    include <tuple>
#    include <vector>

#    include "alpaka_test/Catch.hpp"

namespace
{
    using Apis = std::tuple<
#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
        alpaka::ApiCudaRt
#    endif
#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && defined(ALPAKA_ACC_GPU_HIP_ENABLED)
        ,
#    endif
#    if defined(ALPAKA_ACC_GPU_HIP_ENABLED)
        alpaka::ApiHipRt
#    endif
        >;
} // namespace

TEMPLATE_LIST_TEST_CASE("queueOnANativeStream", "[queue][gpu]", Apis)
{
    using Api = TestType;
    using Dev = alpaka::DevUniformCudaHipRt<Api>;
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformUniformCudaHipRt<Api>{}, 0);
    typename Api::Stream_t stream{};
    REQUIRE(Api::setDevice(dev.getNativeHandle()) == Api::success);
    REQUIRE(Api::streamCreateWithFlags(&stream, Api::streamNonBlocking) == Api::success);

    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    std::vector<std::uint32_t> result(64, 0);
    {
        alpaka::QueueUniformCudaHipRt<Api, false> queue(dev, stream);
        alpaka::QueueUniformCudaHipRt<Api, true> deduced(stream);
        CHECK(alpaka::getNativeHandle(queue) == stream);
        CHECK(alpaka::getNativeHandle(deduced) == stream);
        CHECK(alpaka::getDev(deduced) == dev);
        STATIC_REQUIRE(std::is_same_v<alpaka::Dev<decltype(queue)>, Dev>);

        auto buf = alpaka::allocBuf<std::uint32_t, std::size_t>(dev, std::size_t{64});
        alpaka::memset(queue, buf, 0x5a);
        auto hostView = alpaka::createView(host, result.data(), std::size_t{64});
        alpaka::memcpy(queue, hostView, buf);
        alpaka::wait(queue);
        alpaka::memset(deduced, buf, 0x11);
    }
    for(auto const x : result)
        CHECK(x == 0x5a5a5a5au);
    // The queues are gone; the stream is still the caller's to use and destroy.
    CHECK(Api::streamSynchronize(stream) == Api::success);
    CHECK(Api::streamDestroy(stream) == Api::success);
}

#endif
