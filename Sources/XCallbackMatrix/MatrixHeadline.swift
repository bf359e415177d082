// The headline of a row: the failing behaviours at a level, then the rule groups, then the vectors
// ("1 behaviour · 41 rules · 334 vectors"). With an audit, the behaviours are its causes: each counts only the
// failures the audit placed under it, and must failures under no cause count as one behaviour per rule. Without
// an audit, the behaviours are the rule groups themselves. Rule ids come from the vectors directory (else the
// report's copy of them), never from an answer or a message, and a failure whose rule is unknown is a group of
// its own; so a target cannot make its failures collapse into one group, and the rule count beside the causes
// shows any collapse an audit makes.

import XCallbackConformanceCore

/// The failures of one rule at one level in one row.
public struct MatrixRuleGroup: Sendable, Hashable {
    /// The rule id, or the vector id for a failure whose rule is unknown.
    public var rule: String
    /// The rule's one-line summary, when the vectors directory describes it.
    public var summary: String?
    /// The failing vectors, in report order.
    public var vectors: [String]
}

/// A row's failing behaviours, rule groups and vectors at one level.
public struct MatrixHeadline: Sendable, Hashable {
    /// Failing behaviours: audited causes (and rules under no cause), or `nil` when the row has no audit.
    public var behaviours: Int?
    /// The failing rule groups, most vectors first.
    public var ruleGroups: [MatrixRuleGroup]
    /// The failing vectors.
    public var vectors: Int

    /// `1 behaviour · 41 rules · 334 vectors`, `41 rules · 334 vectors` without an audit, `none` when nothing fails.
    public var text: String {
        guard vectors > 0 else { return "none" }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let parts = [behaviours.map { count($0, "behaviour") }, count(ruleGroups.count, "rule"), count(vectors, "vector")]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }
}

extension MatrixEntry {
    /// Takes every failure's rule and role from `vectors` where it holds the vector, and names the profile of a
    /// report that does not (an older one) from the roles of the vectors it judged.
    public mutating func resolveRules(with vectors: MatrixVectors) {
        for index in failures.indices {
            let id = failures[index].id
            if let rule = vectors.rules[id] { failures[index].rule = rule }
            if let role = vectors.roles[id] { failures[index].role = role }
        }
        ruleSummaries = vectors.ruleSummaries
        guard !reportsProfile else { return }
        let roles = judgedRoles.compactMap { id, role in vectors.roles[id] ?? role }.map(TargetRole.init(rawValue:))
        profile = TargetProfile.profiles(of: roles).map(\.rawValue)
    }

    /// The failing rule groups at `level`, most vectors first (then in report order).
    public func ruleGroups(at level: String) -> [MatrixRuleGroup] {
        var groups: [MatrixRuleGroup] = []
        for failure in failures where failure.level == level {
            let rule = failure.rule ?? failure.id
            if let index = groups.firstIndex(where: { $0.rule == rule }) {
                groups[index].vectors.append(failure.id)
            } else {
                groups.append(MatrixRuleGroup(rule: rule, summary: failure.rule.flatMap { ruleSummaries[$0] }, vectors: [failure.id]))
            }
        }
        return groups.enumerated().sorted { ($1.element.vectors.count, $0.offset) < ($0.element.vectors.count, $1.offset) }.map(\.element)
    }

    /// The headline at `level`: behaviours (with an audit), rule groups, vectors.
    public func headline(at level: String = "must") -> MatrixHeadline {
        let groups = ruleGroups(at: level)
        let vectors = groups.reduce(0) { $0 + $1.vectors.count }
        guard let audit else { return MatrixHeadline(behaviours: nil, ruleGroups: groups, vectors: vectors) }
        let caused = Set(audit.causes.flatMap(\.vectors))
        let uncaused = Set(failures.filter { $0.level == level && !caused.contains($0.id) }.map { $0.rule ?? $0.id })
        return MatrixHeadline(behaviours: audit.causes(at: level, in: self).count + uncaused.count, ruleGroups: groups, vectors: vectors)
    }

    /// The distinct rules among `ids` that failed in this row, so a cause shows how many rules it gathers.
    public func rules(of ids: [String]) -> Int {
        let rules = Dictionary(failures.map { ($0.id, $0.rule ?? $0.id) }, uniquingKeysWith: { first, _ in first })
        return Set(ids.compactMap { rules[$0] }).count
    }

    /// The profile as a cell shows it: `receiver, request builder`, or `–` when nothing names one.
    public var profileText: String { profile.isEmpty ? "–" : profile.joined(separator: ", ") }
}
