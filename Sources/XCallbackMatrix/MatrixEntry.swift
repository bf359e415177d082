// One implementation's row of the results matrix, read from a JSON report (`--format json`).
// The report's own schema is Vectors/protocol/report.schema.json; an optional top-level
// `provenance` object (commit, date, toolchain, patch, ...) is added by the scripts in
// Vectors/implementations and shown as it is.

import Foundation
import XCallbackConformanceCore

/// A problem with a report given to `matrix`, naming the file and the JSON path.
public struct MatrixInputError: Error, Sendable, CustomStringConvertible {
    /// The report file.
    public var file: String
    /// The JSON path of the problem, `$` for the whole document.
    public var path: String
    /// What was expected there.
    public var expected: String

    /// A problem at `path` of `file`, where `expected` was expected.
    package init(file: String, path: String, expected: String) {
        (self.file, self.path, self.expected) = (file, path, expected)
    }

    /// A one-line diagnostic.
    public var description: String { "\(file): \(path): expected \(expected)" }
}

/// The score of one conformance level in one report.
public struct MatrixScore: Sendable, Hashable {
    /// Vectors passed.
    public var passed: Int
    /// Vectors failed, known failures included (as the report counts them).
    public var failed: Int
    /// Vectors skipped.
    public var skipped: Int
    /// Vectors run at this level.
    public var total: Int
    /// Vectors of roles the target does not claim, never sent.
    public var notApplicable = 0
}

/// One failed vector of a report, with everything needed to explain it.
public struct MatrixFailure: Sendable, Hashable {
    /// The vector id.
    public var id: String
    /// The level the failure counts at: the vector's level, or the level the runner scored it at.
    public var level: String
    /// The vector's operation.
    public var operation: String
    /// The vector's description.
    public var summary: String
    /// The failure kind the runner gave.
    public var kind: String
    /// The runner's explanation.
    public var detail: String
    /// The citation anchors of the vector.
    public var cite: [String]
    /// The vector's tags.
    public var tags: [String]
    /// The expectation, as JSON.
    public var expected: JSONValue
    /// The target's answer, as JSON (null when there was none).
    public var answer: JSONValue
    /// The vector's rule: the vectors directory's when it holds the vector (`resolveRules`), else the report's.
    public var rule: String? = nil
    /// The vector's role, from the same places as `rule`.
    public var role: String? = nil
}

/// One implementation's results: identity, provenance, scores, choices and failures.
public struct MatrixEntry: Sendable {
    /// The implementation's name.
    public var name: String
    /// Its version or commit.
    public var version: String
    /// Its language.
    public var language: String
    /// Its homepage, when the report gives one.
    public var homepage: String?
    /// The suite version the report was made with.
    public var suiteVersion: String
    /// The manifest hash of the vectors the report was made with.
    public var manifestSHA256: String
    /// When the run started.
    public var startedAt: String
    /// The generator and operating system of the run.
    public var generator: String
    /// Extra provenance members (commit, date, toolchain, patch), in report order.
    public var provenance: [(key: String, value: String)]
    /// Scores per level: must, should, implementation-defined, hardening.
    public var scores: [String: MatrixScore]
    /// The choices the implementation declared in its hello.
    public var declaredChoices: [String: String]
    /// For every choice point, the values that passing vectors matched (`plus=literal`).
    public var observedChoices: [String: Set<String>]
    /// For every choice point, the ids of its failing vectors.
    public var failedChoices: [String: [String]]
    /// For every tag, the vector ids run and the ids failed.
    public var tagResults: [String: (run: Int, failed: [String])]
    /// Every failed vector in report order.
    public var failures: [MatrixFailure]
    /// Parameters the implementation's builders add unasked: declared, and found by the run (`x-source (found)`).
    public var extraParameters: [String]
    /// The failure audit read beside the report (`matrix --audit DIR`), when there is one.
    public var audit: MatrixAudit?
    /// The fuzz run read beside the report (`matrix --fuzz DIR`), when there is one.
    public var fuzz: MatrixFuzz?
    /// The roles the target claimed (the report's `target.roles`), or `nil` when it claimed every role of its operations.
    public var claimedRoles: [String]?
    /// The profile certified: the report's `certification.profile`, else named from the roles of the vectors judged.
    public var profile: [String] = []
    /// The role of every vector judged (passed or failed), as the report gives it, for a report without a certification.
    var judgedRoles: [String: String?] = [:]
    /// Whether the report names its profile (`certification.profile`); an older one has it worked out by `resolveRules`.
    var reportsProfile = false
    /// The row's faults, named by the fault model from its answers (`MatrixFaults`), when the vectors could be loaded.
    public var faults: MatrixFaults?
    /// The summaries of the rules, from the vectors directory (`resolveRules`).
    var ruleSummaries: [String: String] = [:]

    /// Reads one JSON report; `file` names it in errors.
    public init(report: JSONValue, file: String) throws(MatrixInputError) {
        func fail(_ path: String, _ expected: String) -> MatrixInputError {
            MatrixInputError(file: file, path: path, expected: expected)
        }
        guard let target = report["target"], target.objectValue != nil else { throw fail("$.target", "an object (is this a --format json report?)") }
        guard let suite = report["suite"], suite.objectValue != nil else { throw fail("$.suite", "an object") }
        guard let results = report["results"]?.arrayValue else { throw fail("$.results", "an array of vector results") }
        guard let name = target["name"]?.stringValue else { throw fail("$.target.name", "a string") }
        self.name = name
        version = target["version"]?.stringValue ?? "?"
        language = target["language"]?.stringValue ?? "?"
        homepage = target["homepage"]?.stringValue
        suiteVersion = suite["version"]?.stringValue ?? "?"
        manifestSHA256 = suite["manifestSHA256"]?.stringValue ?? "?"
        startedAt = report["startedAt"]?.stringValue ?? "?"
        let generatorName = report["generator"]?["version"]?.stringValue.map { "xcallback-conformance \($0)" } ?? "?"
        generator = [generatorName, report["generator"]?["os"]?.stringValue].compactMap { $0 }.joined(separator: ", ")
        provenance = (report["provenance"]?.objectValue ?? []).map { ($0.key, $0.value.stringValue ?? $0.value.compactText) }
        declaredChoices = [:]
        for member in target["declaredChoices"]?.objectValue ?? [] { declaredChoices[member.key] = member.value.stringValue }
        let extras = target["extraParameters"]
        extraParameters = (extras?["declared"]?.arrayValue ?? []).compactMap(\.stringValue)
            + (extras?["detected"]?.arrayValue ?? []).compactMap { $0.stringValue.map { "\($0) (found by the run)" } }
        scores = [:]
        for level in MatrixEntry.levels {
            let score = report["summary"]?[level]
            func count(_ key: String) -> Int { Int(score?[key]?.numberValue ?? 0) }
            scores[level] = MatrixScore(
                passed: count("passed"), failed: count("failed"), skipped: count("skipped"), total: count("total"),
                notApplicable: count("notApplicable"))
        }
        claimedRoles = target["roles"]?.arrayValue?.compactMap(\.stringValue)
        if let names = report["certification"]?["profile"]?.arrayValue {
            profile = names.compactMap(\.stringValue)
            reportsProfile = true
        }
        observedChoices = [:]
        failedChoices = [:]
        tagResults = [:]
        failures = []
        for (index, result) in results.enumerated() {
            guard let id = result["id"]?.stringValue, let verdict = result["verdict"]?.stringValue else {
                throw fail("$.results[\(index)]", "an object with string members id and verdict")
            }
            let tags = result["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let failed = verdict == "failed" || verdict == "known-failure"
            if verdict == "passed" || failed { judgedRoles[id] = result["role"]?.stringValue }
            for tag in tags where verdict == "passed" || failed {
                tagResults[tag, default: (0, [])].run += 1
                if failed { tagResults[tag, default: (0, [])].failed.append(id) }
            }
            let point = MatrixEntry.choicePoint(of: result)
            if let point, failed { failedChoices[point, default: []].append(id) }
            // "plus=literal" for a declared point, "undeclared; consistent with plus=space" otherwise.
            if let matched = result["matched"]?.stringValue, !failed,
                let pair = matched.split(separator: " ").last(where: { $0.contains("=") }), let equals = pair.firstIndex(of: "=")
            {
                observedChoices[String(pair[..<equals]), default: []].insert(String(pair[pair.index(after: equals)...]))
            }
            guard failed else { continue }
            failures.append(
                MatrixFailure(
                    id: id, level: (result["scoredLevel"] ?? result["level"])?.stringValue ?? "?", operation: result["operation"]?.stringValue ?? "?",
                    summary: result["description"]?.stringValue ?? "", kind: result["failureKind"]?.stringValue ?? verdict,
                    detail: result["detail"]?.stringValue ?? "", cite: result["cite"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                    tags: tags, expected: result["expected"] ?? .null, answer: result["answer"] ?? .null,
                    rule: result["rule"]?.stringValue, role: result["role"]?.stringValue))
        }
    }

    /// The conformance levels, in the order the matrix shows them; hardening is reported apart from the spec's three.
    public static let levels = ["must", "should", "implementation-defined", "hardening"]

    /// The choice point an implementation-defined result's expectation is keyed by, if any.
    static func choicePoint(of result: JSONValue) -> String? {
        guard result["level"]?.stringValue == "implementation-defined" else { return nil }
        return result["expected"]?["choice"]?.stringValue
    }

    /// The behaviour at one choice point: the declared value, else the observed ones, with failures.
    public func behaviour(at point: String) -> (text: String, failed: [String]) {
        let failed = failedChoices[point] ?? []
        if let declared = declaredChoices[point] { return (declared, failed) }
        let observed = (observedChoices[point] ?? []).sorted()
        if observed.isEmpty { return (failed.isEmpty ? "–" : "none", failed) }
        return ("~" + observed.joined(separator: "/"), failed)
    }

    /// The version as a table shows it: a commit hash cut to its first seven digits, any other text whole.
    public var shortVersion: String {
        let isCommit = version.count >= 12 && version.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        return isCommit ? String(version.prefix(7)) : version
    }

    /// A short stable anchor name for this implementation.
    public var anchor: String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        return "impl-" + String(name.lowercased().map { allowed.contains($0) ? $0 : "-" })
    }
}
