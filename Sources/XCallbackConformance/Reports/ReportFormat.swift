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

    /// Every level's passed/applicable count and the excused failures: `must 616/624 · should 250/257 · 115 excused`.
    static func scoreLine(_ run: ConformanceRun, names: [(level: Level, name: String)] = levels) -> String {
        let summary = run.summary
        var parts: [String] = []
        for (level, name) in names where summary[level].passed + summary[level].failed > 0 {
            parts.append("\(name) \(summary[level].passed)/\(summary[level].passed + summary[level].failed)")
        }
        if parts.isEmpty { return "no vectors run" }
        let excused = summary.all.knownFailures
        if excused > 0 { parts.append("\(excused) excused") }
        return parts.joined(separator: " · ")
    }

    /// The first 12 hex digits of a hash, for headers.
    static func shortHash(_ hash: String) -> String { String(hash.prefix(12)) }

    /// The levels in report order with their display names.
    static let levels: [(level: Level, name: String)] = [
        (.must, "must"), (.should, "should"), (.implementationDefined, "implementation-defined"),
        (.hardening, "hardening"),
    ]
}
