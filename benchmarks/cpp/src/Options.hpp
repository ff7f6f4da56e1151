// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Command line of cpu_backends. Sizes given explicitly win over --quick, whatever their order.

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
        std::string csvPath;
        bool quick = false;
        bool help = false;
    };

    inline void printUsage(std::ostream& os)
    {
        os << "usage: cpu_backends [--n N] [--reps R] [--launches L] [--reduce-launches L] [--chunks-per-core K]\n"
              "                    [--csv FILE] [--quick] [--help]\n"
              "  --n N                 triad elements per array (default 2^25 = 33554432; three arrays of double)\n"
              "  --reps R              triad repetitions per variant, interleaved (default 20)\n"
              "  --launches L          empty-kernel launches timed per variant (default 2000)\n"
              "  --reduce-launches L   block-reduction launches timed per variant (default 500)\n"
              "  --chunks-per-core K   blocks per hardware thread for the blocks back-ends (default 4)\n"
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
    inline auto parseOptions(int argc, char** argv) -> Options
    {
        Options options;
        std::optional<std::size_t> n, reps, launches, reduceLaunches;
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
        }
        options.n = n.value_or(options.n);
        options.reps = reps.value_or(options.reps);
        options.launches = launches.value_or(options.launches);
        options.reduceLaunches = reduceLaunches.value_or(options.reduceLaunches);
        return options;
    }
} // namespace bench
