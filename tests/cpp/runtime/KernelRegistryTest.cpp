// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Choosing the variant of a shipped kernel family for a launch (src/runtime/KernelRegistry.hpp): by back-end,
// dimensionality and the kinds of the arguments, with the reason when none fits; how parameter lists are spelt; and
// the extent contracts that check sizes against buffers before a launch (src/runtime/KernelExtents.hpp).

#include "runtime/KernelRegistry.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "runtime/KernelExtents.hpp"

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

namespace
{
    //! A float pointer argument spanning `count` elements from `data`.
    auto span(float* data, std::size_t count) -> rt::ArgInfo
    {
        auto a = pointer(rt::DType::Float32);
        a.pointer = data;
        a.begin = reinterpret_cast<std::uintptr_t>(data);
        a.end = a.begin + count * sizeof(float);
        return a;
    }

    //! checkExtents' message, or "" when the sizes fit.
    auto refusal(
        rt::ExtentContract const& contract,
        std::vector<rt::Param> const& params,
        std::vector<rt::ArgInfo> const& infos,
        std::vector<void const*> const& values) -> std::string
    {
        try
        {
            rt::checkExtents(
                contract,
                params.data(),
                infos.data(),
                [&](std::size_t i) { return values[i]; },
                "pyalpaka.kernels.",
                "test");
            return {};
        }
        catch(std::invalid_argument const& e)
        {
            return e.what();
        }
    }

    constexpr auto axpyExtents
        = rt::extentContract({rt::extentArg(3, "n")}, {rt::holds(1, "x", {0}), rt::holds(2, "y", {0})});
    constexpr auto matmulExtents = rt::extentContract(
        {rt::extentArg(3, "m"), rt::extentArg(4, "n"), rt::extentArg(5, "k")},
        {rt::holds(0, "A", {0, 2}), rt::holds(1, "B", {2, 1}), rt::holds(2, "C", {0, 1})});
    constexpr auto reduceExtents
        = rt::extentContract({rt::extentArg(2, "n")}, {rt::holds(0, "x", {0}), rt::holds(1, "sum", {}, 1)});
} // namespace

TEST_CASE("extent contracts refuse sizes beyond a buffer, naming the argument", "[runtime][extents]")
{
    std::vector<float> x(1000);
    std::vector<float> y(1000);
    std::vector<rt::Param> const params{floatValue, floatIn, floatOut, size};
    CHECK(rt::contractMismatch(axpyExtents, params).empty());
    float const a = 2.0f;
    std::uint64_t n = 1000;
    std::vector<void const*> const values{&a, nullptr, nullptr, &n};
    std::vector<rt::ArgInfo> infos{
        number(Kind::Real), span(x.data(), 1000), span(y.data(), 1000), number(Kind::Integer)};
    CHECK(refusal(axpyExtents, params, infos, values).empty());
    n = std::uint64_t{1} << 20;
    CHECK(
        refusal(axpyExtents, params, infos, values)
        == "argument 2 (x) of pyalpaka.kernels.test holds 1000 elements, n = 1048576 needs 1048576");
    n = 1000;
    infos[2] = span(y.data() + 1, 999); // from its pointer to its end
    CHECK(
        refusal(axpyExtents, params, infos, values)
        == "argument 3 (y) of pyalpaka.kernels.test holds 999 elements, n = 1000 needs 1000");
    n = std::numeric_limits<std::uint64_t>::max(); // its bytes are beyond 64 bits, the count is not
    CHECK(
        refusal(axpyExtents, params, infos, values)
        == "argument 2 (x) of pyalpaka.kernels.test holds 1000 elements, n = 18446744073709551615 needs "
           "18446744073709551615");
}

TEST_CASE("extent contracts multiply sizes without overflow and know minimum counts", "[runtime][extents]")
{
    std::array<float, 64> memory{};
    std::vector<rt::Param> const params{floatIn, floatIn, floatOut, size, size, size};
    CHECK(rt::contractMismatch(matmulExtents, params).empty());
    std::vector<rt::ArgInfo> const infos{
        span(memory.data(), 12),
        span(memory.data(), 20),
        span(memory.data(), 15),
        number(Kind::Integer),
        number(Kind::Integer),
        number(Kind::Integer)};
    std::array<std::uint64_t, 3> mnk{3, 5, 4};
    std::vector<void const*> const values{nullptr, nullptr, nullptr, &mnk[0], &mnk[1], &mnk[2]};
    CHECK(refusal(matmulExtents, params, infos, values).empty());
    mnk = {3, 5, 5};
    CHECK(
        refusal(matmulExtents, params, infos, values)
        == "argument 1 (A) of pyalpaka.kernels.test holds 12 elements, m * k = 3 * 5 needs 15");
    mnk = {std::uint64_t{1} << 32, 1, std::uint64_t{1} << 32};
    CHECK(
        refusal(matmulExtents, params, infos, values)
        == "argument 1 (A) of pyalpaka.kernels.test holds 12 elements, m * k = 4294967296 * 4294967296 needs 2**64 "
           "or more");
    mnk = {0, 5, std::numeric_limits<std::uint64_t>::max()}; // a zero factor: nothing needed of A, B = k * n is
    CHECK(
        refusal(matmulExtents, params, infos, values)
        == "argument 2 (B) of pyalpaka.kernels.test holds 20 elements, k * n = 18446744073709551615 * 5 needs 2**64 "
           "or more");

    std::vector<rt::Param> const reduceParams{floatIn, floatOut, size};
    std::uint64_t n = 0;
    std::vector<void const*> const reduceValues{nullptr, nullptr, &n};
    std::vector<rt::ArgInfo> reduceInfos{span(memory.data(), 0), span(memory.data(), 0), number(Kind::Integer)};
    CHECK(
        refusal(reduceExtents, reduceParams, reduceInfos, reduceValues)
        == "argument 2 (sum) of pyalpaka.kernels.test holds 0 elements, the kernel needs 1");
    reduceInfos[1] = span(memory.data(), 1);
    CHECK(refusal(reduceExtents, reduceParams, reduceInfos, reduceValues).empty());
}

TEST_CASE("extent contracts read struct fields; negative extents are empty", "[runtime][extents]")
{
    struct Params
    {
        float dt;
        std::int32_t ny;
        std::int32_t nx;
        double alpha;
    };

    static constexpr std::array<rt::StructField, 4> fields{
        {{"dt", 0, rt::DType::Float32},
         {"ny", 4, rt::DType::Int32},
         {"nx", 8, rt::DType::Int32},
         {"alpha", 16, rt::DType::Float64}}};
    static constexpr rt::StructLayout layout{"pyalpaka::kernels::Params", sizeof(Params), alignof(Params), fields};
    static constexpr auto contract = rt::extentContract(
        {rt::extentField(2, "params.ny", fields, "ny"), rt::extentField(2, "params.nx", fields, "nx")},
        {rt::holds(0, "in", {0, 1}), rt::holds(1, "out", {0, 1})});
    std::vector<rt::Param> const params{floatIn, floatOut, {rt::ParamKind::Struct, rt::DType::UInt8, &layout}};
    CHECK(rt::contractMismatch(contract, params).empty());
    CHECK(
        rt::contractMismatch(contract, {floatIn, floatOut, size}) == "size params.ny is no integer argument or field");
    CHECK(rt::contractMismatch(axpyExtents, {floatIn, floatOut}) == "size n is no argument");

    std::array<float, 16> memory{};
    std::vector<rt::ArgInfo> const infos{span(memory.data(), 16), span(memory.data(), 16), number(Kind::Struct)};
    Params value{0.5f, 4, 4, 0.25};
    std::vector<void const*> const values{nullptr, nullptr, &value};
    CHECK(refusal(contract, params, infos, values).empty());
    value.nx = 5;
    CHECK(
        refusal(contract, params, infos, values)
        == "argument 1 (in) of pyalpaka.kernels.test holds 16 elements, params.ny * params.nx = 4 * 5 needs 20");
    value.ny = -4; // an empty grid (kernels/heat.hpp)
    value.nx = 1000;
    CHECK(refusal(contract, params, infos, values).empty());
}
