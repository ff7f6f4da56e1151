// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Accelerator tags: a type per back-end, independent of Dim and Idx, to select or test back-ends in generic code.
//! AccToTag<TAcc>, TagToAcc<TTag, TDim, TIdx>, accMatchesTags<TAcc, TTags...>, AccTags.

#include "alpaka/core/Config.hpp"

#include <tuple>
#include <type_traits>
#if !ALPAKA_RTC
#    include <string>
#endif

namespace alpaka
{
#if ALPAKA_RTC
#    define ALPAKA_DEFINE_ACC_TAG(name)                                                                                \
        struct name                                                                                                    \
        {                                                                                                              \
        }
#else
#    define ALPAKA_DEFINE_ACC_TAG(name)                                                                                \
        struct name                                                                                                    \
        {                                                                                                              \
            static auto get_name() -> std::string                                                                      \
            {                                                                                                          \
                return #name;                                                                                          \
            }                                                                                                          \
        }
#endif

    ALPAKA_DEFINE_ACC_TAG(TagCpuFibers);
    ALPAKA_DEFINE_ACC_TAG(TagCpuOmp2Blocks);
    ALPAKA_DEFINE_ACC_TAG(TagCpuOmp2Threads);
    ALPAKA_DEFINE_ACC_TAG(TagCpuSerial);
    ALPAKA_DEFINE_ACC_TAG(TagCpuSycl);
    ALPAKA_DEFINE_ACC_TAG(TagCpuTbbBlocks);
    ALPAKA_DEFINE_ACC_TAG(TagCpuThreads);
    ALPAKA_DEFINE_ACC_TAG(TagFpgaSyclIntel);
    ALPAKA_DEFINE_ACC_TAG(TagGenericSycl);
    ALPAKA_DEFINE_ACC_TAG(TagGpuCudaRt);
    ALPAKA_DEFINE_ACC_TAG(TagGpuHipRt);
    ALPAKA_DEFINE_ACC_TAG(TagGpuSyclIntel);
    ALPAKA_DEFINE_ACC_TAG(TagOmp5);

#undef ALPAKA_DEFINE_ACC_TAG

    //! Every tag this library knows, enabled or not.
    using AccTags = std::tuple<
        TagCpuSerial,
        TagCpuThreads,
        TagCpuFibers,
        TagCpuOmp2Blocks,
        TagCpuOmp2Threads,
        TagCpuTbbBlocks,
        TagOmp5,
        TagGpuCudaRt,
        TagGpuHipRt,
        TagCpuSycl,
        TagFpgaSyclIntel,
        TagGpuSyclIntel,
        TagGenericSycl>;

    namespace concepts
    {
        //! A tag is an empty type that names its back-end (get_name, on the host).
        template<typename TTag>
        concept Tag = std::is_empty_v<TTag>
#if !ALPAKA_RTC
                      && requires {
                             { TTag::get_name() } -> std::convertible_to<std::string>;
                         }
#endif
            ;
    } // namespace concepts

    namespace trait
    {
        //! The tag of an accelerator; each back-end specializes it.
        template<typename TAcc, typename TSfinae = void>
        struct AccToTag;

        //! The accelerator of a tag for a Dim and Idx; specialized only by enabled back-ends.
        template<typename TTag, typename TDim, typename TIdx, typename TSfinae = void>
        struct TagToAcc;
    } // namespace trait

    template<typename TAcc>
    using AccToTag = typename trait::AccToTag<TAcc>::type;

    template<typename TTag, typename TDim, typename TIdx>
    using TagToAcc = typename trait::TagToAcc<TTag, TDim, TIdx>::type;

    //! Whether TAcc's tag is one of TTags.
    template<typename TAcc, concepts::Tag... TTags>
    inline constexpr bool accMatchesTags = (std::is_same_v<AccToTag<TAcc>, TTags> || ...);
} // namespace alpaka
