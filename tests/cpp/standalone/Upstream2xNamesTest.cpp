// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The names upstream alpaka 2.0 and 2.1 added, as their documentation and changelogs describe them, next to the 1.x
//! names they rename: concepts::Acc and InterfaceAcc, the alpaka::interface namespace (and 1.x's
//! concepts::ImplementsConcept), InterfaceTag, CREATE_ACC_TAG and printTagNames, exec<TTag>, the compile-time warp
//! size, the version-number configuration macros and Vec::dim(). Where a 2.x name conflicts with a 1.x one, 1.x wins
//! (docs/migrating.md#upstream-2x-names).

#include <alpaka/alpaka.hpp>
#include <alpaka/core/Interface.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

// A tag of the user's own, at namespace scope as upstream's examples declare theirs.
CREATE_ACC_TAG(UserTag);

namespace upstream2x
{
    // ---- Types that implement interfaces, declared once through each namespace ------------------------------------
    struct UserInterface;

    struct ImplementedThroughConcepts : alpaka::concepts::Implements<UserInterface, ImplementedThroughConcepts>
    {
    };

    struct ImplementedThroughInterface : alpaka::interface::Implements<UserInterface, ImplementedThroughInterface>
    {
    };

    //! A composite whose UserInterface is implemented by a base, as an accelerator's are.
    struct Composite
        : ImplementedThroughInterface
        , alpaka::concepts::Implements<alpaka::InterfaceAcc, Composite>
    {
    };

    struct NotImplementing
    {
    };

    // ---- Tags that are not made with CREATE_ACC_TAG ----------------------------------------------------------------
    //! Upstream 2.x accepts a tag with members if it derives from InterfaceTag.
    struct TagWithMember : alpaka::InterfaceTag
    {
        int member = 0;

        static auto get_name() -> std::string
        {
            return "TagWithMember";
        }
    };

    //! A 1.x-style tag: empty, not derived from InterfaceTag (accepted here, not by upstream 2.x).
    struct EmptyTagWithoutBase
    {
        static auto get_name() -> std::string
        {
            return "EmptyTagWithoutBase";
        }
    };

    //! Neither empty nor derived from InterfaceTag.
    struct NamedNonTag
    {
        int member = 0;

        static auto get_name() -> std::string
        {
            return "NamedNonTag";
        }
    };

    //! Derived from InterfaceTag but without get_name.
    struct UnnamedTag : alpaka::InterfaceTag
    {
    };

    //! What std::cout receives while fn runs.
    template<typename TFn>
    auto captureCout(TFn fn) -> std::string
    {
        std::ostringstream captured;
        auto* const previous = std::cout.rdbuf(captured.rdbuf());
        fn();
        std::cout.rdbuf(previous);
        return captured.str();
    }

    //! out[i] = 2 * i over n elements; fails to compile if it runs on another accelerator than TExpectedAcc.
    template<typename TExpectedAcc>
    struct TwiceTheIndex
    {
        template<typename TAcc, typename TIdx>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, TIdx* out, TIdx n) const
        {
            static_assert(std::is_same_v<TAcc, TExpectedAcc>, "exec<TTag> chose the accelerator of the work division");
            // One element per thread, all threads along the last dimension.
            auto const idx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
            TIdx const i = idx[alpaka::Dim<TAcc>::value - 1];
            if(i < n && idx.sum() == i)
                out[i] = 2 * i;
        }
    };

    //! exec<TTag>(queue, workDiv, kernel, ...) on a TDim-dimensional work division with TIdx indices over n elements
    //! (all in the last dimension), compared with exec<TAcc> of the same accelerator.
    template<typename TTag, typename TDim, typename TIdx>
    void checkExecTag(TIdx n)
    {
        using Acc = alpaka::TagToAcc<TTag, TDim, TIdx>;
        using Vec = alpaka::Vec<TDim, TIdx>;
        auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto buf = alpaka::allocBuf<TIdx, TIdx>(dev, alpaka::Vec<alpaka::DimInt<1>, TIdx>{n});
        auto host = alpaka::allocBuf<TIdx, TIdx>(devHost, alpaka::Vec<alpaka::DimInt<1>, TIdx>{n});
        auto blocks = Vec::ones();
        blocks[TDim::value - 1] = n;
        alpaka::WorkDivMembers<TDim, TIdx> const workDiv{blocks, Vec::ones(), Vec::ones()};

        alpaka::exec<TTag>(queue, workDiv, TwiceTheIndex<Acc>{}, alpaka::getPtrNative(buf), n);
        alpaka::memcpy(queue, host, buf);
        alpaka::wait(queue);
        for(TIdx i = 0; i < n; ++i)
            CHECK(alpaka::getPtrNative(host)[i] == 2 * i);
    }

    //! exec<TTag> with a 1-D work division of std::size_t and a 2-D one of std::int32_t: two accelerators of a tag.
    template<typename TTag>
    void checkExecTagOfWorkDivs()
    {
        INFO(TTag::get_name());
        checkExecTag<TTag, alpaka::DimInt<1>, std::size_t>(std::size_t{100});
        checkExecTag<TTag, alpaka::DimInt<2>, std::int32_t>(std::int32_t{37});
    }

    //! Compares the compile-time warp size with the run-time one inside a kernel.
    struct WarpSizeKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* success) const
        {
            constexpr std::int32_t compileTime = alpaka::warp::getSizeCompileTime<TAcc>();
            constexpr std::int32_t upperLimit = alpaka::warp::getSizeUpperLimit<TAcc>();
            std::int32_t const size = alpaka::warp::getSize(acc);
            ALPAKA_CHECK(*success, compileTime == 0 || compileTime == size);
            ALPAKA_CHECK(*success, size <= upperLimit);
            ALPAKA_CHECK(*success, compileTime <= upperLimit);
        }
    };

    template<typename TVal>
    auto dimOfReference(alpaka::Vec<alpaka::DimInt<2>, TVal> const& vec) -> TVal
    {
        return vec.dim();
    }
} // namespace upstream2x

using namespace upstream2x;

// ---- concepts::Acc and InterfaceAcc --------------------------------------------------------------------------------

TEMPLATE_LIST_TEST_CASE(
    "concepts::Acc holds for every enabled accelerator", "[upstream2x][acc]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    STATIC_REQUIRE(alpaka::concepts::Acc<Acc>);
    STATIC_REQUIRE(alpaka::concepts::Acc<Acc> == alpaka::isAccelerator<Acc>);
    STATIC_REQUIRE(alpaka::interface::ImplementsInterface<alpaka::InterfaceAcc, Acc>::value);
    STATIC_REQUIRE(!alpaka::concepts::Acc<alpaka::AccToTag<Acc>>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<alpaka::Dev<Acc>>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<alpaka::WorkDivMembers<alpaka::Dim<Acc>, alpaka::Idx<Acc>>>);
}

TEST_CASE("concepts::Acc rejects what is not an accelerator", "[upstream2x][acc]")
{
    STATIC_REQUIRE(std::is_same_v<alpaka::InterfaceAcc, alpaka::ConceptAcc>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<int>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<void>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<NotImplementing>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<ImplementedThroughInterface>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<alpaka::DevCpu>);
    STATIC_REQUIRE(!alpaka::concepts::Acc<alpaka::Vec<alpaka::DimInt<1>, int>>);
    // A type that declares itself an accelerator through the 2.1 name is one for both spellings.
    STATIC_REQUIRE(alpaka::concepts::Acc<Composite>);
    STATIC_REQUIRE(alpaka::isAccelerator<Composite>);
}

// ---- alpaka::interface and 1.x's alpaka::concepts ------------------------------------------------------------------

TEST_CASE("interface:: names the same entities as 1.x's concepts::", "[upstream2x][interface]")
{
    namespace concepts = alpaka::concepts;
    namespace interface = alpaka::interface;
    STATIC_REQUIRE(std::is_same_v<
                   interface::Implements<UserInterface, NotImplementing>,
                   concepts::Implements<UserInterface, NotImplementing>>);
    STATIC_REQUIRE(std::is_same_v<
                   interface::ImplementsInterface<UserInterface, Composite>,
                   concepts::ImplementsConcept<UserInterface, Composite>>);

    // Declared through concepts::, found through interface::, and the other way round.
    STATIC_REQUIRE(interface::ImplementsInterface<UserInterface, ImplementedThroughConcepts>::value);
    STATIC_REQUIRE(concepts::ImplementsConcept<UserInterface, ImplementedThroughInterface>::value);
    STATIC_REQUIRE(concepts::implements<UserInterface, ImplementedThroughInterface>);
    STATIC_REQUIRE(interface::ImplementsInterface<UserInterface, Composite>::value);
    STATIC_REQUIRE(!interface::ImplementsInterface<UserInterface, NotImplementing>::value);
    STATIC_REQUIRE(!concepts::ImplementsConcept<UserInterface, NotImplementing>::value);
    STATIC_REQUIRE(!interface::ImplementsInterface<alpaka::InterfaceAcc, ImplementedThroughConcepts>::value);

    // The implementing base, whichever namespace names the lookup.
    STATIC_REQUIRE(
        std::is_same_v<interface::ImplementationBase<UserInterface, Composite>, ImplementedThroughInterface>);
    STATIC_REQUIRE(std::is_same_v<concepts::ImplementationBase<UserInterface, Composite>, ImplementedThroughInterface>);
    STATIC_REQUIRE(std::is_same_v<interface::ImplementationBase<UserInterface, NotImplementing>, NotImplementing>);
    using Acc = alpaka::test::EnabledAccs<alpaka::DimInt<1>, int>;
    using First = std::tuple_element_t<0, Acc>;
    STATIC_REQUIRE(std::is_same_v<
                   interface::ImplementationBase<alpaka::warp::ConceptWarp, First>,
                   concepts::ImplementationBase<alpaka::warp::ConceptWarp, First>>);

    // concepts:: holds the 1.x class templates and the 2.x C++20 concepts side by side.
    STATIC_REQUIRE(concepts::Tag<alpaka::TagCpuSerial>);
    STATIC_REQUIRE(concepts::Acc<First>);
}

// ---- Tags ----------------------------------------------------------------------------------------------------------

TEST_CASE("Every tag derives from InterfaceTag", "[upstream2x][tag]")
{
    std::apply(
        [](auto... tags)
        {
            STATIC_REQUIRE((std::derived_from<decltype(tags), alpaka::InterfaceTag> && ...));
            STATIC_REQUIRE((std::is_empty_v<decltype(tags)> && ...));
            STATIC_REQUIRE((std::is_same_v<decltype(decltype(tags)::get_name()), std::string> && ...));
        },
        alpaka::AccTags{});
    STATIC_REQUIRE(std::is_empty_v<alpaka::InterfaceTag>);
}

TEST_CASE("CREATE_ACC_TAG makes a tag", "[upstream2x][tag]")
{
    STATIC_REQUIRE(alpaka::concepts::Tag<UserTag>);
    STATIC_REQUIRE(std::derived_from<UserTag, alpaka::InterfaceTag>);
    STATIC_REQUIRE(std::is_empty_v<UserTag>);
    CHECK(UserTag::get_name() == "UserTag");
    // A user's tag is no back-end of this library.
    STATIC_REQUIRE(!alpaka::AccIsEnabled<UserTag>::value);
}

TEST_CASE("concepts::Tag accepts upstream 2.x's tags and 1.x's empty tags", "[upstream2x][tag]")
{
    STATIC_REQUIRE(alpaka::concepts::Tag<TagWithMember>);
    STATIC_REQUIRE(alpaka::concepts::Tag<EmptyTagWithoutBase>);
    STATIC_REQUIRE(!alpaka::concepts::Tag<NamedNonTag>);
    STATIC_REQUIRE(!alpaka::concepts::Tag<UnnamedTag>);
    STATIC_REQUIRE(!alpaka::concepts::Tag<int>);
    STATIC_REQUIRE(!alpaka::concepts::Tag<alpaka::InterfaceTag>);
    STATIC_REQUIRE(!alpaka::concepts::Tag<alpaka::test::EnabledAccs<alpaka::DimInt<1>, int>>);
}

TEST_CASE("printTagNames writes upstream's line", "[upstream2x][tag]")
{
    CHECK(captureCout([] { alpaka::printTagNames<std::tuple<>>(); }) == "No Tags!\n");
    CHECK(captureCout([] { alpaka::printTagNames<std::tuple<alpaka::TagCpuSerial>>(); }) == "Tags: TagCpuSerial\n");
    CHECK(
        captureCout([] { alpaka::printTagNames<std::tuple<alpaka::TagCpuSerial, alpaka::TagGpuCudaRt, UserTag>>(); })
        == "Tags: TagCpuSerial,TagGpuCudaRt,UserTag\n");

    // The enabled tags, as upstream's examples print them.
    std::string expected = "Tags: ";
    std::apply(
        [&](auto... tags)
        {
            std::vector<std::string> const names{decltype(tags)::get_name()...};
            for(std::size_t i = 0; i < names.size(); ++i)
                expected += (i == 0 ? "" : ",") + names[i];
        },
        alpaka::EnabledAccTags{});
    CHECK(captureCout([] { alpaka::printTagNames<alpaka::EnabledAccTags>(); }) == expected + "\n");
}

// ---- exec<TTag> ----------------------------------------------------------------------------------------------------

TEST_CASE("exec<TTag> runs the kernel on the tag's accelerator", "[upstream2x][kernel]")
{
    STATIC_REQUIRE(std::tuple_size_v<alpaka::EnabledAccTags> > 0);
    std::apply([](auto... tags) { (checkExecTagOfWorkDivs<decltype(tags)>(), ...); }, alpaka::EnabledAccTags{});
}

// ---- Compile-time warp size ----------------------------------------------------------------------------------------

TEMPLATE_LIST_TEST_CASE("getSizeCompileTime and getSizeUpperLimit", "[upstream2x][warp]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    constexpr std::int32_t compileTime = alpaka::warp::getSizeCompileTime<Acc>();
    constexpr std::int32_t upperLimit = alpaka::warp::getSizeUpperLimit<Acc>();
    STATIC_REQUIRE(alpaka::warp::getSizeCompileTime<Acc const&>() == compileTime);
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::warp::getSizeCompileTime<Acc>()), std::int32_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::warp::getSizeUpperLimit<Acc>()), std::int32_t>);
    if constexpr(alpaka::accMatchesTags<Acc, alpaka::TagGpuCudaRt>)
    {
        STATIC_REQUIRE(compileTime == 32);
        STATIC_REQUIRE(upperLimit == 32);
    }
    else if constexpr(alpaka::accMatchesTags<Acc, alpaka::TagGpuHipRt>)
    {
        // Only the device pass knows the wavefront size, and hipcc compiles this host function in that pass too:
        // checked where it runs, on the host.
        CHECK(compileTime == 0);
        STATIC_REQUIRE(upperLimit == 64);
    }
    else
    {
        STATIC_REQUIRE(compileTime == 1);
        STATIC_REQUIRE(upperLimit == 1);
    }
}

using EnabledAccs1d = alpaka::test::EnabledAccs<alpaka::DimInt<1>, std::int32_t>;

TEMPLATE_LIST_TEST_CASE(
    "The compile-time warp size agrees with getSize in a kernel", "[upstream2x][warp]", EnabledAccs1d)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(alpaka::Vec<alpaka::DimInt<1>, std::int32_t>{64});
    CHECK(fixture(WarpSizeKernel{}));
}

// ---- Configuration macros ------------------------------------------------------------------------------------------

TEST_CASE("ALPAKA_VERSION_NUMBER encodes as upstream 2.1", "[upstream2x][config]")
{
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER(1, 2, 3) == 100200003llu);
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER(0, 0, 0) == 0);
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER_NOT_AVAILABLE == 0);
    STATIC_REQUIRE(std::is_same_v<decltype(ALPAKA_VERSION_NUMBER(1, 2, 3)), unsigned long long>);
    // Ordered as the versions are, with four digits of major (a year: icpx 2025.1.0).
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER(12, 0, 0) > ALPAKA_VERSION_NUMBER(11, 999, 99999));
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER(2025, 1, 0) == 202500100000llu);
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER(9, 0, 10) > ALPAKA_VERSION_NUMBER(9, 0, 8));
    STATIC_REQUIRE(ALPAKA_YYYYMMDD_TO_VERSION(20250100) == ALPAKA_VERSION_NUMBER(2025, 1, 0));
    STATIC_REQUIRE(ALPAKA_YYYYMM_TO_VERSION(201511) == ALPAKA_VERSION_NUMBER(2015, 11, 0));
    STATIC_REQUIRE(ALPAKA_VVRRP_TO_VERSION(12040) == ALPAKA_VERSION_NUMBER(12, 4, 0));
    STATIC_REQUIRE(ALPAKA_VRP_TO_VERSION(900) == ALPAKA_VERSION_NUMBER(9, 0, 0));
    STATIC_REQUIRE(ALPAKA_VRP_TO_VERSION(1000) == ALPAKA_VERSION_NUMBER(10, 0, 0));
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER_UNKNOWN != 0);
    STATIC_REQUIRE(ALPAKA_VERSION_NUMBER_UNKNOWN < ALPAKA_VERSION_NUMBER(0, 1, 0));
#if ALPAKA_VERSION_NUMBER(3, 0, 0) <= ALPAKA_VERSION_NUMBER(2, 99, 0)
#    error "ALPAKA_VERSION_NUMBER must order versions in #if as well"
#endif
}

TEST_CASE("The configuration macros are this compiler's versions", "[upstream2x][config]")
{
#if defined(__clang__)
    STATIC_REQUIRE(ALPAKA_COMP_CLANG == ALPAKA_VERSION_NUMBER(__clang_major__, __clang_minor__, __clang_patchlevel__));
    STATIC_REQUIRE(ALPAKA_COMP_GNUC == 0);
#elif defined(__GNUC__)
    STATIC_REQUIRE(ALPAKA_COMP_GNUC == ALPAKA_VERSION_NUMBER(__GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__));
    STATIC_REQUIRE(ALPAKA_COMP_CLANG == 0);
#endif
#if defined(__NVCC__)
    STATIC_REQUIRE(
        ALPAKA_COMP_NVCC == ALPAKA_VERSION_NUMBER(__CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__));
#else
    STATIC_REQUIRE(ALPAKA_COMP_NVCC == 0);
#endif
#if !defined(_MSC_VER)
    STATIC_REQUIRE(ALPAKA_COMP_MSVC == 0);
#endif
    STATIC_REQUIRE(ALPAKA_COMP_PGI == 0);
    STATIC_REQUIRE(ALPAKA_COMP_IBM == 0);
    STATIC_REQUIRE(ALPAKA_COMP_ICPX == 0);
    STATIC_REQUIRE(ALPAKA_LANG_SYCL == 0);
    STATIC_REQUIRE(ALPAKA_LANG_ONEAPI == 0);
#if !defined(__CUDACC__) && !defined(__HIP__)
    STATIC_REQUIRE(ALPAKA_LANG_CUDA == 0);
    STATIC_REQUIRE(ALPAKA_LANG_HIP == 0);
    STATIC_REQUIRE(ALPAKA_COMP_HIP == 0);
    STATIC_REQUIRE(ALPAKA_COMP_CLANG_CUDA == 0);
#endif
#if defined(__HIP__)
    STATIC_REQUIRE(ALPAKA_LANG_HIP == ALPAKA_VERSION_NUMBER(HIP_VERSION_MAJOR, HIP_VERSION_MINOR, 0));
    STATIC_REQUIRE(ALPAKA_COMP_HIP == ALPAKA_LANG_HIP);
#endif
#if defined(__CUDACC__) && !defined(__HIP__)
    STATIC_REQUIRE(ALPAKA_LANG_CUDA == ALPAKA_VVRRP_TO_VERSION(CUDART_VERSION));
#endif
    // No device architecture where this runs, on the host (nvcc and hipcc also compile this function in their
    // device pass, where these are non-zero: hence run-time checks).
    CHECK(ALPAKA_ARCH_PTX == 0);
    CHECK(ALPAKA_ARCH_AMD == 0);
    CHECK(!ALPAKA_DEVICE_PASS);
    STATIC_REQUIRE(ALPAKA_ARCH_HSA == ALPAKA_ARCH_AMD);
#if defined(__linux__)
    STATIC_REQUIRE(ALPAKA_OS_LINUX == 1);
    STATIC_REQUIRE(ALPAKA_OS_WINDOWS == 0);
    STATIC_REQUIRE(ALPAKA_OS_IOS == 0);
    STATIC_REQUIRE(ALPAKA_OS_CYGWIN == 0);
#endif
#if defined(__x86_64__)
    STATIC_REQUIRE(ALPAKA_ARCH_X86 == 1);
    STATIC_REQUIRE(ALPAKA_ARCH_ARM == 0);
    STATIC_REQUIRE(ALPAKA_ARCH_RISCV == 0);
#elif defined(__aarch64__)
    STATIC_REQUIRE(ALPAKA_ARCH_ARM == 1);
    STATIC_REQUIRE(ALPAKA_ARCH_X86 == 0);
#endif
#if defined(_OPENMP)
    STATIC_REQUIRE(ALPAKA_OMP == ALPAKA_YYYYMM_TO_VERSION(_OPENMP));
    STATIC_REQUIRE(ALPAKA_OMP >= ALPAKA_VERSION_NUMBER(2008, 5, 0));
#else
    STATIC_REQUIRE(ALPAKA_OMP == 0);
#endif
    // The library's own boolean use of the macros keeps its meaning.
#if(ALPAKA_COMP_GNUC || ALPAKA_COMP_CLANG) && !(ALPAKA_COMP_GNUC && ALPAKA_COMP_CLANG)
    constexpr bool oneHostCompiler = true;
#else
    constexpr bool oneHostCompiler = false;
#endif
    STATIC_REQUIRE(oneHostCompiler);
}

// ---- Vec::dim ------------------------------------------------------------------------------------------------------

TEST_CASE("Vec::dim() returns the dimensionality as TVal", "[upstream2x][vec]")
{
    using Vec3i = alpaka::Vec<alpaka::DimInt<3>, int>;
    using Vec2u = alpaka::Vec<alpaka::DimInt<2>, std::uint64_t>;
    STATIC_REQUIRE(std::is_same_v<decltype(Vec3i::dim()), int>);
    STATIC_REQUIRE(std::is_same_v<decltype(Vec2u::dim()), std::uint64_t>);
    STATIC_REQUIRE(Vec3i::dim() == 3);
    STATIC_REQUIRE(Vec2u::dim() == 2u);
    STATIC_REQUIRE(alpaka::Vec<alpaka::DimInt<0>, std::size_t>::dim() == 0u);
    STATIC_REQUIRE(noexcept(Vec3i::dim()));
    // Also through a reference, at run time (which upstream's consteval dim() does not allow everywhere).
    alpaka::Vec<alpaka::DimInt<2>, std::int16_t> const vec{std::int16_t{4}, std::int16_t{5}};
    CHECK(dimOfReference(vec) == 2);
}
