// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Upstream alpaka 1.2's header paths that forward here or add upstream's small utilities: every one is included
//! (each also compiles alone: tests/cpp/headers), and the names they add behave as upstream documents them.

#include <alpaka/alpaka.hpp>
#include <alpaka/atomic/AtomicAtomicRef.hpp>
#include <alpaka/atomic/AtomicOmpBuiltIn.hpp>
#include <alpaka/atomic/AtomicStdLibLock.hpp>
#include <alpaka/atomic/AtomicUniformCudaHip.hpp>
#include <alpaka/block/shared/st/BlockSharedMemStMemberMasterSync.hpp>
#include <alpaka/block/shared/st/detail/BlockSharedMemStMemberImpl.hpp>
#include <alpaka/block/sync/BlockSyncBarrierOmp.hpp>
#include <alpaka/block/sync/BlockSyncBarrierThread.hpp>
#include <alpaka/core/Align.hpp>
#include <alpaka/core/AlignedAlloc.hpp>
#include <alpaka/core/ApiCudaRt.hpp>
#include <alpaka/core/ApiHipRt.hpp>
#include <alpaka/core/BarrierThread.hpp>
#include <alpaka/core/Cuda.hpp>
#include <alpaka/core/CudaHipCommon.hpp>
#include <alpaka/core/Decay.hpp>
#include <alpaka/core/Hip.hpp>
#include <alpaka/core/RemoveRestrict.hpp>
#include <alpaka/core/UniformCudaHip.hpp>
#include <alpaka/core/Unroll.hpp>
#include <alpaka/core/Vectorize.hpp>
#include <alpaka/dev/common/QueueRegistry.hpp>
#include <alpaka/dev/cpu/SysInfo.hpp>
#include <alpaka/dev/cpu/Wait.hpp>
#include <alpaka/event/EventCudaRt.hpp>
#include <alpaka/event/EventHipRt.hpp>
#include <alpaka/idx/bt/IdxBtLinear.hpp>
#include <alpaka/idx/bt/IdxBtOmp.hpp>
#include <alpaka/idx/bt/IdxBtRefThreadIdMap.hpp>
#include <alpaka/idx/gb/IdxGbLinear.hpp>
#include <alpaka/intrinsic/IntrinsicFallback.hpp>
#include <alpaka/kernel/TaskKernelCpuOmp2Threads.hpp>
#include <alpaka/kernel/TaskKernelCpuSerial.hpp>
#include <alpaka/kernel/TaskKernelCpuTbbBlocks.hpp>
#include <alpaka/kernel/TaskKernelCpuThreads.hpp>
#include <alpaka/kernel/TaskKernelGpuCudaRt.hpp>
#include <alpaka/kernel/TaskKernelGpuHipRt.hpp>
#include <alpaka/math/MathUniformCudaHipBuiltIn.hpp>
#include <alpaka/mem/alloc/AllocCpuAligned.hpp>
#include <alpaka/mem/alloc/AllocCpuNew.hpp>
#include <alpaka/mem/alloc/Traits.hpp>
#include <alpaka/mem/buf/BufCudaRt.hpp>
#include <alpaka/mem/buf/BufHipRt.hpp>
#include <alpaka/mem/buf/SetKernel.hpp>
#include <alpaka/mem/fence/MemFenceOmp2Blocks.hpp>
#include <alpaka/mem/fence/MemFenceOmp2Threads.hpp>
#include <alpaka/mem/global/DeviceGlobalUniformCudaHipBuiltIn.hpp>
#include <alpaka/platform/PlatformCudaRt.hpp>
#include <alpaka/platform/PlatformHipRt.hpp>
#include <alpaka/queue/QueueCudaRtBlocking.hpp>
#include <alpaka/queue/QueueCudaRtNonBlocking.hpp>
#include <alpaka/queue/QueueHipRtBlocking.hpp>
#include <alpaka/queue/QueueHipRtNonBlocking.hpp>
#include <alpaka/queue/QueueUniformCudaHipRtBlocking.hpp>
#include <alpaka/queue/QueueUniformCudaHipRtNonBlocking.hpp>
#include <alpaka/queue/cpu/IGenericThreadsQueue.hpp>
#include <alpaka/queue/cuda_hip/QueueUniformCudaHipRt.hpp>
#include <alpaka/rand/Philox/MultiplyAndSplit64to32.hpp>
#include <alpaka/rand/Philox/PhiloxBaseCommon.hpp>
#include <alpaka/rand/Philox/PhiloxConstants.hpp>
#include <alpaka/rand/Philox/PhiloxSingle.hpp>
#include <alpaka/rand/Philox/PhiloxStateless.hpp>
#include <alpaka/rand/Philox/PhiloxStatelessKeyedBase.hpp>
#include <alpaka/rand/Philox/PhiloxVector.hpp>
#include <alpaka/rand/RandUniformCudaHipRand.hpp>
#include <alpaka/rand/TinyMT/Engine.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/version.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    template<std::size_t TAlignment>
    using Alignment = std::integral_constant<std::size_t, TAlignment>;

    auto isAligned(void const* ptr, std::size_t alignment) -> bool
    {
        return reinterpret_cast<std::uintptr_t>(ptr) % alignment == 0u;
    }

    using Dim = alpaka::DimInt<1>;

    struct Kernel
    {
    };

    using MemSetAccs = alpaka::test::EnabledAccs<alpaka::DimInt<2>, std::size_t>;

    //! An allocator of its own that reuses AllocCpuNew's traits through the concept, as accelerators reuse theirs.
    class DerivedAlloc : public alpaka::AllocCpuNew
    {
    };
} // namespace

TEST_CASE("alpaka/version.hpp: ALPAKA_VERSION is BOOST_VERSION_NUMBER(major, minor, patch)", "[upstream-paths]")
{
    STATIC_REQUIRE(ALPAKA_VERSION_MAJOR == 1);
    STATIC_REQUIRE(ALPAKA_VERSION_MINOR == 2);
    STATIC_REQUIRE(ALPAKA_VERSION_PATCH == 0);
    STATIC_REQUIRE(ALPAKA_VERSION == BOOST_VERSION_NUMBER(1, 2, 0));
#if ALPAKA_VERSION < BOOST_VERSION_NUMBER(1, 0, 0)
    FAIL("ALPAKA_VERSION compares with BOOST_VERSION_NUMBER in #if");
#endif
}

TEST_CASE("core/Align.hpp: powers of two and optimal alignments", "[upstream-paths]")
{
    using alpaka::core::RoundUpToPowerOfTwo;
    using alpaka::core::align::OptimalAlignment;
    STATIC_REQUIRE(RoundUpToPowerOfTwo<0>::value == 0u);
    STATIC_REQUIRE(RoundUpToPowerOfTwo<1>::value == 1u);
    STATIC_REQUIRE(RoundUpToPowerOfTwo<3>::value == 4u);
    STATIC_REQUIRE(RoundUpToPowerOfTwo<64>::value == 64u);
    STATIC_REQUIRE(RoundUpToPowerOfTwo<65>::value == 128u);
    STATIC_REQUIRE(OptimalAlignment<4>::value == 4u);
    STATIC_REQUIRE(OptimalAlignment<12>::value == 16u);
    STATIC_REQUIRE(OptimalAlignment<100>::value == 128u);
#if defined(__GNUC__) && !defined(__clang__)
    STATIC_REQUIRE(OptimalAlignment<200>::value == 128u);
#endif
    STATIC_REQUIRE(ALPAKA_OPTIMAL_ALIGNMENT(double const) == 8u);
    STATIC_REQUIRE(ALPAKA_OPTIMAL_ALIGNMENT(char[3]) == 4u);
}

TEST_CASE("core/AlignedAlloc.hpp: alignedAlloc returns aligned memory that alignedFree releases", "[upstream-paths]")
{
    for(std::size_t alignment = 1u; alignment <= 8192u; alignment *= 2u)
        for(std::size_t const size : {std::size_t{0}, std::size_t{1}, std::size_t{100}, std::size_t{10'000}})
        {
            INFO("alignment " << alignment << ", size " << size);
            void* const ptr = alpaka::core::alignedAlloc(alignment, size);
            REQUIRE(ptr != nullptr);
            CHECK(isAligned(ptr, alignment));
            auto* const bytes = static_cast<unsigned char*>(ptr);
            for(std::size_t i = 0; i < size; ++i)
                bytes[i] = static_cast<unsigned char>(i);
            alpaka::core::alignedFree(alignment, ptr);
        }
    CHECK_THROWS_AS(alpaka::core::alignedAlloc(64u, static_cast<std::size_t>(-1) - 8u), std::bad_alloc);
}

TEST_CASE("mem/alloc: malloc and free through AllocCpuAligned, AllocCpuNew and a derived allocator", "[upstream-paths]")
{
    STATIC_REQUIRE(alpaka::concepts::implements<alpaka::ConceptMemAlloc, alpaka::AllocCpuNew>);
    STATIC_REQUIRE(alpaka::concepts::implements<alpaka::ConceptMemAlloc, alpaka::AllocCpuAligned<Alignment<64>>>);

    alpaka::AllocCpuAligned<Alignment<256>> const aligned;
    double* const values = alpaka::malloc<double>(aligned, 1000u);
    REQUIRE(values != nullptr);
    CHECK(isAligned(values, 256u));
    for(std::size_t i = 0; i < 1000u; ++i)
        values[i] = static_cast<double>(i) * 0.5;
    CHECK(values[999] == 499.5);
    alpaka::free(aligned, values);
    CHECK(alpaka::AllocCpuAligned<Alignment<256>>::alignment() >= 256u);
    CHECK_THROWS_AS(alpaka::malloc<double>(aligned, static_cast<std::size_t>(-1) / 4u), std::bad_alloc);

    alpaka::AllocCpuNew const plain;
    std::string* const strings = alpaka::malloc<std::string>(plain, 3u);
    strings[2] = "constructed by new[]";
    CHECK(strings[0].empty());
    CHECK(strings[2] == "constructed by new[]");
    alpaka::free(plain, strings);

    DerivedAlloc const derived;
    int const* const ints = alpaka::malloc<int>(derived, 16u);
    REQUIRE(ints != nullptr);
    alpaka::free(derived, ints);
}

TEST_CASE("core/Decay.hpp and core/RemoveRestrict.hpp", "[upstream-paths]")
{
    STATIC_REQUIRE(alpaka::is_decayed_v<int const&, int>);
    STATIC_REQUIRE(alpaka::is_decayed_v<float volatile, float>);
    STATIC_REQUIRE(alpaka::is_decayed_v<int[3], int*>);
    STATIC_REQUIRE(!alpaka::is_decayed_v<int, long>);

    STATIC_REQUIRE(std::is_same_v<alpaka::remove_restrict_t<int* __restrict__>, int*>);
    STATIC_REQUIRE(std::is_same_v<alpaka::remove_restrict_t<float const* __restrict__>, float const*>);
    STATIC_REQUIRE(std::is_same_v<alpaka::remove_restrict_t<int*>, int*>);
    STATIC_REQUIRE(std::is_same_v<alpaka::remove_restrict_t<double>, double>);
}

TEST_CASE("core/Vectorize.hpp: vector widths of the compilation target", "[upstream-paths]")
{
    using alpaka::core::vectorization::defaultAlignment;
    using alpaka::core::vectorization::GetVectorizationSizeElems;
    STATIC_REQUIRE((defaultAlignment == 16u || defaultAlignment == 32u || defaultAlignment == 64u));
    // No type has more lanes than the widest register holds, and types without vector arithmetic have one.
    STATIC_REQUIRE(GetVectorizationSizeElems<float>::value * sizeof(float) <= 64u);
    STATIC_REQUIRE(GetVectorizationSizeElems<std::int8_t>::value <= 64u);
    STATIC_REQUIRE(GetVectorizationSizeElems<bool>::value == 1u);
    STATIC_REQUIRE(GetVectorizationSizeElems<long double>::value == 1u);
#if defined(__x86_64__) && defined(__SSE2__) && !defined(__AVX__)
    // The x86-64 baseline: 128-bit SSE registers.
    STATIC_REQUIRE(defaultAlignment == 16u);
    STATIC_REQUIRE(GetVectorizationSizeElems<float>::value == 4u);
    STATIC_REQUIRE(GetVectorizationSizeElems<double>::value == 2u);
    STATIC_REQUIRE(GetVectorizationSizeElems<std::uint8_t>::value == 16u);
    STATIC_REQUIRE(GetVectorizationSizeElems<std::int16_t>::value == 8u);
    STATIC_REQUIRE(GetVectorizationSizeElems<std::uint32_t>::value == 4u);
    STATIC_REQUIRE(GetVectorizationSizeElems<std::int64_t>::value == 2u);
#endif
}

TEST_CASE("core/BarrierThread.hpp: barriers of host threads", "[upstream-paths]")
{
    constexpr int threadCount = 4;
    constexpr int phases = 50;
    alpaka::core::threads::BarrierThread<int> barrier(threadCount);
    alpaka::core::threads::BarrierThreadWithPredicate<int> predicateBarrier(threadCount);
    std::atomic<int> arrived{0};
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for(int t = 0; t < threadCount; ++t)
        threads.emplace_back(
            [&, t]
            {
                for(int phase = 0; phase < phases; ++phase)
                {
                    arrived.fetch_add(1);
                    barrier.wait();
                    // Everybody arrived at this phase and nobody can have gone on to the next one.
                    if(arrived.load() != (phase + 1) * threadCount)
                        mismatches.fetch_add(1);
                    barrier.wait();
                    int const predicate = (t + phase) % 2;
                    int const count = predicateBarrier.wait<alpaka::BlockCount>(predicate);
                    int const all = predicateBarrier.wait<alpaka::BlockAnd>(t < threadCount ? 1 : 0);
                    int const any = predicateBarrier.wait<alpaka::BlockOr>(t == 0 && phase % 3 == 0 ? 1 : 0);
                    if(count != threadCount / 2 || all != 1 || any != (phase % 3 == 0 ? 1 : 0))
                        mismatches.fetch_add(1);
                }
            });
    for(auto& thread : threads)
        thread.join();
    CHECK(mismatches.load() == 0);
    CHECK(arrived.load() == threadCount * phases);
}

TEST_CASE("dev/cpu/SysInfo.hpp: host queries under upstream's names", "[upstream-paths]")
{
    CHECK_FALSE(alpaka::cpu::detail::getCpuName().empty());
    std::size_t const page = alpaka::cpu::detail::getPageSize();
    CHECK(page >= 1024u);
    CHECK((page & (page - 1u)) == 0u);
    std::size_t const total = alpaka::cpu::detail::getTotalGlobalMemSizeBytes();
    CHECK(total > 0u);
    CHECK(alpaka::cpu::detail::getFreeGlobalMemSizeBytes() <= total);
    std::uint32_t regs[4] = {1u, 1u, 1u, 1u};
    alpaka::cpu::detail::cpuid(0u, 0u, regs);
#if defined(__x86_64__) || defined(__i386__)
    CHECK(regs[0] >= 1u);                       // the highest standard leaf
    CHECK((regs[1] | regs[2] | regs[3]) != 0u); // the vendor string
#else
    CHECK((regs[0] | regs[1] | regs[2] | regs[3]) == 0u);
#endif
    // dev/cpu/Wait.hpp: wait for a device.
    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::wait(host);
}

TEST_CASE("intrinsic/IntrinsicFallback.hpp: popcount and ffs", "[upstream-paths]")
{
    alpaka::IntrinsicFallback const intrinsic;
    CHECK(alpaka::popcount(intrinsic, std::uint32_t{0xF0F0u}) == 8);
    CHECK(alpaka::popcount(intrinsic, ~std::uint64_t{0}) == 64);
    CHECK(alpaka::popcount(intrinsic, std::int32_t{-1}) == 32);
    CHECK(alpaka::ffs(intrinsic, std::int32_t{0}) == 0);
    CHECK(alpaka::ffs(intrinsic, std::int32_t{0x80}) == 8);
    CHECK(alpaka::ffs(intrinsic, std::int64_t{1} << 40) == 41);
}

TEST_CASE("rand/TinyMT/Engine.hpp: TinyMTengine", "[upstream-paths]")
{
    using Engine = alpaka::rand::engine::cpu::TinyMTengine;
    STATIC_REQUIRE(std::uniform_random_bit_generator<Engine>);
    STATIC_REQUIRE(Engine::default_seed() == 42u);
    STATIC_REQUIRE(Engine::min() == 0u);
    STATIC_REQUIRE(Engine::max() == 0xFFFF'FFFFu);

    // The reference TinyMT32 output for seed 1 (tinymt32's check program).
    Engine one(1u);
    CHECK(one() == 2'545'341'989u);
    CHECK(one() == 981'918'433u);

    Engine byDefault;
    Engine seeded(42u);
    alpaka::rand::TinyMersenneTwister32 reference(42u);
    for(int i = 0; i < 100; ++i)
    {
        auto const value = reference();
        CHECK(byDefault() == value);
        CHECK(seeded() == value);
    }

    seeded.seed(7u);
    Engine fresh(7u);
    CHECK(seeded() == fresh());
    Engine skipped(7u);
    skipped.discard(10u);
    for(int i = 0; i < 9; ++i)
        fresh();
    CHECK(skipped() == fresh());

    std::uniform_int_distribution<int> dist(1, 6);
    int const roll = dist(one);
    CHECK((roll >= 1 && roll <= 6));
}

TEST_CASE("rand/Philox: upstream's parametrized function and its helpers", "[upstream-paths]")
{
    using namespace alpaka::rand;
    std::uint32_t high = 0;
    std::uint32_t low = 0;
    multiplyAndSplit64to32(0xFFFF'FFFFu, 0xFFFF'FFFFu, high, low);
    CHECK(high == 0xFFFF'FFFEu);
    CHECK(low == 1u);
    STATIC_REQUIRE(high32Bits(0x1234'5678'9ABC'DEF0u) == 0x1234'5678u);
    STATIC_REQUIRE(low32Bits(0x1234'5678'9ABC'DEF0u) == 0x9ABC'DEF0u);

    using Params = engine::PhiloxParams<4, 32, 10>;
    STATIC_REQUIRE(Params::counterSize == 4u && Params::width == 32u && Params::rounds == 10u);
    using Constants = engine::PhiloxConstants<Params>;
    STATIC_REQUIRE(Constants::WEYL_32_0() == 0x9E37'79B9u);
    STATIC_REQUIRE(Constants::WEYL_32_1() == 0xBB67'AE85u);
    STATIC_REQUIRE(Constants::MULTIPLITER_4x32_0() == 0xCD9E'8D57u);
    STATIC_REQUIRE(Constants::MULTIPLITER_4x32_1() == 0xD251'1F53u);

    using Stateless = engine::PhiloxStateless<Params>;
    STATIC_REQUIRE(std::is_same_v<Stateless::Counter, PhiloxStateless4x32x10Vector::Counter>);
    STATIC_REQUIRE(std::is_same_v<Stateless::Key, PhiloxStateless4x32x10Vector::Key>);
    Stateless::Counter const counter{1u, 2u, 3u, 4u};
    Stateless::Key const key{5u, 6u};
    CHECK(Stateless::generate(counter, key) == PhiloxStateless4x32x10Vector::generate(counter, key));
    // Random123's known answer of Philox-4x32-10 for a zero counter and key.
    Stateless::Counter const zeros{0u, 0u, 0u, 0u};
    CHECK(
        Stateless::generate(zeros, Stateless::Key{0u, 0u})
        == Stateless::Counter{0x6627'e8d5u, 0xe169'c58du, 0xbc57'ac4cu, 0x9b00'dbd8u});
    // Fewer rounds give another function.
    CHECK(
        engine::PhiloxStateless<engine::PhiloxParams<4, 32, 7>>::generate(counter, key)
        != Stateless::generate(counter, key));

    engine::PhiloxStatelessKeyedBase<Params> const keyed(Stateless::Key{5u, 6u});
    CHECK(keyed(counter) == Stateless::generate(counter, key));
}

TEST_CASE("aliases under upstream's header paths", "[upstream-paths]")
{
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::TaskKernelCpuSerial<Dim, int, Kernel>,
                   alpaka::TaskKernelCpu<alpaka::AccCpuSerial<Dim, int>, Kernel>>);
#endif
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::TaskKernelCpuThreads<Dim, int, Kernel>,
                   alpaka::TaskKernelCpu<alpaka::AccCpuThreads<Dim, int>, Kernel>>);
#endif
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::TaskKernelCpuOmp2Threads<Dim, int, Kernel>,
                   alpaka::TaskKernelCpu<alpaka::AccCpuOmp2Threads<Dim, int>, Kernel>>);
#endif
#if defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED)
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::TaskKernelCpuTbbBlocks<Dim, int, Kernel>,
                   alpaka::TaskKernelCpu<alpaka::AccCpuTbbBlocks<Dim, int>, Kernel>>);
#endif
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    STATIC_REQUIRE(
        std::is_same_v<alpaka::QueueUniformCudaHipRtBlocking<alpaka::ApiCudaRt>, alpaka::QueueCudaRtBlocking>);
    STATIC_REQUIRE(
        std::is_same_v<alpaka::QueueUniformCudaHipRtNonBlocking<alpaka::ApiCudaRt>, alpaka::QueueCudaRtNonBlocking>);
#endif
    SUCCEED();
}

TEMPLATE_LIST_TEST_CASE(
    "mem/buf/SetKernel.hpp: MemSetKernel sets the bytes of a pitched region", "[upstream-paths]", MemSetAccs)
{
    using Acc = TestType;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2>, std::size_t>;
    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(dev);

    Vec2 const extent{5u, 7u};
    Vec2 const region{3u, 5u};
    auto buf = alpaka::allocBuf<std::uint8_t, std::size_t>(dev, extent);
    alpaka::memset(queue, buf, 0u);
    auto const workDiv = alpaka::getValidWorkDiv<Acc>(dev, region);
    alpaka::exec<Acc>(
        queue,
        workDiv,
        alpaka::MemSetKernel{},
        std::uint8_t{0xAB},
        alpaka::getPtrNative(buf),
        region,
        alpaka::getPitchesInBytes(buf));
    auto hostBuf = alpaka::allocBuf<std::uint8_t, std::size_t>(host, extent);
    alpaka::memcpy(queue, hostBuf, buf);
    alpaka::wait(queue);

    auto const pitch = alpaka::getPitchesInBytes(hostBuf);
    auto const* const bytes = alpaka::getPtrNative(hostBuf);
    for(std::size_t row = 0; row < extent[0]; ++row)
        for(std::size_t col = 0; col < extent[1]; ++col)
        {
            INFO(alpaka::getAccName<Acc>() << " row " << row << " col " << col);
            bool const inside = row < region[0] && col < region[1];
            CHECK(bytes[row * pitch[0] + col] == (inside ? 0xABu : 0u));
        }
}
