// The human report: a header with provenance, the failures by level (must first) and within a level by rule
// (the rule groups failing most vectors first), each failure with its difference, description and citation;
// then one line per level leading with its failing rules, then its counts (never a blended percentage), the
// certified operations and profile, and the run's verdict. Text a target or a known-failures file controls
// is shown one safe line at a time.

/// Writes the human-readable text report.
public enum TextReport {
    /// Renders the whole report, coloured when `color` is true.
    public static func render(_ run: ConformanceRun, color: Bool = false) -> String {
        let paint = ReportPaint(enabled: color)
        let summary = run.summary
        var out = header(run)
        for (level, name) in ReportText.levels {
            let failures = run.results.filter { $0.result.verdict.failureKind != nil && $0.result.level == level }
            guard !failures.isEmpty else { continue }
            let known = failures.filter { $0.knownFailure != nil }.count
            let parts = [summary[level].failingFaultsText, summary[level].failingRulesText, known > 0 ? "\(known) known failure\(known == 1 ? "" : "s")" : nil]
            out += "\n" + paint.strong("\(name) failures: " + parts.compactMap { $0 }.joined(separator: ", ")) + "\n"
            for fault in summary[level].failingFaults { out += faultLine(fault, rules: run.rules) }
            for group in ReportText.byRule(failures, leading: summary[level].failingRules) {
                let summaryText = run.rules[group.rule].map { ": \(ReportText.line($0.summary))" } ?? ""
                out += "\n" + paint.strong("rule \(group.rule)") + " (\(group.items.count))\(summaryText)\n"
                for item in group.items {
                    out += (item.knownFailure == nil ? "\n" : "") + failureBlock(item, paint: paint)
                }
            }
        }
        out += "\n" + scores(run, paint: paint)
        return out
    }

    /// One fault: its level, role, transformation and fields, how many vectors show it, and its shortest example.
    static func faultLine(_ fault: FaultGroup, rules: [String: VectorRule]) -> String {
        "  fault \(ReportText.line(fault.title)): \(fault.vectors.count) vector\(fault.vectors.count == 1 ? "" : "s"), "
            + "e.g. \(fault.example) (cite: \(fault.citations.joined(separator: ", ")))\n"
    }

    /// The provenance lines: suite, target, choices, selection.
    public static func header(_ run: ConformanceRun) -> String {
        var out = "\(ReportText.generator) \(SuiteInfo.version): suite \(run.suite.version) "
        out += "(manifest sha256 \(ReportText.shortHash(run.suite.manifestSHA256)), \(run.suite.totalVectors) vectors)\n"
        out += "target: \(ReportText.line(ReportText.identity(run.target))) [\(ReportText.line(run.targetKind))]\n"
        out += "declared choices: \(ReportText.line(ReportText.choices(run.declaredChoices)))\n"
        if !run.choiceBehaviours.isEmpty {
            out += "undeclared, behaved as: " + run.choiceBehaviours.map { "\($0.point)=\($0.value)" }.joined(separator: ", ") + "\n"
        }
        if let extras = ReportText.extraParameters(run) { out += "extra parameters: \(ReportText.line(extras))\n" }
        if let claimed = ReportText.claimedRoles(run) { out += "claimed roles: \(claimed)\n" }
        if !run.selection.isEverything {
            out += "selection: \(run.selection.commandLine) (\(run.results.count) vectors)\n"
        }
        return out
    }

    /// One failure: a status line, the description, the citation and the indented detail; a known failure is one line.
    public static func failureBlock(_ item: RunResult) -> String { failureBlock(item, paint: ReportPaint(enabled: false)) }

    static func failureBlock(_ item: RunResult, paint: ReportPaint) -> String {
        let vector = item.result.vector
        let kind = item.result.verdict.failureKind?.rawValue ?? "?"
        if let known = item.knownFailure {
            return paint.warning("KNOWN") + " \(vector.id)  \(item.result.level.rawValue)  \(vector.operation.rawValue)  \(kind): \(ReportText.line(known.reason))\n"
        }
        var out = paint.failure("FAIL") + " \(vector.id)  \(item.result.level.rawValue)  \(vector.operation.rawValue)  \(kind)\n"
        out += "     \(ReportText.line(vector.summary))\n"
        for fault in item.result.faults {
            out += "     fault: \(fault.role) \(ReportText.line(fault.title))" + (fault.withinRule ? "" : " (outside rule \(vector.rule))") + "\n"
        }
        out += "     cite: \(ReportText.citations(vector))  file: \(vector.file)\n"
        for line in ReportText.lines(ReportText.capped(item.result.detail)) {
            out += "     | \(line)\n"
        }
        return out
    }

    /// The score lines, the problems and the verdict.
    public static func scores(_ run: ConformanceRun) -> String { scores(run, paint: ReportPaint(enabled: false)) }

    static func scores(_ run: ConformanceRun, paint: ReportPaint) -> String {
        let summary = run.summary
        var out = ""
        for (level, name) in ReportText.levels {
            out += name.padding(toLength: 24, withPad: " ", startingAt: 0) + summary[level].headline + "\n"
            for fault in summary[level].failingFaults {
                out += "                          fault \(fault.roleText): \(fault.transformation)"
                    + (fault.qualifier.map { " (\(ReportText.line($0)))" } ?? "")
                    + ": \(fault.fields.map(\.rawValue).joined(separator: ", ")) (\(fault.vectors.count))\n"
            }
            for rule in summary[level].failingRules {
                out += "                          \(rule.rule) (\(rule.vectors.count))" + (rule.summary.map { ": \(ReportText.line($0))" } ?? "") + "\n"
            }
        }
        let consistent = run.results.compactMap { $0.result.matched }.filter { $0.hasPrefix("undeclared; consistent with") }
        if !consistent.isEmpty {
            out += "undeclared choices: \(consistent.count) vectors passed as consistent with one allowed value\n"
        }
        out += ReportText.certification(run)
        let newFailures = run.problems.filter { $0.kind == .newFailure }.count
        let runKinds: Set<KnownFailureProblem.Kind> = [.skippedMust, .nothingCertified, .incomplete, .invalidChoice, .invalidRoles]
        let runProblems = run.problems.filter { runKinds.contains($0.kind) }
        let listProblems = run.problems.filter { $0.kind != .newFailure && !runKinds.contains($0.kind) }
        if !runProblems.isEmpty {
            out += "\ncertificate problems:\n"
            for problem in runProblems { out += "  \(problem)\n" }
        }
        if !listProblems.isEmpty {
            out += "\nknown-failures problems:\n"
            for problem in listProblems { out += "  \(ReportText.line(ReportText.capped(problem.description)))\n" }
        }
        out += "\n"
        if run.isConformant {
            let known = summary.all.knownFailures
            let notApplicable = summary.all.notApplicable
            out += paint.success("PASS") + ": \(run.results.count - notApplicable) vectors" + (known > 0 ? ", \(known) known failures" : "")
                + (notApplicable > 0 ? ", \(notApplicable) not applicable" : "") + "\n"
        } else {
            var reasons: [String] = []
            if newFailures > 0 { reasons.append("\(newFailures) unexpected failure\(newFailures == 1 ? "" : "s")") }
            if !runProblems.isEmpty { reasons.append("\(runProblems.count) certificate problem\(runProblems.count == 1 ? "" : "s")") }
            if !listProblems.isEmpty { reasons.append("\(listProblems.count) known-failures problem\(listProblems.count == 1 ? "" : "s")") }
            out += paint.failure("FAIL") + ": " + reasons.joined(separator: ", ") + "\n"
        }
        return out
    }
}
