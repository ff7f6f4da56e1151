// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Asking for more block shared memory than there is makes the launch fail with a std::runtime_error that says so,
//! on blocking and non-blocking queues, and the queue stays usable.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "alpaka_test/Block.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    //! More than the CPU back-ends' block shared memory (48 KiB with the default 47 KiB).
    inline constexpr std::size_t tooManyBytes
        = std::max<std::size_t>(48u * 1024u, std::size_t{ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB} * 1024u + 1024u);

    //! Declares a static shared array larger than the block's shared memory.
    struct StaticTooLargeKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, std::uint8_t* out) const -> void
        {
            auto& big = alpaka::declareSharedVar<std::uint8_t[tooManyBytes], 0>(acc);
            big[tooManyBytes - 1u] = 7u;
            out[0] = big[tooManyBytes - 1u];
        }
    };

    //! Asks for `bytes` of dynamic shared memory and a 2 KiB static array.
    struct DynamicPlusStaticKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, std::uint8_t* out, std::size_t /* bytes */) const -> void
        {
            auto& st = alpaka::declareSharedVar<std::uint8_t[2048], 0>(acc);
            st[0] = 3u;
            out[0] = st[0];
        }
    };

    //! Writes 1 to out[0]: shows that the queue still runs kernels. Only the first thread of the grid writes (the
    //! blocks may run concurrently: several plain writes to one byte would be a data race).
    struct WriteOneKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, std::uint8_t* out, std::size_t = 0u) const -> void
        {
            if(alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc).sum() == 0)
                out[0] = 1u;
        }
    };
} // namespace

namespace alpaka::trait
{
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<DynamicPlusStaticKernel, TAcc>
    {
        template<typename TVec>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            DynamicPlusStaticKernel const&, TVec const&, TVec const&, std::uint8_t*, std::size_t bytes) -> std::size_t
        {
            return bytes;
        }
    };

    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<WriteOneKernel, TAcc>
    {
        template<typename TVec>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            WriteOneKernel const&, TVec const&, TVec const&, std::uint8_t*, std::size_t bytes) -> std::size_t
        {
            return bytes;
        }
    };
} // namespace alpaka::trait

namespace
{
    //! Launches kernel(args...) on queue and waits; returns the message of the std::runtime_error that comes out of
    //! the launch or the wait ("" when none does).
    template<typename TAcc, typename TQueue, typename TKernel, typename... TArgs>
    auto launchError(TQueue& queue, TKernel const& kernel, TArgs... args) -> std::string
    {
        auto const workDiv = blocktest::makeWorkDiv<TAcc>(2, 1);
        try
        {
            alpaka::exec<TAcc>(queue, workDiv, kernel, args...);
            alpaka::wait(queue);
        }
        catch(std::runtime_error const& e)
        {
            return e.what();
        }
        return "";
    }

    //! Runs the failing launch on a queue of kind TProperty, then a good kernel on the same queue.
    template<typename TAcc, typename TProperty, typename TKernel, typename... TArgs>
    auto checkLaunchFails(TKernel const& kernel, TArgs... args) -> void
    {
        using Idx = alpaka::Idx<TAcc>;
        alpaka::Queue<TAcc, TProperty> queue(blocktest::firstDev<TAcc>());
        auto out = alpaka::allocBuf<std::uint8_t, Idx>(blocktest::firstDev<TAcc>(), Idx{1});
        alpaka::memset(queue, out, 0u);

        std::string const message = launchError<TAcc>(queue, kernel, alpaka::getPtrNative(out), args...);
        INFO("message: " << message);
        CHECK(message.find("shared memory") != std::string::npos);

        // The queue still works after the failed launch.
        CHECK(launchError<TAcc>(queue, WriteOneKernel{}, alpaka::getPtrNative(out), std::size_t{0}).empty());
        CHECK(blocktest::toHost(queue, out).at(0) == 1u);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "static shared memory beyond the block's limit fails the launch", "[block][shared]", blocktest::Accs1D)
{
    using Acc = TestType;
    // GPUs reject such a kernel at compile time; the CPU back-ends allocate static shared memory at run time.
    if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
    {
        INFO(alpaka::getAccName<Acc>() << " declares " << tooManyBytes << " bytes");
        checkLaunchFails<Acc, alpaka::Blocking>(StaticTooLargeKernel{});
        checkLaunchFails<Acc, alpaka::NonBlocking>(StaticTooLargeKernel{});
    }
}

TEMPLATE_LIST_TEST_CASE(
    "dynamic shared memory beyond the block's limit fails the launch", "[block][shared]", blocktest::Accs1D)
{
    using Acc = TestType;
    std::size_t const limit = alpaka::getAccDevProps<Acc>(blocktest::firstDev<Acc>()).m_sharedMemSizeBytes;
    INFO(alpaka::getAccName<Acc>() << " shared memory per block " << limit);
    checkLaunchFails<Acc, alpaka::Blocking>(WriteOneKernel{}, limit + 1u);
    checkLaunchFails<Acc, alpaka::NonBlocking>(WriteOneKernel{}, limit + 1u);
    if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
    {
        // Dynamic memory that fits on its own, but leaves no room for the kernel's static variables.
        checkLaunchFails<Acc, alpaka::Blocking>(DynamicPlusStaticKernel{}, limit - 1024u);
        checkLaunchFails<Acc, alpaka::NonBlocking>(DynamicPlusStaticKernel{}, limit - 1024u);
    }
}
