// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! One file: the kernel cases and the host cases of the mdspan types share their views and helper kernels.
//! Views as mdspans (getMdSpan, getMdSpanTransposed, MdSpan) read and written in kernels on every back-end, and the
//! mdspan implementation itself on the host: extents, the three layouts' index arithmetic, rank 0, const elements,
//! conversions and trivial copyability.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/mem/view/ViewTest.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace ex = alpaka::experimental;

namespace
{
    //! mds(index[0], index[1], ...).
    template<typename TMdSpan, typename TVec, std::size_t... TRanks>
    ALPAKA_FN_HOST_ACC auto at(TMdSpan const& mds, TVec const& index, std::index_sequence<TRanks...>) ->
        typename TMdSpan::reference
    {
        return mds(index[TRanks]...);
    }

    //! mds(index[D - 1], ..., index[0]).
    template<typename TMdSpan, typename TVec, std::size_t... TRanks>
    ALPAKA_FN_HOST_ACC auto atReversed(TMdSpan const& mds, TVec const& index, std::index_sequence<TRanks...>) ->
        typename TMdSpan::reference
    {
        return mds(index[sizeof...(TRanks) - 1u - TRanks]...);
    }

    //! Position of index in a dense row-major array of extent.
    template<typename TVec>
    ALPAKA_FN_HOST_ACC auto linear(TVec const& index, TVec const& extent) -> std::size_t
    {
        std::size_t result = 0;
        for(std::size_t i = 0; i != TVec::Dim::value; ++i)
            result = result * static_cast<std::size_t>(extent[i]) + static_cast<std::size_t>(index[i]);
        return result;
    }

    //! mds holds view[i] = linear(i + offset, parentExtent) (iota in row-major order); checks the mdspan's shape
    //! and reads every element with mds(array) and mds(i, j, k).
    struct ReadKernel
    {
        template<typename TAcc, typename TMdSpan, typename TVec>
        ALPAKA_FN_ACC void operator()(
            TAcc const&, bool* success, TMdSpan mds, TVec extent, TVec pitches, TVec offset, TVec parentExtent) const
        {
            constexpr std::size_t dim = TVec::Dim::value;
            ALPAKA_CHECK(*success, TMdSpan::rank() == dim);
            ALPAKA_CHECK(*success, mds.size() == static_cast<std::size_t>(extent.prod()));
            for(std::size_t r = 0; r != dim; ++r)
            {
                ALPAKA_CHECK(*success, mds.extent(r) == extent[r]);
                ALPAKA_CHECK(*success, mds.mapping().stride(r) == pitches[r]);
            }
            alpaka::meta::ndLoopIncIdx(
                extent,
                [&](TVec const& index)
                {
                    auto const expected = static_cast<int>(linear(index + offset, parentExtent));
                    ALPAKA_CHECK(*success, mds(alpaka::toArray(index)) == expected);
                    ALPAKA_CHECK(*success, at(mds, index, std::make_index_sequence<dim>{}) == expected);
                });
        }
    };

    //! mdst is the transposed mdspan of an iota-filled view of extent: mdst(k, j, i) is element (i, j, k).
    struct ReadTransposedKernel
    {
        template<typename TAcc, typename TMdSpan, typename TVec>
        ALPAKA_FN_ACC void operator()(TAcc const&, bool* success, TMdSpan mdst, TVec extent) const
        {
            constexpr std::size_t dim = TVec::Dim::value;
            for(std::size_t r = 0; r != dim; ++r)
                ALPAKA_CHECK(*success, mdst.extent(r) == extent[dim - 1u - r]);
            alpaka::meta::ndLoopIncIdx(
                extent,
                [&](TVec const& index)
                {
                    auto const expected = static_cast<int>(linear(index, extent));
                    ALPAKA_CHECK(*success, atReversed(mdst, index, std::make_index_sequence<dim>{}) == expected);
                });
        }
    };

    //! mds(i) = 3 * linear(i) + 1.
    struct WriteKernel
    {
        template<typename TAcc, typename TMdSpan, typename TVec>
        ALPAKA_FN_ACC void operator()(TAcc const&, bool*, TMdSpan mds, TVec extent) const
        {
            alpaka::meta::ndLoopIncIdx(
                extent,
                [&](TVec const& index) {
                    at(mds, index, std::make_index_sequence<TVec::Dim::value>{})
                        = 3 * static_cast<int>(linear(index, extent)) + 1;
                });
        }
    };

    struct MdRgb
    {
        float r;
        float g;
        float b;
    };

    template<typename TAcc>
    auto makeQueue()
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        return alpaka::Queue<alpaka::Dev<TAcc>, alpaka::Blocking>(dev);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "getMdSpan reads a buffer in row-major order in a kernel", "[mem][mdspan]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto queue = makeQueue<Acc>();
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto buf = alpaka::allocBuf<int, Idx>(alpaka::getDev(queue), extent);
    alpaka::test::iotaFillView(queue, buf);

    auto const mds = ex::getMdSpan(buf);
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(mds)>, ex::MdSpan<int, Idx, Dim>>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::MdSpan<int, Idx, Dim>>);
    CHECK(reinterpret_cast<int*>(mds.data_handle()) == alpaka::getPtrNative(buf));

    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::ones());
    CHECK(fixture(ReadKernel{}, mds, extent, alpaka::getPitchesInBytes(buf), Vec::zeros(), extent));

    // A const buffer gives const elements.
    auto const& constBuf = buf;
    auto const constMds = ex::getMdSpan(constBuf);
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(constMds)>, ex::MdSpan<int const, Idx, Dim>>);
    CHECK(fixture(ReadKernel{}, constMds, extent, alpaka::getPitchesInBytes(buf), Vec::zeros(), extent));
}

TEMPLATE_LIST_TEST_CASE(
    "getMdSpanTransposed reads the same elements with reversed indices", "[mem][mdspan]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto queue = makeQueue<Acc>();
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto buf = alpaka::allocBuf<int, Idx>(alpaka::getDev(queue), extent);
    alpaka::test::iotaFillView(queue, buf);

    auto const mdst = ex::getMdSpanTransposed(buf);
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(mdst)>, ex::MdSpan<int, Idx, Dim>>);
    auto const pitches = alpaka::getPitchesInBytes(buf);
    for(std::size_t r = 0; r != Dim::value; ++r)
        CHECK(mdst.stride(r) == pitches[Dim::value - 1u - r]);

    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::ones());
    CHECK(fixture(ReadTransposedKernel{}, mdst, extent));
}

TEMPLATE_LIST_TEST_CASE(
    "getMdSpan of a sub-view follows its offset and pitches", "[mem][mdspan]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto queue = makeQueue<Acc>();
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
    auto const offset = alpaka::test::offset<Dim, Idx>;
    auto buf = alpaka::allocBuf<int, Idx>(alpaka::getDev(queue), extent);
    alpaka::test::iotaFillView(queue, buf);

    auto sub = alpaka::createSubView(buf, subExtent, offset);
    auto const mds = ex::getMdSpan(sub);
    CHECK(reinterpret_cast<int*>(mds.data_handle()) == alpaka::getPtrNative(sub));

    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::ones());
    CHECK(fixture(ReadKernel{}, mds, subExtent, alpaka::getPitchesInBytes(buf), offset, extent));
}

TEMPLATE_LIST_TEST_CASE(
    "Writes through an mdspan in a kernel reach the buffer", "[mem][mdspan]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto queue = makeQueue<Acc>();
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto buf = alpaka::allocBuf<int, Idx>(alpaka::getDev(queue), extent);
    alpaka::memset(queue, buf, 0u);

    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::ones());
    CHECK(fixture(WriteKernel{}, ex::getMdSpan(buf), extent));

    std::vector<int> host(static_cast<std::size_t>(extent.prod()));
    auto hostView = alpaka::createView(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), host.data(), extent);
    alpaka::memcpy(queue, hostView, buf);
    alpaka::wait(queue);
    std::size_t mismatches = 0;
    for(std::size_t k = 0; k < host.size(); ++k)
        if(host[k] != 3 * static_cast<int>(k) + 1)
            ++mismatches;
    CHECK(mismatches == 0u);
}

TEST_CASE("getMdSpan on the host: a pitched view, transposition and byte strides", "[mem][mdspan]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    // 10 rows of 5 std::int16_t, rows 7 elements (14 bytes) apart.
    std::vector<std::int16_t> storage(10u * 7u, -1);
    auto view = alpaka::createView(dev, storage.data(), Vec2{10, 5}, Vec2{14, 2});
    for(int y = 0; y < 10; ++y)
        for(int x = 0; x < 5; ++x)
            view[Vec2{y, x}] = static_cast<std::int16_t>(10 * y + x);

    auto const mds = ex::getMdSpan(view);
    CHECK(mds.extent(0) == 10);
    CHECK(mds.extent(1) == 5);
    CHECK(mds.stride(0) == 14);
    CHECK(mds.stride(1) == 2);
    CHECK_FALSE(mds.is_exhaustive());
    CHECK(mds(3, 4) == 34);
    CHECK(mds(std::array<int, 2>{9, 0}) == 90);
    mds(2, 1) = 777;
    CHECK(storage[2u * 7u + 1u] == 777);

    // A 10 x 5 view gives a 5 x 10 transposed mdspan.
    auto const mdst = ex::getMdSpanTransposed(view);
    CHECK(mdst.extent(0) == 5);
    CHECK(mdst.extent(1) == 10);
    CHECK(mdst.stride(0) == 2);
    CHECK(mdst.stride(1) == 14);
    CHECK(mdst(4, 3) == 34);
    CHECK(&mdst(1, 2) == &mds(2, 1));

    // Row pitches that are no multiple of the element size (12 bytes) still address the elements.
    std::vector<std::byte> bytes(3u * 32u);
    auto rows = alpaka::createView(dev, reinterpret_cast<MdRgb*>(bytes.data()), Vec2{3, 2}, Vec2{32, 12});
    auto const rowsMds = ex::getMdSpan(rows);
    rowsMds(2, 1) = MdRgb{1.0f, 2.0f, 3.0f};
    CHECK(reinterpret_cast<std::byte*>(&rowsMds(2, 1)) == bytes.data() + 2 * 32 + 12);
    CHECK(rowsMds(2, 1).b == 3.0f);
}

TEST_CASE("The MdSpan alias is getMdSpan's type, for every view kind", "[mem][mdspan]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    using Dim = alpaka::DimInt<3u>;
    using Vec3 = alpaka::Vec<Dim, std::size_t>;
    auto buf = alpaka::allocBuf<float, std::size_t>(dev, Vec3{2u, 3u, 4u});
    STATIC_REQUIRE(std::is_same_v<decltype(ex::getMdSpan(buf)), ex::MdSpan<float, std::size_t, Dim>>);
    STATIC_REQUIRE(std::is_same_v<decltype(ex::getMdSpanTransposed(buf)), ex::MdSpan<float, std::size_t, Dim>>);
    auto const& constBuf = buf;
    STATIC_REQUIRE(std::is_same_v<decltype(ex::getMdSpan(constBuf)), ex::MdSpan<float const, std::size_t, Dim>>);
    CHECK(ex::getMdSpan(constBuf).data_handle() == ex::getMdSpan(buf).data_handle());
    using Mds = ex::MdSpan<float, std::size_t, Dim>;
    STATIC_REQUIRE(std::is_same_v<Mds::extents_type, ex::dextents<std::size_t, 3>>);
    STATIC_REQUIRE(std::is_same_v<Mds::layout_type, ex::layout_stride>);
    STATIC_REQUIRE(std::is_same_v<Mds::data_handle_type, std::byte*>);
    STATIC_REQUIRE(std::is_same_v<ex::MdSpan<float const, std::size_t, Dim>::data_handle_type, std::byte const*>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<Mds>);

    std::vector<double> vec{1.0, 2.0, 3.0};
    auto const vecMds = ex::getMdSpan(vec);
    STATIC_REQUIRE(
        std::is_same_v<std::remove_const_t<decltype(vecMds)>, ex::MdSpan<double, std::size_t, alpaka::DimInt<1u>>>);
    CHECK(vecMds.size() == 3u);
    CHECK(vecMds[2] == 3.0);

    // A const mdspan converts from a mutable one.
    ex::MdSpan<float, std::size_t, Dim> const mutableMds = ex::getMdSpan(buf);
    ex::MdSpan<float const, std::size_t, Dim> const readOnly = mutableMds;
    CHECK(readOnly.data_handle() == mutableMds.data_handle());
    CHECK(readOnly.extents() == mutableMds.extents());
}

#if !ALPAKA_MDSPAN_STD
TEST_CASE("mdspan: extents, static and dynamic", "[mem][mdspan]")
{
    using E = ex::extents<int, 3, ex::dynamic_extent, 5>;
    STATIC_REQUIRE(E::rank() == 3u);
    STATIC_REQUIRE(E::rank_dynamic() == 1u);
    STATIC_REQUIRE(E::static_extent(0) == 3u);
    STATIC_REQUIRE(E::static_extent(1) == ex::dynamic_extent);
    STATIC_REQUIRE(ex::dynamic_extent == std::dynamic_extent);
    STATIC_REQUIRE(std::is_same_v<E::index_type, int>);
    STATIC_REQUIRE(std::is_same_v<E::size_type, unsigned>);

    constexpr E fromDynamic(4);
    STATIC_REQUIRE(fromDynamic.extent(0) == 3);
    STATIC_REQUIRE(fromDynamic.extent(1) == 4);
    STATIC_REQUIRE(fromDynamic.extent(2) == 5);
    constexpr E fromAll(3, 4, 5);
    STATIC_REQUIRE(fromAll == fromDynamic);
    STATIC_REQUIRE(E{}.extent(1) == 0);
    STATIC_REQUIRE(E(std::array<long, 1>{7}).extent(1) == 7);
    STATIC_REQUIRE(E(std::array<long, 3>{3, 8, 5}).extent(1) == 8);
    std::array<short, 3> values{3, 9, 5};
    CHECK(E(std::span<short, 3>(values)).extent(1) == 9);

    // Other index types and static extents compare and convert.
    STATIC_REQUIRE(fromDynamic == ex::extents<std::size_t, 3, 4, 5>{});
    STATIC_REQUIRE(!(fromDynamic == ex::extents<int, 3, 4>{}));
    STATIC_REQUIRE(!(fromDynamic == ex::extents<int, 3, 5, 5>{}));
    constexpr ex::dextents<long, 3> dynamic = fromDynamic;
    STATIC_REQUIRE(dynamic.extent(2) == 5);
    STATIC_REQUIRE(std::is_convertible_v<ex::extents<int, 3, 4>, ex::dextents<long, 2>>);
    STATIC_REQUIRE(!std::is_convertible_v<ex::dextents<int, 2>, ex::extents<int, 3, 4>>); // dynamic -> static
    STATIC_REQUIRE(std::is_constructible_v<ex::extents<int, 3, 4>, ex::dextents<int, 2>>);
    STATIC_REQUIRE(!std::is_convertible_v<ex::dextents<long, 2>, ex::dextents<int, 2>>); // narrower index
    STATIC_REQUIRE(!std::is_constructible_v<ex::extents<int, 3, 4>, ex::extents<int, 3, 5>>);
    STATIC_REQUIRE(!std::is_constructible_v<ex::extents<int, 3>, ex::extents<int, 3, 5>>);

    STATIC_REQUIRE(std::is_same_v<ex::dextents<int, 2>, ex::extents<int, ex::dynamic_extent, ex::dynamic_extent>>);
    STATIC_REQUIRE(std::is_same_v<decltype(ex::extents(3, 4)), ex::dextents<std::size_t, 2>>);
    // Only the dynamic extents take room.
    STATIC_REQUIRE(std::is_empty_v<ex::extents<int, 3, 4>>);
    STATIC_REQUIRE(sizeof(ex::extents<int, 3, ex::dynamic_extent>) == sizeof(int));
    STATIC_REQUIRE(std::is_trivially_copyable_v<E>);
    STATIC_REQUIRE(ex::extents<int>::rank() == 0u);
}

TEST_CASE("mdspan: layout_right, layout_left and layout_stride index arithmetic", "[mem][mdspan]")
{
    using E = ex::dextents<int, 3>;
    constexpr E e(2, 3, 4);

    constexpr ex::layout_right::mapping<E> right(e);
    STATIC_REQUIRE(right(0, 0, 0) == 0);
    STATIC_REQUIRE(right(1, 2, 3) == 1 * 12 + 2 * 4 + 3);
    STATIC_REQUIRE(right(0, 1, 0) == 4);
    STATIC_REQUIRE(right.stride(0) == 12);
    STATIC_REQUIRE(right.stride(1) == 4);
    STATIC_REQUIRE(right.stride(2) == 1);
    STATIC_REQUIRE(right.required_span_size() == 24);
    STATIC_REQUIRE(right.is_exhaustive() && right.is_unique() && right.is_strided());
    STATIC_REQUIRE(ex::layout_right::mapping<E>::is_always_exhaustive());

    constexpr ex::layout_left::mapping<E> left(e);
    STATIC_REQUIRE(left(1, 2, 3) == 1 + 2 * 2 + 3 * 6);
    STATIC_REQUIRE(left(0, 1, 0) == 2);
    STATIC_REQUIRE(left.stride(0) == 1);
    STATIC_REQUIRE(left.stride(1) == 2);
    STATIC_REQUIRE(left.stride(2) == 6);
    STATIC_REQUIRE(left.required_span_size() == 24);

    // Padded rows: 4 elements used of 5, 3 rows used of 4.
    constexpr ex::layout_stride::mapping<E> padded(e, std::array<int, 3>{20, 5, 1});
    STATIC_REQUIRE(padded(1, 2, 3) == 20 + 10 + 3);
    STATIC_REQUIRE(padded.stride(0) == 20);
    STATIC_REQUIRE(padded.strides() == std::array<int, 3>{20, 5, 1});
    STATIC_REQUIRE(padded.required_span_size() == 1 + 1 * 20 + 2 * 5 + 3 * 1);
    STATIC_REQUIRE(!padded.is_exhaustive());
    STATIC_REQUIRE(!ex::layout_stride::mapping<E>::is_always_exhaustive());
    STATIC_REQUIRE(padded.is_unique() && padded.is_strided());

    // layout_stride from the dense layouts: the same offsets, exhaustive, and equal to them.
    constexpr ex::layout_stride::mapping<E> fromRight = right;
    STATIC_REQUIRE(fromRight.strides() == std::array<int, 3>{12, 4, 1});
    STATIC_REQUIRE(fromRight.is_exhaustive());
    STATIC_REQUIRE(fromRight == right);
    STATIC_REQUIRE(!(padded == right));
    constexpr ex::layout_stride::mapping<E> fromLeft = left;
    STATIC_REQUIRE(fromLeft(1, 2, 3) == left(1, 2, 3));
    STATIC_REQUIRE(fromLeft.is_exhaustive());
    // A permutation of dense strides is exhaustive too; a gap is not.
    STATIC_REQUIRE(ex::layout_stride::mapping<E>(e, std::array<int, 3>{3, 1, 6}).is_exhaustive());
    STATIC_REQUIRE(!ex::layout_stride::mapping<E>(e, std::array<int, 3>{3, 1, 7}).is_exhaustive());
    // Equal strides chain where the faster rank has extent 1.
    STATIC_REQUIRE(ex::layout_stride::mapping<E>(E(2, 1, 4), std::array<int, 3>{4, 4, 1}).is_exhaustive());
    // Back to layout_right explicitly; between left and right only for rank 1.
    STATIC_REQUIRE(ex::layout_right::mapping<E>(fromRight) == right);
    STATIC_REQUIRE(!std::is_convertible_v<ex::layout_stride::mapping<E>, ex::layout_right::mapping<E>>);
    STATIC_REQUIRE(!std::is_constructible_v<ex::layout_right::mapping<E>, ex::layout_left::mapping<E>>);
    STATIC_REQUIRE(std::is_convertible_v<
                   ex::layout_left::mapping<ex::dextents<int, 1>>,
                   ex::layout_right::mapping<ex::dextents<int, 1>>>);
    // The default layout_stride mapping has layout_right's strides.
    STATIC_REQUIRE(ex::layout_stride::mapping<ex::extents<int, 2, 3>>{}.strides() == std::array<int, 2>{3, 1});

    // An extent of 0: nothing to address.
    constexpr ex::layout_stride::mapping<E> none(E(2, 0, 4), std::array<int, 3>{20, 5, 1});
    STATIC_REQUIRE(none.required_span_size() == 0);
    STATIC_REQUIRE(ex::layout_right::mapping<E>(E(2, 0, 4)).required_span_size() == 0);

    // Static extents.
    constexpr ex::layout_right::mapping<ex::extents<std::uint8_t, 4, 5>> small{};
    STATIC_REQUIRE(small(3, 4) == 19);
    STATIC_REQUIRE(std::is_empty_v<ex::extents<std::uint8_t, 4, 5>>);
}

TEST_CASE("mdspan: element access, rank 0, const elements, CTAD", "[mem][mdspan]")
{
    std::array<int, 24> data{};
    for(std::size_t k = 0; k < data.size(); ++k)
        data[k] = static_cast<int>(k);

    ex::mdspan<int, ex::dextents<int, 3>> right(data.data(), 2, 3, 4);
    CHECK(right(1, 2, 3) == 23);
    CHECK(right(std::array<int, 3>{1, 0, 2}) == 14);
    std::array<std::size_t, 3> index{0, 2, 1};
    CHECK(right(std::span<std::size_t, 3>(index)) == 9);
    CHECK(right[std::array<int, 3>{1, 1, 1}] == 17);
#    if defined(__cpp_multidimensional_subscript)
    CHECK(right[1, 2, 3] == 23);
#    endif
    CHECK(right.rank() == 3u);
    CHECK(right.rank_dynamic() == 3u);
    CHECK(right.size() == 24u);
    CHECK_FALSE(right.empty());
    CHECK(right.extents() == ex::extents<int, 2, 3, 4>{});
    CHECK(right.stride(0) == 12);
    CHECK(right.data_handle() == data.data());
    CHECK(right.is_exhaustive());
    right(0, 1, 2) = -6;
    CHECK(data[6] == -6);

    ex::mdspan<int, ex::extents<int, 2, 3, 4>, ex::layout_left> left(data.data());
    CHECK(left(1, 2, 3) == data[1 + 2 * 2 + 3 * 6]);
    CHECK(left.rank_dynamic() == 0u);

    auto const stridedMapping
        = ex::layout_stride::mapping<ex::dextents<int, 2>>(ex::dextents<int, 2>(2, 3), std::array<int, 2>{1, 8});
    ex::mdspan<int, ex::dextents<int, 2>, ex::layout_stride> strided(data.data(), stridedMapping);
    CHECK(strided(1, 2) == 17);
    CHECK(strided.mapping().required_span_size() == 18);

    // Rank 1: operator[] with one index.
    ex::mdspan<int, ex::dextents<std::size_t, 1>> line(data.data(), 5u);
    CHECK(line[4] == 4);
    line[3] = 33;
    CHECK(data[3] == 33);

    // Rank 0: one element.
    double scalar = 2.5;
    ex::mdspan<double, ex::extents<int>> zero(&scalar);
    STATIC_REQUIRE(decltype(zero)::rank() == 0u);
    CHECK(zero.size() == 1u);
    CHECK_FALSE(zero.empty());
    CHECK(zero() == 2.5);
    zero() = 4.0;
    CHECK(scalar == 4.0);
    CHECK(zero(std::array<int, 0>{}) == 4.0);
    CHECK(ex::layout_stride::mapping<ex::extents<int>>().required_span_size() == 1);

    // An extent of 0: empty.
    ex::mdspan<int, ex::dextents<int, 2>> nothing(data.data(), 3, 0);
    CHECK(nothing.empty());
    CHECK(nothing.size() == 0u);

    // Const elements: reading only; a mutable mdspan converts to it, not back.
    ex::mdspan<int const, ex::dextents<int, 3>> readOnly = right;
    CHECK(readOnly(1, 2, 3) == 23);
    STATIC_REQUIRE(!std::is_assignable_v<decltype(readOnly(0, 0, 0)), int>);
    STATIC_REQUIRE(
        !std::is_constructible_v<ex::mdspan<int, ex::dextents<int, 3>>, ex::mdspan<int const, ex::dextents<int, 3>>>);
    // Static to dynamic extents implicitly, dynamic to static explicitly.
    ex::mdspan<int, ex::dextents<int, 3>, ex::layout_left> const dynamicLeft = left;
    CHECK(dynamicLeft(1, 2, 3) == left(1, 2, 3));
    STATIC_REQUIRE(
        std::is_convertible_v<ex::mdspan<int, ex::extents<int, 2, 3>>, ex::mdspan<int, ex::dextents<int, 2>>>);
    STATIC_REQUIRE(
        !std::is_convertible_v<ex::mdspan<int, ex::dextents<int, 2>>, ex::mdspan<int, ex::extents<int, 2, 3>>>);

    // Deduction guides.
    ex::mdspan deduced(data.data(), 4, 6);
    STATIC_REQUIRE(std::is_same_v<decltype(deduced), ex::mdspan<int, ex::dextents<std::size_t, 2>>>);
    CHECK(deduced(3, 5) == 23);
    int cArray[6] = {0, 1, 2, 3, 4, 5};
    ex::mdspan fromArray(cArray);
    STATIC_REQUIRE(std::is_same_v<decltype(fromArray), ex::mdspan<int, ex::extents<std::size_t, 6>>>);
    CHECK(fromArray[5] == 5);
    ex::mdspan fromExtents(data.data(), ex::extents<int, 2, 12>{});
    STATIC_REQUIRE(std::is_same_v<decltype(fromExtents), ex::mdspan<int, ex::extents<int, 2, 12>>>);
    ex::mdspan fromMapping(data.data(), stridedMapping);
    STATIC_REQUIRE(std::is_same_v<decltype(fromMapping), decltype(strided)>);

    // swap, default construction.
    ex::mdspan<int, ex::dextents<int, 2>> a(data.data(), 2, 3);
    ex::mdspan<int, ex::dextents<int, 2>> b;
    CHECK(b.data_handle() == nullptr);
    CHECK(b.extent(0) == 0);
    swap(a, b);
    CHECK(a.data_handle() == nullptr);
    CHECK(b.extent(1) == 3);
}

TEST_CASE("mdspan: trivially copyable, for kernel arguments", "[mem][mdspan]")
{
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::mdspan<float, ex::dextents<int, 3>>>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::mdspan<float const, ex::extents<int, 2, 3>, ex::layout_left>>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::mdspan<double, ex::dextents<std::size_t, 2>, ex::layout_stride>>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::mdspan<int, ex::extents<int>>>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::layout_stride::mapping<ex::dextents<int, 4>>>);
    STATIC_REQUIRE(std::is_trivially_copyable_v<ex::MdSpan<int, std::int32_t, alpaka::DimInt<0u>>>);
    // The dense layouts store nothing but the dynamic extents.
    STATIC_REQUIRE(sizeof(ex::layout_right::mapping<ex::dextents<int, 3>>) == 3 * sizeof(int));
    STATIC_REQUIRE(sizeof(ex::layout_stride::mapping<ex::dextents<int, 3>>) == 6 * sizeof(int));
}
#endif

#if !ALPAKA_MDSPAN_STD
TEST_CASE("submdspan: indices, full_extent and ranges, over every layout", "[mem][mdspan]")
{
    std::array<int, 12> data{};
    for(int i = 0; i < 12; ++i)
        data[static_cast<std::size_t>(i)] = i;
    ex::mdspan<int, ex::dextents<int, 2>> const right(data.data(), 3, 4);

    auto const element = ex::submdspan(right, 1, 2);
    STATIC_REQUIRE(decltype(element)::rank() == 0);
    CHECK(element() == 6);

    auto const row = ex::submdspan(right, 2, ex::full_extent);
    STATIC_REQUIRE(decltype(row)::rank() == 1);
    REQUIRE(row.extent(0) == 4);
    for(int x = 0; x < 4; ++x)
        CHECK(row(x) == 8 + x);

    auto const column = ex::submdspan(right, ex::full_extent, 1);
    REQUIRE(column.extent(0) == 3);
    CHECK(column.stride(0) == 4);
    for(int y = 0; y < 3; ++y)
        CHECK(column(y) == 4 * y + 1);

    auto const block = ex::submdspan(right, std::pair{1, 3}, std::tuple{1, 3});
    REQUIRE(block.extent(0) == 2);
    REQUIRE(block.extent(1) == 2);
    CHECK(block(0, 0) == 5);
    CHECK(block(1, 1) == 10);

    // A sub-span of a sub-span, and of a column-major mdspan.
    CHECK(ex::submdspan(block, 1, ex::full_extent)(0) == 9);
    ex::mdspan<int, ex::dextents<int, 2>, ex::layout_left> const left(data.data(), 3, 4);
    auto const leftRow = ex::submdspan(left, 1, ex::full_extent);
    CHECK(leftRow.stride(0) == 3);
    CHECK(leftRow(2) == 7);

    // Writes go to the original elements.
    ex::submdspan(right, 0, std::pair{0, 2})(1) = -1;
    CHECK(data[1] == -1);
}

TEST_CASE("submdspan of getMdSpan: byte strides of a pitched buffer", "[mem][mdspan]")
{
    using Vec2 = alpaka::Vec<alpaka::DimInt<2>, int>;
    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto buf = alpaka::allocBuf<int, int>(host, Vec2{3, 5});
    for(int y = 0; y < 3; ++y)
        for(int x = 0; x < 5; ++x)
            buf[Vec2{y, x}] = 10 * y + x;
    auto const mds = ex::getMdSpan(buf);
    auto const row = ex::submdspan(mds, 2, ex::full_extent);
    for(int x = 0; x < 5; ++x)
        CHECK(row(x) == 20 + x);
    auto const column = ex::submdspan(mds, ex::full_extent, 3);
    for(int y = 0; y < 3; ++y)
        CHECK(column(y) == 10 * y + 3);
}
#endif

TEST_CASE("meta::ndLoop nests the loops in the given order", "[meta][mdspan]")
{
    using Vec2 = alpaka::Vec<alpaka::DimInt<2>, int>;
    std::vector<Vec2> visited;
    alpaka::meta::ndLoop(std::index_sequence<1, 0>{}, Vec2{2, 3}, [&](Vec2 const& index) { visited.push_back(index); });
    std::vector<Vec2> const expected{Vec2{0, 0}, Vec2{1, 0}, Vec2{0, 1}, Vec2{1, 1}, Vec2{0, 2}, Vec2{1, 2}};
    CHECK(visited == expected);
    visited.clear();
    alpaka::meta::ndLoop(std::index_sequence<0, 1>{}, Vec2{2, 2}, [&](Vec2 const& index) { visited.push_back(index); });
    CHECK(visited == std::vector<Vec2>{Vec2{0, 0}, Vec2{0, 1}, Vec2{1, 0}, Vec2{1, 1}});
}
