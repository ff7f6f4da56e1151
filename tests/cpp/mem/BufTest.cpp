// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// allocBuf on the host for Dims 0..4, several element and index types: the buffer's type and traits, its extents,
// dense pitches in both conventions, an aligned pointer through every accessor, element access that honours the
// pitches, and shared ownership between copies.

#include <alpaka/test/Extent.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "alpaka_test/Mem.hpp"

namespace
{
    //! An element whose size (3) is not a power of two, so that pitch arithmetic in elements would show.
    struct Rgb
    {
        std::uint8_t r;
        std::uint8_t g;
        std::uint8_t b;

        auto operator==(Rgb const&) const -> bool = default;
    };

    //! An over-aligned element: buffers must still be 64-byte aligned and dense.
    struct alignas(32) Wide
    {
        double value;

        auto operator==(Wide const&) const -> bool = default;
    };

    template<typename TElem>
    auto makeValue(std::size_t linear) -> TElem
    {
        if constexpr(std::is_same_v<TElem, Rgb>)
            return Rgb{
                static_cast<std::uint8_t>(linear % 251u),
                static_cast<std::uint8_t>(linear / 251u),
                static_cast<std::uint8_t>(7u)};
        else if constexpr(std::is_same_v<TElem, Wide>)
            return Wide{static_cast<double>(linear) + 0.5};
        else
            return memtest::valueAt<TElem>(linear);
    }

    //! Dense pitches computed independently of the library: last = sizeof(Elem), p[i] = p[i+1] * extent[i+1].
    template<typename TElem, typename TDim, typename TIdx>
    auto densePitches(alpaka::Vec<TDim, TIdx> const& extent) -> alpaka::Vec<TDim, TIdx>
    {
        alpaka::Vec<TDim, TIdx> pitches;
        TIdx pitch = static_cast<TIdx>(sizeof(TElem));
        for(std::size_t i = TDim::value; i-- > 0;)
        {
            pitches[i] = pitch;
            pitch = static_cast<TIdx>(pitch * extent[i]);
        }
        return pitches;
    }

    //! The seed's getPitchBytes<I>: I = Dim is the element size, 0 < I <= Dim is getPitchesInBytes()[I - 1] and
    //! I = 0 is the size of the whole buffer.
    template<typename TBuf, std::size_t... TIs>
    void checkSeedPitches(TBuf const& buf, std::index_sequence<TIs...>)
    {
        using Idx = alpaka::Idx<TBuf>;
        constexpr std::size_t dim = alpaka::Dim<TBuf>::value;
        auto const pitches = alpaka::getPitchesInBytes(buf);
        auto const extent = alpaka::getExtents(buf);
        auto const expected = [&](std::size_t i) -> Idx
        {
            if(i == dim)
                return static_cast<Idx>(sizeof(alpaka::Elem<TBuf>));
            if(i == 0)
                return static_cast<Idx>(pitches[0] * extent[0]);
            return pitches[i - 1];
        };
        ([&] { CHECK(alpaka::getPitchBytes<TIs>(buf) == expected(TIs)); }(), ...);
        CHECK(
            alpaka::getPitchBytes<0>(buf)
            == static_cast<Idx>(extent.prod() * static_cast<Idx>(sizeof(alpaka::Elem<TBuf>))));
    }

    template<typename TElem, typename TDim, typename TIdx>
    void checkBuffer()
    {
        INFO("element size " << sizeof(TElem));
        auto const dev = memtest::devHost();
        auto const extent = alpaka::test::extentBuf<TDim, TIdx>;
        auto buf = alpaka::allocBuf<TElem, TIdx>(dev, extent);

        using Buf = decltype(buf);
        STATIC_REQUIRE(std::is_same_v<Buf, alpaka::Buf<alpaka::DevCpu, TElem, TDim, TIdx>>);
        STATIC_REQUIRE(std::is_same_v<Buf, alpaka::BufCpu<TElem, TDim, TIdx>>);
        STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Buf>, alpaka::DevCpu>);
        STATIC_REQUIRE(std::is_same_v<alpaka::Dim<Buf>, TDim>);
        STATIC_REQUIRE(std::is_same_v<alpaka::Idx<Buf>, TIdx>);
        STATIC_REQUIRE(std::is_same_v<alpaka::Elem<Buf>, TElem>);
        STATIC_REQUIRE(alpaka::isView<Buf>);

        CHECK(alpaka::getExtents(buf) == extent);
        CHECK(alpaka::getDev(buf) == dev);
        CHECK(alpaka::getPitchesInBytes(buf) == densePitches<TElem>(extent));
        if constexpr(TDim::value > 0)
            CHECK(alpaka::getPitchesInBytes(buf)[TDim::value - 1] == static_cast<TIdx>(sizeof(TElem)));
        checkSeedPitches(buf, std::make_index_sequence<TDim::value + 1>{});

        // Every way to reach the memory gives the same, 64-byte aligned pointer.
        TElem* const ptr = alpaka::getPtrNative(buf);
        auto const& constBuf = buf;
        STATIC_REQUIRE(std::is_same_v<decltype(alpaka::getPtrNative(constBuf)), TElem const*>);
        STATIC_REQUIRE(std::is_same_v<decltype(constBuf.data()), TElem const*>);
        REQUIRE(ptr != nullptr);
        CHECK(buf.data() == ptr);
        CHECK(std::data(buf) == ptr);
        CHECK(alpaka::getPtrNative(constBuf) == ptr);
        CHECK(alpaka::getPtrDev(buf, dev) == ptr);
        CHECK(reinterpret_cast<std::uintptr_t>(ptr) % 64u == 0u);

        // buf[index] is the element at byte offset index . pitches; at() is the same element, bounds-checked.
        auto const pitches = alpaka::getPitchesInBytes(buf);
        std::size_t mismatches = 0;
        memtest::forEachIndex(
            extent,
            [&](auto const& index)
            {
                std::size_t offset = 0;
                for(std::size_t i = 0; i != TDim::value; ++i) // != : no "always false" warning for 0-D
                    offset += static_cast<std::size_t>(index[i]) * static_cast<std::size_t>(pitches[i]);
                auto* const expectedAddress = reinterpret_cast<TElem*>(reinterpret_cast<std::byte*>(ptr) + offset);
                if(&buf[index] != expectedAddress || &buf.at(index) != expectedAddress
                   || &constBuf[index] != expectedAddress)
                    ++mismatches;
                buf[index] = makeValue<TElem>(memtest::linearIndex(index, extent));
            });
        CHECK(mismatches == 0u);
        // Dense: element k of the row-major order is ptr[k].
        std::size_t const count = static_cast<std::size_t>(extent.prod());
        for(std::size_t k = 0; k < count; ++k)
            if(!(ptr[k] == makeValue<TElem>(k)))
                ++mismatches;
        CHECK(mismatches == 0u);

        // Copies are handles of the same memory.
        auto copy = buf;
        CHECK(copy == buf);
        CHECK_FALSE(copy != buf);
        CHECK(alpaka::getPtrNative(copy) == ptr);
        CHECK(alpaka::getExtents(copy) == extent);
        auto other = alpaka::allocBuf<TElem, TIdx>(dev, extent);
        CHECK(other != buf);
        CHECK(alpaka::getPtrNative(other) != ptr);
    }

    template<typename TDim, typename TIdx>
    void checkAllElementTypes()
    {
        checkBuffer<float, TDim, TIdx>();
        checkBuffer<double, TDim, TIdx>();
        checkBuffer<std::int16_t, TDim, TIdx>();
        checkBuffer<Rgb, TDim, TIdx>();
        checkBuffer<Wide, TDim, TIdx>();
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "allocBuf gives a dense, aligned buffer with the requested extent", "[mem][buf]", memtest::DimsIdxs)
{
    using Dim = memtest::At<TestType, 0>;
    using Idx = memtest::At<TestType, 1>;
    checkAllElementTypes<Dim, Idx>();
}

TEST_CASE("Element access: buf[i] for 1-D, *buf and buf-> for 0-D", "[mem][buf]")
{
    auto const dev = memtest::devHost();

    auto buf1 = alpaka::allocBuf<int, std::size_t>(dev, std::size_t{5});
    STATIC_REQUIRE(alpaka::Dim<decltype(buf1)>::value == 1u);
    for(int i = 0; i < 5; ++i)
        buf1[i] = 10 * i;
    for(std::size_t i = 0; i < 5u; ++i)
        CHECK(alpaka::getPtrNative(buf1)[i] == 10 * static_cast<int>(i));
    CHECK(buf1[std::size_t{3}] == 30);
    CHECK(buf1[alpaka::Vec{std::size_t{4}}] == 40);

    auto buf0 = alpaka::allocBuf<Rgb, int>(dev, alpaka::Vec<alpaka::DimInt<0u>, int>{});
    CHECK(alpaka::getExtents(buf0).prod() == 1);
    *buf0 = Rgb{1, 2, 3};
    buf0->g = 20;
    CHECK(*alpaka::getPtrNative(buf0) == Rgb{1, 20, 3});
    CHECK(buf0.at(alpaka::Vec<alpaka::DimInt<0u>, int>{}) == Rgb{1, 20, 3});
}

TEST_CASE("at() outside the extent throws std::out_of_range naming the index and the extent", "[mem][buf]")
{
    auto const dev = memtest::devHost();
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    auto buf = alpaka::allocBuf<float, int>(dev, Vec2{3, 4});
    auto const& constBuf = buf;

    CHECK_NOTHROW(buf.at(Vec2{2, 3}));
    CHECK_THROWS_AS(buf.at(Vec2{3, 0}), std::out_of_range);
    CHECK_THROWS_AS(constBuf.at(Vec2{0, 4}), std::out_of_range);
    CHECK_THROWS_WITH(buf.at(Vec2{0, -1}), memtest::contains("index (0, -1)"));
    CHECK_THROWS_WITH(
        buf.at(Vec2{2, 7}), memtest::contains("index (2, 7) is outside of the Buffer or View extent (3, 4)"));
}

TEST_CASE("The memory lives as long as the last copy of the buffer", "[mem][buf]")
{
    auto const dev = memtest::devHost();
    auto outer = alpaka::allocBuf<int, int>(dev, 4);
    {
        auto inner = alpaka::allocBuf<int, int>(dev, 4);
        inner[0] = 42;
        outer = inner; // the first allocation is released here, the second is now shared
    }
    // ASan flags a use-after-free here if the inner handle's destruction released the memory.
    CHECK(outer[0] == 42);
}

TEST_CASE("BufCpu runs its deleter once, after the last copy; an empty deleter releases nothing", "[mem][buf]")
{
    auto const dev = memtest::devHost();
    using Dim = alpaka::DimInt<1u>;
    using Buf = alpaka::BufCpu<int, Dim, int>;
    alpaka::Vec<Dim, int> const extent{4};
    static int calls = 0;
    calls = 0;
    struct Release
    {
        static void free(int* p)
        {
            ++calls;
            delete[] p;
        }
    };
    {
        // A lambda without captures: it converts to bool, yet it is no empty deleter.
        Buf const buf(dev, new int[4], [](int* p) { Release::free(p); }, extent);
        Buf const copy = buf; // shares the memory: released after both
        CHECK(std::data(copy) == std::data(buf));
        CHECK(calls == 0);
    }
    CHECK(calls == 1);
    int captured = 0;
    {
        Buf const buf(
            dev,
            new int[4],
            [&captured](int* p)
            {
                ++captured;
                Release::free(p);
            },
            extent);
        CHECK(std::data(buf) != nullptr);
    }
    CHECK(calls == 2);
    CHECK(captured == 1);
    {
        Buf const buf(dev, new int[4], &Release::free, extent);
    }
    CHECK(calls == 3);
    // Empty deleters: nullptr, a null function pointer, an empty std::function-like object.
    static int storage[4] = {};
    {
        Buf const a(dev, storage, nullptr, extent);
        void (*none)(int*) = nullptr;
        Buf const b(dev, storage, none, extent);
        struct EmptyCallable
        {
            explicit operator bool() const
            {
                return false;
            }

            void operator()(int*) const
            {
                ++calls;
            }
        };
        Buf const c(dev, storage, EmptyCallable{}, extent);
        CHECK(std::data(c) == storage);
    }
    CHECK(calls == 3);
}

TEST_CASE("A buffer's memory outlives every view and queued copy of it; deleters may be move-only", "[mem][buf]")
{
    auto const dev = memtest::devHost();
    using Dim = alpaka::DimInt<1u>;
    using Buf = alpaka::BufCpu<int, Dim, int>;
    alpaka::Vec<Dim, int> const extent{8};
    static int released = 0;
    released = 0;
    struct Release
    {
        // The signature the library's own allocations use: kept as it is, called with the memory.
        static void free(void* p) noexcept
        {
            ++released;
            delete[] static_cast<int*>(p);
        }
    };

    // A sub-view (and a sub-view of it) keeps the memory after the last buffer handle is gone.
    {
        auto subView = [&]
        {
            Buf const buf(dev, new int[8]{0, 1, 2, 3, 4, 5, 6, 7}, &Release::free, extent);
            auto const outer = alpaka::createSubView(buf, alpaka::Vec<Dim, int>{6}, alpaka::Vec<Dim, int>{1});
            return alpaka::createSubView(outer, alpaka::Vec<Dim, int>{4}, alpaka::Vec<Dim, int>{1});
        }();
        CHECK(released == 0);
        CHECK(alpaka::getPtrNative(subView)[0] == 2); // ASan: a use after free if the sub-view did not own it
        CHECK(alpaka::getPtrNative(subView)[3] == 5);
    }
    CHECK(released == 1);

    // A copy still queued on a non-blocking queue keeps both buffers alive.
    {
        alpaka::QueueCpuNonBlocking queue(dev);
        alpaka::test::EventHostManualTrigger<alpaka::DevCpu> gate(dev);
        auto destination = alpaka::allocBuf<int, int>(dev, extent);
        alpaka::enqueue(queue, gate);
        {
            Buf const source(dev, new int[8]{7, 6, 5, 4, 3, 2, 1, 0}, &Release::free, extent);
            alpaka::memcpy(queue, destination, source);
        }
        CHECK(released == 1); // the source handle is gone, the pending copy owns the memory
        gate.trigger();
        alpaka::wait(queue);
        CHECK(destination[0] == 7);
        CHECK(destination[7] == 0);
    }
    CHECK(released == 2);

    // A move-only deleter: it owns what it releases.
    {
        struct OwningDeleter
        {
            std::unique_ptr<int[]> memory;

            void operator()(int* p)
            {
                CHECK(p == memory.get());
                memory.reset();
                ++released;
            }
        };
        auto memory = std::make_unique<int[]>(8);
        int* const raw = memory.get();
        Buf const buf(dev, raw, OwningDeleter{std::move(memory)}, extent);
        Buf const copy = buf;
        CHECK(std::data(copy) == raw);
    }
    CHECK(released == 3);

    // Copies are the same buffer; two buffers over the same memory are not.
    static int storage[8] = {};
    Buf const a(dev, storage, nullptr, extent);
    Buf const b(dev, storage, nullptr, extent);
    Buf const aCopy = a;
    CHECK(a == aCopy);
    CHECK(a != b);
}
