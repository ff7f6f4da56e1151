// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Registering a kernel compiled ahead of time: addKernel<TTag, TDim, TKernel, Params...>(registry, "name", extents)
//! with the parameter markers Out<T> (T*), In<T> (T const*), Val<T> (T) and ByValue<TStruct> (a struct by value)
//! generates the launch function that unpacks the type-erased arguments, validates the launch and submits the kernel
//! task to the queue; `extents` (KernelExtents.hpp) says how many elements each buffer argument must hold.

#include <alpaka/alpaka.hpp>

#include <array>
#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "BackendImpl.hpp"
#include "KernelExtents.hpp"
#include "KernelRegistry.hpp"
#include "jit/ArgSlot.hpp"
#include "jit/StructFields.hpp"

namespace pyalpaka::rt
{
    template<typename T>
    struct Out
    {
        using Type = T*;
        static constexpr Param param{ParamKind::Pointer, dtypeOf<T>()};
    };

    template<typename T>
    struct In
    {
        using Type = T const*;
        static constexpr Param param{ParamKind::ConstPointer, dtypeOf<T>()};
    };

    template<typename T>
    struct Val
    {
        using Type = T;
        static constexpr Param param{ParamKind::Scalar, dtypeOf<T>()};
    };

    //! The layout of a struct a shipped kernel takes by value: specialize with `static constexpr StructLayout layout`
    //! whose fields are checkedFields<TStruct>({PYALPAKA_STRUCT_FIELD(TStruct, member), ...}) (AotKernels.hpp).
    template<typename TStruct>
    struct StructLayoutOf;

//! The StructField of `member` of `TStruct` (offsetof needs the names, hence a macro).
#define PYALPAKA_STRUCT_FIELD(TStruct, member)                                                                         \
    ::pyalpaka::rt::StructField                                                                                        \
    {                                                                                                                  \
        #member, offsetof(TStruct, member), ::pyalpaka::rt::dtypeOf<decltype(TStruct::member)>()                       \
    }

    //! `fields`, checked at compile time to be every field of TStruct, each once, in the order of their offsets.
    template<typename TStruct, std::size_t TCount>
    consteval auto checkedFields(std::array<StructField, TCount> const& fields) -> std::array<StructField, TCount>
    {
        static_assert(
            std::is_standard_layout_v<TStruct> && std::is_trivially_copyable_v<TStruct> && std::is_aggregate_v<TStruct>,
            "a struct parameter is a plain aggregate: its bytes are copied from the NumPy value");
        static_assert(jit::aggregateSlots<TStruct>() == TCount, "the field list must name every field of the struct");
        for(std::size_t i = 1; i < TCount; ++i)
            if(fields[i].offset < fields[i - 1].offset + info(fields[i - 1].dtype).size)
                throw "the fields must be listed in the order of their offsets, each once"; // not constant: an error
        return fields;
    }

    template<typename TStruct>
    struct ByValue
    {
        using Type = TStruct;
        static constexpr Param param{ParamKind::Struct, DType::UInt8, &StructLayoutOf<TStruct>::layout};
    };

    namespace detail
    {
        //! Submits kernel(args...) with Acc to the queue, which must be one of TTag's device's queues.
        template<typename TTag, std::size_t TDim, typename TKernel, typename... TArgs>
        void submitKernel(Queue& queue, WorkDiv const& workDiv, TArgs... args)
        {
            using Acc = AccOf<TTag, TDim>;
            auto const& device = *queue.device();
            device.backend().checkWorkDiv(device, workDiv);
            auto makeTask = [&]
            {
                try
                {
                    return alpaka::createTaskKernel<Acc>(toAlpaka<TDim>(workDiv), TKernel{}, args...);
                }
                catch(std::runtime_error const& e)
                {
                    // Creating the task only validates the launch (work division, shared memory): a bad value.
                    throw std::invalid_argument(e.what());
                }
            };
            if(queue.blocking())
                static_cast<typename DeviceImpl<TTag>::BlockingQueue&>(queue).submit(makeTask());
            else
                static_cast<typename DeviceImpl<TTag>::NonBlockingQueue&>(queue).submit(makeTask());
        }

        template<typename TTag, std::size_t TDim, typename TKernel, typename... TParams, std::size_t... TIs>
        void launchUnpacked(Queue& queue, WorkDiv const& workDiv, void const* const* args, std::index_sequence<TIs...>)
        {
            submitKernel<TTag, TDim, TKernel>(queue, workDiv, jit::load<typename TParams::Type>(args[TIs])...);
        }

        template<typename TTag, std::size_t TDim, typename TKernel, typename... TParams>
        void launch(Queue& queue, WorkDiv const& workDiv, void const* const* args)
        {
            launchUnpacked<TTag, TDim, TKernel, TParams...>(
                queue, workDiv, args, std::index_sequence_for<TParams...>{});
        }
    } // namespace detail

    //! Registers TKernel for back-end TTag, dimensionality TDim and the parameters TParams (Out/In/Val markers);
    //! `extents` (KernelExtents.hpp) says what its buffer arguments must hold, checked before each launch.
    template<typename TTag, std::size_t TDim, typename TKernel, typename... TParams>
    void addKernel(
        KernelRegistry& registry,
        std::string const& backendName,
        std::string const& family,
        ExtentContract const& extents)
    {
        KernelVariant variant{
            backendName,
            alpaka::core::demangledName<TKernel>(),
            TDim,
            {TParams::param...},
            &detail::launch<TTag, TDim, TKernel, TParams...>,
            &extents};
        if(auto const why = contractMismatch(extents, variant.params); !why.empty())
            throw std::logic_error(
                "the extent contract of the shipped kernel '" + family + "' does not fit it: " + why);
        registry.add(family, std::move(variant));
    }
} // namespace pyalpaka::rt
