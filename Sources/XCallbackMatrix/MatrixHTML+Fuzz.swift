// The fuzz part of the results page: a column beside the scores counting the findings of each row's committed
// fuzz run that neither the declared choices nor a vector the row already fails explain, and a section listing
// every finding with its rule, level, shrunk input, both answers, the vectors that know it and the command that
// sends the input again.

extension MatrixHTML {
    /// The heading of the summary table's fuzz column.
    static let fuzzHeading = "<th title=\"findings of a fixed-time run of xcallback-conformance fuzz that neither the declared choices nor a failing vector explain; known: the behaviour a failing vector already shows\">Fuzz<br><small>new · known</small></th>"

    /// The summary table's cell for an implementation's fuzz run: new findings by level, and how many are known.
    static func fuzzCell(_ entry: MatrixEntry) -> String {
        guard let fuzz = entry.fuzz else { return "<td title=\"not fuzzed\">–</td>" }
        guard !fuzz.reachedNoDeclaredOperation else {
            return "<td><a href=\"#\(entry.anchor)--fuzz\" title=\"no execution reached an operation the target declares\">nothing compared</a></td>"
        }
        let explained = fuzz.findings.count - fuzz.unexplained.count
        var title = "\(fuzz.executions.map { "\($0) executions" } ?? "no summary") in \(number(fuzz.seconds)) s, seed \(fuzz.seed)"
        if !fuzz.known.isEmpty { title += "; \(fuzz.known.count) findings are behaviours that failing vectors already show" }
        if explained > 0 { title += "; \(explained) explained by the declared choices" }
        if fuzz.stopped != nil { title += "; the run stopped early" }
        var cell = "<a href=\"#\(entry.anchor)--fuzz\" title=\"\(escape(title))\">\(escape(fuzz.newText))</a>"
        if !fuzz.known.isEmpty { cell += " <small>· \(fuzz.known.count) known</small>" }
        return fuzz.new.isEmpty && fuzz.stopped == nil ? "<td class=\"ok\">\(cell)</td>" : "<td class=\"bad\">\(cell)</td>"
    }

    /// The fuzz section of an implementation's details, or nothing when it was not fuzzed.
    static func fuzzSection(_ entry: MatrixEntry) -> String {
        guard let fuzz = entry.fuzz else { return "" }
        var out = "<h4 id=\"\(entry.anchor)--fuzz\">Fuzzed for \(number(fuzz.seconds)) s: \(escape(fuzz.newText)) new, "
        out += "\(fuzz.known.count) known, \(fuzz.findings.count - fuzz.unexplained.count) explained by the declared choices</h4>\n<p>"
        out += "<code>xcallback-conformance fuzz --target</code> against the reference, seed \(fuzz.seed): "
        if let executions = fuzz.executions {
            out += "\(executions) executions" + (fuzz.executionsPerSecond.map { " (\($0)/s)" } ?? "")
        } else {
            out += "no summary printed"
        }
        out += ", exit status \(fuzz.exitStatus)"
        if !fuzz.operations.isEmpty {
            out += " (" + fuzz.operations.map { operation in
                let text = operation.executions.map { "\($0) executions, \(operation.findings ?? 0) finding(s)" } ?? "not declared"
                return "\(escape(operation.operation)): \(text)"
            }.joined(separator: "; ") + ")"
        } else if !fuzz.declaredOperations.isEmpty {
            out += "; the target declares \(escape(fuzz.declaredOperations.joined(separator: ", ")))"
        }
        if let stopped = fuzz.stopped { out += ", stopped early: \(escape(stopped))" }
        out += ". \(escape(fuzz.toolVersion)) built at \(escape(fuzz.suiteCommit)), \(escape(fuzz.ranAt))"
        if fuzz.targetVersion != entry.version { out += ", on version \(escape(fuzz.targetVersion))" }
        out += ". Each finding was replayed as a vector by the conformance runner: one it passes is explained by the "
        out += "declared choices. A known one is a behaviour the vectors named beside it already fail here (the fuzz "
        out += "oracle grades it on its own; the vectors' level is the suite's). Rerun: <code>\(escape(fuzz.reproduce))</code>.</p>\n"
        guard !fuzz.findings.isEmpty else { return out + "<p>No findings.</p>\n" }
        // New findings first, then known, then explained; most binding first within each.
        let ranked = fuzz.findings.enumerated().sorted { a, b in
            let rank = { (finding: MatrixFuzz.Finding) in
                (finding.explained ? 20 : finding.isKnown ? 10 : 0) + (MatrixEntry.levels.firstIndex(of: finding.level) ?? 9)
            }
            return (rank(a.element), a.offset) < (rank(b.element), b.offset)
        }
        for (_, finding) in ranked { out += fuzzFindingBlock(entry, finding) }
        return out
    }

    static func fuzzFindingBlock(_ entry: MatrixEntry, _ finding: MatrixFuzz.Finding) -> String {
        let verdict = finding.explained ? "explained by the declared choices" : finding.isKnown ? "known" : "new"
        var out = "<div class=\"f\" id=\"\(entry.anchor)--fuzz-\(escape(finding.id))\"><b>\(escape(finding.id))</b> "
        out += "<code>\(escape(finding.rule))</code> \(escape(finding.level)), \(escape(finding.operation)): \(verdict)"
        out += "<table class=\"kv\">" + row("input", finding.input)
        if let buildCase = finding.buildCase, buildCase != finding.input { out += row("case", buildCase) }
        if let reference = finding.reference { out += row("reference", reference) }
        if let answer = finding.targetAnswer { out += row("target", answer) }
        if let disagreement = finding.disagreement { out += row("differs", disagreement) }
        if finding.isKnown { out += "<tr><th>known by</th><td>\(knownBy(entry, finding))</td></tr>" }
        out += row("replayed", finding.replay)
        out += row("reproduce", finding.reproduce)
        return out + "</table></div>\n"
    }

    /// The vectors (with their levels) and the audit cause that already show a known finding's behaviour, linked.
    static func knownBy(_ entry: MatrixEntry, _ finding: MatrixFuzz.Finding) -> String {
        let levels = Dictionary(entry.failures.map { ($0.id, $0.level) }, uniquingKeysWith: { first, _ in first })
        var parts = finding.knownVectors.map { id in
            let level = levels[id].map { " (\(escape($0)))" } ?? ""
            return levels[id] == nil ? escape(id) : "<a href=\"#\(failureAnchor(entry, id))\">\(escape(id))</a>\(level)"
        }
        if let cause = finding.knownCause {
            let link = entry.audit == nil ? "<code>\(escape(cause))</code>" : "<a href=\"#\(entry.anchor)--causes\"><code>\(escape(cause))</code></a>"
            parts.append("audit cause " + link)
        }
        return parts.joined(separator: ", ")
    }

    /// A number of seconds without a needless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
