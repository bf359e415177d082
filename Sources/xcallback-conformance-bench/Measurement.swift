// The timing loop: warm-up that also calibrates, then timed samples, each running the work enough
// times to last a fixed wall-clock slice.
//
// Two workloads being compared are sampled alternately (A B A B ...) and their ratio is taken per
// pair, so a slow phase of the shared machine slows both sides of a pair instead of one side only.

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

    /// The full plan: long enough for a stable median on a quiet machine.
    static let full = MeasurementPlan(warmupSeconds: 0.05, sampleSeconds: 0.02, samples: 15)
    /// The reduced plan used by `--quick` (CI): same shape, a fraction of the time.
    static let quick = MeasurementPlan(warmupSeconds: 0.01, sampleSeconds: 0.005, samples: 7)
}

// MARK: - Clock

/// Monotonic nanoseconds since an arbitrary origin.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

// MARK: - Measurer

/// Runs workloads under a plan and feeds their results into one sink.
struct Measurer {
    /// The timing plan.
    var plan: MeasurementPlan
    /// Where results go.
    var sink: Sink

    /// Runs `body` `iterations` times and returns the elapsed nanoseconds.
    private func timed(_ workload: Workload, iterations: Int) -> Double {
        var accumulator = 0
        let start = monotonicNanoseconds()
        for _ in 0..<iterations {
            accumulator &+= workload.body()
        }
        let elapsed = monotonicNanoseconds() - start
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
        let iterationsA = calibrate(a)
        let iterationsB = calibrate(b)
        var samplesA: [Double] = []
        var samplesB: [Double] = []
        var ratios: [Double] = []
        for round in 0..<plan.samples {
            // Alternate which side goes first so neither always gets the warmer cache.
            let timeA: Double
            let timeB: Double
            if round % 2 == 0 {
                timeA = timed(a, iterations: iterationsA) / Double(iterationsA)
                timeB = timed(b, iterations: iterationsB) / Double(iterationsB)
            } else {
                timeB = timed(b, iterations: iterationsB) / Double(iterationsB)
                timeA = timed(a, iterations: iterationsA) / Double(iterationsA)
            }
            samplesA.append(timeA)
            samplesB.append(timeB)
            ratios.append(timeA > 0 ? timeB / timeA : 0)
        }
        return (Summary(samplesA), Summary(samplesB), Summary(ratios))
    }
}
