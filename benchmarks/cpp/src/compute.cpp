// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! compute: kernels that compute more than they stream, on every enabled CPU back-end with the work division
//! getValidWorkDiv chooses (KernelCfg{extent, 0}), next to the loop an expert writes natively (NativeComputeBound.hpp):
//! `#pragma omp simd` on one thread for AccCpuSerial, `tbb::parallel_for` with an inner simd loop for AccCpuTbbBlocks,
//! `#pragma omp parallel for simd` for the others. Each run's result is checked against a reference.
//! One program of over 500 lines: every kernel with its native peer and its check, so that a row of the report and
//! the code that produced it are read together.
//! - horner1/8/32: a polynomial per element (ComputeKernels.hpp), GFLOP/s; horner32 aliased: the same without
//!   __restrict (GCC does not vectorize it, natively either, without `omp simd`);
//! - nbody: all-pairs gravity, billion interactions/s; mandelbrot: escape iterations, Mpixel/s (divergent work);
//! - the shipped kernels: stencil (GB/s), matmul float and double (GFLOP/s, next to the i-k-j loop), dot and reduce
//!   (GB/s, next to a simd reduction(+)).

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <kernels/dot.hpp>
#include <kernels/matmul.hpp>
#include <kernels/reduce.hpp>
#include <kernels/stencil.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "ComputeKernels.hpp"
#include "Group.hpp"
#include "NativeComputeBound.hpp"

namespace
{
    using namespace bench;
    using Dim2 = alpaka::DimInt<2u>;
    using Vec1 = alpaka::Vec<Dim, Idx>;
    using Vec2 = alpaka::Vec<Dim2, Idx>;

    //! The same back-end, 2-D.
    template<typename TAcc>
    using Acc2 = alpaka::TagToAcc<alpaka::AccToTag<TAcc>, Dim2, Idx>;

    //! The native form each back-end is compared with.
    template<typename TAcc>
    auto peerRuntime() -> native::Runtime
    {
        if constexpr(alpaka::accMatchesTags<TAcc, alpaka::TagCpuSerial>)
            return native::Runtime::Serial;
        else if constexpr(alpaka::accMatchesTags<TAcc, alpaka::TagCpuTbbBlocks>)
            return native::Runtime::Tbb;
        else
            return native::Runtime::Omp;
    }

    template<typename TAcc>
    auto peerName() -> std::string
    {
        switch(peerRuntime<TAcc>())
        {
            case native::Runtime::Serial:
                return "native serial simd";
            case native::Runtime::Tbb:
                return "native oneTBB simd";
            default:
                return "native OpenMP simd";
        }
    }

    template<typename TAcc>
    auto peerBuilt() -> bool
    {
        switch(peerRuntime<TAcc>())
        {
            case native::Runtime::Tbb:
                return native::haveTbb;
            case native::Runtime::Omp:
                return native::haveOpenMP;
            default:
                return true;
        }
    }

    //! The compute-bound targets: rows >= 0.9x on these back-ends (Serial against one simd thread).
    template<typename TAcc>
    auto computeTarget() -> std::optional<double>
    {
        if constexpr(alpaka::accMatchesTags<
                         TAcc,
                         alpaka::TagCpuOmp2Blocks,
                         alpaka::TagCpuTbbBlocks,
                         alpaka::TagCpuThreads,
                         alpaka::TagCpuFibers,
                         alpaka::TagCpuSerial>)
            return 0.9;
        return std::nullopt;
    }

    //! The shipped kernels' targets: matmul >= 0.8x on the multithreaded back-ends, stencil/dot/reduce >= 0.9x.
    template<typename TAcc>
    auto shippedTarget(std::string const& section) -> std::optional<double>
    {
        if(!computeTarget<TAcc>() && !alpaka::accMatchesTags<TAcc, alpaka::TagCpuOmp2Threads>)
            return std::nullopt;
        if(section.starts_with("matmul"))
            return alpaka::accMatchesTags<TAcc, alpaka::TagCpuSerial> ? std::nullopt : std::optional<double>(0.8);
        return 0.9;
    }

    //! One row: what is measured, how a run's time becomes the row's rate, and the target.
    struct Case
    {
        std::string section;
        std::string metric;
        //! Work per run in the metric's unit times 1e9 (flops, bytes, interactions, ...): rate = work / seconds / 1e9.
        double work = 0.0;
        std::optional<double> target;
    };

    //! Times the alpaka run and the native peer interleaved, then checks each once more: reset() prepares the output,
    //! check() returns "" or what is wrong.
    template<typename TAcc>
    auto measure(
        Options const& options,
        std::vector<std::string>& errors,
        Case const& spec,
        std::string const& workDiv,
        std::function<void()> const& alpakaRun,
        std::function<void()> const& nativeRun,
        std::function<void()> const& reset,
        std::function<std::string()> const& check) -> Measured
    {
        std::string const name = alpaka::getAccName<TAcc>();
        std::string const peer = peerName<TAcc>();
        std::vector<Variant> variants;
        variants.push_back({"alpaka", alpakaRun});
        if(peerBuilt<TAcc>())
            variants.push_back({peer, nativeRun});
        for(auto& variant : variants)
            variant.run();
        // Each turn: one untimed run wakes the variant's workers (after settle() every runtime's workers sleep, and
        // waking a vCPU that slept takes 0.03-0.9 ms on the project's VM, half of a Horner run), then one timed run:
        // the steady state of an application that launches kernels in a loop, alike for alpaka and its peer.
        interleave(variants, options.reps, 1, 1);
        for(auto& variant : variants)
        {
            reset();
            variant.run();
            if(auto const problem = check(); !problem.empty())
                errors.push_back(name + " session " + spec.section + ", " + variant.name + ": " + problem);
        }
        auto const rate = [&](std::vector<double> seconds)
        {
            for(double& value : seconds)
                value = spec.work / value / 1e9;
            return seconds;
        };
        Measured measured;
        measured.row.section = spec.section;
        measured.row.backend = name;
        measured.row.metric = spec.metric;
        measured.row.compare = Compare::Ratio;
        measured.row.notes = workDiv;
        if(peerBuilt<TAcc>())
            measured.natives.emplace_back(peer, rate(samplesOf(variants, peer)));
        summariseRate(measured, rate(samplesOf(variants, "alpaka")));
        if(spec.target && !std::isnan(measured.row.peerValue))
        {
            std::ostringstream os;
            os << ">= " << *spec.target << "x";
            measured.row.target = os.str();
            measured.row.status = measured.row.ratio() >= *spec.target ? "met" : "missed";
        }
        return measured;
    }

    template<typename TWorkDiv>
    auto describe(TWorkDiv const& workDiv) -> std::string
    {
        std::ostringstream os;
        os << alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(workDiv) << " blocks x "
           << alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(workDiv) << " threads x "
           << alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(workDiv) << " elem";
        return os.str();
    }

    //! "" when got[i] is within a relative tolerance of ref[i] everywhere, else the first difference.
    template<typename T>
    auto compareClose(T const* got, T const* ref, std::size_t n, double tolerance) -> std::string
    {
        for(std::size_t i = 0; i < n; ++i)
        {
            double const a = static_cast<double>(got[i]);
            double const b = static_cast<double>(ref[i]);
            if(!(std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b))))
            {
                std::ostringstream os;
                os << "[" << i << "] == " << a << ", expected " << b;
                return os.str();
            }
        }
        return "";
    }

    template<typename TAcc>
    auto measureHorner(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        Idx const n = options.computeN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        auto bufX = alpaka::allocBuf<float, Idx>(dev, n);
        auto bufY = alpaka::allocBuf<float, Idx>(dev, n);
        auto bufRef = alpaka::allocBuf<float, Idx>(dev, n);
        float* const x = std::data(bufX);
        float* const y = std::data(bufY);
        float* const ref = std::data(bufRef);
        for(Idx i = 0; i < n; ++i)
            x[i] = 0.5f + 0.5f * static_cast<float>(i % 1000u) / 1000.0f;

        std::vector<Measured> rows;
        auto const one = [&]<int TDegree>(auto kernel, std::string const& section, std::optional<double> target)
        {
            auto const workDiv = alpaka::getValidWorkDiv(
                alpaka::KernelCfg<TAcc>{Vec1{n}, Vec1::zeros()}, dev, kernel, static_cast<float const*>(x), y, n);
            native::horner(native::Runtime::Serial, TDegree, x, ref, n);
            rows.push_back(measure<TAcc>(
                options,
                errors,
                {section, "GFLOP/s", 2.0 * TDegree * static_cast<double>(n), target},
                describe(workDiv),
                [&] { alpaka::exec<TAcc>(queue, workDiv, kernel, static_cast<float const*>(x), y, n); },
                [&] { native::horner(peerRuntime<TAcc>(), TDegree, x, y, n); },
                [&] { std::fill(y, y + n, -1.0f); },
                [&] { return compareClose(y, ref, n, 1e-5); }));
        };
        one.template operator()<1>(kernels::Horner<1>{}, "horner1", computeTarget<TAcc>());
        one.template operator()<8>(kernels::Horner<8>{}, "horner8", computeTarget<TAcc>());
        one.template operator()<32>(kernels::Horner<32>{}, "horner32", computeTarget<TAcc>());
        one.template operator()<32>(kernels::HornerAliased{}, "horner32 aliased", std::nullopt);
        return rows;
    }

    template<typename TAcc>
    auto measureNBody(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        Idx const n = options.nbodyN;
        float const softening = 1e-3f;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        std::vector<alpaka::Buf<alpaka::DevCpu, float, Dim, Idx>> bufs;
        for(int i = 0; i < 10; ++i)
            bufs.push_back(alpaka::allocBuf<float, Idx>(dev, n));
        float* p[10];
        for(int i = 0; i < 10; ++i)
            p[i] = std::data(bufs[static_cast<std::size_t>(i)]);
        // px, py, pz, mass; ax, ay, az; the reference's ax, ay, az.
        for(Idx i = 0; i < n; ++i)
        {
            p[0][i] = static_cast<float>((i * 7919u) % 1000u) / 100.0f;
            p[1][i] = static_cast<float>((i * 104729u) % 1000u) / 100.0f;
            p[2][i] = static_cast<float>((i * 1299709u) % 1000u) / 100.0f;
            p[3][i] = 1.0f + static_cast<float>(i % 7u);
        }
        native::nbody(native::Runtime::Serial, p[0], p[1], p[2], p[3], p[7], p[8], p[9], n, softening);
        kernels::NBody const kernel;
        auto const args = [&](auto&& f)
        {
            return f(
                static_cast<float const*>(p[0]),
                static_cast<float const*>(p[1]),
                static_cast<float const*>(p[2]),
                static_cast<float const*>(p[3]),
                p[4],
                p[5],
                p[6],
                n,
                softening);
        };
        auto const workDiv = args(
            [&](auto... a)
            { return alpaka::getValidWorkDiv(alpaka::KernelCfg<TAcc>{Vec1{n}, Vec1::zeros()}, dev, kernel, a...); });
        return {measure<TAcc>(
            options,
            errors,
            {"nbody", "G interactions/s", static_cast<double>(n) * static_cast<double>(n), computeTarget<TAcc>()},
            describe(workDiv),
            [&] { args([&](auto... a) { alpaka::exec<TAcc>(queue, workDiv, kernel, a...); }); },
            [&] { native::nbody(peerRuntime<TAcc>(), p[0], p[1], p[2], p[3], p[4], p[5], p[6], n, softening); },
            [&]
            {
                for(int i = 4; i < 7; ++i)
                    std::fill(p[i], p[i] + n, 0.0f);
            },
            [&]
            {
                for(int i = 0; i < 3; ++i)
                    if(auto problem = compareClose(p[4 + i], p[7 + i], n, 1e-3); !problem.empty())
                        return problem;
                return std::string{};
            })};
    }

    template<typename TAcc>
    auto measureMandelbrot(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        using Acc = Acc2<TAcc>;
        Idx const side = options.mandelN;
        std::uint32_t const maxIter = 256;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto bufOut = alpaka::allocBuf<std::uint32_t, Idx>(dev, side * side);
        auto bufRef = alpaka::allocBuf<std::uint32_t, Idx>(dev, side * side);
        std::uint32_t* const out = std::data(bufOut);
        std::uint32_t* const ref = std::data(bufRef);
        native::mandelbrot(native::Runtime::Serial, ref, side, maxIter);
        kernels::Mandelbrot const kernel;
        auto const workDiv = alpaka::getValidWorkDiv(
            alpaka::KernelCfg<Acc>{Vec2{side, side}, Vec2::zeros()}, dev, kernel, out, side, maxIter);
        return {measure<TAcc>(
            options,
            errors,
            {"mandelbrot", "Mpixel/s", static_cast<double>(side * side) * 1e3, computeTarget<TAcc>()},
            describe(workDiv),
            [&] { alpaka::exec<Acc>(queue, workDiv, kernel, out, side, maxIter); },
            [&] { native::mandelbrot(peerRuntime<TAcc>(), out, side, maxIter); },
            [&] { std::fill(out, out + side * side, 0u); },
            [&]
            {
                // Points on the edge of the set may take one iteration more or less where the compiler fuses a
                // multiply-add: allow a few such pixels, never a wrong picture.
                std::size_t different = 0;
                for(Idx i = 0; i < side * side; ++i)
                    different += out[i] != ref[i] ? 1u : 0u;
                if(different * 1000u > side * side)
                    return std::to_string(different) + " of " + std::to_string(side * side) + " pixels differ";
                return std::string{};
            })};
    }

    template<typename TAcc>
    auto measureStencil(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        using Acc = Acc2<TAcc>;
        Idx const n = options.stencilN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto bufIn = alpaka::allocBuf<double, Idx>(dev, n * n);
        auto bufOut = alpaka::allocBuf<double, Idx>(dev, n * n);
        auto bufRef = alpaka::allocBuf<double, Idx>(dev, n * n);
        double* const in = std::data(bufIn);
        double* const out = std::data(bufOut);
        double* const ref = std::data(bufRef);
        // Sums of four small integers times 0.25: exact.
        for(Idx i = 0; i < n * n; ++i)
            in[i] = static_cast<double>(i % 13u);
        native::stencil(native::Runtime::Serial, in, ref, n, n);
        pyalpaka::kernels::Stencil const kernel;
        auto const workDiv = alpaka::getValidWorkDiv(
            alpaka::KernelCfg<Acc>{Vec2{n, n}, Vec2::zeros()}, dev, kernel, static_cast<double const*>(in), out, n, n);
        return {measure<TAcc>(
            options,
            errors,
            {"stencil", "GB/s", 16.0 * static_cast<double>(n * n), shippedTarget<TAcc>("stencil")},
            describe(workDiv),
            [&] { alpaka::exec<Acc>(queue, workDiv, kernel, static_cast<double const*>(in), out, n, n); },
            [&] { native::stencil(peerRuntime<TAcc>(), in, out, n, n); },
            [&] { std::fill(out, out + n * n, -7.0); },
            [&] { return compareClose(out, ref, n * n, 0.0); })};
    }

    template<typename TAcc, typename T>
    auto measureMatMul(Options const& options, std::vector<std::string>& errors, std::string const& section) -> Measured
    {
        using Acc = Acc2<TAcc>;
        Idx const n = options.matN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto bufA = alpaka::allocBuf<T, Idx>(dev, n * n);
        auto bufB = alpaka::allocBuf<T, Idx>(dev, n * n);
        auto bufC = alpaka::allocBuf<T, Idx>(dev, n * n);
        auto bufRef = alpaka::allocBuf<T, Idx>(dev, n * n);
        T* const a = std::data(bufA);
        T* const b = std::data(bufB);
        T* const c = std::data(bufC);
        T* const ref = std::data(bufRef);
        // Small integers: every sum of products is an integer below 2^24, exact in any order.
        for(Idx i = 0; i < n; ++i)
            for(Idx j = 0; j < n; ++j)
            {
                a[i * n + j] = static_cast<T>((i + j) % 4u);
                b[i * n + j] = static_cast<T>((i + 2u * j) % 3u);
            }
        native::matMul(native::Runtime::Serial, a, b, ref, n);
        pyalpaka::kernels::MatMul const kernel;
        auto const workDiv = alpaka::getValidWorkDiv(
            alpaka::KernelCfg<Acc>{Vec2{n, n}, Vec2::zeros()},
            dev,
            kernel,
            static_cast<T const*>(a),
            static_cast<T const*>(b),
            c,
            n,
            n,
            n);
        double const flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
        return measure<TAcc>(
            options,
            errors,
            {section, "GFLOP/s", flops, shippedTarget<TAcc>(section)},
            describe(workDiv),
            [&] {
                alpaka::exec<Acc>(
                    queue, workDiv, kernel, static_cast<T const*>(a), static_cast<T const*>(b), c, n, n, n);
            },
            [&] { native::matMul(peerRuntime<TAcc>(), a, b, c, n); },
            [&] { std::fill(c, c + n * n, T{-7}); },
            [&] { return compareClose(c, ref, n * n, 0.0); });
    }

    //! The shipped Dot (b given) or Reduce (b null), float: GB/s of the arrays read.
    template<typename TAcc>
    auto measureSum(Options const& options, std::vector<std::string>& errors, bool isDot) -> Measured
    {
        Idx const n = options.reduceN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        auto bufA = alpaka::allocBuf<float, Idx>(dev, n);
        auto bufB = alpaka::allocBuf<float, Idx>(dev, n);
        auto bufSum = alpaka::allocBuf<float, Idx>(dev, Idx{1});
        float* const a = std::data(bufA);
        float* const b = std::data(bufB);
        float* const sum = std::data(bufSum);
        // Zeros and ones: every partial sum is an integer up to 2^24, exact in float in any order.
        for(Idx i = 0; i < n; ++i)
        {
            a[i] = static_cast<float>(i % 2u);
            b[i] = static_cast<float>((i / 2u) % 2u);
        }
        float expected = 0.0f;
        for(Idx i = 0; i < n; ++i)
            expected += isDot ? a[i] * b[i] : a[i];
        auto const workDiv = alpaka::getValidWorkDiv(
            alpaka::KernelCfg<TAcc>{Vec1{n}, Vec1::zeros()},
            dev,
            pyalpaka::kernels::Dot{},
            static_cast<float const*>(a),
            static_cast<float const*>(b),
            sum,
            n);
        std::string const section = isDot ? "dot" : "reduce";
        return measure<TAcc>(
            options,
            errors,
            {section, "GB/s", (isDot ? 8.0 : 4.0) * static_cast<double>(n), shippedTarget<TAcc>(section)},
            describe(workDiv),
            [&]
            {
                *sum = 0.0f;
                if(isDot)
                    alpaka::exec<TAcc>(
                        queue,
                        workDiv,
                        pyalpaka::kernels::Dot{},
                        static_cast<float const*>(a),
                        static_cast<float const*>(b),
                        sum,
                        n);
                else
                    alpaka::exec<TAcc>(
                        queue, workDiv, pyalpaka::kernels::Reduce{}, static_cast<float const*>(a), sum, n);
            },
            [&] { *sum = native::dot(peerRuntime<TAcc>(), a, isDot ? b : static_cast<float const*>(nullptr), n); },
            [&] { *sum = -1.0f; },
            [&]
            {
                return *sum == expected ? std::string{}
                                        : "sum " + std::to_string(*sum) + ", expected " + std::to_string(expected);
            });
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    Options defaults;
    defaults.matN = 1024;
    defaults.reps = 10;
    return groupMain(
        argc,
        argv,
        "compute",
        defaults,
        [](Options const& options, Report& report, std::vector<std::string>& errors)
        {
            printHeader(
                "compute",
                "compute-bound and shipped kernels, getValidWorkDiv's work division, next to native simd loops",
                hardwareWorkers());
            std::cout << "  horner " << options.computeN << " floats, nbody " << options.nbodyN
                      << " bodies, mandelbrot " << options.mandelN << "^2 pixels, stencil " << options.stencilN
                      << "^2 doubles, matmul " << options.matN << "^2, dot/reduce " << options.reduceN << " floats; "
                      << options.reps << " interleaved runs per variant after one dropped run\n";
            std::string const higher = "median; best = fastest run; higher is better; vs peer = ratio";
            report.setSectionTitle("horner1", "Horner, degree 1 (float): GFLOP/s, " + higher);
            report.setSectionTitle("horner8", "Horner, degree 8 (float): GFLOP/s, " + higher);
            report.setSectionTitle("horner32", "Horner, degree 32 (float): GFLOP/s, " + higher);
            report.setSectionTitle(
                "horner32 aliased",
                "Horner, degree 32, pointers not __restrict (informative: GCC needs them or omp simd): " + higher);
            report.setSectionTitle("nbody", "All-pairs n-body (float): billion interactions/s, " + higher);
            report.setSectionTitle("mandelbrot", "Mandelbrot, 256 iterations at most: Mpixel/s, " + higher);
            report.setSectionTitle(
                "stencil", "Shipped Stencil, 5-point Jacobi sweep (double): GB/s (16 bytes per point), " + higher);
            report.setSectionTitle("matmul float", "Shipped MatMul, float: GFLOP/s, next to the i-k-j loop, " + higher);
            report.setSectionTitle(
                "matmul double", "Shipped MatMul, double: GFLOP/s, next to the i-k-j loop, " + higher);
            report.setSectionTitle("dot", "Shipped Dot (float): GB/s, next to a simd reduction(+), " + higher);
            report.setSectionTitle("reduce", "Shipped Reduce (float): GB/s, next to a simd reduction(+), " + higher);
            if(options.wants("horner"))
                runGroup(report, "horner", [&]<typename TAcc>() { return measureHorner<TAcc>(options, errors); }, true);
            if(options.wants("nbody"))
                runGroup(report, "nbody", [&]<typename TAcc>() { return measureNBody<TAcc>(options, errors); }, true);
            if(options.wants("mandelbrot"))
                runGroup(
                    report,
                    "mandelbrot",
                    [&]<typename TAcc>() { return measureMandelbrot<TAcc>(options, errors); },
                    true);
            if(options.wants("stencil"))
                runGroup(
                    report, "stencil", [&]<typename TAcc>() { return measureStencil<TAcc>(options, errors); }, true);
            if(options.wants("matmul"))
                runGroup(
                    report,
                    "matmul",
                    [&]<typename TAcc>()
                    {
                        return std::vector{
                            measureMatMul<TAcc, float>(options, errors, "matmul float"),
                            measureMatMul<TAcc, double>(options, errors, "matmul double")};
                    },
                    true);
            if(options.wants("dot"))
                runGroup(
                    report,
                    "dot",
                    [&]<typename TAcc>() {
                        return std::vector{
                            measureSum<TAcc>(options, errors, true), measureSum<TAcc>(options, errors, false)};
                    },
                    true);
        });
}
