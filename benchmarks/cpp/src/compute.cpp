// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! compute: two 2-D kernels that are more than a stream, for every enabled CPU back-end next to plain OpenMP:
//! - matmul: the shipped MatMul (C = A * B, float, tiles of A and B staged in block shared memory between
//!   syncBlockThreads), GFLOP/s (2 N^3 per run), next to an `omp parallel for` i-k-j loop;
//! - stencil: the shipped Stencil (one 5-point Jacobi sweep, double), GB/s with the ideal traffic of 16 bytes per
//!   point (read the input once, write the output), next to an `omp parallel for` over the rows.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <bit>
#include <kernels/matmul.hpp>
#include <kernels/stencil.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Group.hpp"
#include "NativeKernels.hpp"

namespace
{
    using namespace bench;
    using Dim2 = alpaka::DimInt<2u>;
    using Vec2 = alpaka::Vec<Dim2, Idx>;
    using WorkDiv2 = alpaka::WorkDivMembers<Dim2, Idx>;

    //! Rows and columns of C a block computes: 32 x 32 floats reuse each staged value 32 times.
    constexpr Idx tile = 32;

    //! The same back-end, 2-D.
    template<typename TAcc>
    using Acc2 = alpaka::TagToAcc<alpaka::AccToTag<TAcc>, Dim2, Idx>;

    //! Whether every value of got equals the reference; a mismatch is recorded.
    template<typename T>
    void compare(std::vector<std::string>& errors, std::string const& who, T const* got, T const* ref, std::size_t n)
    {
        for(std::size_t i = 0; i < n; ++i)
            if(got[i] != ref[i])
            {
                std::ostringstream os;
                os << who << ": [" << i << "] == " << got[i] << ", expected " << ref[i];
                errors.push_back(os.str());
                return;
            }
    }

    //! Runs each variant once more on a sentinel-filled output and compares it with the reference.
    template<typename T>
    void checkEach(
        std::vector<Variant>& variants,
        std::vector<std::string>& errors,
        std::string const& what,
        T* out,
        T const* ref,
        std::size_t n)
    {
        for(auto& variant : variants)
        {
            std::fill(out, out + n, T{-7});
            variant.run();
            compare(errors, variant.name + ", " + what, out, ref, n);
        }
    }

    template<typename TAcc>
    auto measureMatMul(Options const& options, std::vector<std::string>& errors) -> Measured
    {
        using Acc = Acc2<TAcc>;
        Idx const n = options.matN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto const props = alpaka::getAccDevProps<Acc>(dev);
        // Threads back-ends: a column of threads per block (at most the hardware threads); blocks back-ends: one.
        Idx const threads
            = std::bit_floor(std::min({hardwareWorkers(), tile, static_cast<Idx>(props.m_blockThreadCountMax)}));
        Idx const blocks = ceilDiv(n, tile);
        WorkDiv2 const workDiv(Vec2{blocks, blocks}, Vec2{threads, Idx{1}}, Vec2{tile / threads, tile});

        auto bufA = alpaka::allocBuf<float, Idx>(dev, n * n);
        auto bufB = alpaka::allocBuf<float, Idx>(dev, n * n);
        auto bufC = alpaka::allocBuf<float, Idx>(dev, n * n);
        auto bufRef = alpaka::allocBuf<float, Idx>(dev, n * n);
        float* const a = alpaka::getPtrNative(bufA);
        float* const b = alpaka::getPtrNative(bufB);
        float* const c = alpaka::getPtrNative(bufC);
        float* const ref = alpaka::getPtrNative(bufRef);
        // Small integers: every product sum is an integer below 2^24, exact in float in any order.
        for(Idx i = 0; i < n; ++i)
            for(Idx j = 0; j < n; ++j)
            {
                a[i * n + j] = static_cast<float>((i + j) % 4u);
                b[i * n + j] = static_cast<float>((i + 2u * j) % 3u);
            }

        std::vector<Variant> variants;
        variants.push_back(
            {"alpaka",
             [&]
             {
                 alpaka::exec<Acc>(
                     queue,
                     workDiv,
                     pyalpaka::kernels::MatMul{},
                     static_cast<float const*>(a),
                     static_cast<float const*>(b),
                     c,
                     n,
                     n,
                     n);
             }});
        if constexpr(native::haveOpenMP)
            variants.push_back({ompPeer, [&] { native::matMulOmp(a, b, c, n); }});
        for(auto& variant : variants)
            variant.run();
        interleave(variants, options.reps, 0, 1);

        // The reference, computed directly in double (exact), then each variant once more.
        for(Idx i = 0; i < n; ++i)
            for(Idx j = 0; j < n; ++j)
            {
                double sum = 0.0;
                for(Idx k = 0; k < n; ++k)
                    sum += static_cast<double>(a[i * n + k]) * static_cast<double>(b[k * n + j]);
                ref[i * n + j] = static_cast<float>(sum);
            }
        std::string const name = alpaka::getAccName<TAcc>();
        checkEach(variants, errors, name + " session matmul", c, ref, n * n);

        double const flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
        auto const rate = [&](std::vector<double> seconds)
        {
            for(double& value : seconds)
                value = flops / value / 1e9;
            return seconds;
        };
        Measured measured;
        measured.row.section = "matmul";
        measured.row.backend = name;
        measured.row.metric = "matmul GFLOP/s";
        measured.row.compare = Compare::Ratio;
        std::ostringstream notes;
        notes << blocks << "x" << blocks << " blocks x " << threads << " threads x " << tile / threads << "x" << tile
              << " elem";
        measured.row.notes = notes.str();
        if constexpr(native::haveOpenMP)
            measured.natives.emplace_back(ompPeer, rate(samplesOf(variants, ompPeer)));
        summariseRate(measured, rate(samplesOf(variants, "alpaka")));
        return measured;
    }

    template<typename TAcc>
    auto measureStencil(Options const& options, std::vector<std::string>& errors) -> Measured
    {
        using Acc = Acc2<TAcc>;
        Idx const n = options.stencilN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        // The 1-D stream work division, along the rows: each thread a contiguous band of whole rows.
        Shape const shape = streamShape<TAcc>(
            alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0), n, hardwareWorkers(), options.chunksPerCore);
        WorkDiv2 const workDiv(Vec2{shape.blocks, Idx{1}}, Vec2{shape.threads, Idx{1}}, Vec2{shape.elems, n});

        auto bufIn = alpaka::allocBuf<double, Idx>(dev, n * n);
        auto bufOut = alpaka::allocBuf<double, Idx>(dev, n * n);
        auto bufRef = alpaka::allocBuf<double, Idx>(dev, n * n);
        double* const in = alpaka::getPtrNative(bufIn);
        double* const out = alpaka::getPtrNative(bufOut);
        double* const ref = alpaka::getPtrNative(bufRef);
        // Sums of four small integers times 0.25: exact.
        for(Idx i = 0; i < n * n; ++i)
            in[i] = static_cast<double>(i % 13u);
        for(Idx y = 0; y < n; ++y)
            for(Idx x = 0; x < n; ++x)
            {
                Idx const i = y * n + x;
                ref[i] = y == 0 || x == 0 || y + 1 == n || x + 1 == n
                             ? in[i]
                             : 0.25 * (in[i - n] + in[i + n] + in[i - 1] + in[i + 1]);
            }

        std::vector<Variant> variants;
        variants.push_back(
            {"alpaka", [&] {
                 alpaka::exec<Acc>(
                     queue, workDiv, pyalpaka::kernels::Stencil{}, static_cast<double const*>(in), out, n, n);
             }});
        if constexpr(native::haveOpenMP)
            variants.push_back({ompPeer, [&] { native::stencilOmp(in, out, n, n); }});
        for(auto& variant : variants)
            variant.run();
        interleave(variants, options.reps, 0, 1);
        std::string const name = alpaka::getAccName<TAcc>();
        checkEach(variants, errors, name + " session stencil", out, ref, n * n);

        double const bytes = 16.0 * static_cast<double>(n) * static_cast<double>(n);
        auto const gbs = [&](std::vector<double> seconds)
        {
            for(double& value : seconds)
                value = bytes / value / 1e9;
            return seconds;
        };
        Measured measured;
        measured.row.section = "stencil";
        measured.row.backend = name;
        measured.row.metric = "stencil GB/s";
        measured.row.compare = Compare::Ratio;
        measured.row.notes = shape.describe() + " rows";
        if constexpr(native::haveOpenMP)
            measured.natives.emplace_back(ompPeer, gbs(samplesOf(variants, ompPeer)));
        summariseRate(measured, gbs(samplesOf(variants, "alpaka")));
        return measured;
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    return groupMain(
        argc,
        argv,
        "compute",
        Options{},
        [](Options const& options, Report& report, std::vector<std::string>& errors)
        {
            printHeader("compute", "tiled matrix multiply and 2-D stencil next to OpenMP loops", hardwareWorkers());
            std::cout << "  matmul " << options.matN << " x " << options.matN << " floats, stencil " << options.stencilN
                      << " x " << options.stencilN << " doubles, " << options.reps
                      << " interleaved runs per variant after one dropped run\n";
            report.setSectionTitle(
                "matmul",
                "Tiled matrix multiply (shared memory + syncBlockThreads), float: GFLOP/s, median; best = fastest run; "
                "higher is better; vs peer = ratio");
            report.setSectionTitle(
                "stencil",
                "5-point Jacobi sweep, double: GB/s (16 bytes per point), median; best = fastest run; higher is "
                "better; vs peer = ratio");
            runGroup(
                report,
                "matmul",
                [&]<typename TAcc>() { return std::vector{measureMatMul<TAcc>(options, errors)}; },
                true);
            runGroup(
                report,
                "stencil",
                [&]<typename TAcc>() { return std::vector{measureStencil<TAcc>(options, errors)}; },
                true);
        });
}
