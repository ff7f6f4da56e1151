// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Accelerator tags: a type per back-end, independent of Dim and Idx, to select or test back-ends in generic code.
//! InterfaceTag, CREATE_ACC_TAG, concepts::Tag, AccToTag<TAcc>, TagToAcc<TTag, TDim, TIdx>,
//! accMatchesTags<TAcc, TTags...>, AccTags; printTagNames<TTuple>() is in acc/PrintTagNames.hpp.

#include "alpaka/core/Config.hpp"

#include <concepts>
#include <tuple>
#include <type_traits>
#if !ALPAKA_RTC
#    include <string>
#endif

namespace alpaka
{
    //! The base of every accelerator tag: concepts::Tag recognises a tag by it (upstream 2.x).
    struct InterfaceTag
    {
    };
} // namespace alpaka

//! Defines the accelerator tag `name`, as upstream 1.x and 2.x do: an empty struct derived from alpaka::InterfaceTag
//! whose static get_name() returns "name". Usable at namespace scope anywhere, also for tags of your own. Under
//! run-time compilation (no std::string) the tag has no get_name.
#if ALPAKA_RTC
#    define CREATE_ACC_TAG(name)                                                                                       \
        struct name : alpaka::InterfaceTag                                                                             \
        {                                                                                                              \
        }
#else
#    define CREATE_ACC_TAG(name)                                                                                       \
        struct name : alpaka::InterfaceTag                                                                             \
        {                                                                                                              \
            static auto get_name() -> std::string                                                                      \
            {                                                                                                          \
                return #name;                                                                                          \
            }                                                                                                          \
        }
#endif

namespace alpaka
{
    CREATE_ACC_TAG(TagCpuFibers);
    CREATE_ACC_TAG(TagCpuOmp2Blocks);
    CREATE_ACC_TAG(TagCpuOmp2Threads);
    CREATE_ACC_TAG(TagCpuSerial);
    CREATE_ACC_TAG(TagCpuSycl);
    CREATE_ACC_TAG(TagCpuTbbBlocks);
    CREATE_ACC_TAG(TagCpuThreads);
    CREATE_ACC_TAG(TagFpgaSyclIntel);
    CREATE_ACC_TAG(TagGenericSycl);
    CREATE_ACC_TAG(TagGpuCudaRt);
    CREATE_ACC_TAG(TagGpuHipRt);
    CREATE_ACC_TAG(TagGpuSyclIntel);
    CREATE_ACC_TAG(TagOmp5);

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
        //! A tag names its back-end (static get_name, on the host) and is either derived from InterfaceTag and
        //! default-constructible (upstream 2.x's rule; CREATE_ACC_TAG makes such a tag) or an empty type (1.x tags
        //! declared without CREATE_ACC_TAG). So it accepts every type upstream's concepts::Tag accepts, and also
        //! empty types with a get_name that are not derived from InterfaceTag, and get_name returning a type that
        //! converts to std::string (upstream wants std::string itself).
        template<typename TTag>
        concept Tag = (std::is_empty_v<TTag>
                       || (std::derived_from<TTag, InterfaceTag> && std::default_initializable<TTag>) )
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
