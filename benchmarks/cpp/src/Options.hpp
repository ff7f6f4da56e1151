// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Command line shared by the benchmark programs (cpu_backends, babelstream, launch_latency, atomics, compute,
//! triad_sweep, graph_heat, gpu_cuda); each uses the options of its measurements and accepts the others, so that one
//! command line can drive them all. Sizes given explicitly win over --quick, whatever their order.

#include <cstddef>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bench
{
    struct Options
    {
        //! Triad elements per array (three arrays of doubles).
        std::size_t n = std::size_t{1} << 25;
        //! Triad repetitions per variant, interleaved across the variants.
        std::size_t reps = 20;
        //! Empty-kernel launches timed per variant (after a warm-up).
        std::size_t launches = 2000;
        //! Block-reduction launches timed per variant.
        std::size_t reduceLaunches = 500;
        //! Blocks per hardware thread for the blocks back-ends: more than one lets a dynamic scheduler (TBB) balance
        //! the load, and with a static OpenMP schedule each thread still gets one contiguous range.
        std::size_t chunksPerCore = 4;
        //! Atomic operations per thread and run (atomics).
        std::size_t atomicOps = std::size_t{1} << 16;
        //! Rows = columns of the square matrices (compute: matmul).
        std::size_t matN = 256;
        //! Rows = columns of the square grid (compute: stencil).
        std::size_t stencilN = 2048;
        //! Elements of the element-wise compute kernels (compute: Horner) and of the reductions (compute: dot, reduce).
        std::size_t computeN = std::size_t{1} << 22;
        std::size_t reduceN = std::size_t{1} << 24;
        //! Bodies of the all-pairs n-body step, and the side of the Mandelbrot image (compute).
        std::size_t nbodyN = 4096;
        //! Elements of the triad with a GPU-shaped work division (babelstream).
        std::size_t gpuShapedN = std::size_t{1} << 24;
        std::size_t mandelN = 1024;
        //! The triad sweep's sizes: 2^sweepMin, 2^(sweepMin + sweepStep), ... up to 2^sweepMax elements.
        std::size_t sweepMin = 10;
        std::size_t sweepMax = 26;
        std::size_t sweepStep = 2;
        //! Time steps of the heat-equation loop, and the side of its large grid (graph_heat; the small grid is 64).
        std::size_t steps = 1000;
        std::size_t heatN = 512;
        std::string csvPath;
        //! compute and babelstream: only the groups named here (comma-separated; compute: horner, nbody, mandelbrot,
        //! stencil, matmul, dot; babelstream: double, float, gpu-shaped); empty: all.
        std::string only;
        bool quick = false;
        bool help = false;

        //! Whether the group is to be measured (see only).
        [[nodiscard]] auto wants(std::string const& group) const -> bool
        {
            return only.empty() || ("," + only + ",").find("," + group + ",") != std::string::npos;
        }
    };

    inline void printUsage(std::ostream& os)
    {
        os << "usage: cpu_backends [--n N] [--reps R] [--launches L] [--reduce-launches L] [--chunks-per-core K]\n"
              "                    [--atomic-ops K] [--mat-n N] [--stencil-n N] [--sweep-min E] [--sweep-max E]\n"
              "                    [--sweep-step E] [--compute-n N] [--reduce-n N] [--nbody-n N] [--mandel-n N]\n"
              "                    [--gpu-shaped-n N] [--steps S] [--heat-n N]\n"
              "                    [--only GROUPS] [--csv FILE] [--quick] [--help]\n"
              "  --n N                 triad / BabelStream elements per array (cpu_backends: 2^25, babelstream: 2^23)\n"
              "  --reps R              triad repetitions per variant, interleaved (default 20)\n"
              "  --launches L          empty-kernel launches timed per variant (default 2000)\n"
              "  --reduce-launches L   block-reduction launches timed per variant (default 500)\n"
              "  --chunks-per-core K   blocks per hardware thread for the blocks back-ends (default 4)\n"
              "  --atomic-ops K        atomic operations per thread and run (default 2^16)\n"
              "  --mat-n N             matrix multiply of N x N matrices (default 256)\n"
              "  --stencil-n N         5-point stencil on an N x N grid (default 2048)\n"
              "  --compute-n N         elements of the Horner kernels (compute, default 2^22)\n"
              "  --reduce-n N          elements of the dot product and the reduction (compute, default 2^24)\n"
              "  --nbody-n N           bodies of the all-pairs n-body step (compute, default 4096)\n"
              "  --mandel-n N          Mandelbrot image of N x N pixels (compute, default 1024)\n"
              "  --gpu-shaped-n N      elements of the triad with a GPU-shaped work division (babelstream, 2^24)\n"
              "  --steps S             time steps of the heat-equation loop (graph_heat, default 1000)\n"
              "  --heat-n N            side of the large heat-equation grid (graph_heat, default 512)\n"
              "  --sweep-min E, --sweep-max E, --sweep-step E\n"
              "                        triad sweep over 2^E elements, E = 10, 12, ..., 26 by default\n"
              "  --only GROUPS         only these groups (comma-separated; compute: horner, nbody, mandelbrot,\n"
              "                        stencil, matmul, dot; babelstream: double, float, gpu-shaped)\n"
              "  --csv FILE            also write the results as CSV\n"
              "  --quick               small sizes, for a smoke test (explicit sizes still win)\n";
    }

    namespace detail
    {
        inline auto parseCount(std::string_view flag, std::string const& text) -> std::size_t
        {
            std::size_t used = 0;
            unsigned long long value = 0;
            try
            {
                value = std::stoull(text, &used, 0);
            }
            catch(std::exception const&)
            {
                used = 0;
            }
            if(used != text.size() || value == 0 || text.front() == '-')
                throw std::invalid_argument(std::string(flag) + " needs a positive integer, not '" + text + "'");
            return static_cast<std::size_t>(value);
        }
    } // namespace detail

    //! Throws std::invalid_argument for an unknown flag or a bad value.
    //! defaults: the program's own defaults (babelstream streams fewer elements than cpu_backends).
    inline auto parseOptions(int argc, char** argv, Options const& defaults = {}) -> Options
    {
        Options options = defaults;
        std::optional<std::size_t> n, reps, launches, reduceLaunches, atomicOps, matN, stencilN, sweepMax;
        std::optional<std::size_t> computeN, reduceN, nbodyN, mandelN, gpuShapedN, steps, heatN;
        for(int i = 1; i < argc; ++i)
        {
            std::string arg = argv[i];
            std::optional<std::string> inlineValue;
            // Accept both "--flag value" and "--flag=value".
            if(auto const eq = arg.find('='); arg.starts_with("--") && eq != std::string::npos)
            {
                inlineValue = arg.substr(eq + 1);
                arg.resize(eq);
            }
            auto const value = [&]() -> std::string
            {
                if(inlineValue)
                    return *inlineValue;
                if(i + 1 >= argc)
                    throw std::invalid_argument(arg + " needs a value");
                return argv[++i];
            };
            if(arg == "--n")
                n = detail::parseCount(arg, value());
            else if(arg == "--reps")
                reps = detail::parseCount(arg, value());
            else if(arg == "--launches")
                launches = detail::parseCount(arg, value());
            else if(arg == "--reduce-launches")
                reduceLaunches = detail::parseCount(arg, value());
            else if(arg == "--chunks-per-core")
                options.chunksPerCore = detail::parseCount(arg, value());
            else if(arg == "--atomic-ops")
                atomicOps = detail::parseCount(arg, value());
            else if(arg == "--mat-n")
                matN = detail::parseCount(arg, value());
            else if(arg == "--stencil-n")
                stencilN = detail::parseCount(arg, value());
            else if(arg == "--compute-n")
                computeN = detail::parseCount(arg, value());
            else if(arg == "--reduce-n")
                reduceN = detail::parseCount(arg, value());
            else if(arg == "--nbody-n")
                nbodyN = detail::parseCount(arg, value());
            else if(arg == "--gpu-shaped-n")
                gpuShapedN = detail::parseCount(arg, value());
            else if(arg == "--mandel-n")
                mandelN = detail::parseCount(arg, value());
            else if(arg == "--sweep-min")
                options.sweepMin = detail::parseCount(arg, value());
            else if(arg == "--sweep-max")
                sweepMax = detail::parseCount(arg, value());
            else if(arg == "--sweep-step")
                options.sweepStep = detail::parseCount(arg, value());
            else if(arg == "--steps")
                steps = detail::parseCount(arg, value());
            else if(arg == "--heat-n")
                heatN = detail::parseCount(arg, value());
            else if(arg == "--only")
                options.only = value();
            else if(arg == "--csv")
                options.csvPath = value();
            else if(arg == "--quick" && !inlineValue)
                options.quick = true;
            else if((arg == "--help" || arg == "-h") && !inlineValue)
                options.help = true;
            else
                throw std::invalid_argument("unknown argument '" + std::string(argv[i]) + "'");
        }
        if(options.quick)
        {
            // Enough to exercise every code path and the result checks in a second or two.
            options.n = std::size_t{1} << 18;
            options.reps = 3;
            options.launches = 100;
            options.reduceLaunches = 20;
            options.atomicOps = 1u << 12;
            options.matN = 64;
            options.stencilN = 128;
            options.sweepMax = 16;
            options.computeN = 1u << 14;
            options.reduceN = 1u << 14;
            options.nbodyN = 256;
            options.mandelN = 64;
            options.gpuShapedN = 1u << 16;
            options.steps = 50;
            options.heatN = 128;
        }
        options.n = n.value_or(options.n);
        options.reps = reps.value_or(options.reps);
        options.launches = launches.value_or(options.launches);
        options.reduceLaunches = reduceLaunches.value_or(options.reduceLaunches);
        options.atomicOps = atomicOps.value_or(options.atomicOps);
        options.matN = matN.value_or(options.matN);
        options.stencilN = stencilN.value_or(options.stencilN);
        options.sweepMax = sweepMax.value_or(options.sweepMax);
        options.computeN = computeN.value_or(options.computeN);
        options.reduceN = reduceN.value_or(options.reduceN);
        options.nbodyN = nbodyN.value_or(options.nbodyN);
        options.mandelN = mandelN.value_or(options.mandelN);
        options.gpuShapedN = gpuShapedN.value_or(options.gpuShapedN);
        options.steps = steps.value_or(options.steps);
        options.heatN = heatN.value_or(options.heatN);
        if(options.sweepMax >= 8 * sizeof(std::size_t) - 4)
            throw std::invalid_argument("--sweep-max is an exponent of 2, not a size");
        return options;
    }
} // namespace bench
