// Writes findings out: each parse finding as a vector in `findings-<hash>.json` of a vectors directory
// (with its manifest and a copy of the citations), so `xcallback-conformance --vectors DIR` replays it as
// a regression, and every finding's input as a raw file `finding-<id>` for libFuzzer-style replay.
//
// The fuzzer writes a finding as soon as it is found and again once it is shrunk, so the directory must
// be a valid vectors directory at every moment, whenever the run is killed:
// 1. A new directory is prepared beside its place and renamed into it.
// 2. In an existing directory every file is written under a temporary name and renamed over its place;
//    the vectors file is named by its hash, so the manifest, renamed last, names a file that is complete
//    and whose hash it holds; the files the old manifest named are removed after that.
//
// A vector's id is local: `XCU-` and four characters taken from the SHA-256 of its input, so the same
// finding gets the same id run after run and a rerun replaces rather than duplicates it. Its expectation
// is the reference's answer under the target's declared choices, its level and citations the rule's.
// A build finding's vector holds the request or callback its input decodes to (FindingWriter+Build).

import Foundation
import XCallbackConformanceCore
import XCallbackFuzzing
import XCallbackURL

/// Writes findings as a vectors directory and raw reproducer files.
public struct FindingWriter {
    /// The directory written to.
    public var directory: URL
    /// The choices the target declared, which decide the expected answers.
    public var choices: DeclaredChoices
    /// The vectors directory whose `citations.json` is copied.
    public var citationsSource: URL

    /// Creates a writer into `directory`.
    public init(directory: URL, choices: DeclaredChoices, citationsSource: URL) {
        self.directory = directory
        self.choices = choices
        self.citationsSource = citationsSource
    }

    /// The local vector id of an input.
    public static func vectorID(for input: [UInt8]) -> String {
        let alphabet = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")
        let digest = SHA256.hexDigest(input)
        let bytes = stride(from: 0, to: 8, by: 2).map { UInt8(digest.dropFirst($0).prefix(2), radix: 16) ?? 0 }
        return "XCU-" + String(bytes.map { alphabet[Int($0) % alphabet.count] })
    }

    /// The vector for a finding (a build finding's from `buildVector(for:)`), or nil when the reference has no answer.
    public func vector(for finding: FuzzFinding) -> JSONValue? {
        let input = finding.failure.input
        guard input.first != 0x01, input.first != 0x02 else { return buildVector(for: finding) }
        let inputJSON: JSONValue
        let expect: JSONValue
        if let text = String(validating: input, as: UTF8.self) {
            inputJSON = ["url": .string(text)]
            let answer = { (choices: DeclaredChoices) -> JSONValue? in Self.expect(ChoiceModel.expected(for: text, choices: choices)) }
            guard let graded = graded(finding, expect: answer) else { return nil }
            expect = graded
        } else {
            inputJSON = ["urlHex": .string(input.map { String(format: "%02x", $0) }.joined())]
            guard let plain = Self.expect(ReferenceTarget().parse(utf8: input)) else { return nil }
            expect = plain
        }
        return members(of: finding, operation: .parse, role: TargetRole.parseRole(of: input), input: inputJSON, expect: expect)
    }

    /// A parse answer as an expectation: `{"accept": REQUEST}` or `{"reject": "category"}`.
    static func expect(_ answer: TargetAnswer<XCallbackRequest>) -> JSONValue? {
        switch answer {
        case .accepted(let request): ["accept": request.canonicalJSON]
        case .rejected(let category, _): ["reject": .string(category?.rawValue ?? "unknown")]
        default: nil
        }
    }

    /// The expectation of a finding graded by a choice vector: one outcome per value of its point (the runner
    /// then fails the target's answer at implementation-defined, or at should when it is none of them);
    /// otherwise the reference's answer under the declared choices.
    func graded(_ finding: FuzzFinding, callback: String? = nil, expect: (DeclaredChoices) -> JSONValue?) -> JSONValue? {
        guard let point = finding.failure.grade?.choice, let values = point.allowedValues else { return expect(choices) }
        var outcomes: [(key: String, value: JSONValue)] = []
        for value in values {
            var alternative = choices
            alternative[point] = value
            guard var outcome = expect(alternative) else { return nil }
            // `parameter-order: unordered` accepts the parameters in any order, as its vectors list them.
            if point == .parameterOrder, value == "unordered" { outcome = Self.anyOrder(of: outcome, callback: callback) }
            outcomes.append((value, outcome))
        }
        return ["choice": .string(point.rawValue), "outcomes": .object(outcomes)]
    }

    /// `{"anyOf": ...}` of `outcome` with its parameters (or a built callback's appended ones) in every order,
    /// for up to five of them; `outcome` itself beyond.
    static func anyOrder(of outcome: JSONValue, callback: String?) -> JSONValue {
        guard let accepted = outcome["accept"] else { return outcome }
        var alternatives: [JSONValue] = []
        if let callback, let url = accepted["url"]?.stringValue {
            let hash = callback.firstIndex(of: "#").map { callback.distance(from: callback.startIndex, to: $0) } ?? callback.count
            let fragment = callback.count - hash
            let head = url.prefix(hash)
            var middle = url.dropFirst(hash).dropLast(fragment)
            var separator = ""
            if let first = middle.first, first == "?" || first == "&" {
                separator = String(first)
                middle = middle.dropFirst()
            }
            let pieces = middle.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
            guard pieces.count > 1, pieces.count <= 5 else { return outcome }
            alternatives = permutations(pieces).map { order in
                ["accept": ["url": .string(head + separator + order.joined(separator: "&") + url.suffix(fragment))]]
            }
        } else if case .array(let parameters)? = accepted["parameters"], parameters.count > 1, parameters.count <= 5,
            case .object(let members) = accepted
        {
            alternatives = permutations(parameters).map { order in
                ["accept": .object(members.map { $0.key == "parameters" ? ($0.key, .array(order)) : $0 })]
            }
        }
        return alternatives.count > 1 ? ["anyOf": .array(alternatives)] : outcome
    }

    /// Every order of `items`, the given one first.
    static func permutations<Item>(_ items: [Item]) -> [[Item]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// The vector's members for a finding: its level, and the grade's rule, role, tags and citations (the vector that
    /// grades the same fault), or the driver's rule when no vector grades it.
    func members(of finding: FuzzFinding, operation: XCallbackConformanceCore.Operation, role: TargetRole, input: JSONValue, expect: JSONValue) -> JSONValue {
        let failure = finding.failure
        let driverRule = String(failure.rule.split(separator: "/").last ?? "")
        let grade = failure.grade
        // The finding's own level: the driver's judgement, which may bound the grade's (a callback that is no URI).
        let level = grade?.choice != nil ? "implementation-defined" : failure.level.rawValue
        let disagreement = failure.details.first { $0.label == "disagreement" }?.text ?? failure.rule
        let choiceText = choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
        var provenance: [JSONValue] = [.string("xcallback-conformance fuzz"), .string("declared choices: " + (choiceText.isEmpty ? "none" : choiceText))]
        if let grade { provenance.append(.string("graded as \(grade.vector) grades the same fault")) }
        if let note = Self.shrinkNote(finding.shrinkState) { provenance.append(.string(note)) }
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(Self.vectorID(for: failure.input))),
            ("description", .string("Found by fuzzing: \(disagreement)")),
            ("operation", .string(operation.rawValue)),
            ("role", .string((grade?.role ?? role).rawValue)),
            ("rule", .string(rule(for: grade?.rule, level: level, driverRule: driverRule.isEmpty ? operation.rawValue : driverRule))),
            ("input", input),
            ("level", .string(level)),
            ("expect", expect),
            ("cite", .array((grade?.cite ?? DifferentialRule.all.first { $0.id == driverRule }?.cite ?? ["xcu-structure"]).map { .string($0) })),
            ("tags", .array(((grade?.tags ?? []).filter { $0 != "fuzz" } + ["fuzz"]).map { .string($0) })),
            ("provenance", .array(provenance)),
        ]
        if level == "must" { members.append(("breaks", .string(grade?.breaks ?? "the target answers otherwise than the reference: \(driverRule)"))) }
        return .object(members)
    }

    /// Writes every finding, in place of the vectors and raw files of the `replaced` inputs (a finding's
    /// earlier, unshrunk input); returns the ids of the vectors written, in order.
    ///
    /// Vectors already in the directory (from earlier runs) are kept, and one with the id of a finding is replaced.
    ///
    /// - Throws: a file-system error, or a `JSONSyntaxError` for an unreadable manifest or vectors file already there.
    @discardableResult
    public func write(_ findings: [FuzzFinding], replacing replaced: [[UInt8]] = []) throws -> [String] {
        let manager = FileManager.default
        let (oldFiles, old) = try existingVectors()
        var vectors = old
        var ids: [String] = []
        var raw: [(name: String, bytes: [UInt8])] = []
        let currentIDs = Set(findings.map { Self.vectorID(for: $0.failure.input) })
        let dropped = Set(replaced.map(Self.vectorID(for:))).subtracting(currentIDs)
        vectors.removeAll { dropped.contains($0.id) }
        for finding in findings {
            raw.append(("finding-" + Self.vectorID(for: finding.failure.input), finding.failure.input))
            guard let vector = vector(for: finding), let id = vector["id"]?.stringValue else { continue }
            vectors.removeAll { $0.id == id }
            vectors.append((id, vector))
            ids.append(id)
        }
        let file: JSONValue = [
            "title": "Fuzz findings",
            "description": "Disagreements with the reference found by xcallback-conformance fuzz, each shrunk unless its provenance says otherwise.",
            "vectors": .array(vectors.map(\.value)),
        ]
        let bytes = Array((file.prettyText + "\n").utf8)
        let digest = SHA256.hexDigest(bytes)
        let name = "findings-" + digest.prefix(12) + ".json"
        let manifest: JSONValue = [
            "suiteVersion": "0.0.0-fuzz", "formatVersion": .number(Double(VectorFormat.version)),
            "files": [["path": .string(name), "count": .number(Double(vectors.count)), "sha256": .string(digest)]],
            "total": .number(Double(vectors.count)),
        ]
        let rules = rulesDocument(for: vectors.compactMap { $0.value["rule"]?.stringValue })
        let files = raw + [(name, bytes)] + (rules.map { [("rules.json", $0)] } ?? [])
            + [("manifest.json", Array((manifest.prettyText + "\n").utf8))]
        if rules == nil { try? manager.removeItem(at: directory.appendingPathComponent("rules.json")) }
        if try !createDirectory(with: files) {
            if !manager.fileExists(atPath: directory.appendingPathComponent("citations.json").path) {
                try Self.writeAtomically(Array(try Data(contentsOf: citationsSource.appendingPathComponent("citations.json"))), to: directory.appendingPathComponent("citations.json"))
            }
            // The manifest last: until it is renamed into place, the old one names the old, complete file.
            for (fileName, content) in files {
                try Self.writeAtomically(content, to: directory.appendingPathComponent(fileName))
            }
        }
        for stale in oldFiles where stale != name { try? manager.removeItem(at: directory.appendingPathComponent(stale)) }
        for id in dropped { try? manager.removeItem(at: directory.appendingPathComponent("finding-" + id)) }
        return ids
    }

    /// The rule a finding is filed under: the grade's, unless the suite gives that rule another level than the
    /// finding's (a one-rule, one-level suite refuses such a vector), then the driver's own, which no rule describes.
    func rule(for graded: String?, level: String, driverRule: String) -> String {
        guard let graded else { return "fuzz-" + driverRule }
        guard level != "implementation-defined", let described = sourceRules()?[graded]?["level"]?.stringValue,
            described != "implementation-defined", described != level
        else { return graded }
        return "fuzz-" + driverRule
    }

    /// The `rules` member of the suite's rules.json beside the citations, or nil when there is none.
    func sourceRules() -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: citationsSource.appendingPathComponent("rules.json").path)
        else { return nil }
        return (try? JSONValue(parsing: Array(data)))?["rules"]
    }

    /// `rules.json` for the findings: the source's description of each rule they name, so the directory is a
    /// vectors directory of format 3 whose rules the loader checks; nil when a finding names a rule the source
    /// does not describe (one no vector grades), or the source has no rules.
    func rulesDocument(for ids: [String]) -> [UInt8]? {
        guard let all = sourceRules() else { return nil }
        var rules: [(key: String, value: JSONValue)] = []
        for id in Set(ids).sorted() {
            guard let rule = all[id] else { return nil }
            rules.append((id, rule))
        }
        let document: JSONValue = [
            "description": "The rules of the vectors that grade these findings, as the suite's rules.json describes them.",
            "rules": .object(rules),
        ]
        return Array((document.prettyText + "\n").utf8)
    }

    /// The files the manifest in the directory names, and their vectors by id (none when there is no manifest).
    private func existingVectors() throws -> (files: [String], vectors: [(id: String, value: JSONValue)]) {
        let manager = FileManager.default
        guard let data = manager.contents(atPath: directory.appendingPathComponent("manifest.json").path) else { return ([], []) }
        let files = (try JSONValue(parsing: Array(data)))["files"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        var vectors: [(id: String, value: JSONValue)] = []
        for file in files {
            guard let contents = manager.contents(atPath: directory.appendingPathComponent(file).path) else { continue }
            for vector in try JSONValue(parsing: Array(contents))["vectors"]?.arrayValue ?? [] {
                vectors.append((vector["id"]?.stringValue ?? "", vector))
            }
        }
        return (files, vectors)
    }

    /// Creates the directory with `files` and the citations when it does not hold a manifest yet: prepared
    /// beside it, then renamed into place. Returns false when the directory exists and is not empty.
    private func createDirectory(with files: [(name: String, bytes: [UInt8])]) throws -> Bool {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: directory.appendingPathComponent("manifest.json").path) else { return false }
        let parent = directory.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(directory.lastPathComponent).\(getpid()).tmp")
        try? manager.removeItem(at: staging)
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? manager.removeItem(at: staging) }
        try manager.copyItem(at: citationsSource.appendingPathComponent("citations.json"), to: staging.appendingPathComponent("citations.json"))
        for (name, bytes) in files { try Data(bytes).write(to: staging.appendingPathComponent(name)) }
        // rename(2) replaces a missing or empty directory, never one with files in it.
        return rename(staging.path, directory.path) == 0
    }

    /// Writes `bytes` under a temporary name beside `url`, then renames it over `url`.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try Data(bytes).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// A line for a vector's provenance when its input is not fully shrunk, or nil when it is.
    package static func shrinkNote(_ state: FuzzShrinkState) -> String? {
        switch state {
        case .shrunk: nil
        case .partlyShrunk(let reason): "partly shrunk: \(reason)"
        case .unshrunk(let reason): "not shrunk: \(reason)"
        }
    }
}
