// The canonical run record (schema: Vectors/protocol/report.schema.json): provenance of the suite and
// the target (with the roles it claimed), what the run certifies (operations, roles, profile), the selection,
// the faults of the run (FaultModel), one score per level led by its faults and then its failing rules, the known-failures problems and every vector's result (with
// its role and rule; a vector not applicable has a null answer, since it was never sent).
// An answer or detail longer than `ReportText.keptBytes` is kept as a prefix with its size and SHA-256.

import Foundation

/// Writes the JSON report.
public enum JSONReport {
    /// The report's format version; bumped only when the schema changes incompatibly.
    public static let formatVersion = 3

    /// The report document.
    public static func document(_ run: ConformanceRun) -> JSONValue {
        let formatter = ISO8601DateFormatter()
        return [
            "reportFormat": .number(Double(formatVersion)),
            "generator": [
                "name": .string(ReportText.generator), "version": .string(SuiteInfo.version),
                "protocol": .number(Double(ConformanceProtocol.version)), "os": .string(operatingSystem),
            ],
            "suite": [
                "version": .string(run.suite.version), "formatVersion": .number(Double(run.suite.formatVersion)),
                "manifestSHA256": .string(run.suite.manifestSHA256),
                "totalVectors": .number(Double(run.suite.totalVectors)), "directory": .string(run.suite.directory),
            ],
            "target": [
                "name": .string(run.target.name), "version": .string(run.target.version),
                "language": .optional(run.target.language), "homepage": .optional(run.target.homepage),
                "kind": .string(run.targetKind),
                "declaredChoices": .object(run.declaredChoices.sorted.map { (key: $0.point.rawValue, value: .string($0.value)) }),
                "behavedAs": .object(run.choiceBehaviours.map { (key: $0.point.rawValue, value: .string($0.value)) }),
                "extraParameters": [
                    "declared": .array(run.extraParameters.declared.map { .string($0) }),
                    "detected": .array(run.extraParameters.detected.map { .string($0) }),
                    "rejudged": .array(run.extraParameters.rejudged.map { .string($0) }),
                ],
                "roles": run.claimedRoles.map { roles in .array(roles.sorted().map { .string($0.rawValue) }) } ?? .null,
            ],
            "certification": [
                "operations": .array(run.certifiedOperations.map { .string($0.rawValue) }),
                "roles": .array(run.certifiedRoles.map { .string($0.rawValue) }),
                "profile": .array(run.profile.map { .string($0.rawValue) }),
            ],
            "selection": [
                "ids": .array(run.selection.ids.map { .string($0) }), "tags": .array(run.selection.tags.map { .string($0) }),
                "operations": .array(run.selection.operations.map { .string($0.rawValue) }),
                "levels": .array(run.selection.levels.map { .string($0.rawValue) }),
                "roles": .array(run.selection.roles.map { .string($0.rawValue) }),
                "selected": .number(Double(run.results.count)),
            ],
            "startedAt": .string(formatter.string(from: run.startedAt)),
            "durationSeconds": .number(run.durationSeconds),
            "faults": .array(faultGroups(run).map(fault)),
            "summary": summary(run),
            "problems": .array(
                run.problems.map { ["kind": .string($0.kind.rawValue), "id": .string($0.id), "message": .string(ReportText.capped($0.message))] }),
            "results": .array(run.results.map(result)),
        ]
    }

    static func summary(_ run: ConformanceRun) -> JSONValue {
        let summary = run.summary
        var members: [(key: String, value: JSONValue)] = ReportText.levels.map { level, name in
            let score = summary[level]
            return (
                key: name,
                value: [
                    "passed": .number(Double(score.passed)), "failed": .number(Double(score.failed)),
                    "skipped": .number(Double(score.skipped)), "notApplicable": .number(Double(score.notApplicable)),
                    "knownFailures": .number(Double(score.knownFailures)),
                    "total": .number(Double(score.total)), "percent": score.percent.map { .number($0) } ?? .null,
                    "faults": .array(score.failingFaults.map(fault)),
                    "failingRules": .array(
                        score.failingRules.map { rule in
                            ["rule": .string(rule.rule), "summary": .optional(rule.summary), "vectors": .array(rule.vectors.map { .string($0) })]
                        }),
                ]
            )
        }
        members.append((key: "conformant", value: .bool(run.isConformant)))
        return .object(members)
    }

    static func result(_ item: RunResult) -> JSONValue {
        let vector = item.result.vector
        let known: JSONValue = item.knownFailure.map { entry in
            ["kind": .string(entry.kind.rawValue), "reason": .string(entry.reason), "issue": .optional(entry.issue)]
        } ?? .null
        return [
            "id": .string(vector.id), "file": .string(vector.file), "operation": .string(vector.operation.rawValue),
            "role": .string(vector.role.rawValue), "rule": .string(vector.rule),
            "level": .string(vector.level.rawValue), "scoredLevel": .string(item.result.level.rawValue),
            "description": .string(vector.summary),
            "cite": .array(vector.citations.map { .string($0) }), "tags": .array(vector.tags.map { .string($0) }),
            "verdict": .string(item.result.verdict.name),
            "failureKind": .optional(item.result.verdict.failureKind?.rawValue),
            "matched": .optional(item.result.matched), "detail": .string(ReportText.capped(item.result.detail)),
            "expected": vector.expectation.canonicalJSON,
            "answer": item.result.verdict == .notApplicable ? .null : ReportText.capped(item.result.answer),
            "faults": .array(item.result.faults.map { fault in
                [
                    "role": .string(fault.role.rawValue), "transformation": .string(fault.transformation.rawValue),
                    "qualifier": .optional(fault.qualifier), "fields": .array(fault.fields.map { .string($0.rawValue) }),
                    "level": .string(fault.level.rawValue), "withinRule": .bool(fault.withinRule),
                ]
            }),
            "knownFailure": known, "durationSeconds": .number(item.durationSeconds),
        ]
    }

    /// Every fault of the run's unexcused failures, the strictest level first, then most vectors.
    static func faultGroups(_ run: ConformanceRun) -> [FaultGroup] {
        let summary = run.summary
        return ReportText.levels.flatMap { level, _ in summary[level].failingFaults }
    }

    /// One fault: its level, role, transformation, qualifier and fields, its vectors, its shortest example and the
    /// example's citation.
    static func fault(_ group: FaultGroup) -> JSONValue {
        [
            "level": .string(group.level.rawValue), "role": .string(group.role.rawValue),
            "transformation": .string(group.transformation.rawValue), "qualifier": .optional(group.qualifier),
            "fields": .array(group.fields.map { .string($0.rawValue) }), "title": .string(group.title),
            "vectors": .array(group.vectors.map { .string($0) }), "example": .string(group.example),
            "cite": .array(group.citations.map { .string($0) }),
        ]
    }

    static var operatingSystem: String {
        #if os(Linux)
            "Linux " + ProcessInfo.processInfo.operatingSystemVersionString
        #else
            ProcessInfo.processInfo.operatingSystemVersionString
        #endif
    }
}
