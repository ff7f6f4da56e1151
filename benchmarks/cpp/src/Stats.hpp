// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Timing and statistics: a steady clock, the median of a sample, and the pause between measured variants.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <fstream>
#include <functional>
#include <limits>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <sys/resource.h>

namespace bench
{
    using Clock = std::chrono::steady_clock;

    //! Seconds that f() took.
    template<typename TFn>
    auto timeSeconds(TFn&& f) -> double
    {
        auto const start = Clock::now();
        std::forward<TFn>(f)();
        return std::chrono::duration<double>(Clock::now() - start).count();
    }

    //! The median (NaN for an empty sample). The median, not the mean or the minimum: on a shared machine a few
    //! repetitions are hit by other work, and the median ignores them without rewarding a lucky outlier.
    inline auto median(std::vector<double> sample) -> double
    {
        if(sample.empty())
            return std::numeric_limits<double>::quiet_NaN();
        auto const mid = sample.begin() + static_cast<std::ptrdiff_t>(sample.size() / 2);
        std::nth_element(sample.begin(), mid, sample.end());
        if(sample.size() % 2 == 1)
            return *mid;
        // Even size: the mean of the two middle values; the lower one is the largest value before mid.
        double const lower = *std::max_element(sample.begin(), mid);
        return (lower + *mid) / 2.0;
    }

    //! The smallest value (NaN for an empty sample): the best time. Quoted next to the median, it shows what the
    //! code can do when nothing else interferes.
    inline auto minimum(std::vector<double> const& sample) -> double
    {
        if(sample.empty())
            return std::numeric_limits<double>::quiet_NaN();
        return *std::min_element(sample.begin(), sample.end());
    }

    //! The largest value (NaN for an empty sample): the best rate.
    inline auto maximum(std::vector<double> const& sample) -> double
    {
        if(sample.empty())
            return std::numeric_limits<double>::quiet_NaN();
        return *std::max_element(sample.begin(), sample.end());
    }

    //! The 1-minute load average (Linux /proc/loadavg), NaN where unknown. Printed with the results: a load near the
    //! number of hardware threads means other work competed for the cores, and the timings say little.
    inline auto loadAverage() -> double
    {
        std::ifstream file("/proc/loadavg");
        double load = std::numeric_limits<double>::quiet_NaN();
        if(!(file >> load))
            return std::numeric_limits<double>::quiet_NaN();
        return load;
    }

    //! CPU seconds the process has used so far, all its threads together.
    inline auto processCpuSeconds() -> double
    {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        auto const seconds = [](timeval const& t) { return static_cast<double>(t.tv_sec) + 1e-6 * t.tv_usec; };
        return seconds(usage.ru_utime) + seconds(usage.ru_stime);
    }

    //! Called before each switch to another variant (native OpenMP, native TBB, an alpaka back-end). A threading
    //! runtime keeps its idle workers spinning for a while after a parallel region (libgomp 4 to 8 ms of CPU time on
    //! the project's 2-core machine, GOMP_SPINCOUNT's default); on a machine with few cores these spinning threads
    //! would steal the cores of the variant measured next (a fixed 5 ms pause was too short: the std::thread back-end
    //! measured after an OpenMP loop shared a core with a spinning thread, 0.5x). So this sleeps in 5 ms steps until
    //! the process used less than a tenth of a core during a step (0.5 s at most): each variant is measured against
    //! an otherwise idle machine, as when it runs alone.
    inline void settle()
    {
        constexpr auto step = std::chrono::milliseconds(5);
        auto const deadline = Clock::now() + std::chrono::milliseconds(500);
        while(Clock::now() < deadline)
        {
            double const before = processCpuSeconds();
            std::this_thread::sleep_for(step);
            if(processCpuSeconds() - before < 0.1 * std::chrono::duration<double>(step).count())
                return;
        }
    }

    //! One of the things measured side by side: an alpaka back-end or a native peer.
    struct Variant
    {
        std::string name;
        std::function<void()> run;
        std::vector<double> seconds = {};
    };

    //! Measures the variants in turn rather than one after the other, so that a slow phase of the machine (another
    //! job, a frequency change) hits all of them alike: `rounds` rounds, each variant once per round, the order
    //! rotating from round to round. A variant's turn is settle(), `warmup` untimed calls (to wake its workers), then
    //! `timed` calls timed one by one.
    inline void interleave(std::vector<Variant>& variants, std::size_t rounds, std::size_t warmup, std::size_t timed)
    {
        for(std::size_t round = 0; round < rounds; ++round)
            for(std::size_t k = 0; k < variants.size(); ++k)
            {
                Variant& variant = variants[(round + k) % variants.size()];
                settle();
                for(std::size_t i = 0; i < warmup; ++i)
                    variant.run();
                for(std::size_t i = 0; i < timed; ++i)
                    variant.seconds.push_back(timeSeconds(variant.run));
            }
    }

    //! Each value of sample times factor.
    inline auto scaled(std::vector<double> sample, double factor) -> std::vector<double>
    {
        for(double& value : sample)
            value *= factor;
        return sample;
    }
} // namespace bench
