// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! babelstream: the six BabelStream kernels (copy, mul, add, triad, nstream, dot), float and double, for every
//! enabled CPU back-end, next to the same loops in native OpenMP and oneTBB (or, for AccCpuSerial, a serial loop).
//! The alpaka side launches the shipped kernels (kernels/*.hpp, the ones pyalpaka runs), on a blocking queue with
//! the work division of cpu_backends' triad. Bandwidth in GB/s with BabelStream's byte counts: copy, mul and dot move
//! 2 arrays, add and triad 3, nstream 4 (it reads a, b and c and writes a).
//! One program of about 400 lines, as BabelStream's own: the kernels, the native peers and the report side by side.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <kernels/add.hpp>
#include <kernels/copy.hpp>
#include <kernels/dot.hpp>
#include <kernels/fill.hpp>
#include <kernels/mul.hpp>
#include <kernels/nstream.hpp>
#include <kernels/triad.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Group.hpp"
#include "NativeKernels.hpp"

namespace
{
    using namespace bench;
    using native::Runtime;
    using native::StreamOp;

    struct OpInfo
    {
        StreamOp op;
        char const* name;
        double arrays; //!< arrays moved per element (BabelStream's count)
    };

    //! In BabelStream's order, nstream before dot: dot re-initialises a and b, and every other kernel's result
    //! follows from the initial values (each is idempotent except nstream, whose runs are counted).
    constexpr OpInfo ops[]
        = {{StreamOp::Copy, "copy", 2.0},
           {StreamOp::Mul, "mul", 2.0},
           {StreamOp::Add, "add", 3.0},
           {StreamOp::Triad, "triad", 3.0},
           {StreamOp::Nstream, "nstream", 4.0},
           {StreamOp::Dot, "dot", 2.0}};

    //! Dyadic initial values and scalar: every result below is exact in float and double, so checks compare with ==.
    constexpr double initA = 0.5;
    constexpr double initB = 0.25;
    constexpr double initC = 0.0;
    constexpr double scalar = 0.5;

    //! The dot's inputs: a = 1, b alternating 1.5 and -1, so that partial sums stay small and (nearly) exact in float.
    struct DotInitKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T* a, T* b, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
            {
                a[i] = T{1};
                b[i] = i % 2u == 0u ? static_cast<T>(1.5) : T{-1};
            }
        }
    };

    template<typename T>
    auto typeName() -> std::string
    {
        return sizeof(T) == sizeof(float) ? "float" : "double";
    }

    //! Whether all n values of x equal expected; a mismatch is recorded.
    template<typename T>
    void checkAll(std::vector<std::string>& errors, std::string const& who, T const* x, std::size_t n, double expected)
    {
        for(std::size_t i = 0; i < n; ++i)
            if(static_cast<double>(x[i]) != expected)
            {
                std::ostringstream os;
                os << who << ": [" << i << "] == " << x[i] << ", expected " << expected;
                errors.push_back(os.str());
                return;
            }
    }

    template<typename TAcc, typename T>
    auto measureStream(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        Idx const n = options.n;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        Shape const shape = streamShape<TAcc>(dev, n, hardwareWorkers(), options.chunksPerCore);
        WorkDiv const workDiv = shape.workDiv();
        auto bufA = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufB = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufC = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufSum = alpaka::allocBuf<T, Idx>(dev, Idx{1});
        T* const a = alpaka::getPtrNative(bufA);
        T* const b = alpaka::getPtrNative(bufB);
        T* const c = alpaka::getPtrNative(bufC);
        T* const sum = alpaka::getPtrNative(bufSum);
        T const s = static_cast<T>(scalar);
        // Written before timing, by the back-end's own threads with the measured work division (first touch).
        alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Fill{}, a, static_cast<T>(initA), n);
        alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Fill{}, b, static_cast<T>(initB), n);
        alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Fill{}, c, static_cast<T>(initC), n);

        // The serial back-end is compared with a serial loop; the parallel ones with OpenMP first, then oneTBB.
        std::vector<std::pair<std::string, Runtime>> natives;
        if constexpr(alpaka::accMatchesTags<TAcc, alpaka::TagCpuSerial>)
            natives.emplace_back("native serial", Runtime::Serial);
        else
        {
            if constexpr(native::haveOpenMP)
                natives.emplace_back(ompPeer, Runtime::Omp);
            if constexpr(native::haveTbb)
                natives.emplace_back(tbbPeer, Runtime::Tbb);
        }

        std::string const name = alpaka::getAccName<TAcc>();
        std::vector<Measured> rows;
        std::size_t nstreamRuns = 0;
        for(auto const& info : ops)
        {
            if(info.op == StreamOp::Dot)
                alpaka::exec<TAcc>(queue, workDiv, DotInitKernel{}, a, b, n);
            std::vector<T> dots(1 + natives.size(), T{0});
            std::vector<Variant> variants;
            variants.push_back(
                {"alpaka",
                 [&, op = info.op]
                 {
                     switch(op)
                     {
                         case StreamOp::Copy:
                             alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Copy{}, a, c, n);
                             break;
                         case StreamOp::Mul:
                             alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Mul{}, b, c, s, n);
                             break;
                         case StreamOp::Add:
                             alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Add{}, a, b, c, n);
                             break;
                         case StreamOp::Triad:
                             alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Triad{}, a, b, c, s, n);
                             break;
                         case StreamOp::Nstream:
                             alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Nstream{}, a, b, c, s, n);
                             break;
                         case StreamOp::Dot:
                             // The kernel adds to *sum (one atomic per block): zeroing it is part of a dot.
                             *sum = T{0};
                             alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Dot{}, a, b, sum, n);
                             dots[0] = *sum;
                             break;
                     }
                     alpaka::wait(queue);
                 }});
            for(std::size_t k = 0; k < natives.size(); ++k)
                variants.push_back({natives[k].first, [&, k, op = info.op] {
                                        dots[k + 1] = native::stream<T>(natives[k].second, op, a, b, c, s, n);
                                    }});
            // One untimed run each (the first run is dropped), then the interleaved rounds on the same arrays.
            for(auto& variant : variants)
                variant.run();
            interleave(variants, options.reps, 0, 1);
            if(info.op == StreamOp::Nstream)
                nstreamRuns += variants.size() * (options.reps + 1);

            // The expected values follow from the initial ones (see ops). An idempotent kernel is checked variant by
            // variant: its output is overwritten with a sentinel, the variant runs once more, and every value must be
            // right. Nstream's result counts every run of every variant; dot's sums are each variant's own.
            double const copyC = initA;
            double const mulB = scalar * copyC;
            double const addC = initA + mulB;
            double const triadA = mulB + scalar * addC;
            auto const checkEach = [&](T* out, double expected)
            {
                for(auto& variant : variants)
                {
                    std::fill(out, out + n, T{-1});
                    variant.run();
                    checkAll(
                        errors,
                        variant.name + " (" + name + " session), " + typeName<T>() + " " + info.name,
                        out,
                        n,
                        expected);
                }
            };
            switch(info.op)
            {
                case StreamOp::Copy:
                    checkEach(c, copyC);
                    break;
                case StreamOp::Mul:
                    checkEach(b, mulB);
                    break;
                case StreamOp::Add:
                    checkEach(c, addC);
                    break;
                case StreamOp::Triad:
                    checkEach(a, triadA);
                    break;
                case StreamOp::Nstream:
                    checkAll(
                        errors,
                        name + " and natives, " + typeName<T>() + " nstream",
                        a,
                        n,
                        triadA + static_cast<double>(nstreamRuns) * (mulB + scalar * addC));
                    break;
                case StreamOp::Dot:
                {
                    double const expected = 1.5 * static_cast<double>((n + 1) / 2) - static_cast<double>(n / 2);
                    for(std::size_t k = 0; k < dots.size(); ++k)
                        // Exact up to 2^24 elements; beyond, float partial sums round: allow for that, not for bugs.
                        if(std::abs(static_cast<double>(dots[k]) - expected) > 1e-5 * std::abs(expected))
                        {
                            std::ostringstream os;
                            os << (k == 0 ? name : natives[k - 1].first) << ", " << typeName<T>() << " dot: " << dots[k]
                               << ", expected " << expected;
                            errors.push_back(os.str());
                        }
                    break;
                }
            }

            double const bytes = info.arrays * static_cast<double>(sizeof(T)) * static_cast<double>(n);
            auto const gbs = [&](std::vector<double> seconds)
            {
                for(double& value : seconds)
                    value = bytes / value / 1e9;
                return seconds;
            };
            Measured measured;
            measured.row.section = "stream " + typeName<T>();
            measured.row.backend = name;
            measured.row.metric = std::string(info.name) + " GB/s";
            measured.row.compare = Compare::Ratio;
            measured.row.notes = shape.describe();
            for(auto const& [peer, runtime] : natives)
                measured.natives.emplace_back(peer, gbs(samplesOf(variants, peer)));
            summariseRate(measured, gbs(samplesOf(variants, "alpaka")));
            if(auto const target = triadTarget<TAcc>(); target && info.op == StreamOp::Triad)
            {
                std::ostringstream os;
                os << ">= " << *target << "x";
                measured.row.target = os.str();
                if(!measured.row.peer.empty())
                    measured.row.status = measured.row.ratio() >= *target ? "met" : "missed";
            }
            rows.push_back(std::move(measured));
        }
        return rows;
    }

    //! GPU-shaped work divisions: what portable codes launch everywhere, 64 threads (at most the back-end's limit;
    //! one where blocks have one thread) of 1024 elements per block, whatever the device. The triad of doubles, next
    //! to a serial loop for AccCpuSerial (its per-block cost must vanish) and to OpenMP for the others.
    template<typename TAcc>
    auto measureGpuShaped(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        using T = double;
        Idx const n = options.gpuShapedN;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        auto const props = alpaka::getAccDevProps<TAcc>(dev);
        Shape shape;
        shape.threads = std::min<Idx>(Idx{64}, static_cast<Idx>(props.m_blockThreadCountMax));
        shape.elems = 1024;
        shape.blocks = ceilDiv(n, shape.threads * shape.elems);
        WorkDiv const workDiv = shape.workDiv();
        auto bufA = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufB = alpaka::allocBuf<T, Idx>(dev, n);
        auto bufC = alpaka::allocBuf<T, Idx>(dev, n);
        T* const a = alpaka::getPtrNative(bufA);
        T* const b = alpaka::getPtrNative(bufB);
        T* const c = alpaka::getPtrNative(bufC);
        T const s = static_cast<T>(scalar);
        alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Fill{}, a, static_cast<T>(initA), n);
        alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Fill{}, b, static_cast<T>(initB), n);
        alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Fill{}, c, static_cast<T>(initC), n);

        std::vector<Variant> variants;
        variants.push_back(
            {"alpaka",
             [&]
             {
                 alpaka::exec<TAcc>(queue, workDiv, pyalpaka::kernels::Triad{}, a, b, c, s, n);
                 alpaka::wait(queue);
             }});
        std::string peer;
        Runtime runtime = Runtime::Serial;
        if constexpr(alpaka::accMatchesTags<TAcc, alpaka::TagCpuSerial>)
            peer = "native serial";
        else if constexpr(native::haveOpenMP)
        {
            peer = ompPeer;
            runtime = Runtime::Omp;
        }
        if(!peer.empty())
            variants.push_back({peer, [&] { native::stream<T>(runtime, StreamOp::Triad, a, b, c, s, n); }});
        // The back-ends whose block threads run side by side touch memory as this loop does: each thread a run of
        // 1024 elements of every block, the core's runs a block apart. Shown next to the plain loop, it tells the cost
        // of the work division's access pattern (informative, no target) from the cost of the back-end.
        constexpr bool threadsSideBySide
            = alpaka::accMatchesTags<TAcc, alpaka::TagCpuThreads, alpaka::TagCpuOmp2Threads, alpaka::TagOmp5>;
        std::string const chunkedPeer = "native OpenMP, schedule(static, 1024)";
        if constexpr(threadsSideBySide && native::haveOpenMP)
            variants.push_back(
                {chunkedPeer, [&] { native::triadChunkedOmp(a, b, c, s, n, static_cast<std::size_t>(shape.elems)); }});
        for(auto& variant : variants)
            variant.run();
        interleave(variants, options.reps, 0, 1);
        double const triadA = scalar * initA + scalar * initC;
        for(auto& variant : variants)
        {
            std::fill(a, a + n, T{-1});
            variant.run();
            checkAll(
                errors, variant.name + " (" + alpaka::getAccName<TAcc>() + " session), gpu-shaped triad", a, n, triadA);
        }

        double const bytes = 3.0 * static_cast<double>(sizeof(T)) * static_cast<double>(n);
        auto const gbs = [&](std::vector<double> seconds)
        {
            for(double& value : seconds)
                value = bytes / value / 1e9;
            return seconds;
        };
        Measured measured;
        measured.row.section = "gpu-shaped";
        measured.row.backend = alpaka::getAccName<TAcc>();
        measured.row.metric = "triad GB/s";
        measured.row.compare = Compare::Ratio;
        measured.row.notes = shape.describe();
        if(!peer.empty())
            measured.natives.emplace_back(peer, gbs(samplesOf(variants, peer)));
        if constexpr(threadsSideBySide && native::haveOpenMP)
            measured.natives.emplace_back(chunkedPeer, gbs(samplesOf(variants, chunkedPeer)));
        summariseRate(measured, gbs(samplesOf(variants, "alpaka")));
        std::optional<double> target;
        if constexpr(alpaka::
                         accMatchesTags<TAcc, alpaka::TagCpuThreads, alpaka::TagCpuOmp2Threads, alpaka::TagCpuFibers>)
            target = 0.8;
        else if constexpr(
            alpaka::accMatchesTags<TAcc, alpaka::TagCpuOmp2Blocks, alpaka::TagCpuTbbBlocks, alpaka::TagCpuSerial>)
            target = 0.95;
        if(target && !peer.empty())
        {
            std::ostringstream os;
            os << ">= " << *target << "x";
            measured.row.target = os.str();
            measured.row.status = measured.row.ratio() >= *target ? "met" : "missed";
        }
        return {measured};
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    Options defaults;
    // 2^23 elements (64 MiB per double array, twice the last-level cache of common machines) keeps a full run of
    // seven back-ends, two types and six kernels within a couple of minutes on 2 cores.
    defaults.n = std::size_t{1} << 23;
    return groupMain(
        argc,
        argv,
        "babelstream",
        defaults,
        [](Options const& options, Report& report, std::vector<std::string>& errors)
        {
            printHeader(
                "babelstream", "BabelStream kernels of every CPU back-end next to native loops", hardwareWorkers());
            std::cout << "  N = " << options.n << " elements per array, " << options.reps
                      << " interleaved runs per variant after one dropped run\n";
            for(char const* type : {"double", "float"})
                report.setSectionTitle(
                    std::string("stream ") + type,
                    std::string("BabelStream, ") + type
                        + ": GB/s (BabelStream byte counts), median; best = fastest run; higher is better; vs peer = "
                          "ratio");
            if(options.wants("double"))
                runGroup(
                    report,
                    "stream double",
                    [&]<typename TAcc>() { return measureStream<TAcc, double>(options, errors); },
                    true);
            if(options.wants("float"))
                runGroup(
                    report,
                    "stream float",
                    [&]<typename TAcc>() { return measureStream<TAcc, float>(options, errors); },
                    true);
            report.setSectionTitle(
                "gpu-shaped",
                "Triad (double, " + std::to_string(options.gpuShapedN)
                    + " elements) with a GPU-shaped work division (64 threads, at most the back-end's limit, x 1024 "
                      "elements per block): GB/s, median; higher is better; vs peer = ratio");
            if(options.wants("gpu-shaped"))
                runGroup(
                    report,
                    "gpu-shaped",
                    [&]<typename TAcc>() { return measureGpuShaped<TAcc>(options, errors); },
                    true);
        });
}
