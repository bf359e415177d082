// One implementation's failure audit (Tests/Implementations/audit/<key>.json): every cause of its failures
// traced to a line of the implementation's source at the pinned commit, and every behaviour the research
// documents for it matched to the vectors that catch it, or to the reason no URL vector can.
//
// `matrix --audit DIR` reads DIR/<name of the report file> beside each report and refuses an audit that
// does not account for the report: a must failure under no cause or under two, a cause naming a vector
// that did not fail, or a behaviour naming a vector the suite does not have.

import Foundation
import XCallbackConformanceCore

/// The audit of one implementation's failures, checked against its report.
public struct MatrixAudit: Sendable {
    /// One cause: a behaviour of the implementation, the source lines that make it, and the vectors it fails.
    public struct Cause: Sendable, Hashable {
        /// A short stable name, such as `host-compared-exactly`.
        public var id: String
        /// The highest level among the vectors it fails.
        public var level: String
        /// `path:line` or `path:first-last` in the implementation's repository at the pinned commit.
        public var source: [String]
        /// What the code does there.
        public var summary: String
        /// The vectors this cause fails.
        public var vectors: [String]
        /// The link to the cause's upstream report (`reports/<library>.md#<id>`), relative to the audit's folder's parent.
        public var report: String? = nil
    }

    /// One behaviour the research documents for the implementation.
    public struct Behaviour: Sendable, Hashable {
        /// The divergence row (`D6`) or the source of the claim.
        public var row: String
        /// What the implementation does.
        public var behaviour: String
        /// The vectors that show it.
        public var vectors: [String]
        /// Why no URL vector can show it, when none does.
        public var noVector: String?
    }

    /// The implementation's name.
    public var implementation: String
    /// Its repository.
    public var repository: String?
    /// The pinned commit the source lines refer to.
    public var commit: String?
    /// Which calls the adapter makes, and why an app makes the same ones.
    public var entryPoints: String
    /// The causes, in file order.
    public var causes: [Cause]
    /// The documented behaviours, in file order.
    public var behaviours: [Behaviour]

    /// Reads an audit document; `file` names it in errors.
    public init(json: JSONValue, file: String) throws(MatrixInputError) {
        func fail(_ path: String, _ expected: String) -> MatrixInputError { MatrixInputError(file: file, path: path, expected: expected) }
        func strings(_ value: JSONValue?, _ path: String) throws(MatrixInputError) -> [String] {
            guard let array = value?.arrayValue else { throw fail(path, "an array of strings") }
            var out: [String] = []
            for (index, element) in array.enumerated() {
                guard let text = element.stringValue else { throw fail("\(path)[\(index)]", "a string") }
                out.append(text)
            }
            return out
        }
        guard let name = json["implementation"]?.stringValue else { throw fail("$.implementation", "a string") }
        implementation = name
        repository = json["repository"]?.stringValue
        commit = json["commit"]?.stringValue
        guard let entryPoints = json["entryPoints"]?.stringValue else { throw fail("$.entryPoints", "a string") }
        self.entryPoints = entryPoints
        guard let causeList = json["causes"]?.arrayValue else { throw fail("$.causes", "an array of causes") }
        causes = []
        for (index, cause) in causeList.enumerated() {
            let path = "$.causes[\(index)]"
            guard let id = cause["id"]?.stringValue, let level = cause["level"]?.stringValue, MatrixEntry.levels.contains(level),
                let summary = cause["summary"]?.stringValue
            else { throw fail(path, "an object with an id, a level (must, should, implementation-defined, hardening) and a summary") }
            let source = try strings(cause["source"], path + ".source")
            guard !source.isEmpty else { throw fail(path + ".source", "at least one path:line of the implementation") }
            var report: String?
            if let value = cause["report"] {
                guard let link = value.stringValue else { throw fail(path + ".report", "a string: the link to the cause's report") }
                report = link
            }
            causes.append(Cause(id: id, level: level, source: source, summary: summary, vectors: try strings(cause["vectors"], path + ".vectors"),
                                report: report))
        }
        behaviours = []
        for (index, item) in (json["behaviours"]?.arrayValue ?? []).enumerated() {
            let path = "$.behaviours[\(index)]"
            guard let row = item["row"]?.stringValue, let text = item["behaviour"]?.stringValue else {
                throw fail(path, "an object with a row and a behaviour")
            }
            let vectors = item["vectors"] == nil ? [] : try strings(item["vectors"], path + ".vectors")
            let noVector = item["noVector"]?.stringValue
            guard !vectors.isEmpty || noVector != nil || item["proposed"] != nil else {
                throw fail(path, "vectors that show the behaviour, or noVector saying why no URL vector can")
            }
            behaviours.append(Behaviour(row: row, behaviour: text, vectors: vectors, noVector: noVector))
        }
    }

    /// Loads `directory/<file name of report>`, or returns `nil` when there is none.
    package static func load(besides report: String, in directory: String) throws(MatrixInputError) -> MatrixAudit? {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(URL(fileURLWithPath: report).lastPathComponent).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try MatrixAudit(json: try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path)))), file: path)
        } catch let error as MatrixInputError {
            throw error
        } catch {
            throw MatrixInputError(file: path, path: "$", expected: "a readable JSON audit (\(error))")
        }
    }

    /// What does not add up between this audit and the entry's report: one line per problem, empty when it accounts for it.
    public func problems(against entry: MatrixEntry, knownVectors: Set<String>) -> [String] {
        var problems: [String] = []
        let failed = Dictionary(entry.failures.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var causesOf: [String: [String]] = [:]
        for cause in causes {
            for id in cause.vectors {
                causesOf[id, default: []].append(cause.id)
                if failed[id] == nil { problems.append("cause \(cause.id) names \(id), which did not fail in this report") }
            }
        }
        for failure in entry.failures where failure.level == "must" {
            let owners = causesOf[failure.id] ?? []
            if owners.isEmpty { problems.append("the must failure \(failure.id) is under no cause") }
            if owners.count > 1 { problems.append("the must failure \(failure.id) is under \(owners.count) causes: \(owners.joined(separator: ", "))") }
        }
        if !knownVectors.isEmpty {
            for behaviour in behaviours {
                for id in behaviour.vectors where !knownVectors.contains(id) {
                    problems.append("the behaviour '\(behaviour.behaviour)' names \(id), which is not a vector of the suite")
                }
            }
        }
        return problems
    }

    /// A link to `source` (`path:line` or `path:first-last`) at the pinned commit, for repositories on GitHub.
    public func link(_ source: String) -> String? {
        guard let repository, let commit, repository.hasPrefix("https://github.com/") else { return nil }
        let parts = source.split(separator: ":", maxSplits: 1).map(String.init)
        var url = "\(repository)/blob/\(commit)/\(parts[0])"
        if parts.count == 2 {
            let lines = parts[1].split(separator: "-")
            if let first = lines.first, Int(first) != nil { url += "#L\(first)" + (lines.count > 1 ? "-L\(lines[1])" : "") }
        }
        return url
    }

    /// The causes failing vectors at `level`, with how many of that level each fails in `entry`.
    public func causes(at level: String, in entry: MatrixEntry) -> [(cause: Cause, count: Int)] {
        let levels = Dictionary(entry.failures.map { ($0.id, $0.level) }, uniquingKeysWith: { first, _ in first })
        return causes.compactMap { cause in
            let count = cause.vectors.filter { levels[$0] == level }.count
            return count > 0 ? (cause, count) : nil
        }
    }
}
