// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! python_peer: the C++ side of benchmarks/python/vs_cpp.py. It launches the shipped kernels (kernels/*.hpp) exactly
//! as pyalpaka does from Python (same kernel, back-end, work division and queue kind), so that the Python script can
//! report what calling from Python costs:
//!
//!   python_peer triad N REPS   seconds per triad (a = b + s*c, doubles) on AccCpuOmp2Blocks, one line per rep
//!   python_peer launch COUNT   nanoseconds per launch of Fill on one element (AccCpuSerial, blocking queue)

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <kernels/fill.hpp>
#include <kernels/triad.hpp>
#include <stdexcept>
#include <string>
#include <thread>

namespace
{
    using Clock = std::chrono::steady_clock;
    using Dim = alpaka::DimInt<1>;
    using Idx = std::size_t;

    //! The work division vs_cpp.py also uses: 4 blocks per hardware thread, each a contiguous run of elements.
    template<typename TAcc>
    auto triadWorkDiv(Idx n)
    {
        Idx const blocks = 4 * std::max(1u, std::thread::hardware_concurrency());
        return alpaka::WorkDivMembers<Dim, Idx>(blocks, Idx{1}, (n + blocks - 1) / blocks);
    }

#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
    auto triad(Idx n, int reps) -> int
    {
        using Acc = alpaka::AccCpuOmp2Blocks<Dim, Idx>;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto a = alpaka::allocBuf<double, Idx>(dev, n);
        auto b = alpaka::allocBuf<double, Idx>(dev, n);
        auto c = alpaka::allocBuf<double, Idx>(dev, n);
        auto const workDiv = triadWorkDiv<Acc>(n);
        // First touch by the back-end's own threads, as vs_cpp.py does with pk.kernels.fill.
        alpaka::exec<Acc>(queue, workDiv, pyalpaka::kernels::Fill{}, std::data(a), 0.0, n);
        alpaka::exec<Acc>(queue, workDiv, pyalpaka::kernels::Fill{}, std::data(b), 1.0, n);
        alpaka::exec<Acc>(queue, workDiv, pyalpaka::kernels::Fill{}, std::data(c), 2.0, n);
        double const* bp = std::data(b);
        double const* cp = std::data(c);
        for(int rep = 0; rep < reps; ++rep)
        {
            auto const start = Clock::now();
            alpaka::exec<Acc>(queue, workDiv, pyalpaka::kernels::Triad{}, std::data(a), bp, cp, 0.4, n);
            std::cout << std::chrono::duration<double>(Clock::now() - start).count() << '\n';
        }
        if(a[n - 1] != 1.0 + 0.4 * 2.0)
            throw std::runtime_error("python_peer: wrong triad result");
        return 0;
    }
#endif

    auto launch(long count) -> int
    {
        using Acc = alpaka::AccCpuSerial<Dim, Idx>;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto x = alpaka::allocBuf<float, Idx>(dev, Idx{1});
        auto const workDiv = alpaka::WorkDivMembers<Dim, Idx>(Idx{1}, Idx{1}, Idx{1});
        for(int warm = 0; warm < 1000; ++warm)
            alpaka::exec<Acc>(queue, workDiv, pyalpaka::kernels::Fill{}, std::data(x), 1.0f, Idx{1});
        auto const start = Clock::now();
        for(long i = 0; i < count; ++i)
            alpaka::exec<Acc>(queue, workDiv, pyalpaka::kernels::Fill{}, std::data(x), 1.0f, Idx{1});
        std::cout << std::chrono::duration<double, std::nano>(Clock::now() - start).count() / static_cast<double>(count)
                  << '\n';
        return 0;
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    std::string const what = argc > 1 ? argv[1] : "";
    try
    {
        if(what == "launch" && argc == 3)
            return launch(std::stol(argv[2]));
#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
        if(what == "triad" && argc == 4)
            return triad(std::stoul(argv[2]), std::stoi(argv[3]));
#endif
    }
    catch(std::exception const& e)
    {
        std::cerr << e.what() << '\n';
        return 1;
    }
    std::cerr << "usage: python_peer triad N REPS | python_peer launch COUNT (triad needs AccCpuOmp2Blocks)\n";
    return 2;
}
