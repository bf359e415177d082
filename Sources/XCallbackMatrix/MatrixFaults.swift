// Each row's faults, named by the fault model from the row's stored answers (`StoredReport`, `FaultJudgement`), with
// no rule written for the library: what the matrix leads with. Where the row has an audit, each fault is set beside
// the audited cause that holds most of its vectors, and the audit checks the model: a fault whose vectors the audit
// files under several causes, or a cause whose vectors fall under several faults, shows in the table.

import XCallbackConformanceCore

/// The faults of one matrix row, and how they meet its audit.
public struct MatrixFaults: Sendable {
    /// The faults of the row's failures, the strictest level first, then most vectors.
    public var groups: [FaultGroup]

    /// Rejudges `report` against `suite` with the fault model.
    public init(report: JSONValue, suite: VectorSuite) {
        var results = StoredReport.results(of: report, suite: suite)
        FaultJudgement.judge(
            &results, rules: suite.rules, choices: StoredReport.choices(of: report),
            extraParameters: StoredReport.extraParameters(of: report))
        groups = FaultGroup.groups(of: results)
    }

    /// The faults at `level`.
    public func at(_ level: Level) -> [FaultGroup] { groups.filter { $0.level == level } }

    /// The audited cause holding most of `group`'s vectors, and how many of them it holds.
    public static func cause(of group: FaultGroup, in audit: MatrixAudit) -> (cause: MatrixAudit.Cause, vectors: Int)? {
        audit.causes.map { ($0, Set($0.vectors).intersection(group.vectors).count) }.filter { $0.1 > 0 }.max { $0.1 < $1.1 }
    }

    /// The failing vectors of the row that fall, with the rest of their fault, under their own audited cause: the
    /// fault's majority cause is one the vector is filed under, and all the failing vectors counted.
    public func agreement(with audit: MatrixAudit) -> (agreeing: Int, failing: Int) {
        var agreeing = 0, failing = 0
        var counted: Set<String> = []
        for group in groups {
            guard let majority = Self.cause(of: group, in: audit)?.cause else { continue }
            for vector in group.vectors where !counted.contains(vector) {
                counted.insert(vector)
                failing += 1
                if majority.vectors.contains(vector) { agreeing += 1 }
            }
        }
        return (agreeing, failing)
    }
}

extension MatrixMarkdown {
    /// One table row per fault of each row: level, fault, vectors, example and, for an audited row, the cause that
    /// holds most of its vectors; then how far the model's grouping agrees with each audit.
    static func faults(_ entries: [MatrixEntry]) -> String {
        let judged = entries.filter { $0.faults != nil }
        guard !judged.isEmpty else { return "" }
        var out = "\nFaults (named by the fault model from each row's answers, no rule written for the library; Vectors/README.md, "
        out += "\"Faults\"), each beside the audited cause holding most of its vectors:\n\n"
        out += "| Implementation | level | fault | vectors | example | audited cause (its vectors among them) |\n|---|---|---|---:|---|---|\n"
        var agreement: [String] = []
        for entry in judged {
            guard let faults = entry.faults else { continue }
            for group in faults.groups where group.level == .must || group.level == .should {
                let cause = entry.audit.flatMap { MatrixFaults.cause(of: group, in: $0) }
                out += "| \(cell(entry.name)) | \(group.level.rawValue) | \(cell(group.roleText + ": " + group.transformation.rawValue + (group.qualifier.map { " (\($0))" } ?? "") + ": " + group.fields.map(\.rawValue).joined(separator: ", "))) | "
                out += "\(group.vectors.count) | `\(group.example)` | \(cause.map { "\(cell($0.cause.id)) (\($0.vectors))" } ?? "–") |\n"
            }
            if let audit = entry.audit {
                let (agreeing, failing) = faults.agreement(with: audit)
                let must = faults.at(.must).count
                agreement.append("\(entry.name): \(must) must fault\(must == 1 ? "" : "s") for \(audit.causes.filter { $0.level == "must" }.count) audited must causes; \(agreeing) of \(failing) failing vectors under their own cause")
            }
        }
        if !agreement.isEmpty { out += "\nThe audits check the model:\n\n" + agreement.map { "- \(cell($0))\n" }.joined() }
        return out
    }
}
