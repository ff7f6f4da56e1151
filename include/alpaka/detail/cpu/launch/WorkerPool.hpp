// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! WorkerPool: the persistent OS threads of AccCpuThreads and AccCpuFibers. run(n, fn) calls fn(0) on the calling
//! thread and fn(1..n-1) on n-1 workers reserved for this call alone, so the threads of one block always run at the
//! same time (they wait for each other at barriers) and two launches from different queues never wait for each
//! other's workers. runShares(n, fn) does the same for shares that need not run at the same time (ranges of
//! blocks): a share whose worker has not started it when the caller is done with its own is taken back and run by
//! the caller, so a launch never waits for a sleeping worker to wake up or for a worker that the scheduler put on the
//! caller's own core. The pool grows to the largest number of workers used at once and never creates a thread per
//! launch. An idle worker spins briefly, then yields, then sleeps on its futex: back-to-back launches find it awake.
//! A worker that wakes up on its launcher's core moves off it (see awaitClaims). A job with more threads than the
//! machine has hardware threads (16 threads per block on 2 cores) is crowded: its workers sleep as soon as they are
//! done and its launcher sleeps while it waits, since every spin or yield of one of them takes a core from a thread
//! that still has work (idle workers that yielded made such a job many times slower than an OpenMP loop with as many
//! threads: docs/dev/measurements.md#waiting-on-the-cpu).

#include "alpaka/detail/cpu/launch/ThreadBody.hpp"
#include "alpaka/detail/sys/CpuPlacement.hpp"
#include "alpaka/detail/sys/Futex.hpp"
#include "alpaka/detail/sys/HostThread.hpp"
#include "alpaka/detail/sys/Mutex.hpp"
#include "alpaka/detail/sys/Parker.hpp"
#include "alpaka/detail/sys/Spin.hpp"
#include "alpaka/detail/sys/SysInfo.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace alpaka::detail::cpu
{
    //! Waits until `word` no longer holds `old`: spins for `spinNs` nanoseconds, yields until Parker::spinNs +
    //! yieldNs, then sleeps until wakeSleepers(word, sleepers). With `sleepAtOnce` it sleeps without spinning or
    //! yielding. (Times are nanoseconds of monotonicNanoseconds, not std::chrono: see Spin.hpp.)
    inline void waitWhileEquals(
        std::atomic<std::uint32_t>& word,
        std::uint32_t old,
        std::atomic<std::uint32_t>& sleepers,
        std::int64_t spinNs,
        bool sleepAtOnce)
    {
        std::int64_t const start = sys::monotonicNanoseconds();
        for(unsigned i = 1; !sleepAtOnce && word.load(std::memory_order_acquire) == old; ++i)
        {
            sys::cpuRelax();
            if(i % 64u != 0)
                continue;
            std::int64_t const elapsed = sys::monotonicNanoseconds() - start;
            if(elapsed > sys::Parker::spinNs + sys::Parker::yieldNs)
                break;
            if(elapsed > spinNs)
                sys::cpuYield();
        }
        sys::sleepWhileEquals(word, old, sleepers);
    }

    class WorkerPool
    {
        //! One call of run(): the function and how many workers have not finished it yet. Owned by the pool and
        //! recycled, never destroyed while the pool lives: the last worker may still be inside wakeSleepers() on
        //! `remaining` when the launcher has already seen zero and returned.
        struct Worker;

        //! A share of a job handed to a worker: the worker's sequence number of the hand-over.
        struct Handover
        {
            Worker* worker;
            std::uint32_t sequence;
            bool takenBack;
        };

        struct Job
        {
            ThreadBody body;
            bool crowded = false; //!< more threads than hardware threads: nobody spins or yields
            int launcherCpu = -1; //!< where the launcher ran when it handed the job out (-1: unknown)
            std::atomic<std::uint32_t> remaining{0};
            std::atomic<std::uint32_t> sleepers{0}; //!< launchers asleep on `remaining`
            std::vector<Handover> handovers;        //!< handovers[i] ran or runs fn(i + 1)
        };

        struct Worker
        {
            std::atomic<std::uint32_t> sequence{0}; //!< bumped for each job handed to this worker
            std::atomic<std::uint32_t> sleepers{0}; //!< 1 while the worker sleeps on `sequence`
            //! The last hand-over that is decided: claimed by the worker (it runs the share) or taken back by the
            //! launcher (it ran the share itself). Hand-over s is open while claimed == s - 1; whoever moves it to s
            //! first owns the share.
            std::atomic<std::uint32_t> claimed{0};
            Job* job = nullptr;
            std::uint32_t index = 0;
            sys::HostThread thread;
        };

    public:
        static auto instance() -> WorkerPool&
        {
            static WorkerPool pool;
            return pool;
        }

        WorkerPool(WorkerPool const&) = delete;
        auto operator=(WorkerPool const&) -> WorkerPool& = delete;

        ~WorkerPool()
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            m_stopping.store(true, std::memory_order_release);
            for(auto& worker : m_workers)
            {
                worker->sequence.fetch_add(1u, std::memory_order_seq_cst);
                sys::wakeSleepers(worker->sequence, worker->sleepers, false);
            }
            for(auto& worker : m_workers)
                worker->thread.join();
        }

        //! Calls fn(i) for every i in [0, n) concurrently and returns when all have returned. fn must not throw.
        template<typename TFn>
        void run(std::uint32_t n, TFn& fn)
        {
            runOnWorkers(n, ThreadBody::of(fn), false);
        }

        //! Calls fn(i) for every i in [0, n) and returns when all have returned; fn(0) runs on the calling thread, the
        //! other shares on workers, or on the calling thread after fn(0) where their worker has not started them yet.
        //! For shares that do not wait for each other. fn must not throw.
        template<typename TFn>
        void runShares(std::uint32_t n, TFn& fn)
        {
            runOnWorkers(n, ThreadBody::of(fn), true);
        }

        //! How long a launcher waits for its workers to claim their shares before it runs its own (see awaitClaims).
        static constexpr std::int64_t defaultClaimWaitNs = 20'000;

        //! Sets that wait, in nanoseconds; 0: the launcher does not wait (tests use it to see runShares take a late
        //! share back).
        void setClaimWaitNs(std::int64_t waitNs)
        {
            m_claimWaitNs.store(waitNs, std::memory_order_relaxed);
        }

        //! Workers started so far (for tests: the pool must not grow with the number of launches).
        auto size() -> std::size_t
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            return m_workers.size();
        }

    private:
        static constexpr std::int64_t joinSpinNs = 2'000;

        WorkerPool() = default;

        //! Not a template (ThreadBody): a launch compiles its body's invocation, not this whole function.
        void runOnWorkers(std::uint32_t n, ThreadBody body, bool takeBackLateShares)
        {
            if(n <= 1)
            {
                if(n == 1)
                    body(0u);
                return;
            }
            Job* const job = dispatch(n - 1u, body, n > sys::getHardwareThreadCount());
            if(std::int64_t const claimWaitNs = m_claimWaitNs.load(std::memory_order_relaxed);
               !job->crowded && claimWaitNs > 0)
                awaitClaims(*job, claimWaitNs);
            body(0u);
            std::uint32_t takenBack = 0;
            for(std::uint32_t share = 1; takeBackLateShares && share < n; ++share)
            {
                Handover& handover = job->handovers[share - 1u];
                std::uint32_t open = handover.sequence - 1u;
                if(handover.worker->claimed.compare_exchange_strong(open, handover.sequence, std::memory_order_acq_rel))
                {
                    handover.takenBack = true;
                    body(share);
                    ++takenBack;
                }
            }
            join(*job, takenBack);
        }

        //! Gives the workers a moment (claimWaitNs) to claim their shares before the launcher runs its own, and if some
        //! have not, lets them have the launcher's core once. A worker that the scheduler woke up on its launcher's
        //! core (seen on a 2-vCPU VM after an idle phase, with the other core idle) would otherwise wait there for the
        //! launcher's whole share; given the core, it moves off it (see loop()). Where a worker is only slow to wake
        //! up, the launcher loses claimWaitNs and one yield.
        static void awaitClaims(Job const& job, std::int64_t claimWaitNs)
        {
            std::int64_t const start = sys::monotonicNanoseconds();
            for(unsigned i = 1;; ++i)
            {
                bool claimed = true;
                for(Handover const& handover : job.handovers)
                    claimed = claimed && handover.worker->claimed.load(std::memory_order_acquire) == handover.sequence;
                if(claimed)
                    return;
                sys::cpuRelax();
                if(i % 16u == 0 && sys::monotonicNanoseconds() - start > claimWaitNs)
                    break;
            }
            sys::cpuYield();
        }

        //! Waits for the shares the workers claimed (all but `takenBack`), makes the workers whose shares were taken
        //! back idle again (such a worker skips the hand-over when it wakes up) and recycles the job.
        void join(Job& job, std::uint32_t takenBack)
        {
            if(takenBack != 0u)
                job.remaining.fetch_sub(takenBack, std::memory_order_acq_rel);
            // The caller's shares are done; the workers' shares end about now when they run on cores of their own.
            // A worker on the caller's own core (run() cannot take its share back: a block's threads must run at the
            // same time) runs only once the caller yields, so the caller spins briefly (joinSpinNs), not 20 us.
            for(std::uint32_t left = job.remaining.load(std::memory_order_acquire); left != 0;
                left = job.remaining.load(std::memory_order_acquire))
                waitWhileEquals(job.remaining, left, job.sleepers, joinSpinNs, job.crowded);
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            if(takenBack != 0u)
                for(Handover const& handover : job.handovers)
                    if(handover.takenBack)
                        m_idle.push_back(handover.worker);
            m_idleJobs.push_back(&job);
        }

        //! Hands fn(1..count) to count idle workers, starting new ones first when too few are idle, and returns the
        //! job record the workers count down. All workers are secured before any is handed the job: the threads of a
        //! block wait for each other, so a launch must never start with part of them.
        auto dispatch(std::uint32_t count, ThreadBody body, bool crowded) -> Job*
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            while(m_idle.size() < count)
            {
                m_workers.push_back(std::make_unique<Worker>());
                Worker* const raw = m_workers.back().get();
                // m_idle never holds more than every worker: with this capacity neither the push below nor a worker's
                // own push in loop() can throw.
                m_idle.reserve(m_workers.size());
                try
                {
                    raw->thread = sys::HostThread([this, raw] { loop(*raw); });
                }
                catch(...)
                {
                    // std::system_error: the system is out of threads. The launch fails, the pool stays intact.
                    m_workers.pop_back();
                    throw;
                }
                m_idle.push_back(raw);
            }
            if(m_idleJobs.empty())
            {
                m_jobs.push_back(std::make_unique<Job>());
                m_idleJobs.push_back(m_jobs.back().get());
            }
            Job* const job = m_idleJobs.back();
            job->handovers.clear();
            job->handovers.reserve(count); // the only step that can throw: before any worker is handed anything
            m_idleJobs.pop_back();
            job->body = body;
            job->crowded = crowded;
            job->launcherCpu = sys::currentCpu();
            job->remaining.store(count, std::memory_order_relaxed);
            for(std::uint32_t index = 1; index <= count; ++index)
            {
                Worker* const worker = m_idle.back();
                m_idle.pop_back();
                worker->job = job;
                worker->index = index;
                std::uint32_t const sequence = worker->sequence.fetch_add(1u, std::memory_order_seq_cst) + 1u;
                job->handovers.push_back({worker, sequence, false});
                sys::wakeSleepers(worker->sequence, worker->sleepers, false);
            }
            return job;
        }

        void loop(Worker& worker) noexcept
        {
            std::uint32_t seen = 0;
            bool lastJobCrowded = false;
            for(;;)
            {
                waitWhileEquals(worker.sequence, seen, worker.sleepers, sys::Parker::spinNs, lastJobCrowded);
                seen = worker.sequence.load(std::memory_order_acquire);
                if(m_stopping.load(std::memory_order_acquire))
                    return;
                std::uint32_t open = seen - 1u;
                if(!worker.claimed.compare_exchange_strong(open, seen, std::memory_order_acq_rel))
                    continue; // the launcher took this share back, ran it and made this worker idle again
                Job* const job = worker.job;
                // Woken up on the launcher's core (see awaitClaims): both would share it until the load balancer
                // notices, milliseconds later, often after the launch. A crowded job shares every core anyway.
                if(!job->crowded && job->launcherCpu >= 0 && sys::currentCpu() == job->launcherCpu)
                    sys::moveOffCpu(job->launcherCpu);
                job->body(worker.index);
                lastJobCrowded = job->crowded; // read before the count-down: the launcher recycles the job after it
                {
                    // Idle again before the launcher learns that the job is done, so its next launch can reuse this
                    // worker instead of starting a new one.
                    sys::LockGuard<sys::Mutex> lock(m_mutex);
                    m_idle.push_back(&worker);
                }
                if(job->remaining.fetch_sub(1u, std::memory_order_seq_cst) == 1u)
                    sys::wakeSleepers(job->remaining, job->sleepers, false);
            }
        }

        sys::Mutex m_mutex;
        std::vector<std::unique_ptr<Worker>> m_workers;
        std::vector<Worker*> m_idle;
        std::vector<std::unique_ptr<Job>> m_jobs;
        std::vector<Job*> m_idleJobs;
        std::atomic<bool> m_stopping{false};
        std::atomic<std::int64_t> m_claimWaitNs{defaultClaimWaitNs};
    };
} // namespace alpaka::detail::cpu
