// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Small pieces of upstream alpaka's API that its examples and tests use: math::floatEqualExactNoWarning,
// ALPAKA_UNREACHABLE, BlockSharedDynMemberAllocKiB, the queue properties in alpaka::property, omp::get/setSchedule,
// ALPAKA_THROW_ACC through core/RuntimeMacros.hpp, getNativeHandle through traits/Traits.hpp and std::cout through
// alpaka.hpp.

#include <alpaka/alpaka.hpp>
#include <alpaka/core/RuntimeMacros.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/traits/Traits.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

TEST_CASE("math::floatEqualExactNoWarning is ==, NaN included", "[core]")
{
    using alpaka::math::floatEqualExactNoWarning;
    CHECK(floatEqualExactNoWarning(1.5f, 1.5f));
    CHECK_FALSE(floatEqualExactNoWarning(1.5, std::nextafter(1.5, 2.0)));
    CHECK(floatEqualExactNoWarning(0.0, -0.0));
    auto const nan = std::numeric_limits<double>::quiet_NaN();
    CHECK_FALSE(floatEqualExactNoWarning(nan, nan));
    CHECK(floatEqualExactNoWarning(0.1 + 0.2, 0.1 + 0.2));
    CHECK_FALSE(floatEqualExactNoWarning(0.1 + 0.2, 0.3));
    STATIC_REQUIRE(std::is_same_v<decltype(floatEqualExactNoWarning(1.0L, 2.0L)), bool>);
}

namespace
{
    enum class Shape
    {
        Square,
        Circle
    };

    // Every branch returns; ALPAKA_UNREACHABLE tells the compiler the end is never reached (no -Wreturn-type).
    template<Shape TShape>
    auto corners() -> int
    {
        if constexpr(TShape == Shape::Square)
            return 4;
        else if constexpr(TShape == Shape::Circle)
            return 0;
        ALPAKA_UNREACHABLE(-1);
    }

    auto describe(Shape shape) -> std::string
    {
        switch(shape)
        {
            case Shape::Square:
                return "square";
            case Shape::Circle:
                return "circle";
        }
        ALPAKA_UNREACHABLE(std::string{});
    }
} // namespace

TEST_CASE("ALPAKA_UNREACHABLE ends functions whose every path returns", "[core]")
{
    CHECK(corners<Shape::Square>() == 4);
    CHECK(corners<Shape::Circle>() == 0);
    CHECK(describe(Shape::Square) == "square");
    CHECK(describe(Shape::Circle) == "circle");
}

TEST_CASE("BlockSharedDynMemberAllocKiB is ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB", "[core]")
{
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::BlockSharedDynMemberAllocKiB), std::uint32_t const>);
    STATIC_REQUIRE(alpaka::BlockSharedDynMemberAllocKiB == ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB);
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
    // It sizes the block shared memory of the CPU back-ends.
    auto const props = alpaka::getAccDevProps<alpaka::AccCpuSerial<alpaka::DimInt<1u>, int>>(
        alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0));
    CHECK(props.m_sharedMemSizeBytes == std::size_t{alpaka::BlockSharedDynMemberAllocKiB} * 1024u);
#endif
}

TEMPLATE_LIST_TEST_CASE("Queue properties in alpaka::property and alpaka", "[core][queue]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    STATIC_REQUIRE(std::is_same_v<alpaka::property::Blocking, alpaka::Blocking>);
    STATIC_REQUIRE(std::is_same_v<alpaka::property::NonBlocking, alpaka::NonBlocking>);
    STATIC_REQUIRE(
        std::is_same_v<alpaka::Queue<Acc, alpaka::property::Blocking>, alpaka::Queue<Acc, alpaka::Blocking>>);
    STATIC_REQUIRE(
        std::is_same_v<alpaka::Queue<Acc, alpaka::property::NonBlocking>, alpaka::Queue<Acc, alpaka::NonBlocking>>);

    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Acc, alpaka::property::Blocking> blocking(dev);
    int ran = 0;
    alpaka::enqueue(blocking, [&ran] { ran = 1; });
    // A blocking queue has run the task when enqueue returns.
    CHECK(ran == 1);

    alpaka::Queue<Acc, alpaka::property::NonBlocking> nonBlocking(dev);
    alpaka::enqueue(nonBlocking, [&ran] { ran = 2; });
    alpaka::wait(nonBlocking);
    CHECK(ran == 2);
}

TEST_CASE("omp::getSchedule and omp::setSchedule", "[core][omp]")
{
    using alpaka::omp::Schedule;
    auto const original = alpaka::omp::getSchedule();
#if defined(_OPENMP)
    // A round trip through OpenMP's run-sched-var.
    alpaka::omp::setSchedule(Schedule{Schedule::Dynamic, 7});
    auto const dynamic = alpaka::omp::getSchedule();
    CHECK(dynamic.kind == Schedule::Dynamic);
    CHECK(dynamic.chunkSize == 7);
    alpaka::omp::setSchedule(Schedule{Schedule::Guided, 3});
    CHECK(alpaka::omp::getSchedule().kind == Schedule::Guided);
    CHECK(alpaka::omp::getSchedule().chunkSize == 3);
    // NoSchedule and Runtime name no schedule: nothing changes.
    alpaka::omp::setSchedule(Schedule{Schedule::NoSchedule});
    alpaka::omp::setSchedule(Schedule{Schedule::Runtime, 5});
    CHECK(alpaka::omp::getSchedule().kind == Schedule::Guided);
    CHECK(alpaka::omp::getSchedule().chunkSize == 3);
    alpaka::omp::setSchedule(original);
    CHECK(alpaka::omp::getSchedule().kind == original.kind);
#else
    // Without OpenMP there is no runtime schedule: the default, and setting changes nothing.
    CHECK(original.kind == Schedule::NoSchedule);
    CHECK(original.chunkSize == 0);
    alpaka::omp::setSchedule(Schedule{Schedule::Dynamic, 7});
    CHECK(alpaka::omp::getSchedule().kind == Schedule::NoSchedule);
#endif
}

TEST_CASE("ALPAKA_THROW_ACC via core/RuntimeMacros.hpp throws std::runtime_error on the host", "[core]")
{
    CHECK(alpaka_test::runtimeErrorMessage([] { ALPAKA_THROW_ACC("index out of range"); }) == "index out of range");
}

TEST_CASE("getNativeHandle and NativeHandle via traits/Traits.hpp", "[core]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const handle = alpaka::getNativeHandle(dev);
    STATIC_REQUIRE(std::is_same_v<alpaka::NativeHandle<alpaka::DevCpu>, std::remove_const_t<decltype(handle)>>);
    CHECK(handle == alpaka::getNativeHandle(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0)));
}

TEST_CASE("alpaka.hpp makes std::cout available", "[core]")
{
    // std::cout, std::endl and std::ostream come with alpaka.hpp alone (this file includes no iostream header).
    std::ostream& out = std::cout;
    CHECK(out.good());
    std::ostringstream os;
    os << alpaka::Vec{1, 2} << std::endl;
    CHECK(os.str().find('1') != std::string::npos);
}
