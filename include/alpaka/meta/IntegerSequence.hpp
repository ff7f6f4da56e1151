// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Integer sequence helpers: MakeIntegerSequenceOffset<T, TOffset, TSize> = TOffset, TOffset+1, ...,
//! IntegerSequenceValuesInRange<TSeq, T, TMin, TMax>: whether every value lies in [TMin, TMax).

#include <cstddef>
#include <utility>

namespace alpaka::meta
{
    namespace detail
    {
        template<typename T, T TOffset, typename TSeq>
        struct OffsetSequence;

        template<typename T, T TOffset, T... Is>
        struct OffsetSequence<T, TOffset, std::integer_sequence<T, Is...>>
        {
            using type = std::integer_sequence<T, (TOffset + Is)...>;
        };
    } // namespace detail

    template<typename T, T TOffset, T TSize>
    using MakeIntegerSequenceOffset =
        typename detail::OffsetSequence<T, TOffset, std::make_integer_sequence<T, TSize>>::type;

    template<typename TSeq, typename T, T TMin, T TMax>
    struct IntegerSequenceValuesInRange;

    template<typename T, T... Is, T TMin, T TMax>
    struct IntegerSequenceValuesInRange<std::integer_sequence<T, Is...>, T, TMin, TMax>
    {
        static constexpr bool value = ((Is >= TMin && Is < TMax) && ...);
    };

    template<typename TSeq>
    struct IntegerSequenceValuesUnique;

    template<typename T, T... Is>
    struct IntegerSequenceValuesUnique<std::integer_sequence<T, Is...>>
    {
        static constexpr bool value = []
        {
            T const values[] = {Is..., T{}};
            for(std::size_t i = 0; i != sizeof...(Is); ++i)
                for(std::size_t j = i + 1; j != sizeof...(Is); ++j)
                    if(values[i] == values[j])
                        return false;
            return true;
        }();
    };
} // namespace alpaka::meta
