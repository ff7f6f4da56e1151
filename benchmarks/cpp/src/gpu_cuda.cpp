// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! gpu_cuda: the BabelStream kernels on AccGpuCudaRt (the shipped kernels/*.hpp) next to the same kernels written as
//! plain CUDA in this translation unit (compiled by nvcc in the same build, same grid: blocks of 1024 threads, one
//! element per thread), and the latency of an empty kernel next to a raw `<<<>>>` launch. Every run is a launch plus
//! a wait (a blocking alpaka queue; cudaStreamSynchronize for the native side), timed on the host, interleaved.
//! Built only with -Dalpaka_ACC_GPU_CUDA_ENABLE=ON. Without a usable GPU it prints "no GPU: skipped" and exits 0.

#include <alpaka/alpaka.hpp>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Options.hpp"
#include "Report.hpp"
#include "Stats.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
#    include <kernels/add.hpp>
#    include <kernels/copy.hpp>
#    include <kernels/dot.hpp>
#    include <kernels/mul.hpp>
#    include <kernels/nstream.hpp>
#    include <kernels/triad.hpp>

#    include "GpuCudaNative.hpp"
#endif

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
namespace
{
    using namespace bench;
    using Acc = alpaka::AccGpuCudaRt<Dim, Idx>;
    using Vec1 = alpaka::Vec<Dim, Idx>;

    constexpr Idx blockThreads = 1024;

    //! The alpaka kernel of op, on a blocking queue (exec returns when the kernel is done).
    template<typename TQueue, typename TBuf, typename T>
    void runAlpaka(TQueue& queue, WorkDiv const& wd, int op, T* a, T* b, T* c, TBuf& sum, T s, Idx n)
    {
        namespace k = pyalpaka::kernels;
        switch(op)
        {
            case 0:
                alpaka::exec<Acc>(queue, wd, k::Copy{}, a, c, n);
                break;
            case 1:
                alpaka::exec<Acc>(queue, wd, k::Mul{}, b, c, s, n);
                break;
            case 2:
                alpaka::exec<Acc>(queue, wd, k::Add{}, a, b, c, n);
                break;
            case 3:
                alpaka::exec<Acc>(queue, wd, k::Triad{}, a, b, c, s, n);
                break;
            case 4:
                alpaka::exec<Acc>(queue, wd, k::Nstream{}, a, b, c, s, n);
                break;
            default:
                // The kernel adds to *sum: zeroing it is part of a dot.
                alpaka::memset(queue, sum, 0);
                alpaka::exec<Acc>(queue, wd, k::Dot{}, a, b, alpaka::getPtrNative(sum), n);
                break;
        }
        alpaka::wait(queue);
    }

    template<typename T>
    void measureStream(Options const& options, Report& report, std::vector<std::string>& errors)
    {
        char const* const names[] = {"copy", "mul", "add", "triad", "nstream", "dot"};
        double const arrays[] = {2, 2, 3, 3, 4, 2};
        Idx const n = options.n;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        auto bufA = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufB = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufC = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufSum = alpaka::allocBuf<T, Idx>(dev, Idx{1});
        T* const a = alpaka::getPtrNative(bufA);
        T* const b = alpaka::getPtrNative(bufB);
        T* const c = alpaka::getPtrNative(bufC);
        WorkDiv const wd(Vec1(ceilDiv(n, blockThreads)), Vec1(blockThreads), Vec1(Idx{1}));
        std::string const type = sizeof(T) == 4 ? "float" : "double";
        T const s = static_cast<T>(0.5);
        T nativeDot = 0;
        for(int op = 0; op < 6; ++op)
        {
            // Every kernel starts from the same values: a = 0.5, b = 0.25, c = 0.125 (exact in float and double).
            gpu::fill(a, b, c, n);
            std::vector<Variant> variants;
            variants.push_back({"alpaka", [&] { runAlpaka(queue, wd, op, a, b, c, bufSum, s, n); }});
            variants.push_back({"native CUDA", [&] { nativeDot = gpu::stream(op, a, b, c, s, n); }});
            for(auto& variant : variants)
                variant.run();
            interleave(variants, options.reps, 0, 1);
            if(op == 5)
            {
                // a . b = n * 0.5 * 0.25; both sides accumulate in T, in different orders: compare loosely.
                auto hostSum = alpaka::allocBuf<T, Idx>(host, Idx{1});
                alpaka::memcpy(queue, hostSum, bufSum);
                alpaka::wait(queue);
                double const expected = 0.125 * static_cast<double>(n);
                for(double got : {static_cast<double>(hostSum[0]), static_cast<double>(nativeDot)})
                    if(std::abs(got - expected) > 1e-3 * expected)
                        errors.push_back(
                            type + " dot: " + std::to_string(got) + ", expected " + std::to_string(expected));
            }
            else
            {
                // Idempotent kernels: the values after any number of runs; nstream adds b + s*c on every run.
                T const* const out = op == 0 || op == 2 ? c : op == 1 ? b : a;
                double const runs = 2.0 * static_cast<double>(options.reps + 1);
                double const expected[] = {0.5, 0.0625, 0.75, 0.3125, 0.5 + runs * (0.25 + 0.5 * 0.125)};
                if(!gpu::allEqual(out, n, expected[op]))
                    errors.push_back(type + " " + names[op] + ": wrong result on the GPU");
            }
            double const bytes = arrays[op] * sizeof(T) * static_cast<double>(n);
            auto const gbs = [&](std::vector<double> seconds)
            {
                for(double& value : seconds)
                    value = bytes / value / 1e9;
                return seconds;
            };
            Row row;
            row.section = "gpu stream " + type;
            row.backend = alpaka::getAccName<Acc>();
            row.metric = std::string(names[op]) + " GB/s";
            row.value = median(gbs(samplesOf(variants, "alpaka")));
            row.best = maximum(gbs(samplesOf(variants, "alpaka")));
            row.peer = "native CUDA";
            row.peerValue = median(gbs(samplesOf(variants, "native CUDA")));
            row.notes = alpaka::getName(dev);
            report.add(row);
        }
    }

    void measureLaunch(Options const& options, Report& report)
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        for(Idx const blocks : {Idx{1}, Idx{1024}})
        {
            WorkDiv const wd(Vec1(blocks), Vec1(Idx{256}), Vec1(Idx{1}));
            std::vector<Variant> variants;
            variants.push_back({"alpaka", [&] { alpaka::exec<Acc>(queue, wd, gpu::EmptyKernel{}); }});
            variants.push_back({"raw CUDA launch", [&] { gpu::emptyLaunch(static_cast<unsigned>(blocks), 256u); }});
            interleave(variants, ceilDiv(options.launches, 100), 10, 100);
            Row row;
            row.section = "gpu launch";
            row.backend = alpaka::getAccName<Acc>();
            row.metric = "launch + wait, " + std::to_string(blocks) + " x 256 threads, us";
            row.compare = Compare::Difference;
            row.value = median(scaled(samplesOf(variants, "alpaka"), 1e6));
            row.best = minimum(scaled(samplesOf(variants, "alpaka"), 1e6));
            row.peer = "raw CUDA launch";
            row.peerValue = median(scaled(samplesOf(variants, "raw CUDA launch"), 1e6));
            report.add(row);
        }
    }
} // namespace
#endif

auto main(int argc, char** argv) -> int
{
    bench::Options options;
    try
    {
        options = bench::parseOptions(argc, argv);
    }
    catch(std::invalid_argument const& error)
    {
        std::cerr << "gpu_cuda: " << error.what() << "\n";
        return EXIT_FAILURE;
    }
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    try
    {
        if(alpaka::getDevCount(alpaka::Platform<Acc>{}) == 0)
        {
            std::cout << "gpu_cuda: no GPU: skipped\n";
            return EXIT_SUCCESS;
        }
    }
    catch(std::exception const& error)
    {
        std::cout << "gpu_cuda: no GPU: skipped (" << error.what() << ")\n";
        return EXIT_SUCCESS;
    }
    if(!options.quick && options.n == bench::Options{}.n)
        options.n = std::size_t{1} << 25; // BabelStream's default: 256 MiB per double array
    bench::Report report;
    report.setSectionTitle(
        "gpu stream double", "GPU BabelStream, double: GB/s, median; vs peer = ratio to native CUDA");
    report.setSectionTitle("gpu stream float", "GPU BabelStream, float: GB/s, median; vs peer = ratio to native CUDA");
    report.setSectionTitle("gpu launch", "GPU empty-kernel launch + wait: us, median; vs peer = difference to <<<>>>");
    std::vector<std::string> errors;
    try
    {
        measureStream<double>(options, report, errors);
        measureStream<float>(options, report, errors);
        measureLaunch(options, report);
    }
    catch(std::exception const& error)
    {
        std::cerr << "gpu_cuda: error: " << error.what() << "\n";
        return EXIT_FAILURE;
    }
    report.print(std::cout);
    if(!options.csvPath.empty())
        report.writeCsv(options.csvPath);
    for(auto const& error : errors)
        std::cerr << "gpu_cuda: ERROR: " << error << "\n";
    return errors.empty() ? EXIT_SUCCESS : EXIT_FAILURE;
#else
    std::cout << "gpu_cuda: built without the CUDA back-end: skipped\n";
    return EXIT_SUCCESS;
#endif
}
