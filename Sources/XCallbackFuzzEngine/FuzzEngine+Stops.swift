// How a fuzzing run ends early and how its findings get out while it runs:
//
// - a stop request (SIGINT, SIGTERM, or another job's dead target) ends the run before the next
//   execution; the execution that the stop cut short does not count;
// - a target that broke (crashed, hung, answered garbage) on `maxConsecutiveBreakages` executions in a
//   row is dead: the run stops and says so, instead of spending its time restarting it. Shrinking does
//   not count (its inputs are one input's pieces), and a breakage finding is shrunk only once the target
//   has answered a later input, so a dead target's first input is not shrunk against a dead target;
// - every finding is handed to `onFinding` as soon as it is found, unshrunk, and again once shrunk.

import XCallbackFuzzing

/// Why a fuzzing run ended before its `runs` or `seconds`.
public enum FuzzStop: Sendable {
    /// The configuration's `stopRequest` answered `true` (a signal, or another job's dead target).
    case requested
    /// The target broke on every one of the last executions: it is dead, not fuzzed.
    case targetBroken(FuzzBrokenTarget)
}

/// A target that broke on each of several executions in a row.
public struct FuzzBrokenTarget: Sendable {
    /// The breakage kind of each of those executions, in order (`crashed`, `timed-out`, `unreadable-answer`).
    public var kinds: [String]
    /// The failure of the last of them, with what the target did.
    public var last: FuzzFailure

    /// `crashed ×5` or `timed-out ×2, crashed ×3`.
    public var kindsSummary: String {
        var runs: [(kind: String, count: Int)] = []
        for kind in kinds {
            if runs.last?.kind == kind { runs[runs.count - 1].count += 1 } else { runs.append((kind, 1)) }
        }
        return runs.map { "\($0.kind) ×\($0.count)" }.joined(separator: ", ")
    }
}

/// How far a finding's input was shrunk.
public enum FuzzShrinkState: Sendable, Hashable {
    /// Not shrunk (yet); the reason says why it never was, when the run is over.
    case unshrunk(String)
    /// Shrinking stopped early, for the reason given (a spent budget, a stop); the input is the smallest found.
    case partlyShrunk(String)
    /// Shrunk until no smaller input tried failed the same way.
    case shrunk
}

extension FuzzEngine {
    /// The breakage kind (`crashed`, `timed-out`, `unreadable-answer`) when `failure` is a broken target, else nil.
    ///
    /// `DifferentialDriver` sets `FuzzFailure.breakage` on every failure of a broken target.
    public static func breakageKind(of failure: FuzzFailure) -> String? {
        failure.breakage?.rawValue
    }

    /// When shrinking a finding found at `now` gives up: after `shrinkSeconds`, and no later than the run's
    /// own end (one second after `now` at least), so a run given `seconds` ends at most a second late.
    static func shrinkDeadline(now: ContinuousClock.Instant, runEnd: ContinuousClock.Instant?, shrinkSeconds: Double) -> ContinuousClock.Instant {
        let own = now + .milliseconds(Int64(shrinkSeconds * 1000))
        guard let runEnd else { return own }
        return min(own, max(runEnd, now + .milliseconds(Int64(min(shrinkSeconds, 1) * 1000))))
    }
}

/// The breakages of the latest executions in a row.
struct BreakageStreak {
    /// The kind of each broken execution since the last one that was not.
    private(set) var kinds: [String] = []
    /// The last broken execution's failure.
    private(set) var last: FuzzFailure?

    /// Records one execution's failure (nil: it passed); returns whether the target answered (did not break).
    mutating func observe(_ failure: FuzzFailure?, kind: String?) -> Bool {
        guard let kind, let failure else {
            kinds.removeAll()
            return true
        }
        kinds.append(kind)
        last = failure
        return false
    }

    /// The dead target, when the streak has reached `limit`.
    func dead(limit: Int?) -> FuzzBrokenTarget? {
        guard let limit, kinds.count >= limit, let last else { return nil }
        return FuzzBrokenTarget(kinds: kinds, last: last)
    }

    /// The dead target as the streak stands, for a batch source that gave up on it (nil when nothing broke).
    var current: FuzzBrokenTarget? { last.map { FuzzBrokenTarget(kinds: kinds, last: $0) } }
}
