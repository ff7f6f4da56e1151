// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Free functions on Vec: castVec, reverseVec, concatVec, subVecFromIndices/Begin/End, elementwise_min/max, toArray.
//! Each forwards to a trait so that user vector types can take part.

#include "alpaka/core/Common.hpp"
#include "alpaka/meta/IntegerSequence.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <type_traits>
#include <utility>
#if !ALPAKA_RTC
#    include "alpaka/core/Message.hpp"

#    include <array>
#    include <string>
#endif

namespace alpaka
{
    namespace trait
    {
        //! The sub-vector made of the components at the given indices.
        template<typename TVec, typename TIndexSequence, typename TSfinae = void>
        struct SubVecFromIndices;

        template<typename TDim, typename TVal, std::size_t... TIndices>
        struct SubVecFromIndices<Vec<TDim, TVal>, std::index_sequence<TIndices...>>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto
            subVecFromIndices(Vec<TDim, TVal> const& vec) -> Vec<DimInt<sizeof...(TIndices)>, TVal>
            {
                static_assert(
                    meta::IntegerSequenceValuesInRange<std::index_sequence<TIndices...>, std::size_t, 0, TDim::value>::
                        value,
                    "subVecFromIndices: every index must be smaller than the dimensionality of the Vec");
                if constexpr(sizeof...(TIndices) == 0)
                    return {};
                else
                    return {vec[TIndices]...};
            }
        };

        //! The vector with every component converted to TValNew.
        template<typename TValNew, typename TVec, typename TSfinae = void>
        struct CastVec;

        template<typename TValNew, typename TDim, typename TVal>
        struct CastVec<TValNew, Vec<TDim, TVal>>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto castVec(Vec<TDim, TVal> const& vec) -> Vec<TDim, TValNew>
            {
                return Vec<TDim, TValNew>([&](auto i) { return static_cast<TValNew>(vec[i.value]); });
            }
        };

        //! The vector with its components in reverse order.
        template<typename TVec, typename TSfinae = void>
        struct ReverseVec;

        template<typename TDim, typename TVal>
        struct ReverseVec<Vec<TDim, TVal>>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto reverseVec(Vec<TDim, TVal> const& vec) -> Vec<TDim, TVal>
            {
                return Vec<TDim, TVal>([&](auto i) { return vec[TDim::value - 1 - i.value]; });
            }
        };

        //! The components of the first vector followed by those of the second.
        template<typename TVecL, typename TVecR, typename TSfinae = void>
        struct ConcatVec;

        template<typename TDimL, typename TDimR, typename TVal>
        struct ConcatVec<Vec<TDimL, TVal>, Vec<TDimR, TVal>>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto concatVec(Vec<TDimL, TVal> const& l, Vec<TDimR, TVal> const& r)
                -> Vec<DimInt<TDimL::value + TDimR::value>, TVal>
            {
                return Vec<DimInt<TDimL::value + TDimR::value>, TVal>(
                    [&](auto i)
                    {
                        if constexpr(i.value < TDimL::value)
                            return l[i.value];
                        else
                            return r[i.value - TDimL::value];
                    });
            }
        };
    } // namespace trait

    template<typename TIndexSequence, typename TVec>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto subVecFromIndices(TVec const& vec)
    {
        return trait::SubVecFromIndices<TVec, TIndexSequence>::subVecFromIndices(vec);
    }

    //! The first TSubDim::value components.
    template<typename TSubDim, typename TVec>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto subVecBegin(TVec const& vec)
    {
        static_assert(TSubDim::value <= Dim<TVec>::value, "subVecBegin: the sub-vector cannot be longer than the Vec");
        return subVecFromIndices<std::make_index_sequence<TSubDim::value>>(vec);
    }

    //! The last TSubDim::value components.
    template<typename TSubDim, typename TVec>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto subVecEnd(TVec const& vec)
    {
        static_assert(TSubDim::value <= Dim<TVec>::value, "subVecEnd: the sub-vector cannot be longer than the Vec");
        using Offset = std::integral_constant<std::size_t, Dim<TVec>::value - TSubDim::value>;
        return subVecFromIndices<meta::MakeIntegerSequenceOffset<std::size_t, Offset::value, TSubDim::value>>(vec);
    }

    template<typename TValNew, typename TVec>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto castVec(TVec const& vec)
    {
        return trait::CastVec<TValNew, TVec>::castVec(vec);
    }

    template<typename TVec>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto reverseVec(TVec const& vec)
    {
        return trait::ReverseVec<TVec>::reverseVec(vec);
    }

    template<typename TVecL, typename TVecR>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto concatVec(TVecL const& l, TVecR const& r)
    {
        return trait::ConcatVec<TVecL, TVecR>::concatVec(l, r);
    }

    //! A vector whose component i is TTFnObj<i + TIdxOffset>::create(args...): upstream's creator of per-dimension
    //! values from a class template indexed by the dimension (the arguments are passed to every create() call).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TDim, template<std::size_t> class TTFnObj, std::size_t TIdxOffset, typename... TArgs>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto createVecFromIndexedFnOffset(TArgs&&... args)
    {
        using Val = std::remove_cvref_t<decltype(TTFnObj<TIdxOffset>::create(args...))>;
        return Vec<TDim, Val>([&](auto i) { return TTFnObj<decltype(i)::value + TIdxOffset>::create(args...); });
    }

    //! A vector whose component i is TTFnObj<i>::create(args...).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TDim, template<std::size_t> class TTFnObj, typename... TArgs>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto createVecFromIndexedFn(TArgs&&... args)
    {
        return createVecFromIndexedFnOffset<TDim, TTFnObj, 0>(args...);
    }

    //! Component-wise minimum of one or more vectors of the same type.
    template<typename TDim, typename TVal, typename... TVecs>
        requires(std::is_same_v<TVecs, Vec<TDim, TVal>> && ...)
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto
    elementwise_min(Vec<TDim, TVal> const& p, TVecs const&... qs) -> Vec<TDim, TVal>
    {
        return Vec<TDim, TVal>(
            [&](auto i)
            {
                TVal result = p[i.value];
                ((result = qs[i.value] < result ? qs[i.value] : result), ...);
                return result;
            });
    }

    //! Component-wise maximum of one or more vectors of the same type.
    template<typename TDim, typename TVal, typename... TVecs>
        requires(std::is_same_v<TVecs, Vec<TDim, TVal>> && ...)
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto
    elementwise_max(Vec<TDim, TVal> const& p, TVecs const&... qs) -> Vec<TDim, TVal>
    {
        return Vec<TDim, TVal>(
            [&](auto i)
            {
                TVal result = p[i.value];
                ((result = result < qs[i.value] ? qs[i.value] : result), ...);
                return result;
            });
    }

#if !ALPAKA_RTC
    //! The components as a std::array.
    template<typename TDim, typename TVal>
    [[nodiscard]] constexpr auto toArray(Vec<TDim, TVal> const& vec) -> std::array<TVal, TDim::value>
    {
        std::array<TVal, TDim::value> result{};
        for(std::size_t i = 0; i != TDim::value; ++i)
            result[i] = vec[i];
        return result;
    }

    namespace detail
    {
        //! "(1, 2, 3)", for error messages.
        template<typename TVec>
        auto toString(TVec const& v) -> std::string
        {
            constexpr std::size_t dim = Dim<TVec>::value;
            IntText components[dim + 1]{}; // + 1: a 0-D vector has no components, and an array cannot be empty
            for(std::size_t i = 0; i != dim; ++i)
                components[i] = intText(v[i]);
            return vecText(components, dim);
        }
    } // namespace detail
#endif
} // namespace alpaka
