/// The scores of a run: must, should and implementation-defined counted separately, never one blended percentage.
public struct RunSummary: Hashable, Sendable {
    /// The counts for one level.
    public struct Score: Hashable, Sendable {
        /// Vectors that passed.
        public var passed = 0
        /// Vectors that failed (known failures included).
        public var failed = 0
        /// Vectors skipped because the target does not support them.
        public var skipped = 0
        /// Failures excused by the known-failures list.
        public var knownFailures = 0

        /// Creates zeroed counts.
        public init() {}

        /// Every vector of the level that ran.
        public var total: Int { passed + failed + skipped }

        /// The share of passes among the vectors that were not skipped, from 0 to 100; `nil` when none ran.
        public var percent: Double? {
            passed + failed == 0 ? nil : Double(passed) * 100 / Double(passed + failed)
        }

        /// `41/43 passed (95.3%), 2 failed, 1 skipped`.
        public var text: String {
            guard let percent else { return skipped > 0 ? "all \(skipped) skipped" : "none selected" }
            var out = "\(passed)/\(passed + failed) passed (\(Self.format(percent))%)"
            if failed > 0 { out += ", \(failed) failed" + (knownFailures > 0 ? " (\(knownFailures) known)" : "") }
            if skipped > 0 { out += ", \(skipped) skipped" }
            return out
        }

        /// A percentage rounded to one decimal without a trailing `.0`; below 100 never rounds up to `100`.
        public static func format(_ percent: Double) -> String {
            var tenths = (percent * 10).rounded() / 10
            if tenths >= 100, percent < 100 { tenths = 99.9 }
            return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        }
    }

    /// The score for each level.
    public var scores: [Level: Score]

    /// Counts `results` by level.
    public init(_ results: [RunResult]) {
        var scores: [Level: Score] = [:]
        for level in Level.allCases { scores[level] = Score() }
        for item in results {
            let level = item.result.level
            switch item.result.verdict {
            case .passed: scores[level]?.passed += 1
            case .failed:
                scores[level]?.failed += 1
                if item.knownFailure != nil { scores[level]?.knownFailures += 1 }
            case .skipped: scores[level]?.skipped += 1
            }
        }
        self.scores = scores
    }

    /// The score for `level`.
    public subscript(level: Level) -> Score { scores[level] ?? Score() }

    /// Counts over all levels, for totals only (never shown as a percentage).
    public var all: Score {
        var total = Score()
        for score in scores.values {
            total.passed += score.passed
            total.failed += score.failed
            total.skipped += score.skipped
            total.knownFailures += score.knownFailures
        }
        return total
    }
}
