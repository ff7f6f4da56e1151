// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Choosing the variant of a shipped kernel family for a launch (src/runtime/KernelRegistry.hpp): by back-end,
// dimensionality and the kinds of the arguments, with the reason when none fits; and how parameter lists are spelt.

#include "runtime/KernelRegistry.hpp"

#include <string>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    namespace rt = pyalpaka::rt;
    using Kind = rt::ArgInfo::Kind;

    void noLaunch(rt::Queue&, rt::WorkDiv const&, void const* const*)
    {
    }

    auto variant(std::string backend, std::size_t dim, std::vector<rt::Param> params) -> rt::KernelVariant
    {
        return {std::move(backend), "pyalpaka::kernels::Test", dim, std::move(params), &noLaunch};
    }

    auto pointer(rt::DType dtype) -> rt::ArgInfo
    {
        rt::ArgInfo a;
        a.kind = Kind::Pointer;
        a.dtype = dtype;
        return a;
    }

    auto number(Kind kind) -> rt::ArgInfo
    {
        rt::ArgInfo a;
        a.kind = kind;
        return a;
    }

    rt::Param const floatOut{rt::ParamKind::Pointer, rt::DType::Float32};
    rt::Param const floatIn{rt::ParamKind::ConstPointer, rt::DType::Float32};
    rt::Param const doubleOut{rt::ParamKind::Pointer, rt::DType::Float64};
    rt::Param const floatValue{rt::ParamKind::Scalar, rt::DType::Float32};
    rt::Param const size{rt::ParamKind::Scalar, rt::DType::UInt64};
    rt::Param const flag{rt::ParamKind::Scalar, rt::DType::Bool};

    // An axpy-like family: float and double variants of 1-D on two back-ends, a 2-D one on one.
    auto const family = std::vector<rt::KernelVariant>{
        variant("serial", 1, {floatValue, floatIn, floatOut, size}),
        variant("serial", 1, {floatValue, rt::Param{rt::ParamKind::ConstPointer, rt::DType::Float64}, doubleOut, size}),
        variant("threads", 2, {floatOut, size, size}),
        variant("serial", 2, {floatOut, size, flag})};
} // namespace

TEST_CASE("the variant whose parameters the arguments fit is chosen", "[runtime][registry]")
{
    std::vector<rt::ArgInfo> const args{
        number(Kind::Real), pointer(rt::DType::Float64), pointer(rt::DType::Float64), number(Kind::Integer)};
    auto const choice = rt::chooseVariant(family, "serial", 1, args.data(), args.size());
    REQUIRE(choice.failure == rt::VariantChoice::Failure::None);
    CHECK(choice.variant == &family[1]);
}

TEST_CASE("an integer fits a floating-point parameter, not the other way round", "[runtime][registry]")
{
    std::vector<rt::ArgInfo> args{
        number(Kind::Integer), pointer(rt::DType::Float32), pointer(rt::DType::Float32), number(Kind::Integer)};
    CHECK(rt::matches(family[0].params, args.data(), args.size()));
    args[3] = number(Kind::Real); // a float for std::size_t n
    CHECK_FALSE(rt::matches(family[0].params, args.data(), args.size()));
    args[3] = number(Kind::Boolean);
    CHECK_FALSE(rt::matches(family[0].params, args.data(), args.size()));
}

TEST_CASE("pointers match by element type, arity and structs exactly", "[runtime][registry]")
{
    std::vector<rt::ArgInfo> const wrongElement{
        number(Kind::Real), pointer(rt::DType::Int32), pointer(rt::DType::Float32), number(Kind::Integer)};
    CHECK_FALSE(rt::matches(family[0].params, wrongElement.data(), wrongElement.size()));
    std::vector<rt::ArgInfo> const tooFew{number(Kind::Real), pointer(rt::DType::Float32)};
    CHECK_FALSE(rt::matches(family[0].params, tooFew.data(), tooFew.size()));

    rt::StructLayout const layout{"pyalpaka::kernels::Params", 8, 4, {}};
    std::vector<rt::Param> const takesStruct{{rt::ParamKind::Struct, rt::DType::UInt8, &layout}};
    std::vector<rt::ArgInfo> const structArg{number(Kind::Struct)};
    std::vector<rt::ArgInfo> const numberArg{number(Kind::Integer)};
    CHECK(rt::matches(takesStruct, structArg.data(), 1));
    CHECK_FALSE(rt::matches(takesStruct, numberArg.data(), 1));
    CHECK_FALSE(rt::matches(family[2].params, structArg.data(), 1));
}

TEST_CASE("no variant: the reason says which of back-end, dimensionality or arguments", "[runtime][registry]")
{
    std::vector<rt::ArgInfo> const args{pointer(rt::DType::Float32), number(Kind::Integer), number(Kind::Integer)};

    auto const elsewhere = rt::chooseVariant(family, "tbb", 2, args.data(), args.size());
    CHECK(elsewhere.failure == rt::VariantChoice::Failure::NotOnBackend);
    CHECK(elsewhere.variant == nullptr);

    auto const otherDim = rt::chooseVariant(family, "threads", 1, args.data(), args.size());
    CHECK(otherDim.failure == rt::VariantChoice::Failure::OtherDim);
    CHECK(otherDim.expectedDim == 2);

    auto const noMatch = rt::chooseVariant(family, "serial", 2, args.data(), args.size()); // a bool for the flag
    CHECK(noMatch.failure == rt::VariantChoice::Failure::NoMatch);
    REQUIRE(noMatch.candidates.size() == 1);
    CHECK(noMatch.candidates.front() == &family[3]);

    auto const fits = rt::chooseVariant(family, "threads", 2, args.data(), args.size());
    CHECK(fits.variant == &family[2]);
}

TEST_CASE("parameter lists are spelt as C++ writes them", "[runtime][registry]")
{
    CHECK(rt::signature(family[0].params) == "(float, float const*, float*, std::size_t)");
    rt::StructLayout const layout{"pyalpaka::kernels::HeatParams", 24, 8, {}};
    rt::Param const byValue{rt::ParamKind::Struct, rt::DType::UInt8, &layout};
    CHECK(rt::cppType(byValue) == "HeatParams");
    CHECK(rt::cppType(byValue, true) == "pyalpaka::kernels::HeatParams");
    CHECK(layout.name() == "HeatParams");
}
