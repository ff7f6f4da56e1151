// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The extent contract of a shipped kernel: how many elements each of its buffer arguments must hold, as the product
//! of its size arguments (integer arguments, or integer fields of a struct argument). AotKernels.hpp declares one per
//! family next to its registration; a launch checks it (checkExtents) once the arguments are converted and before
//! the kernel runs, on every back-end, so that a size beyond a buffer is a ValueError rather than a write past its
//! end. The check is a few integer operations per argument; the message is only made when it fails.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "DType.hpp"
#include "KernelRegistry.hpp"

namespace pyalpaka::rt
{
    //! A size a kernel takes: an integer argument, or an integer field of a struct argument (a negative field value
    //! counts as 0: the kernels that take signed extents treat them as empty, see kernels/heat.hpp).
    struct ExtentSize
    {
        std::uint8_t arg = 0;   //!< the argument's index, from 0
        std::string_view name;  //!< as the kernel's header names it ("n", "params.ny")
        std::int8_t field = -1; //!< the index of the field in the struct's StructLayout::fields; -1: the argument
    };

    //! How many elements a buffer argument must hold from its pointer on: the product of its factors (indices into
    //! ExtentContract::sizes), and at least `minimum`.
    struct ExtentNeed
    {
        std::uint8_t arg = 0;                       //!< the buffer argument's index, from 0
        std::string_view name;                      //!< as the kernel's header names it ("y")
        std::array<std::int8_t, 2> factors{-1, -1}; //!< -1: none
        std::uint8_t minimum = 0;                   //!< elements needed whatever the sizes (reduce's sum: 1)
    };

    //! The sizes of a kernel family and what each buffer argument needs of them.
    struct ExtentContract
    {
        static constexpr std::size_t maxSizes = 3;
        static constexpr std::size_t maxNeeds = 3;

        std::array<ExtentSize, maxSizes> sizes{};
        std::size_t sizeCount = 0;
        std::array<ExtentNeed, maxNeeds> needs{};
        std::size_t needCount = 0;
    };

    //! An integer argument `arg` named `name` as a size.
    consteval auto extentArg(std::uint8_t arg, std::string_view name) -> ExtentSize
    {
        return {arg, name, -1};
    }

    //! The field `field` of the struct argument `arg` (its layout's `fields`) as a size, named `name`.
    consteval auto
    extentField(std::uint8_t arg, std::string_view name, std::span<StructField const> fields, std::string_view field)
        -> ExtentSize
    {
        for(std::size_t i = 0; i < fields.size(); ++i)
            if(fields[i].name == field)
                return {arg, name, static_cast<std::int8_t>(i)};
        throw "extentField: the struct has no such field"; // not constant: a compile error
    }

    //! Buffer argument `arg` named `name` holds the product of the sizes `factors` (indices into the contract's
    //! sizes), at least `minimum` elements.
    consteval auto
    holds(std::uint8_t arg, std::string_view name, std::initializer_list<int> factors, std::uint8_t minimum = 0)
        -> ExtentNeed
    {
        ExtentNeed need{arg, name, {-1, -1}, minimum};
        if(factors.size() > need.factors.size())
            throw "holds: at most two factors";
        std::size_t i = 0;
        for(int const f : factors)
            need.factors[i++] = static_cast<std::int8_t>(f);
        return need;
    }

    //! A contract of `sizes` and `needs`, checked at compile time: every factor names one of the sizes.
    consteval auto
    extentContract(std::initializer_list<ExtentSize> sizes, std::initializer_list<ExtentNeed> needs) -> ExtentContract
    {
        ExtentContract c;
        if(sizes.size() > ExtentContract::maxSizes || needs.size() > ExtentContract::maxNeeds)
            throw "extentContract: too many sizes or needs";
        for(auto const& s : sizes)
            c.sizes[c.sizeCount++] = s;
        for(auto const& n : needs)
        {
            for(auto const f : n.factors)
                if(f < -1 || f >= static_cast<int>(sizes.size()))
                    throw "extentContract: a factor that is none of the sizes";
            c.needs[c.needCount++] = n;
        }
        return c;
    }

    //! Why `contract` does not fit the parameter list `params` (a size that is no integer argument or field, a need
    //! that is no pointer argument), empty when it fits: registration checks it once per variant.
    [[nodiscard]] inline auto
    contractMismatch(ExtentContract const& contract, std::vector<Param> const& params) -> std::string
    {
        auto const isInteger = [](DType d) { return info(d).kind == 'i' || info(d).kind == 'u'; };
        for(std::size_t s = 0; s < contract.sizeCount; ++s)
        {
            auto const& size = contract.sizes[s];
            if(size.arg >= params.size())
                return "size " + std::string(size.name) + " is no argument";
            auto const& p = params[size.arg];
            bool const ok = size.field < 0
                                ? p.kind == ParamKind::Scalar && isInteger(p.dtype)
                                : p.kind == ParamKind::Struct
                                      && static_cast<std::size_t>(size.field) < p.layout->fields.size()
                                      && isInteger(p.layout->fields[static_cast<std::size_t>(size.field)].dtype);
            if(!ok)
                return "size " + std::string(size.name) + " is no integer argument or field";
        }
        for(std::size_t i = 0; i < contract.needCount; ++i)
        {
            auto const& need = contract.needs[i];
            if(need.arg >= params.size()
               || (params[need.arg].kind != ParamKind::Pointer && params[need.arg].kind != ParamKind::ConstPointer))
                return "buffer " + std::string(need.name) + " is no pointer argument";
        }
        return {};
    }

    namespace detail
    {
        //! An integer of type `dtype` at `value` as an extent: negative values count as 0.
        inline auto readExtent(DType dtype, void const* value) noexcept -> std::uint64_t
        {
            auto const as = [value]<typename T>(T) -> std::uint64_t
            {
                T v;
                std::memcpy(&v, value, sizeof(T));
                if constexpr(std::is_signed_v<T>)
                    if(v < 0)
                        return 0u;
                return static_cast<std::uint64_t>(v);
            };
            switch(dtype)
            {
                case DType::Int8:
                    return as(std::int8_t{});
                case DType::UInt8:
                    return as(std::uint8_t{});
                case DType::Int16:
                    return as(std::int16_t{});
                case DType::UInt16:
                    return as(std::uint16_t{});
                case DType::Int32:
                    return as(std::int32_t{});
                case DType::UInt32:
                    return as(std::uint32_t{});
                case DType::Int64:
                    return as(std::int64_t{});
                case DType::UInt64:
                    return as(std::uint64_t{});
                default:
                    return 0; // contractMismatch refuses contracts with other sizes
            }
        }

        //! The ValueError of a buffer too small for the sizes: "argument 3 (y) of pyalpaka.kernels.axpy holds 1000
        //! elements, n = 1048576 needs 1048576".
        [[noreturn, gnu::cold, gnu::noinline]] inline void throwTooSmall(
            ExtentContract const& contract,
            ExtentNeed const& need,
            std::uint64_t const* sizes,
            std::uint64_t held,
            bool overflow,
            std::uint64_t needed,
            std::string_view prefix,
            std::string_view kernel)
        {
            std::string text = "argument " + std::to_string(need.arg + 1) + " (" + std::string(need.name) + ") of ";
            text += prefix;
            text += kernel;
            text += " holds " + std::to_string(held) + (held == 1 ? " element, " : " elements, ");
            std::string names;
            std::string values;
            for(auto const f : need.factors)
            {
                if(f < 0)
                    continue;
                names += (names.empty() ? "" : " * ") + std::string(contract.sizes[static_cast<std::size_t>(f)].name);
                values += (values.empty() ? "" : " * ") + std::to_string(sizes[static_cast<std::size_t>(f)]);
            }
            if(names.empty())
                text += "the kernel needs " + std::to_string(needed);
            else
                text += names + " = " + values + " needs "
                        + (overflow ? std::string("2**64 or more") : std::to_string(needed));
            throw std::invalid_argument(text);
        }
    } // namespace detail

    //! Checks that every buffer argument of a launch holds what `contract` says it needs: ValueError
    //! (std::invalid_argument) naming the argument, its size and the sizes' values otherwise. `params` and `infos`
    //! are the variant's parameters and the arguments' classifications (pointer arguments: ArgInfo::pointer to
    //! ArgInfo::end); valueOf(i) points to the converted value of argument i (the parameter's exact type, a struct's
    //! bytes). Messages name the kernel prefix + kernel ("pyalpaka.kernels." "axpy").
    template<typename TValueOf>
    void checkExtents(
        ExtentContract const& contract,
        Param const* params,
        ArgInfo const* infos,
        TValueOf const& valueOf,
        std::string_view prefix,
        std::string_view kernel)
    {
        std::array<std::uint64_t, ExtentContract::maxSizes> sizes{};
        for(std::size_t s = 0; s < contract.sizeCount; ++s)
        {
            auto const& size = contract.sizes[s];
            auto const* value = static_cast<std::byte const*>(valueOf(size.arg));
            auto const& param = params[size.arg];
            if(size.field < 0)
                sizes[s] = detail::readExtent(param.dtype, value);
            else
            {
                auto const& field = param.layout->fields[static_cast<std::size_t>(size.field)];
                sizes[s] = detail::readExtent(field.dtype, value + field.offset);
            }
        }
        for(std::size_t i = 0; i < contract.needCount; ++i)
        {
            auto const& need = contract.needs[i];
            std::uint64_t needed = 1;
            bool overflow = false;
            bool anyFactor = false;
            for(auto const f : need.factors)
                if(f >= 0)
                {
                    anyFactor = true;
                    overflow |= __builtin_mul_overflow(needed, sizes[static_cast<std::size_t>(f)], &needed);
                }
            if(!anyFactor)
                needed = 0;
            needed = std::max<std::uint64_t>(needed, need.minimum);
            auto const& arg = infos[need.arg];
            auto const start = reinterpret_cast<std::uintptr_t>(arg.pointer);
            std::uint64_t const heldBytes = arg.end > start ? arg.end - start : 0u;
            auto const itemSize = info(params[need.arg].dtype).size;
            std::uint64_t neededBytes = 0;
            bool const beyondBytes = __builtin_mul_overflow(needed, itemSize, &neededBytes);
            if(overflow || beyondBytes || neededBytes > heldBytes) [[unlikely]]
                detail::throwTooSmall(
                    contract,
                    need,
                    sizes.data(),
                    itemSize == 0 ? 0 : heldBytes / itemSize,
                    overflow,
                    needed,
                    prefix,
                    kernel);
        }
    }
} // namespace pyalpaka::rt
