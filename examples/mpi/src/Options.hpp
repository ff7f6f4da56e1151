// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The command line of heat.cpp, and the choice of its back-end by name among those enabled in the build.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace heat
{
    //! The command line, as parsed by parse().
    struct Options
    {
        std::size_t ny = 130; //!< rows of the global grid, the two boundary rows included
        std::size_t nx = 128; //!< columns, the two boundary columns included
        std::size_t steps = 500;
        std::string output;                //!< .npy file for the final field (rank 0 writes it); none when empty
        std::vector<std::string> backends; //!< rank r uses backends[r % size]; empty: the first enabled one
        bool help = false;                 //!< --help: print usage() and do nothing else
    };

    //! The name of a back-end on the command line: its tag's name without "Tag" (CpuSerial, CpuThreads, GpuCudaRt).
    template<typename TTag>
    auto backendName(TTag const&) -> std::string
    {
        return TTag::get_name().substr(3);
    }

    //! Calls f(tag) for the enabled back-end called name (the first enabled one when name is empty); false if none.
    template<typename TCallable>
    auto withBackend(std::string const& name, TCallable&& f) -> bool
    {
        return std::apply(
            [&](auto const&... tags)
            { return ((name.empty() || name == backendName(tags) ? (f(tags), true) : false) || ...); },
            alpaka::EnabledAccTags{});
    }

    //! The names of the enabled back-ends, separated by spaces.
    inline auto enabledBackends() -> std::string
    {
        auto names = std::apply(
            [](auto const&... tags) { return ((backendName(tags) + " ") + ... + std::string{}); },
            alpaka::EnabledAccTags{});
        names.pop_back(); // the last space; heat.cpp asserts that a back-end is enabled
        return names;
    }

    inline auto usage() -> std::string
    {
        return "usage: heat [--ny ROWS] [--nx COLUMNS] [--steps N] [--output FILE.npy] [--backend NAME[,NAME...]]\n"
               "  rank r runs on the (r mod count)-th back-end named; enabled: "
               + enabledBackends();
    }

    //! Parses the command line; throws std::invalid_argument, with usage(), for what it does not understand.
    inline auto parse(int argc, char** argv) -> Options
    {
        Options opt;
        for(int i = 1; i < argc; ++i)
        {
            std::string const arg = argv[i];
            if(arg == "--help" || arg == "-h")
            {
                opt.help = true;
                return opt;
            }
            if(i + 1 >= argc)
                throw std::invalid_argument(arg + " needs a value\n" + usage());
            std::string const value = argv[++i];
            auto number = [&]
            {
                if(value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
                    throw std::invalid_argument(arg + " needs a non-negative integer, not '" + value + "'");
                return static_cast<std::size_t>(std::stoull(value));
            };
            if(arg == "--ny")
                opt.ny = number();
            else if(arg == "--nx")
                opt.nx = number();
            else if(arg == "--steps")
                opt.steps = number();
            else if(arg == "--output")
                opt.output = value;
            else if(arg == "--backend")
                for(std::size_t start = 0; start <= value.size();)
                {
                    std::size_t const comma = std::min(value.find(',', start), value.size());
                    opt.backends.push_back(value.substr(start, comma - start));
                    start = comma + 1u;
                }
            else
                throw std::invalid_argument("unknown option " + arg + "\n" + usage());
        }
        return opt;
    }
} // namespace heat
