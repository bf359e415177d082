// Shrinks a failing input while it keeps failing the same way (same `FuzzEngine.key`).
//
// 1. Remove chunks of bytes, halving the chunk size from half the input down to one byte (ddmin-like).
// 2. Replace a `%25` by `%` only where the result still fails the same way is not tried: nested levels
//    are the point of most findings, so the shrinker keeps the encoding and only drops what is not needed.
// A build case keeps its first byte (0x01 or 0x02), which selects the operation, and a smaller input the run
// would not have checked (a URL of a role the target does not claim) is not tried. Both the number of
// driver calls and the time are bounded, so a slow target (a hang costs a timeout per call) cannot stall
// the run; a stop request (SIGINT, SIGTERM) ends shrinking at once, and the answer that the stop cut
// short is not taken for a failure.

import XCallbackConformanceCore
import XCallbackFuzzing

/// Shrinks a failure to a smaller input with the same key.
public struct FuzzShrinker<Driver: FuzzDriver> {
    /// The property checker.
    public var driver: Driver
    /// The key the smaller input must keep.
    public var key: String
    /// The most driver calls.
    public var attempts: Int
    /// When shrinking gives up with the smallest input found so far (nil: no time limit).
    public var deadline: ContinuousClock.Instant?
    /// Asked after every driver call; `true` ends shrinking and discards that call's answer.
    public var stopRequest: (@Sendable () -> Bool)?
    /// Which smaller inputs may be tried: those the run itself would check (nil: every one).
    public var admits: (([UInt8]) -> Bool)?

    /// Creates a shrinker for failures with `key`, bounded by `attempts` driver calls and, when given, `deadline`.
    public init(
        driver: Driver, key: String, attempts: Int, deadline: ContinuousClock.Instant? = nil, stopRequest: (@Sendable () -> Bool)? = nil,
        admits: (([UInt8]) -> Bool)? = nil
    ) {
        self.admits = admits
        self.driver = driver
        self.key = key
        self.attempts = attempts
        self.deadline = deadline
        self.stopRequest = stopRequest
    }

    /// The failure on the smallest input found that fails with the same key.
    public func shrink(_ failure: FuzzFailure) -> FuzzFailure {
        shrinkReportingState(failure).failure
    }

    /// The failure on the smallest input found, and whether shrinking finished or which budget ended it.
    public func shrinkReportingState(_ failure: FuzzFailure) -> (failure: FuzzFailure, state: FuzzShrinkState) {
        var best = failure
        // A hang costs a timeout per attempt: a few only.
        let allowed = FuzzEngine<Driver>.breakageKind(of: failure) == BreakageKind.timedOut.rawValue ? min(attempts, 8) : attempts
        var budget = allowed
        let fixed = best.input.first == 0x01 || best.input.first == 0x02 ? 1 : 0
        var chunk = max((best.input.count - fixed) / 2, 1)
        while true {
            var removedAny = false
            var start = fixed
            while start < best.input.count {
                if let reason = spent(budget, of: allowed) { return (best, .partlyShrunk(reason)) }
                var candidate = best.input
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let admits, !admits(candidate) {
                    start += chunk
                    continue
                }
                budget -= 1
                let smaller = driver.failure(for: candidate)
                if stopRequest?() == true { return (best, .partlyShrunk("the run was stopped")) }
                if let smaller, FuzzEngine<Driver>.keys(of: smaller).contains(key), smaller.rule == best.rule {
                    best = smaller
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny {
                if chunk == 1 { return (best, .shrunk) }
                chunk = max(chunk / 2, 1)
            }
        }
    }

    /// Which budget is spent, in words, or nil while both last.
    private func spent(_ budget: Int, of allowed: Int) -> String? {
        if budget <= 0 { return "its \(allowed) attempts were spent" }
        if let deadline, ContinuousClock.now >= deadline { return "its time ran out" }
        if stopRequest?() == true { return "the run was stopped" }
        return nil
    }
}
