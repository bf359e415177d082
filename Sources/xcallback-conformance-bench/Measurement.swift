// The timing loop: warm-up that also calibrates, then timed samples, each running the work enough
// times to last a fixed slice of time.
//
// Two workloads being compared are sampled alternately (A B A B ...) and their ratio is taken per
// pair, so a slow phase of the shared machine slows both sides of a pair instead of one side only.
// In-process work is timed on the thread's CPU clock, so that the time the scheduler gives to other
// processes on a busy machine is not counted; work in other processes (the runner's targets) on the
// monotonic clock. A peer in another process times its own samples the same way (`Workload.external`).

import Foundation

// MARK: - Sink

/// Keeps every result of the measured work alive, so the optimizer cannot delete the work.
///
/// Each workload returns an `Int` derived from what it computed (counts, lengths); the loop folds it into
/// the sink, and the sink's final value is printed with the report.
final class Sink {
    /// The running checksum of everything measured so far.
    private(set) var value: UInt64 = 0

    /// Folds a workload result into the checksum.
    @inline(never)
    func consume(_ result: Int) {
        value = (value &* 31) &+ UInt64(truncatingIfNeeded: result)
    }
}

// MARK: - Workload

/// One piece of work to time: a closure that does one operation and returns a value derived from it.
struct Workload {
    /// Shown in the table.
    var name: String
    /// Input bytes handled by one call of `body` (0 when bytes don't apply).
    var bytesPerCall: Int
    /// Items (URLs, vectors) handled by one call of `body`.
    var itemsPerCall: Int
    /// The work; its result goes to the sink.
    var body: () -> Int
    /// Work timed elsewhere (a peer in another process): runs `body`'s work the given number of times and
    /// returns the nanoseconds it measured and a checksum for the sink; `body` is then not called.
    var external: ((Int) -> (nanoseconds: Double, checksum: Int))?

    /// Work done in this process by `body`.
    init(name: String, bytesPerCall: Int, itemsPerCall: Int, body: @escaping () -> Int) {
        self.name = name
        self.bytesPerCall = bytesPerCall
        self.itemsPerCall = itemsPerCall
        self.body = body
    }

    /// Work done and timed elsewhere, `iterations` calls at a time.
    init(
        name: String, bytesPerCall: Int, itemsPerCall: Int,
        external: @escaping (Int) -> (nanoseconds: Double, checksum: Int)
    ) {
        self.init(name: name, bytesPerCall: bytesPerCall, itemsPerCall: itemsPerCall) { 0 }
        self.external = external
    }
}

// MARK: - Plan

/// How long to warm up, how long one sample lasts and how many samples to take.
struct MeasurementPlan: Sendable {
    /// Seconds of untimed warm-up (also used to calibrate the iteration count).
    var warmupSeconds: Double
    /// Target duration of one timed sample in seconds.
    var sampleSeconds: Double
    /// Number of timed samples per workload.
    var samples: Int

    /// The full plan: 21 pairs of 25 ms samples after 100 ms of warm-up per workload.
    static let full = MeasurementPlan(warmupSeconds: 0.1, sampleSeconds: 0.025, samples: 21)
    /// The reduced plan used by `--quick` (CI): same shape, a fraction of the time.
    static let quick = MeasurementPlan(warmupSeconds: 0.02, sampleSeconds: 0.008, samples: 11)
}

/// Which clock a measurer reads.
enum BenchClock: Sendable {
    /// The calling thread's CPU time: for work done in this process, on a machine shared with other work.
    case threadCPU
    /// Monotonic wall time: for work that waits on other processes.
    case wall

    /// Nanoseconds on this clock since an arbitrary origin.
    @inline(__always)
    func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(self == .threadCPU ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

// MARK: - Measurer

/// Runs workloads under a plan and feeds their results into one sink.
struct Measurer {
    /// The timing plan.
    var plan: MeasurementPlan
    /// Where results go.
    var sink: Sink
    /// The clock in-process work is timed on.
    var clock = BenchClock.threadCPU

    /// Runs `body` `iterations` times and returns the elapsed nanoseconds.
    private func timed(_ workload: Workload, iterations: Int) -> Double {
        if let external = workload.external {
            let (elapsed, checksum) = external(iterations)
            sink.consume(checksum)
            return elapsed
        }
        var accumulator = 0
        let start = clock.now()
        for _ in 0..<iterations {
            accumulator &+= workload.body()
        }
        let elapsed = clock.now() - start
        sink.consume(accumulator)
        return Double(elapsed)
    }

    /// Warms the workload up and returns how many calls make one sample of `plan.sampleSeconds`.
    func calibrate(_ workload: Workload) -> Int {
        var iterations = 1
        var spent = 0.0
        var perCall = Double.greatestFiniteMagnitude
        while spent < plan.warmupSeconds * 1e9 {
            let elapsed = timed(workload, iterations: iterations)
            spent += elapsed
            perCall = min(perCall, elapsed / Double(iterations))
            if elapsed < plan.sampleSeconds * 1e9 / 4 { iterations *= 2 }
        }
        return max(1, Int((plan.sampleSeconds * 1e9 / max(perCall, 1)).rounded()))
    }

    /// Times one workload: nanoseconds per call of its body.
    func measure(_ workload: Workload) -> Summary {
        let iterations = calibrate(workload)
        var samples: [Double] = []
        for _ in 0..<plan.samples {
            samples.append(timed(workload, iterations: iterations) / Double(iterations))
        }
        return Summary(samples)
    }

    /// Times two workloads alternately; returns nanoseconds per call of each and the ratio `b / a` per pair.
    func compare(_ a: Workload, _ b: Workload) -> (a: Summary, b: Summary, ratio: Summary) {
        let times = rounds([a, b])
        return (Summary(times[0]), Summary(times[1]), Self.ratios(times[1], over: times[0]))
    }

    /// Times each workload once per round, round after round, the order rotated every round; returns, per
    /// workload, its nanoseconds per call in each round (so that ratios can be taken round by round).
    func rounds(_ workloads: [Workload]) -> [[Double]] {
        let iterations = workloads.map(calibrate)
        var times = Array(repeating: [Double](), count: workloads.count)
        for round in 0..<plan.samples {
            // Rotate which one goes first so that none always follows the same work or gets the warmer cache.
            for step in workloads.indices {
                let index = (round + step) % workloads.count
                times[index].append(timed(workloads[index], iterations: iterations[index]) / Double(iterations[index]))
            }
        }
        return times
    }

    /// `numerator[i] / denominator[i]` for every round `i`.
    static func ratios(_ numerator: [Double], over denominator: [Double]) -> Summary {
        Summary(zip(numerator, denominator).map { $1 > 0 ? $0 / $1 : 0 })
    }
}
