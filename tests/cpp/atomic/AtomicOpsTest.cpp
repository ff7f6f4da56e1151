// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Every atomic operation for every value type and hierarchy, through the named functions and through atomicOp, on
//! global and on shared memory: returns the old value and stores what CUDA's rules say.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cstddef>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Atomic.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    using atomictest::Op;

    //! One operation to apply: *addr = init, then op(addr, a) or, for Cas, op(addr, compare = a, value = b).
    template<typename T>
    struct Case
    {
        Op op;
        T init;
        T a;
        T b;
    };

    //! Results per case: (old, new) through the named function and through atomicOp, on global then shared memory.
    inline constexpr std::size_t resultsPerCase = 8u;

    template<Op TOp, typename THier, typename TAcc, typename T>
    ALPAKA_FN_ACC auto apply(TAcc const& acc, Case<T> const& c, T* addr, T* results) -> void
    {
        *addr = c.init;
        results[0] = atomictest::viaNamed<TOp, THier>(acc, addr, c.a, c.b);
        results[1] = *addr;
        *addr = c.init;
        results[2] = atomictest::viaAtomicOp<TOp, THier>(acc, addr, c.a, c.b);
        results[3] = *addr;
    }

    template<typename THier, typename TAcc, typename T>
    ALPAKA_FN_ACC auto runCase(TAcc const& acc, Case<T> const& c, T* addr, T* results) -> void
    {
        switch(c.op)
        {
            case Op::Add:
                apply<Op::Add, THier>(acc, c, addr, results);
                break;
            case Op::Sub:
                apply<Op::Sub, THier>(acc, c, addr, results);
                break;
            case Op::Min:
                apply<Op::Min, THier>(acc, c, addr, results);
                break;
            case Op::Max:
                apply<Op::Max, THier>(acc, c, addr, results);
                break;
            case Op::Exch:
                apply<Op::Exch, THier>(acc, c, addr, results);
                break;
            case Op::Inc:
                apply<Op::Inc, THier>(acc, c, addr, results);
                break;
            case Op::Dec:
                apply<Op::Dec, THier>(acc, c, addr, results);
                break;
            case Op::Cas:
                apply<Op::Cas, THier>(acc, c, addr, results);
                break;
            case Op::And:
            case Op::Or:
            case Op::Xor:
                if constexpr(std::is_integral_v<T>)
                {
                    if(c.op == Op::And)
                        apply<Op::And, THier>(acc, c, addr, results);
                    else if(c.op == Op::Or)
                        apply<Op::Or, THier>(acc, c, addr, results);
                    else
                        apply<Op::Xor, THier>(acc, c, addr, results);
                }
                break;
        }
    }

    //! Runs on one thread: the cases are a sequence of single operations.
    template<typename THier>
    struct OpsKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* /* success */, Case<T> const* cases, std::size_t count, T* global, T* out)
            const -> void
        {
            auto& shared = alpaka::declareSharedVar<T, 0>(acc);
            for(std::size_t i = 0; i < count; ++i)
            {
                runCase<THier>(acc, cases[i], global, out + i * resultsPerCase);
                runCase<THier>(acc, cases[i], &shared, out + i * resultsPerCase + 4u);
            }
        }
    };

    template<typename T>
    auto makeCases() -> std::vector<Case<T>>
    {
        std::vector<Case<T>> cases;
        auto const add = [&](Op op, auto init, auto a, auto b)
        { cases.push_back({op, static_cast<T>(init), static_cast<T>(a), static_cast<T>(b)}); };
        T const max = std::numeric_limits<T>::max();
        constexpr bool isSigned = std::is_signed_v<T>;
        constexpr bool isIntegral = std::is_integral_v<T>;

        add(Op::Add, 5, 3, 0);
        add(Op::Add, 0, 0, 0);
        add(Op::Sub, 5, 3, 0);
        add(Op::Sub, 3, 5, 0); // wraps for unsigned types
        add(Op::Sub, 0, 0, 0);
        add(Op::Min, 5, 3, 0);
        add(Op::Min, 3, 5, 0);
        add(Op::Min, 4, 4, 0);
        add(Op::Min, max, 0, 0);
        add(Op::Max, 5, 3, 0);
        add(Op::Max, 3, 5, 0);
        add(Op::Max, 4, 4, 0);
        add(Op::Max, 0, max, 0);
        add(Op::Exch, 5, 3, 0);
        add(Op::Exch, 0, max, 0);
        add(Op::Exch, max, 0, 0);
        // Inc: old >= v ? 0 : old + 1, at and around the edges.
        for(T old : {T(0), T(3), T(6), T(7), T(8), max})
            add(Op::Inc, old, 7, 0);
        add(Op::Inc, 0, 0, 0);
        add(Op::Inc, 5, 0, 0);
        add(Op::Inc, max, max, 0);
        // Dec: old == 0 || old > v ? v : old - 1.
        for(T old : {T(0), T(1), T(3), T(7), T(8), max})
            add(Op::Dec, old, 7, 0);
        add(Op::Dec, 0, 0, 0);
        add(Op::Dec, 5, 0, 0);
        add(Op::Dec, max, max, 0);
        // Cas: success, failure.
        add(Op::Cas, 5, 5, 9);
        add(Op::Cas, 5, 4, 9);
        add(Op::Cas, max, max, 0);
        add(Op::Cas, 0, 0, max);
        add(Op::Cas, 0, max, 1);
        if constexpr(isIntegral)
        {
            add(Op::Add, max - 1, 1, 0);
            for(Op op : {Op::And, Op::Or, Op::Xor})
            {
                add(op, 0b1100, 0b1010, 0);
                add(op, max, 0x0f, 0);
                add(op, 0, max, 0);
                add(op, max, max, 0);
                add(op, 0x5a5a, 0x0ff0, 0);
            }
        }
        else
        {
            add(Op::Add, 1.5, 2.25, 0);
            add(Op::Add, -1.5, 0.25, 0);
            add(Op::Sub, 1.5, 2.25, 0);
            add(Op::Min, 1.5, 1.25, 0);
            add(Op::Max, 1.5, 1.75, 0);
            add(Op::Exch, 1.5, -0.25, 0);
            add(Op::Inc, 2.5, 7, 0);
            add(Op::Inc, 7.5, 7, 0);
            add(Op::Dec, 2.5, 7, 0);
            add(Op::Dec, 0.5, 7, 0);
            add(Op::Dec, 7.5, 7, 0);
            add(Op::Cas, 1.5, 1.5, -2.5);
            add(Op::Cas, 1.5, 2.5, -2.5);
        }
        if constexpr(isSigned)
        {
            add(Op::Add, -7, 3, 0);
            add(Op::Sub, -7, 3, 0);
            add(Op::Min, -2, 1, 0);
            add(Op::Min, 1, -2, 0);
            add(Op::Max, -2, 1, 0);
            add(Op::Max, 1, -2, 0);
            add(Op::Exch, 1, -2, 0);
            add(Op::Inc, -5, 7, 0);
            add(Op::Dec, -5, 7, 0);
            add(Op::Cas, -1, -1, 3);
        }
        return cases;
    }

    template<typename THier>
    auto hierarchyName() -> char const*
    {
        if constexpr(std::is_same_v<THier, alpaka::hierarchy::Grids>)
            return "hierarchy::Grids";
        else if constexpr(std::is_same_v<THier, alpaka::hierarchy::Blocks>)
            return "hierarchy::Blocks";
        else if constexpr(std::is_same_v<THier, alpaka::hierarchy::Threads>)
            return "hierarchy::Threads";
        else
            return "default hierarchy";
    }

    //! Runs the cases with hierarchy THier on TAcc (one block, one thread) and returns the results.
    template<typename TAcc, typename THier, typename T>
    auto runCases(std::vector<Case<T>> const& cases) -> std::vector<T>
    {
        using Idx = alpaka::Idx<TAcc>;
        using Vec = atomictest::VecOf<TAcc>;
        alpaka::test::KernelExecutionFixture<TAcc> fixture(
            alpaka::WorkDivMembers<alpaka::Dim<TAcc>, Idx>(Vec::ones(), Vec::ones(), Vec::ones()));
        auto& queue = fixture.getQueue();
        auto const dev = atomictest::firstDev<TAcc>();
        auto casesDev = atomictest::toDevice<TAcc>(queue, cases);
        auto global = alpaka::allocBuf<T, Idx>(dev, Idx{1});
        auto out = alpaka::allocBuf<T, Idx>(dev, static_cast<Idx>(cases.size() * resultsPerCase));
        alpaka::memset(queue, out, 0u);
        CHECK(fixture(
            OpsKernel<THier>{},
            static_cast<Case<T> const*>(alpaka::getPtrNative(casesDev)),
            cases.size(),
            alpaka::getPtrNative(global),
            alpaka::getPtrNative(out)));
        return atomictest::toHost(queue, out);
    }

    char const* const pathNames[] = {"named, global", "atomicOp, global", "named, shared", "atomicOp, shared"};

    using ValueTypes = std::tuple<int, unsigned int, long, unsigned long, long long, unsigned long long, float, double>;
    using AccValuePairs = alpaka::meta::CartesianProduct<std::tuple, atomictest::Accs1D, ValueTypes>;
    using Hierarchies = std::tuple<
        atomictest::DefaultHierarchy,
        alpaka::hierarchy::Grids,
        alpaka::hierarchy::Blocks,
        alpaka::hierarchy::Threads>;
} // namespace

TEMPLATE_LIST_TEST_CASE("atomic operations return the old value and store CUDA's result", "[atomic]", AccValuePairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    auto const cases = makeCases<T>();
    alpaka::meta::forEachType<Hierarchies>(
        [&]<typename THier>()
        {
            auto const results = runCases<Acc, THier>(cases);
            for(std::size_t i = 0; i < cases.size(); ++i)
            {
                auto const& c = cases[i];
                T const expected = atomictest::reference(c.op, c.init, c.a, c.b);
                for(std::size_t path = 0; path < 4u; ++path)
                {
                    INFO(
                        alpaka::getAccName<Acc>()
                        << ", " << hierarchyName<THier>() << ", " << pathNames[path] << ": atomic" << opName(c.op)
                        << " on " << +c.init << " with " << +c.a << ", " << +c.b);
                    CHECK(results[i * resultsPerCase + 2u * path] == c.init);
                    CHECK(results[i * resultsPerCase + 2u * path + 1u] == expected);
                }
            }
        });
}

TEMPLATE_LIST_TEST_CASE("atomicInc and atomicDec wrap like CUDA's", "[atomic]", atomictest::Accs1D)
{
    using Acc = TestType;
    constexpr unsigned max = std::numeric_limits<unsigned>::max();
    // {op, old, v} and the value CUDA stores.
    std::vector<Case<unsigned>> const cases{
        {Op::Inc, 0u, 7u, 0u},
        {Op::Inc, 6u, 7u, 0u},
        {Op::Inc, 7u, 7u, 0u},
        {Op::Inc, 8u, 7u, 0u},
        {Op::Inc, max, 7u, 0u},
        {Op::Inc, 0u, 0u, 0u},
        {Op::Inc, max - 1u, max, 0u},
        {Op::Inc, max, max, 0u},
        {Op::Dec, 0u, 7u, 0u},
        {Op::Dec, 1u, 7u, 0u},
        {Op::Dec, 7u, 7u, 0u},
        {Op::Dec, 8u, 7u, 0u},
        {Op::Dec, max, 7u, 0u},
        {Op::Dec, 0u, 0u, 0u},
        {Op::Dec, 5u, 0u, 0u},
        {Op::Dec, max, max, 0u}};
    std::vector<unsigned> const expected{1u, 7u, 0u, 0u, 0u, 0u, max, 0u, 7u, 0u, 6u, 7u, 7u, 0u, 0u, max - 1u};
    alpaka::meta::forEachType<Hierarchies>(
        [&]<typename THier>()
        {
            auto const results = runCases<Acc, THier>(cases);
            for(std::size_t i = 0; i < cases.size(); ++i)
                for(std::size_t path = 0; path < 4u; ++path)
                {
                    INFO(
                        hierarchyName<THier>() << ", " << pathNames[path] << ": atomic" << opName(cases[i].op) << "("
                                               << cases[i].init << ", " << cases[i].a << ")");
                    CHECK(results[i * resultsPerCase + 2u * path] == cases[i].init);
                    CHECK(results[i * resultsPerCase + 2u * path + 1u] == expected[i]);
                }
        });
}
