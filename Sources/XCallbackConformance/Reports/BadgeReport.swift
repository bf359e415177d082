/// Writes a shields.io endpoint document: the label names the suite version and the profile certified, the message
/// leads with the failing must rules, then the scores, the vectors not applicable and the excused count.
///
/// Serve the file and point `https://img.shields.io/endpoint?url=…` at it.
public enum BadgeReport {
    /// The endpoint JSON.
    public static func document(_ run: ConformanceRun) -> JSONValue {
        let summary = run.summary
        let message = ReportText.scoreLine(
            run, names: [(.must, "must"), (.should, "should"), (.implementationDefined, "impl-defined")], leading: [.must])
        let mustFailed = run.results.contains { $0.isUnexpectedFailure && $0.result.vector.level == .must }
        let color = run.isConformant ? (summary.all.knownFailures == 0 ? "brightgreen" : "green") : (mustFailed ? "red" : "orange")
        return [
            "schemaVersion": 1, "label": .string("x-callback-url suite \(run.suite.version) · \(run.profileText)"),
            "message": .string(message), "color": .string(color),
        ]
    }
}
