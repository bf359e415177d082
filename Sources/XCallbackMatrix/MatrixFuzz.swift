// One implementation's committed fuzz run (Tests/Implementations/results/fuzz/<row>.json, written by
// Tests/Implementations/fuzz.sh with tools/fuzz_result.py): `xcallback-conformance fuzz --target` for a
// fixed time and seed, and each finding replayed as a vector by the conformance runner, which tells the
// findings its comparator accepts under the target's declared choices (explained) from the others.
//
// An unexplained finding is *known* when Tests/Implementations/tools/fuzz_classify.py places it under a cause of the
// row's audit (or, for a row without one, in a rule group of vectors the row fails), as a failing vector is placed,
// and names vectors the row already fails for it; else *new*. `matrix --fuzz DIR` reads DIR/<name of the report file> beside each
// report, as `--audit` does, and refuses a result whose target is not the report's or whose known vectors did not fail.

import Foundation
import XCallbackConformanceCore

/// One implementation's fuzz run against the reference, as committed beside its conformance report.
public struct MatrixFuzz: Sendable {
    /// One distinct finding of the run: a rule the target broke, on a shrunk input.
    public struct Finding: Sendable, Hashable {
        /// The finding's local id (`XCU-` and four characters of the input's hash).
        public var id: String
        /// The differential rule broken, such as `same-action`.
        public var rule: String
        /// The level the fuzz oracle gave the disagreement.
        public var level: String
        /// `parse`, `build-request` or `build-callback`.
        public var operation: String
        /// The shrunk input, printable ASCII as is and other bytes as `\xNN`, in quotes.
        public var input: String
        /// The request or response a build input stands for, when it is one.
        public var buildCase: String?
        /// The reference's answer under the target's declared choices.
        public var reference: String?
        /// The target's answer.
        public var targetAnswer: String?
        /// What differed, as the oracle put it.
        public var disagreement: String?
        /// The conformance runner's verdict on the finding as a vector, or why it was not replayed.
        public var replay: String
        /// Whether the runner passed it: the declared choices explain the disagreement.
        public var explained: Bool
        /// Vectors the row already fails for the same behaviour (Tests/Implementations/tools/fuzz_classify.py), if any.
        public var knownVectors: [String]
        /// The row's audit cause of that behaviour, when the row has an audit.
        public var knownCause: String?
        /// Whether vectors already catch the behaviour.
        public var isKnown: Bool { !knownVectors.isEmpty }
        /// The command that sends the input to the target again.
        public var reproduce: String
    }

    /// The row, as in `results/<row>.json`.
    public var row: String
    /// The fuzzed target's name, which must be the report's.
    public var targetName: String
    /// The fuzzed target's version.
    public var targetVersion: String
    /// The command the target ran with, relative to the repository.
    public var command: String
    /// The operations the target declares.
    public var declaredOperations: [String]
    /// Executions and findings per operation (nil for one the target does not declare), when the fuzz command printed them.
    public var operations: [(operation: String, executions: Int?, findings: Int?)]
    /// The fuzzing tool's version line.
    public var toolVersion: String
    /// The suite's commit the tool was built from.
    public var suiteCommit: String
    /// The seed of the run.
    public var seed: Int
    /// The time the run was given, in seconds.
    public var seconds: Double
    /// Executions, when the run printed its summary.
    public var executions: Int?
    /// Executions per second, when the run printed its summary.
    public var executionsPerSecond: Int?
    /// The fuzz command's exit status.
    public var exitStatus: Int
    /// Why the run stopped early, when it did (exit status other than 0 or 1).
    public var stopped: String?
    /// When the run was made.
    public var ranAt: String
    /// The command that reruns it.
    public var reproduce: String
    /// Every finding, in the order found.
    public var findings: [Finding]

    /// Whether the run reports executions per operation and none of them reached an operation the target declares.
    public var reachedNoDeclaredOperation: Bool {
        guard !operations.isEmpty else { return false }
        return operations.allSatisfy { ($0.executions ?? 0) == 0 }
    }

    /// The findings the declared choices do not explain.
    public var unexplained: [Finding] { findings.filter { !$0.explained } }

    /// The unexplained findings no vector catches yet: gaps in the vectors, or behaviours nobody has read.
    public var new: [Finding] { unexplained.filter { !$0.isKnown } }

    /// The unexplained findings that are behaviours the row already fails vectors for.
    public var known: [Finding] { unexplained.filter(\.isKnown) }

    /// New findings per level, most binding first, as `3 must · 1 should`; `none` when there are none.
    public var newText: String {
        let counts = MatrixEntry.levels.compactMap { level -> String? in
            let count = new.filter { $0.level == level }.count
            return count > 0 ? "\(count) \(level)" : nil
        }
        return counts.isEmpty ? "none" : counts.joined(separator: " · ")
    }

    /// Reads a fuzz result; `file` names it in errors.
    public init(json: JSONValue, file: String) throws(MatrixInputError) {
        func fail(_ path: String, _ expected: String) -> MatrixInputError { MatrixInputError(file: file, path: path, expected: expected) }
        func string(_ value: JSONValue?, _ path: String) throws(MatrixInputError) -> String {
            guard let text = value?.stringValue else { throw fail(path, "a string") }
            return text
        }
        func strings(_ value: JSONValue?, _ path: String) throws(MatrixInputError) -> [String] {
            guard let array = value?.arrayValue, !array.isEmpty else { throw fail(path, "a non-empty array of vector ids") }
            var out: [String] = []
            for (index, element) in array.enumerated() { out.append(try string(element, "\(path)[\(index)]")) }
            return out
        }
        guard json["format"]?.stringValue == "xcallback-conformance-fuzz-result/1" else {
            throw fail("$.format", "\"xcallback-conformance-fuzz-result/1\" (a result of Tests/Implementations/fuzz.sh)")
        }
        row = try string(json["row"], "$.row")
        targetName = try string(json["target"]?["name"], "$.target.name")
        targetVersion = json["target"]?["version"]?.stringValue ?? "?"
        command = json["target"]?["command"]?.stringValue ?? "?"
        declaredOperations = (json["target"]?["operations"]?.arrayValue ?? []).compactMap(\.stringValue)
        toolVersion = json["tool"]?["version"]?.stringValue ?? "?"
        suiteCommit = json["tool"]?["suiteCommit"]?.stringValue ?? "?"
        guard let run = json["run"], run.objectValue != nil else { throw fail("$.run", "an object") }
        guard let seed = run["seed"]?.numberValue, let seconds = run["seconds"]?.numberValue, let status = run["exitStatus"]?.numberValue else {
            throw fail("$.run", "an object with the numbers seed, seconds and exitStatus")
        }
        self.seed = Int(seed)
        self.seconds = seconds
        exitStatus = Int(status)
        executions = run["executions"]?.numberValue.map { Int($0) }
        operations = (run["operations"]?.objectValue ?? []).map { member in
            (member.key, member.value["executions"]?.numberValue.map { Int($0) }, member.value["findings"]?.numberValue.map { Int($0) })
        }
        executionsPerSecond = run["executionsPerSecond"]?.numberValue.map { Int($0) }
        stopped = run["stopped"]?.stringValue
        ranAt = run["ranAt"]?.stringValue ?? "?"
        reproduce = run["reproduce"]?.stringValue ?? ""
        guard let list = json["findings"]?.arrayValue else { throw fail("$.findings", "an array of findings") }
        findings = []
        for (index, item) in list.enumerated() {
            let path = "$.findings[\(index)]"
            guard let explained = item["explained"]?.boolValue else { throw fail(path + ".explained", "true or false") }
            let level = try string(item["level"], path + ".level")
            guard MatrixEntry.levels.contains(level) else { throw fail(path + ".level", "one of \(MatrixEntry.levels.joined(separator: ", "))") }
            findings.append(
                Finding(
                    id: try string(item["id"], path + ".id"), rule: try string(item["rule"], path + ".rule"), level: level,
                    operation: item["operation"]?.stringValue ?? "?", input: try string(item["input"], path + ".input"),
                    buildCase: item["case"]?.stringValue, reference: item["reference"]?.stringValue,
                    targetAnswer: item["targetAnswer"]?.stringValue, disagreement: item["disagreement"]?.stringValue,
                    replay: item["replay"]?.stringValue ?? "?", explained: explained,
                    knownVectors: item["known"] == nil ? [] : try strings(item["known"]?["vectors"], path + ".known.vectors"),
                    knownCause: item["known"]?["cause"]?.stringValue, reproduce: item["reproduce"]?.stringValue ?? ""))
        }
    }

    /// What does not add up between the known findings and the entry's report: one line per problem.
    ///
    /// A known finding names vectors the row fails for the same behaviour; each must have failed in the report,
    /// and its cause, when it names one, must be a cause of the row's audit.
    public func problems(against entry: MatrixEntry) -> [String] {
        let failed = Set(entry.failures.map(\.id))
        let causes = Set(entry.audit?.causes.map(\.id) ?? [])
        var problems: [String] = []
        for finding in known {
            for id in finding.knownVectors where !failed.contains(id) {
                problems.append("the finding \(finding.id) is known by \(id), which did not fail in this report")
            }
            if let cause = finding.knownCause, entry.audit != nil, !causes.contains(cause) {
                problems.append("the finding \(finding.id) names the cause \(cause), which the row's audit does not have")
            }
        }
        return problems
    }

    /// Loads `directory/<file name of report>`, or returns `nil` when there is none.
    package static func load(besides report: String, in directory: String) throws(MatrixInputError) -> MatrixFuzz? {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(URL(fileURLWithPath: report).lastPathComponent).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try MatrixFuzz(json: try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path)))), file: path)
        } catch let error as MatrixInputError {
            throw error
        } catch {
            throw MatrixInputError(file: path, path: "$", expected: "a readable JSON fuzz result (\(error))")
        }
    }
}
