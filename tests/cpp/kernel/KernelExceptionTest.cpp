// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// An exception thrown in a kernel on a CPU back-end (also through ALPAKA_THROW_ACC) reaches the caller as a
// std::runtime_error with its message: at exec() on a blocking queue, at the next wait() on a non-blocking one.
// Other std::exceptions are wrapped into a std::runtime_error that keeps what(); later tasks still run, the error
// is reported once, and the queue stays usable.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

namespace
{
    enum class Failure
    {
        RuntimeError,
        ThrowAcc,
        LogicError,
        UnknownType,
        UserError
    };

    struct UserKernelError : std::runtime_error
    {
        using std::runtime_error::runtime_error;
        int m_code = 99;
    };

    //! Fails in the first thread of the grid, or in every thread.
    struct FailingKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, Failure failure, bool everyThread) const
        {
            using Vec = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;
            if(!everyThread && alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc) != Vec::zeros())
                return;
#if ALPAKA_DEVICE_PASS
            // GPU device code has no exceptions; the tests launch this kernel on the CPU back-ends only.
            static_cast<void>(failure);
            ALPAKA_THROW_ACC("FailingKernel");
#else
            switch(failure)
            {
                case Failure::RuntimeError:
                    throw std::runtime_error("kernel failure 7");
                case Failure::ThrowAcc:
                    ALPAKA_THROW_ACC("ALPAKA_THROW_ACC from a kernel");
                case Failure::LogicError:
                    throw std::logic_error("logic failure 13");
                case Failure::UnknownType:
                    throw 42;
                case Failure::UserError:
                    throw UserKernelError("user kernel error");
            }
#endif
        }
    };

    template<typename TAcc>
    inline constexpr bool onCpu = std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>;

    //! Launches FailingKernel on both kinds of queue; check(error) inspects what reached the caller; afterwards a
    //! correct kernel on the same queue gives correct results.
    template<typename TAcc, typename TCheck>
    void checkFailingKernel(Failure failure, bool everyThread, TCheck&& check)
    {
        using Dim = alpaka::Dim<TAcc>;
        using Idx = alpaka::Idx<TAcc>;
        using Vec = alpaka::Vec<Dim, Idx>;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        auto const extent = alpaka::test::extentBuf<Dim, Idx>;
        alpaka::WorkDivMembers<Dim, Idx> const workDiv{extent, Vec::ones(), Vec::ones()};

        auto const runOn = [&]<typename TQueue>()
        {
            INFO((kerneltest::isBlocking<TQueue> ? "blocking queue" : "non-blocking queue"));
            TQueue queue(dev);
            auto const error = kerneltest::errorOfFailingLaunch(
                queue, [&](auto& q) { alpaka::exec<TAcc>(q, workDiv, FailingKernel{}, failure, everyThread); });
            check(error);

            // The queue stays usable.
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
            alpaka::exec<TAcc>(queue, workDiv, kerneltest::CountElementsKernel{}, counts.data(), extent);
            CHECK(kerneltest::countMismatches(kerneltest::toHost(queue, counts), 1u) == 0u);
        };
        runOn.template operator()<alpaka::Queue<TAcc, alpaka::Blocking>>();
        runOn.template operator()<alpaka::Queue<TAcc, alpaka::NonBlocking>>();
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("kernelRuntimeErrorReachesTheCaller", "[kernel]", alpaka::test::TestAccs)
{
    if constexpr(onCpu<TestType>)
    {
        for(bool const everyThread : {false, true})
        {
            INFO("every thread throws: " << everyThread);
            checkFailingKernel<TestType>(
                Failure::RuntimeError,
                everyThread,
                [](std::exception_ptr const& error)
                { CHECK(kerneltest::runtimeErrorMessage(error) == "kernel failure 7"); });
        }
    }
}

TEMPLATE_LIST_TEST_CASE("alpakaThrowAccReachesTheCaller", "[kernel]", alpaka::test::TestAccs)
{
    if constexpr(onCpu<TestType>)
    {
        checkFailingKernel<TestType>(
            Failure::ThrowAcc,
            false,
            [](std::exception_ptr const& error)
            { CHECK(kerneltest::runtimeErrorMessage(error) == "ALPAKA_THROW_ACC from a kernel"); });
    }
}

TEMPLATE_LIST_TEST_CASE("kernelLogicErrorIsWrappedIntoARuntimeError", "[kernel]", alpaka::test::TestAccs)
{
    if constexpr(onCpu<TestType>)
    {
        checkFailingKernel<TestType>(
            Failure::LogicError,
            false,
            [](std::exception_ptr const& error)
            {
                // runtimeErrorMessage fails the test for anything but a std::runtime_error.
                auto const message = kerneltest::runtimeErrorMessage(error);
                CHECK_THAT(message, kerneltest::containsSubstring("logic failure 13"));
                // The exception's own type, not the std::exception it was caught as.
                CHECK_THAT(message, kerneltest::containsSubstring("(std::logic_error): "));
            });
    }
}

TEMPLATE_LIST_TEST_CASE("kernelExceptionOfUnknownType", "[kernel]", alpaka::test::TestAccs)
{
    if constexpr(onCpu<TestType>)
    {
        checkFailingKernel<TestType>(
            Failure::UnknownType,
            true,
            [](std::exception_ptr const& error)
            {
                auto const message = kerneltest::runtimeErrorMessage(error);
                CHECK_THAT(message, kerneltest::containsSubstring("unknown"));
            });
    }
}

TEMPLATE_LIST_TEST_CASE("kernelRuntimeErrorSubclassKeepsItsType", "[kernel]", alpaka::test::TestAccs)
{
    if constexpr(onCpu<TestType>)
    {
        checkFailingKernel<TestType>(
            Failure::UserError,
            false,
            [](std::exception_ptr const& error)
            {
                try
                {
                    std::rethrow_exception(error);
                }
                catch(UserKernelError const& e)
                {
                    CHECK(std::string(e.what()) == "user kernel error");
                    CHECK(e.m_code == 99);
                }
                catch(...)
                {
                    FAIL("the kernel's exception type was not kept");
                }
            });
    }
}

TEMPLATE_LIST_TEST_CASE("waitDevReportsAKernelError", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    if constexpr(onCpu<Acc>)
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::NonBlocking> queue(dev);
        alpaka::WorkDivMembers<Dim, Idx> const workDiv{Vec::ones(), Vec::ones(), Vec::ones()};
        alpaka::exec<Acc>(queue, workDiv, FailingKernel{}, Failure::RuntimeError, true);
        CHECK(kerneltest::runtimeErrorMessage([&] { alpaka::wait(dev); }) == "kernel failure 7");
        CHECK_NOTHROW(alpaka::wait(dev));
        CHECK_NOTHROW(alpaka::wait(queue));
    }
}
