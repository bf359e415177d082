/// The report formats the runner writes.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Human-readable text: failures with their difference and citation, then the scores.
    case text
    /// The canonical machine-readable record (schema: `Vectors/protocol/report.schema.json`).
    case json
    /// JUnit XML for CI systems.
    case junit
    /// Test Anything Protocol, version 13 unless asked for 14.
    case tap
    /// Markdown for a CI job summary.
    case markdown
    /// A shields.io endpoint JSON naming the suite version.
    case badge

    /// Renders `run` in this format, with TAP version 13.
    public func render(_ run: ConformanceRun) -> String { render(run, tapVersion: 13) }

    /// Renders `run` in this format; `tapVersion` (13 or 14) applies to TAP only, `color` to text only.
    public func render(_ run: ConformanceRun, tapVersion: Int, color: Bool = false) -> String {
        switch self {
        case .text: TextReport.render(run, color: color)
        case .json: JSONReport.document(run).prettyText + "\n"
        case .junit: JUnitReport.render(run)
        case .tap: TAPReport.render(run, version: tapVersion)
        case .markdown: MarkdownReport.render(run)
        case .badge: BadgeReport.document(run).prettyText + "\n"
        }
    }
}

/// Helpers the report writers share.
enum ReportText {
    /// The generator's name, as reports name it.
    static let generator = "xcallback-conformance"

    /// The citation anchors of a vector with their sources, from the suite's citations.
    static func citations(_ vector: Vector) -> String {
        vector.citations.joined(separator: ", ")
    }

    /// `name version` and the language, when known.
    static func identity(_ target: TargetIdentity) -> String {
        "\(target.name) \(target.version)" + (target.language.map { " (\($0))" } ?? "")
    }

    /// The declared choices as `point=value, …`, or `none declared`.
    static func choices(_ choices: DeclaredChoices) -> String {
        choices.values.isEmpty ? "none declared" : choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
    }

    /// The extra parameters of a run, `x-source (declared)` or `id (added to every built URL, undeclared)`, or `nil`.
    static func extraParameters(_ run: ConformanceRun) -> String? {
        let extras = run.extraParameters
        guard !extras.all.isEmpty else { return nil }
        let declared = extras.declared.map { "\($0) (declared)" }
        let detected = extras.detected.map { "\($0) (added to every built URL, undeclared)" }
        return (declared + detected).joined(separator: ", ")
            + "; set aside outside the `extra-parameters` vectors, which judge them once"
    }

    /// The faults and failing rules of `leading` levels, then every level's passed/judged count, the vectors not
    /// applicable and the excused failures:
    /// `1 must fault (38 vectors) · 2 must rules failing (38 vectors) · must 527/565 · should 250/257 · 65 not applicable`.
    static func scoreLine(
        _ run: ConformanceRun, names: [(level: Level, name: String)] = levels, leading: [Level] = Level.allCases
    ) -> String {
        let summary = run.summary
        var parts: [String] = []
        for (level, name) in levels where leading.contains(level) {
            let faults = summary[level].failingFaults
            if !faults.isEmpty {
                let vectors = faults.reduce(0) { $0 + $1.vectors.count }
                parts.append("\(faults.count) \(name) fault\(faults.count == 1 ? "" : "s") (\(vectors) vector\(vectors == 1 ? "" : "s"))")
            }
            let rules = summary[level].failingRules
            guard !rules.isEmpty else { continue }
            let vectors = summary[level].failingVectors
            parts.append("\(rules.count) \(name) rule\(rules.count == 1 ? "" : "s") failing (\(vectors) vector\(vectors == 1 ? "" : "s"))")
        }
        var counts: [String] = []
        for (level, name) in names where summary[level].passed + summary[level].failed > 0 {
            counts.append("\(name) \(summary[level].passed)/\(summary[level].passed + summary[level].failed)")
        }
        if counts.isEmpty { counts.append("no vectors run") }
        parts += counts
        let notApplicable = summary.all.notApplicable
        if notApplicable > 0 { parts.append("\(notApplicable) not applicable") }
        let excused = summary.all.knownFailures
        if excused > 0 { parts.append("\(excused) excused") }
        return parts.joined(separator: " · ")
    }

    /// The roles the target claimed, when it claimed fewer than all: `decode, build-request`; `nil` otherwise.
    static func claimedRoles(_ run: ConformanceRun) -> String? {
        guard let claimed = run.claimedRoles, claimed != Set(TargetRole.allCases) else { return nil }
        return claimed.isEmpty ? "none" : claimed.sorted().map(\.rawValue).joined(separator: ", ")
    }

    /// Failures grouped by their vector's rule: the rules of `leading` first, in its order, then the others (all of
    /// whose failures are excused) in the order they come.
    static func byRule(_ items: [RunResult], leading: [RunSummary.FailingRule]) -> [(rule: String, items: [RunResult])] {
        var groups: [(rule: String, items: [RunResult])] = leading.map { ($0.rule, []) }
        for item in items {
            let rule = item.result.vector.rule
            if let index = groups.firstIndex(where: { $0.rule == rule }) {
                groups[index].items.append(item)
            } else {
                groups.append((rule, [item]))
            }
        }
        return groups.filter { !$0.items.isEmpty }
    }

    /// The first 12 hex digits of a hash, for headers.
    static func shortHash(_ hash: String) -> String { String(hash.prefix(12)) }

    /// The levels in report order with their display names.
    static let levels: [(level: Level, name: String)] = [
        (.must, "must"), (.should, "should"), (.implementationDefined, "implementation-defined"),
        (.hardening, "hardening"),
    ]
}
