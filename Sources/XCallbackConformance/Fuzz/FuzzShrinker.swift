// Shrinks a failing input while it keeps failing the same way (same `FuzzEngine.key`).
//
// 1. Remove chunks of bytes, halving the chunk size from half the input down to one byte (ddmin-like).
// 2. Replace a `%25` by `%` only where the result still fails the same way is not tried: nested levels
//    are the point of most findings, so the shrinker keeps the encoding and only drops what is not needed.
// A build case keeps its first byte (0x01 or 0x02), which selects the operation. The number of driver
// calls is bounded, so a slow target (a hang costs a timeout per call) cannot stall the run.

import XCallbackFuzzing

/// Shrinks a failure to a smaller input with the same key.
public struct FuzzShrinker<Driver: FuzzDriver> {
    /// The property checker.
    public var driver: Driver
    /// The key the smaller input must keep.
    public var key: String
    /// The most driver calls.
    public var attempts: Int

    /// Creates a shrinker for failures with `key`.
    public init(driver: Driver, key: String, attempts: Int) {
        self.driver = driver
        self.key = key
        self.attempts = attempts
    }

    /// The failure on the smallest input found that fails with the same key.
    public func shrink(_ failure: FuzzFailure) -> FuzzFailure {
        var best = failure
        var budget = attempts
        // A hang costs a timeout per attempt: a few only.
        if key.contains("timeout") || key.contains("timed out") { budget = min(budget, 8) }
        let fixed = best.input.first == 0x01 || best.input.first == 0x02 ? 1 : 0
        var chunk = max((best.input.count - fixed) / 2, 1)
        while budget > 0 {
            var removedAny = false
            var start = fixed
            while start < best.input.count, budget > 0 {
                var candidate = best.input
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                budget -= 1
                if let smaller = driver.failure(for: candidate), FuzzEngine<Driver>.key(of: smaller) == key {
                    best = smaller
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny {
                if chunk == 1 { break }
                chunk = max(chunk / 2, 1)
            }
        }
        return best
    }
}
