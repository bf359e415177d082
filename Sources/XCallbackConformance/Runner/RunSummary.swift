// The scores of a run, one per level, never blended, each led by its failing rule groups: the distinct `rule`
// ids among the level's unexcused failures. Rule ids come from the vectors, never from an answer, so a target
// that fails many rules with one message still fails each of them; a rule of the level counts its vectors.

/// The scores of a run: must, should and implementation-defined counted separately, never one blended percentage.
public struct RunSummary: Hashable, Sendable {
    /// One rule whose vectors fail at a level, unexcused: the unit a verdict leads with.
    public struct FailingRule: Hashable, Sendable {
        /// The rule's id, as the vectors name it.
        public var rule: String
        /// The rule's one-line summary from `rules.json`, or `nil` when the suite does not describe it.
        public var summary: String?
        /// The failing vectors of the rule at this level, in suite order.
        public var vectors: [String]

        /// Creates a failing rule.
        public init(rule: String, summary: String?, vectors: [String]) {
            self.rule = rule
            self.summary = summary
            self.vectors = vectors
        }
    }

    /// The counts for one level.
    public struct Score: Hashable, Sendable {
        /// Vectors that passed.
        public var passed = 0
        /// Vectors that failed (known failures included).
        public var failed = 0
        /// Vectors skipped because the target does not support them.
        public var skipped = 0
        /// Vectors of roles the target does not claim: never sent, neither passed nor skipped.
        public var notApplicable = 0
        /// Failures excused by the known-failures list.
        public var knownFailures = 0
        /// The rules of the level's unexcused failures whose fault touches the rule, most vectors first (then in
        /// suite order).
        public var failingRules: [FailingRule] = []
        /// The faults of the level's unexcused failures (`FaultModel`), most vectors first: what the verdict leads with.
        public var failingFaults: [FaultGroup] = []

        /// Creates zeroed counts.
        public init() {}

        /// Every selected vector of the level: judged, skipped or not applicable.
        public var total: Int { passed + failed + skipped + notApplicable }

        /// The unexcused failures, the vectors of `failingRules`.
        public var failingVectors: Int { failingRules.reduce(0) { $0 + $1.vectors.count } }

        /// The share of passes among the vectors judged, from 0 to 100; `nil` when none was.
        public var percent: Double? {
            passed + failed == 0 ? nil : Double(passed) * 100 / Double(passed + failed)
        }

        /// `41/43 passed (95.3%), 2 failed, 1 skipped, 65 not applicable`.
        public var text: String {
            let notApplicableText = notApplicable > 0 ? "\(notApplicable) not applicable" : nil
            guard let percent else {
                let parts = [skipped > 0 ? "\(skipped) skipped" : nil, notApplicableText].compactMap { $0 }
                return parts.isEmpty ? "none selected" : "all " + parts.joined(separator: ", ")
            }
            var out = "\(passed)/\(passed + failed) passed (\(Self.format(percent))%)"
            if failed > 0 { out += ", \(failed) failed" + (knownFailures > 0 ? " (\(knownFailures) known)" : "") }
            if skipped > 0 { out += ", \(skipped) skipped" }
            if let notApplicableText { out += ", \(notApplicableText)" }
            return out
        }

        /// `2 rules failing (38 vectors)`, or `nil` when no rule fails unexcused.
        public var failingRulesText: String? {
            guard !failingRules.isEmpty else { return nil }
            return "\(failingRules.count) rule\(failingRules.count == 1 ? "" : "s") failing "
                + "(\(failingVectors) vector\(failingVectors == 1 ? "" : "s"))"
        }

        /// `1 fault (38 vectors)`, or `nil` when no fault shows unexcused.
        public var failingFaultsText: String? {
            guard !failingFaults.isEmpty else { return nil }
            let vectors = failingFaults.reduce(0) { $0 + $1.vectors.count }
            return "\(failingFaults.count) fault\(failingFaults.count == 1 ? "" : "s") (\(vectors) vector\(vectors == 1 ? "" : "s"))"
        }

        /// The faults, the failing rules, then the counts:
        /// `1 fault (38 vectors) · 2 rules failing (38 vectors) · 527/565 passed (93.3%), 38 failed`.
        public var headline: String { [failingFaultsText, failingRulesText, text].compactMap { $0 }.joined(separator: " · ") }

        /// A percentage rounded to one decimal without a trailing `.0`; below 100 never rounds up to `100`.
        public static func format(_ percent: Double) -> String {
            var tenths = (percent * 10).rounded() / 10
            if tenths >= 100, percent < 100 { tenths = 99.9 }
            return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        }
    }

    /// The score for each level.
    public var scores: [Level: Score]

    /// Counts `results` by the level each is scored at, and groups the unexcused failures by their vector's rule;
    /// `rules` (the suite's) gives each rule its summary.
    public init(_ results: [RunResult], rules: [String: VectorRule] = [:]) {
        var scores: [Level: Score] = [:]
        for level in Level.allCases { scores[level] = Score() }
        var failing: [Level: [(rule: String, vectors: [String])]] = [:]
        for item in results {
            let level = item.result.level
            switch item.result.verdict {
            case .passed: scores[level]?.passed += 1
            case .failed:
                scores[level]?.failed += 1
                if item.knownFailure != nil { scores[level]?.knownFailures += 1 }
            case .skipped: scores[level]?.skipped += 1
            case .notApplicable: scores[level]?.notApplicable += 1
            }
            guard item.isUnexpectedFailure, item.result.faults.isEmpty || item.result.faults.contains(where: \.withinRule)
            else { continue }
            let rule = item.result.vector.rule
            if let index = failing[level, default: []].firstIndex(where: { $0.rule == rule }) {
                failing[level]?[index].vectors.append(item.id)
            } else {
                failing[level, default: []].append((rule, [item.id]))
            }
        }
        for (level, groups) in failing {
            // Most vectors first; a stable sort keeps suite order among equals.
            let ordered = groups.enumerated().sorted { ($1.element.vectors.count, $0.offset) < ($0.element.vectors.count, $1.offset) }
            scores[level]?.failingRules = ordered.map { FailingRule(rule: $0.element.rule, summary: rules[$0.element.rule]?.summary, vectors: $0.element.vectors) }
        }
        let unexpected = results.filter(\.isUnexpectedFailure).map(\.result)
        for group in FaultGroup.groups(of: unexpected) {
            scores[group.level]?.failingFaults.append(group)
        }
        self.scores = scores
    }

    /// The score for `level`.
    public subscript(level: Level) -> Score { scores[level] ?? Score() }

    /// Counts over all levels, for totals only (never shown as a percentage); rule groups stay with their level.
    public var all: Score {
        var total = Score()
        for score in scores.values {
            total.passed += score.passed
            total.failed += score.failed
            total.skipped += score.skipped
            total.notApplicable += score.notApplicable
            total.knownFailures += score.knownFailures
        }
        return total
    }
}
