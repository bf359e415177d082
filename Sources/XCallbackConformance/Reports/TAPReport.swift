// TAP version 14: one test point per vector. Skipped vectors carry `# SKIP`; known failures are
// `not ok … # TODO`, which TAP consumers do not count as failures; details go in a YAML block.

/// Writes the Test Anything Protocol report.
public enum TAPReport {
    /// Renders the report.
    public static func render(_ run: ConformanceRun) -> String {
        var out = "TAP version 14\n1..\(run.results.count)\n"
        for (index, item) in run.results.enumerated() {
            let vector = item.result.vector
            let name = "\(vector.id) \(vector.operation.rawValue) \(vector.level.rawValue): \(escape(vector.summary))"
            switch item.result.verdict {
            case .passed:
                out += "ok \(index + 1) - \(name)\n"
            case .skipped(let reason, _):
                out += "ok \(index + 1) - \(name) # SKIP \(escape(reason ?? "unsupported"))\n"
            case .failed(let kind):
                let directive = item.knownFailure.map { " # TODO known failure: \(escape($0.reason))" } ?? ""
                out += "not ok \(index + 1) - \(name)\(directive)\n"
                out += "  ---\n  kind: \(kind.rawValue)\n  cite: [\(vector.citations.joined(separator: ", "))]\n"
                out += "  detail: |\n"
                for line in item.result.detail.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += "    \(line)\n"
                }
                out += "  ...\n"
            }
        }
        for problem in run.problems where problem.kind != .newFailure {
            out += "# known-failures problem: \(escape(problem.description))\n"
        }
        return out
    }

    /// Escapes `#` and `\` and removes line breaks, which TAP descriptions cannot hold.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
            .split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
