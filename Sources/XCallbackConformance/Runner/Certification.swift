// What a run certifies. Skipping is honest for an operation a target does not implement, but it is not
// conformance: an operation is certified only when it was declared and its vectors ran; a skipped must
// vector of a declared operation fails the run unless the known-failures file lists it (kind `skipped`)
// with a reason; and a run that certifies no operation fails. Claiming a role declares its operation; the
// vectors of roles not claimed are not applicable, never skipped (RoleCoverage.swift certifies the roles).

/// One operation's standing in a run: certified, or why not.
public struct OperationCoverage: Hashable, Sendable {
    /// The operation.
    public var operation: Operation
    /// Whether the run certifies it: declared, and at least one of its selected vectors ran.
    public var certified: Bool
    /// Why it is not certified (`not declared by the target`, `every vector was skipped`), or `nil`.
    public var note: String?

    /// Creates a coverage entry.
    public init(operation: Operation, certified: Bool, note: String? = nil) {
        self.operation = operation
        self.certified = certified
        self.note = note
    }
}

extension ConformanceRunner {
    /// The operations `results` cover, given the operations the target declared (`nil`: declared by answering).
    static func coverage(of results: [RunResult], declared: Set<Operation>?) -> [OperationCoverage] {
        Operation.allCases.compactMap { operation in
            let items = results.filter { $0.result.vector.operation == operation }
            guard !items.isEmpty else { return nil }
            if items.allSatisfy({ $0.result.verdict == .notApplicable }) {
                return OperationCoverage(operation: operation, certified: false, note: "no role of it claimed")
            }
            if let declared, !declared.contains(operation) {
                return OperationCoverage(operation: operation, certified: false, note: "not declared by the target")
            }
            return items.contains { $0.result.verdict.isJudged }
                ? OperationCoverage(operation: operation, certified: true)
                : OperationCoverage(operation: operation, certified: false, note: "every vector was skipped")
        }
    }

    /// The operations a target declares: its own declaration (a subprocess target's hello), else the operations of the
    /// roles it claims, else `nil` (declared by answering).
    static func declaredOperations(of target: some ConformanceTarget) -> Set<Operation>? {
        (target as? any OperationDeclaring)?.operations ?? target.roles.map { Set($0.compactMap(\.operation)) }
    }

    /// The operations a target counts as implementing: its declaration, else those with a vector it was judged on.
    static func declaredOperations(_ declared: Set<Operation>?, results: [RunResult]) -> Set<Operation> {
        declared ?? Set(results.filter { $0.result.verdict.isJudged }.map(\.result.vector.operation))
    }

    /// The problem of a skipped must vector of a declared operation (its role claimed, or it would not have been sent),
    /// or `nil` when the skip is honest.
    static func skipProblem(_ item: RunResult, declared: Set<Operation>) -> KnownFailureProblem? {
        let vector = item.result.vector
        guard case .skipped(let reason, _) = item.result.verdict, vector.level == .must,
            declared.contains(vector.operation)
        else { return nil }
        return KnownFailureProblem(
            kind: .skippedMust, id: vector.id,
            message: "a must vector of the claimed role \(vector.role) (declared operation \(vector.operation.rawValue)) was skipped"
                + (reason.map { " (\($0))" } ?? "")
                + "; implement it, or list it in the known-failures file with kind skipped and a reason")
    }

    /// The problem of a known-failures entry naming a vector the target's roles make not applicable.
    static func notApplicableProblem(_ entry: KnownFailures.Entry, _ vector: Vector) -> KnownFailureProblem {
        KnownFailureProblem(
            kind: .notApplicable, id: entry.id,
            message: "the known-failures list names \(entry.id), which is not applicable: the target does not claim the role "
                + "\(vector.role), so the vector is never sent; remove the entry")
    }

    /// The problem of a claim naming roles the suite does not know, or `nil`.
    static func roleClaimProblem(_ roles: Set<TargetRole>?) -> KnownFailureProblem? {
        let unknown = (roles ?? []).filter { $0.operation == nil }.sorted()
        guard !unknown.isEmpty else { return nil }
        return KnownFailureProblem(
            kind: .invalidRoles, id: "run",
            message: "the target claims the unknown role" + (unknown.count == 1 ? " " : "s ")
                + unknown.map { "'\($0)'" }.joined(separator: ", ") + "; the roles are "
                + TargetRole.allCases.map(\.rawValue).joined(separator: ", "))
    }

    /// The problem of a run that certified nothing, or `nil`.
    static func nothingCertifiedProblem(_ coverage: [OperationCoverage]) -> KnownFailureProblem? {
        guard !coverage.contains(where: \.certified) else { return nil }
        let notes = coverage.map { "\($0.operation.rawValue): \($0.note ?? "not certified")" }
        return KnownFailureProblem(
            kind: .nothingCertified, id: "run",
            message: "the run certifies no operation ("
                + (notes.isEmpty ? "no vector ran" : notes.joined(separator: "; "))
                + "); skipping every vector is not conformance")
    }
}

extension DeclaredChoices {
    /// What is wrong with the declarations: unknown choice points and values outside the allowed ones.
    public var problems: [String] {
        sorted.compactMap { point, value in
            guard let allowed = point.allowedValues else {
                return "unknown choice point '\(point)'; the choice points are "
                    + ChoicePoint.all.map(\.point.rawValue).joined(separator: ", ")
            }
            guard allowed.contains(value) else {
                return "choice \(point) declares '\(value)'; allowed: " + allowed.joined(separator: ", ")
            }
            return nil
        }
    }
}

extension ReportText {
    /// The lines saying which operations, roles and profile the run certifies and which vectors never ran.
    static func certification(_ run: ConformanceRun) -> String {
        var out = ""
        if !run.operations.isEmpty {
            let certified = run.certifiedOperations.map(\.rawValue)
            out += "certified operations: " + (certified.isEmpty ? "none" : certified.joined(separator: ", "))
            let others = run.operations.filter { !$0.certified }
            if !others.isEmpty {
                out += "; not certified: "
                    + others.map { "\($0.operation.rawValue) (\($0.note ?? "not certified"))" }.joined(separator: ", ")
            }
            out += "\n"
        }
        if !run.roles.isEmpty { out += profileLine(run) + "\n" }
        if let reason = run.stopReason {
            out += "INCOMPLETE: \(run.notRun.count) vectors not run: \(reason)\n"
        }
        return out
    }
}
