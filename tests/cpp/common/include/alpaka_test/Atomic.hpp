// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the atomic tests: the operations as an enum with a host reference, calls through the named functions
//! and through atomicOp with or without a hierarchy argument, and work divisions within the accelerator's limits.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"

namespace atomictest
{
    using alpaka_test::firstDev;
    using alpaka_test::toDevice;
    using alpaka_test::toHost;

    //! The 1-D accelerators the type matrix runs on.
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::size_t>;

    //! Stands for "no hierarchy argument" (the default, hierarchy::Grids).
    struct DefaultHierarchy
    {
    };

    enum class Op : int
    {
        Add,
        Sub,
        Min,
        Max,
        Exch,
        Inc,
        Dec,
        And,
        Or,
        Xor,
        Cas
    };

    inline auto opName(Op op) -> std::string
    {
        constexpr char const* names[] = {"Add", "Sub", "Min", "Max", "Exch", "Inc", "Dec", "And", "Or", "Xor", "Cas"};
        return names[static_cast<int>(op)];
    }

    //! CUDA's rules, written out independently of the library: the value *addr holds after op(old, a[, b]).
    template<typename T>
    auto reference(Op op, T old, T a, T b) -> T
    {
        switch(op)
        {
            case Op::Add:
                return static_cast<T>(old + a);
            case Op::Sub:
                return static_cast<T>(old - a);
            case Op::Min:
                return a < old ? a : old;
            case Op::Max:
                return a > old ? a : old;
            case Op::Exch:
                return a;
            case Op::Inc:
                return old >= a ? T(0) : static_cast<T>(old + T(1));
            case Op::Dec:
                return (old == T(0) || old > a) ? a : static_cast<T>(old - T(1));
            case Op::Cas:
                return old == a ? b : old;
            default:
                break;
        }
        if constexpr(std::is_integral_v<T>)
        {
            if(op == Op::And)
                return static_cast<T>(old & a);
            if(op == Op::Or)
                return static_cast<T>(old | a);
            if(op == Op::Xor)
                return static_cast<T>(old ^ a);
        }
        return old;
    }

    //! The alpaka function object of an Op.
    template<Op TOp>
    struct OpType;

#define ATOMICTEST_OP_TYPE(name)                                                                                       \
    template<>                                                                                                         \
    struct OpType<Op::name>                                                                                            \
    {                                                                                                                  \
        using type = alpaka::Atomic##name;                                                                             \
    };
    ATOMICTEST_OP_TYPE(Add)
    ATOMICTEST_OP_TYPE(Sub)
    ATOMICTEST_OP_TYPE(Min)
    ATOMICTEST_OP_TYPE(Max)
    ATOMICTEST_OP_TYPE(Exch)
    ATOMICTEST_OP_TYPE(Inc)
    ATOMICTEST_OP_TYPE(Dec)
    ATOMICTEST_OP_TYPE(And)
    ATOMICTEST_OP_TYPE(Or)
    ATOMICTEST_OP_TYPE(Xor)
    ATOMICTEST_OP_TYPE(Cas)
#undef ATOMICTEST_OP_TYPE

    //! atomicOp<TOp>(acc, addr, value[, THierarchy{}]).
    template<Op TOp, typename THier, typename TAcc, typename T>
    ALPAKA_FN_ACC auto viaAtomicOp(TAcc const& acc, T* addr, T a, T b) -> T
    {
        using AlpakaOp = typename OpType<TOp>::type;
        if constexpr(TOp == Op::Cas)
        {
            if constexpr(std::is_same_v<THier, DefaultHierarchy>)
                return alpaka::atomicOp<AlpakaOp>(acc, addr, a, b);
            else
                return alpaka::atomicOp<AlpakaOp>(acc, addr, a, b, THier{});
        }
        else
        {
            if constexpr(std::is_same_v<THier, DefaultHierarchy>)
                return alpaka::atomicOp<AlpakaOp>(acc, addr, a);
            else
                return alpaka::atomicOp<AlpakaOp>(acc, addr, a, THier{});
        }
    }

#define ATOMICTEST_NAMED(op, function)                                                                                 \
    if constexpr(TOp == Op::op)                                                                                        \
    {                                                                                                                  \
        if constexpr(std::is_same_v<THier, DefaultHierarchy>)                                                          \
            return alpaka::function(acc, addr, a);                                                                     \
        else                                                                                                           \
            return alpaka::function(acc, addr, a, THier{});                                                            \
    }

    //! The named function (atomicAdd ...) of TOp, with or without a hierarchy argument.
    template<Op TOp, typename THier, typename TAcc, typename T>
    ALPAKA_FN_ACC auto viaNamed(TAcc const& acc, T* addr, T a, [[maybe_unused]] T b) -> T
    {
        ATOMICTEST_NAMED(Add, atomicAdd)
        ATOMICTEST_NAMED(Sub, atomicSub)
        ATOMICTEST_NAMED(Min, atomicMin)
        ATOMICTEST_NAMED(Max, atomicMax)
        ATOMICTEST_NAMED(Exch, atomicExch)
        ATOMICTEST_NAMED(Inc, atomicInc)
        ATOMICTEST_NAMED(Dec, atomicDec)
        ATOMICTEST_NAMED(And, atomicAnd)
        ATOMICTEST_NAMED(Or, atomicOr)
        ATOMICTEST_NAMED(Xor, atomicXor)
        if constexpr(TOp == Op::Cas)
        {
            if constexpr(std::is_same_v<THier, DefaultHierarchy>)
                return alpaka::atomicCas(acc, addr, a, b);
            else
                return alpaka::atomicCas(acc, addr, a, b, THier{});
        }
    }
#undef ATOMICTEST_NAMED

    template<typename TAcc>
    using VecOf = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    //! blocksPerDim^Dim blocks of up to threadsPerDim threads per dimension (within TAcc's limits, at most 256 in all).
    template<typename TAcc>
    auto makeWorkDiv(alpaka::Idx<TAcc> blocksPerDim, alpaka::Idx<TAcc> threadsPerDim)
        -> alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const props = alpaka::getAccDevProps<TAcc>(firstDev<TAcc>());
        auto threads = alpaka::elementwise_min(VecOf<TAcc>::all(threadsPerDim), props.m_blockThreadExtentMax);
        Idx const countMax = props.m_blockThreadCountMax < Idx{256} ? props.m_blockThreadCountMax : Idx{256};
        while(threads.prod() > countMax)
        {
            std::size_t largest = 0;
            for(std::size_t i = 0; i != alpaka::Dim<TAcc>::value; ++i)
                if(threads[i] > threads[largest])
                    largest = i;
            threads[largest] = static_cast<Idx>(threads[largest] / 2);
        }
        return alpaka::WorkDivMembers<alpaka::Dim<TAcc>, Idx>(
            VecOf<TAcc>::all(blocksPerDim), threads, VecOf<TAcc>::ones());
    }

} // namespace atomictest
