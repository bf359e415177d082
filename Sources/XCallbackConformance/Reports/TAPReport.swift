// TAP, version 13 by default (what Debian's `prove`, TAP::Harness 3.44, accepts) or 14 on request: one
// test point per vector. Skipped vectors carry `# SKIP`, and so do vectors not applicable (the reason says so),
// after comment lines naming the certified profile and each level's failing rules; known failures are `not ok … # TODO`, which TAP
// consumers do not count as failures; details go in a YAML block. A description never holds `#` (some
// consumers read even `\#` as a directive): it shows as `＃` (U+FF03). Known-failures problems are
// failing test points, so a run that fails only on them fails under every TAP consumer too.

/// Writes the Test Anything Protocol report.
public enum TAPReport {
    /// The TAP versions this writer can emit.
    public static let versions: ClosedRange<Int> = 13...14

    /// Renders the report in TAP `version` (13 or 14).
    public static func render(_ run: ConformanceRun, version: Int = 13) -> String {
        let problems = run.problems.filter { $0.kind != .newFailure }
        var out = "TAP version \(versions.contains(version) ? version : 13)\n1..\(run.results.count + problems.count)\n"
        out += "# target: \(description(ReportText.identity(run.target)))\n"
        if !run.roles.isEmpty { out += "# \(description(ReportText.profileLine(run)))\n" }
        let summary = run.summary
        for (level, name) in ReportText.levels {
            if let faults = summary[level].failingFaultsText {
                out += "# \(name): \(faults): "
                    + description(summary[level].failingFaults.map { "\($0.roleText) \($0.transformation)" + ($0.qualifier.map { " (\($0))" } ?? "") }.joined(separator: "; ")) + "\n"
            }
            guard let failing = summary[level].failingRulesText else { continue }
            out += "# \(name): \(failing): " + summary[level].failingRules.map(\.rule).joined(separator: ", ") + "\n"
        }
        for (index, item) in run.results.enumerated() {
            let vector = item.result.vector
            let name = "\(vector.id) \(vector.operation.rawValue) \(vector.level.rawValue): \(description(vector.summary))"
            switch item.result.verdict {
            case .passed:
                out += "ok \(index + 1) - \(name)\n"
            case .skipped(let reason, _):
                out += "ok \(index + 1) - \(name) # SKIP \(description(reason ?? "unsupported"))\n"
            case .notApplicable:
                out += "ok \(index + 1) - \(name) # SKIP \(description(item.result.detail))\n"
            case .failed(let kind):
                let directive = item.knownFailure.map { " # TODO known failure: \(description($0.reason))" } ?? ""
                out += "not ok \(index + 1) - \(name)\(directive)\n"
                out += "  ---\n  kind: \(kind.rawValue)\n  cite: [\(vector.citations.joined(separator: ", "))]\n"
                out += "  detail: |\n"
                for line in ReportText.lines(ReportText.capped(item.result.detail)) { out += "    \(line)\n" }
                out += "  ...\n"
            }
        }
        for (offset, problem) in problems.enumerated() {
            out += "not ok \(run.results.count + offset + 1) - known-failures problem: \(description(ReportText.capped(problem.description)))\n"
        }
        return out
    }

    /// A test-point description: one safe line, with `#` shown as `＃` so no consumer reads a directive.
    static func description(_ text: String) -> String {
        ReportText.line(text).replacingOccurrences(of: "#", with: "\u{FF03}")
    }
}
