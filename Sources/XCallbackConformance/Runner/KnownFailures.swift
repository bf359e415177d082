import Foundation

/// A checked-in list of the vectors a target is known to fail, keyed by id, each with its failure kind and a reason.
///
/// The file is JSON (`Vectors/protocol/known-failures.schema.json`):
/// `{"knownFailures": [{"id": "XCU-7K3P", "kind": "wrong-result", "reason": "…", "issue": "…"}]}`.
public struct KnownFailures: Hashable, Sendable {
    /// One known failure.
    public struct Entry: Hashable, Sendable {
        /// The vector id.
        public var id: String
        /// The failure kind the vector is known to fail with.
        public var kind: FailureKind
        /// Why it fails, for the people reading the list.
        public var reason: String
        /// An issue tracking the failure, when there is one.
        public var issue: String?

        /// Creates an entry.
        public init(id: String, kind: FailureKind, reason: String, issue: String? = nil) {
            self.id = id
            self.kind = kind
            self.reason = reason
            self.issue = issue
        }
    }

    /// The kind that excuses a skipped must vector of a declared operation (an operation implemented only in part).
    public static let skippedKind: FailureKind = "skipped"

    /// Every kind an entry may name: the failure kinds, and `skipped`.
    public static let validKinds: [FailureKind] = FailureKind.all + [skippedKind]

    /// How the reason of every entry `from(_:keeping:)` writes begins; a file read with it still there is refused.
    public static let placeholderReason = "TODO: say why it fails"

    /// The entries, in file order.
    public var entries: [Entry]

    /// Creates a list.
    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// The entry for `id`, if any.
    public func entry(for id: String) -> Entry? { entries.first { $0.id == id } }

    /// Reads a known-failures document; an entry whose reason is still the generated placeholder is refused.
    ///
    /// - Throws: a `VectorLoadError` naming the file, the JSON path and what was expected; for placeholder
    ///   reasons, the path of the first and the ids of all of them.
    public init(json: JSONValue, file: String) throws(VectorLoadError) {
        let root = JSONCursor(json, file: file)
        _ = try root.keys(allowed: ["target", "suiteVersion", "knownFailures"])
        var entries: [Entry] = []
        var seen: Set<String> = []
        var placeholders: [(id: String, path: String)] = []
        for element in try root.member("knownFailures").elements() {
            _ = try element.keys(allowed: ["id", "kind", "reason", "issue"])
            let idCursor = try element.member("id")
            let id = try idCursor.string()
            guard seen.insert(id).inserted else { throw idCursor.error("an id listed once") }
            let reasonCursor = try element.member("reason")
            let reason = try reasonCursor.string()
            guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw reasonCursor.error("a reason saying why the vector fails")
            }
            if reason.hasPrefix(Self.placeholderReason) { placeholders.append((id, reasonCursor.path)) }
            let kindCursor = try element.member("kind")
            let kind = FailureKind(rawValue: try kindCursor.string())
            guard Self.validKinds.contains(kind) else {
                throw kindCursor.error("one of " + Self.validKinds.map(\.rawValue).joined(separator: ", "))
            }
            entries.append(
                Entry(
                    id: id, kind: kind, reason: reason,
                    issue: try element.optionalMember("issue")?.string()))
        }
        if let first = placeholders.first {
            throw VectorLoadError(
                file: file, path: first.path,
                expected: "a reason of your own for every entry: the placeholder that --write-known-failures wrote "
                    + "is still the reason of " + placeholders.map(\.id).joined(separator: ", "),
                found: "'\(Self.placeholderReason) …'")
        }
        self.entries = entries
    }

    /// Loads a known-failures file.
    ///
    /// - Throws: a `VectorLoadError` naming the file, the JSON path and what was expected.
    public init(contentsOf url: URL) throws(VectorLoadError) {
        let data: [UInt8]
        do {
            data = try VectorSuite.readFile(url.path)
        } catch {
            throw VectorLoadError(file: url.path, path: "$", expected: "a readable file", found: error.reason)
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw VectorLoadError(file: url.path, path: "$", expected: "JSON text", found: "a syntax error at \(error)")
        }
        try self.init(json: json, file: url.path)
    }

    /// The list as a JSON document, with the target and suite it was written for.
    public func json(target: TargetIdentity?, suiteVersion: String?) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let target { members.append((key: "target", value: .string("\(target.name) \(target.version)"))) }
        if let suiteVersion { members.append((key: "suiteVersion", value: .string(suiteVersion))) }
        let list: [JSONValue] = entries.map { entry in
            var item: [(key: String, value: JSONValue)] = [
                (key: "id", value: .string(entry.id)), (key: "kind", value: .string(entry.kind.rawValue)),
                (key: "reason", value: .string(entry.reason)),
            ]
            if let issue = entry.issue { item.append((key: "issue", value: .string(issue))) }
            return .object(item)
        }
        members.append((key: "knownFailures", value: .array(list)))
        return .object(members)
    }

    /// A starting list from a run's failures and unexcused skips, with a `TODO` reason each; entries of
    /// `previous` with the same id and kind are kept.
    public static func from(_ run: ConformanceRun, keeping previous: KnownFailures? = nil) -> KnownFailures {
        let skips = Set(run.problems.filter { $0.kind == .skippedMust }.map(\.id))
        return KnownFailures(
            run.results.compactMap { item -> Entry? in
                let excusedSkip = item.knownFailure?.kind == skippedKind || skips.contains(item.id)
                guard let kind = item.result.verdict.failureKind ?? (excusedSkip ? skippedKind : nil) else { return nil }
                if let old = previous?.entry(for: item.id), old.kind == kind { return old }
                return Entry(id: item.id, kind: kind, reason: "\(placeholderReason) (\(item.result.vector.summary))")
            })
    }
}
