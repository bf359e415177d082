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
        let ruleID = String(finding.failure.rule.split(separator: "/").last ?? "")
        let rule = DifferentialRule.all.first { $0.id == ruleID }
        let level = finding.failure.rule.split(separator: "/").dropFirst().first.map(String.init) ?? "must"
        let expected: TargetAnswer<XCallbackRequest>
        let inputJSON: JSONValue
        if let text = String(validating: input, as: UTF8.self) {
            expected = ChoiceModel.expected(for: text, choices: choices)
            inputJSON = ["url": .string(text)]
        } else {
            expected = ReferenceTarget().parse(utf8: input)
            inputJSON = ["urlHex": .string(input.map { String(format: "%02x", $0) }.joined())]
        }
        let expect: JSONValue
        switch expected {
        case .accepted(let request): expect = ["accept": request.canonicalJSON]
        case .rejected(let category, _): expect = ["reject": .string(category?.rawValue ?? "unknown")]
        default: return nil
        }
        let choiceText = choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
        let disagreement = finding.failure.details.first { $0.label == "disagreement" }?.text ?? finding.failure.rule
        return [
            "id": .string(Self.vectorID(for: input)),
            "description": .string("Found by fuzzing: \(disagreement)"),
            "operation": "parse",
            "role": .string(TargetRole.parseRole(of: input).rawValue),
            "rule": .string("fuzz-" + (ruleID.isEmpty ? "parse" : ruleID)),
            "input": inputJSON,
            "level": .string(level == "implementation-defined" ? "should" : level),
            "expect": expect,
            "breaks": .string(
                "a target reads this URL otherwise than the reference: " + disagreement.split(whereSeparator: \.isNewline).joined(separator: " ")),
            "cite": .array((rule?.cite ?? ["xcu-structure"]).map { .string($0) }),
            "tags": ["fuzz"],
            "provenance": .array(
                [.string("xcallback-conformance fuzz"), .string("declared choices: " + (choiceText.isEmpty ? "none" : choiceText))]
                    + (Self.shrinkNote(finding.shrinkState).map { [.string($0)] } ?? [])),
        ]
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
        let files = raw + [(name, bytes), ("manifest.json", Array((manifest.prettyText + "\n").utf8))]
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
