import Foundation

/// A loaded set of vectors: the manifest, the citation anchors and every vector, checked against each other.
public struct VectorSuite: Sendable {
    /// The manifest: suite version, format version, files with counts and hashes.
    public var manifest: Manifest
    /// The citation anchors by id.
    public var citations: [String: Citation]
    /// The rules of `rules.json` by id, each with its role, level and summary; empty when the directory has none.
    public var rules: [String: VectorRule] = [:]
    /// Every vector, in manifest file order, then file order.
    public var vectors: [Vector]
    /// The directory the suite was loaded from.
    public var directory: URL
    /// JSON files at the top of the directory that the manifest does not list (their vectors are not loaded).
    public var unlistedFiles: [String] = []
    /// The files every vectors directory holds besides the vector files.
    static let metadataFiles: Set<String> = ["manifest.json", "citations.json", "retired.json", "schema.json", "rules.json"]

    /// The directory of the vectors bundled with this package, found beside the running binary.
    public static func bundledDirectory() throws(VectorLoadError) -> URL {
        if let url = locateBundledDirectory() { return url }
        #if canImport(Darwin)
            // Xcode's test runner is not beside the bundle; SwiftPM's accessor knows where it is.
            if let url = Bundle.module.url(forResource: "Vectors", withExtension: nil) { return url }
        #endif
        throw missingBundledVectors()
    }

    /// Loads the vectors bundled with this package: read and checked once per process (they are read-only
    /// resources), so a process that runs the suite many times pays for one load.
    public static func bundled() throws(VectorLoadError) -> VectorSuite {
        try loadedBundle.get()
    }

    private static let loadedBundle = Result { () throws(VectorLoadError) in try VectorSuite(directory: try bundledDirectory()) }

    /// Loads and checks a vectors directory: manifest, citations, every file's hash and count, unique ids,
    /// paths inside the directory, and no retired id reused.
    ///
    /// - Throws: `VectorLoadError` naming the file, the JSON path and what was expected.
    public init(directory: URL) throws(VectorLoadError) {
        self.directory = directory
        let (manifestCursor, manifestBytes) = try Self.document(named: "manifest.json", in: directory)
        manifest = try Manifest(decoding: manifestCursor)
        manifest.sha256 = SHA256.hexDigest(manifestBytes)
        citations = try Citation.anchors(from: try Self.document(named: "citations.json", in: directory).cursor)
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("rules.json").path) {
            rules = try VectorRule.rules(from: try Self.document(named: "rules.json", in: directory).cursor)
        }
        let retired = try Self.retiredIDs(in: directory)
        vectors = []
        var seen: [String: String] = [:]
        for (index, entry) in manifest.files.enumerated() {
            try Self.checkConfined(entry.path, index: index, in: directory)
            let (cursor, bytes) = try Self.document(named: entry.path, in: directory)
            let hash = SHA256.hexDigest(bytes)
            guard hash == entry.sha256 else {
                throw VectorLoadError(
                    file: entry.path, path: "$", expected: "sha256 \(entry.sha256) as in manifest.json",
                    found: "sha256 \(hash)")
            }
            let elements = try cursor.member("vectors").elements()
            guard elements.count == entry.count else {
                throw VectorLoadError(
                    file: entry.path, path: "$.vectors", expected: "\(entry.count) vectors as in manifest.json",
                    found: "\(elements.count)")
            }
            for element in elements {
                let vector = try Vector(decoding: element)
                if let other = seen[vector.id] {
                    throw VectorLoadError(
                        file: entry.path, path: "\(element.path).id", expected: "an id used once",
                        found: "\(vector.id), already used in \(other)")
                }
                for anchor in vector.citations where citations[anchor] == nil {
                    throw VectorLoadError(
                        file: entry.path, path: "\(element.path).cite", expected: "anchors defined in citations.json",
                        found: "'\(anchor)'")
                }
                if !rules.isEmpty {
                    guard let rule = rules[vector.rule] else {
                        throw VectorLoadError(
                            file: entry.path, path: "\(element.path).rule", expected: "a rule described in rules.json",
                            found: "'\(vector.rule)'")
                    }
                    try rule.check(vector, at: element.path)
                }
                if let reason = retired[vector.id] {
                    throw VectorLoadError(
                        file: entry.path, path: "\(element.path).id", expected: "an id that was never retired",
                        found: "\(vector.id), retired in retired.json (\(reason)); give the vector a new id")
                }
                seen[vector.id] = entry.path
                vectors.append(vector)
            }
        }
        guard vectors.count == manifest.total else {
            throw VectorLoadError(
                file: "manifest.json", path: "$.total", expected: "the sum of the file counts (\(vectors.count))",
                found: "\(manifest.total)")
        }
        let listed = Set(manifest.files.map(\.path))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        unlistedFiles = names.filter { $0.hasSuffix(".json") && !listed.contains($0) && !Self.metadataFiles.contains($0) }.sorted()
    }

    /// Refuses a manifest path that is absolute, climbs out with `..`, or resolves (through links) outside `directory`.
    static func checkConfined(_ path: String, index: Int, in directory: URL) throws(VectorLoadError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = directory.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath().path
        guard !path.isEmpty, !path.hasPrefix("/"), !components.contains(".."), !path.contains("\\"),
            resolved.hasPrefix(root + "/")
        else {
            throw VectorLoadError(
                file: "manifest.json", path: "$.files[\(index)].path",
                expected: "a relative path inside the vectors directory", found: "'\(path)'")
        }
    }

    /// The retired ids of `retired.json` with their reasons; none when the file is absent.
    static func retiredIDs(in directory: URL) throws(VectorLoadError) -> [String: String] {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("retired.json").path) else { return [:] }
        let cursor = try document(named: "retired.json", in: directory).cursor
        var out: [String: String] = [:]
        for element in try cursor.member("retired").elements() {
            if element.value.stringValue != nil {
                out[try element.string()] = "no reason given"
            } else {
                out[try element.member("id").string()] = try element.optionalMember("reason")?.string() ?? "no reason given"
            }
        }
        return out
    }

    /// The vector with `id`, if any.
    public func vector(id: String) -> Vector? { vectors.first { $0.id == id } }

    /// The hash that identifies this exact vector set: the SHA-256 of the manifest file.
    public var manifestHash: String { manifest.sha256 }

    static func document(named name: String, in directory: URL) throws(VectorLoadError) -> (cursor: JSONCursor, bytes: [UInt8]) {
        let url = directory.appendingPathComponent(name)
        let bytes: [UInt8]
        do {
            bytes = try readFile(url.path)
        } catch {
            throw VectorLoadError(file: name, path: "$", expected: "a readable file at \(url.path)", found: error.reason)
        }
        do {
            return (JSONCursor(try JSONValue(parsing: bytes), file: name), bytes)
        } catch {
            throw VectorLoadError(file: name, path: "$", expected: "JSON text", found: "a syntax error at \(error)")
        }
    }
}

extension VectorSuite {
    /// Why a file could not be read, in words (`no such file`, `a directory`), never `NSCocoaErrorDomain error 256`.
    package struct FileReadError: Error {
        package let reason: String
    }

    /// Reads a whole regular file.
    package static func readFile(_ path: String) throws(FileReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileReadError(reason: "no such file")
        }
        if isDirectory.boolValue { throw FileReadError(reason: "a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileReadError(reason: FileManager.default.isReadableFile(atPath: path) ? "a file that cannot be read" : "a file without read permission")
        }
        return Array(data)
    }
}

/// The manifest of a vectors directory.
public struct Manifest: Sendable, Hashable {
    /// One vector file listed in the manifest.
    public struct File: Sendable, Hashable {
        /// The file name relative to the vectors directory.
        public var path: String
        /// How many vectors it holds.
        public var count: Int
        /// The SHA-256 of its bytes, lowercase hex.
        public var sha256: String
    }

    /// The suite's content version.
    public var suiteVersion: String
    /// The version of the vector file format.
    public var formatVersion: Int
    /// The vector files in load order.
    public var files: [File]
    /// The total number of vectors.
    public var total: Int
    /// The SHA-256 of the manifest file's bytes, set by the loader.
    public var sha256 = ""

    /// The format versions this loader reads: 4, and 3 (whose rules name no fields: every fault counts against them).
    public static let readableFormats: Set<Int> = [3, VectorFormat.version]

    /// Decodes a manifest.
    public init(decoding cursor: JSONCursor) throws(VectorLoadError) {
        _ = try cursor.keys(allowed: ["suiteVersion", "formatVersion", "files", "total", "description"])
        suiteVersion = try cursor.member("suiteVersion").string()
        formatVersion = try Self.integer(try cursor.member("formatVersion"))
        guard Self.readableFormats.contains(formatVersion) else {
            throw (try cursor.member("formatVersion")).error(VectorFormat.expectation(found: formatVersion))
        }
        var files: [File] = []
        for element in try cursor.member("files").elements() {
            _ = try element.keys(allowed: ["path", "count", "sha256"])
            files.append(
                File(
                    path: try element.member("path").string(), count: try Self.integer(try element.member("count")),
                    sha256: try element.member("sha256").string()))
        }
        self.files = files
        total = try Self.integer(try cursor.member("total"))
    }

    static func integer(_ cursor: JSONCursor) throws(VectorLoadError) -> Int {
        guard let number = cursor.value.numberValue, number >= 0, number == number.rounded() else {
            throw cursor.error("a non-negative integer")
        }
        return Int(number)
    }
}

/// A citation anchor: a spec sentence or RFC section a vector rests on, or a note that the spec is silent.
public struct Citation: Sendable, Hashable {
    /// The anchor id, such as `xcu-host`.
    public var id: String
    /// The document: the x-callback-url spec, an RFC.
    public var source: String
    /// The section, when there is one.
    public var section: String?
    /// The quoted sentence, verbatim, for normative anchors.
    public var quote: String?
    /// What the spec leaves open, for silent anchors.
    public var note: String?
    /// Whether the anchor states a requirement (a quote) rather than the spec's silence.
    public var normative: Bool

    /// Decodes the `anchors` object of `citations.json`.
    static func anchors(from cursor: JSONCursor) throws(VectorLoadError) -> [String: Citation] {
        let anchors = try cursor.member("anchors")
        var out: [String: Citation] = [:]
        for key in try anchors.keys(allowed: Set(anchors.value.objectValue?.map(\.key) ?? [])) {
            let entry = try anchors.member(key)
            // `supports` (the rules an anchor grounds) is checked by Vectors/tools/generate.py, not read here.
            _ = try entry.keys(allowed: ["source", "section", "quote", "note", "normative", "supports"])
            let normativeCursor = try entry.member("normative")
            guard let normative = normativeCursor.value.boolValue else { throw normativeCursor.error("true or false") }
            let citation = Citation(
                id: key, source: try entry.member("source").string(),
                section: try entry.optionalMember("section")?.string(), quote: try entry.optionalMember("quote")?.string(),
                note: try entry.optionalMember("note")?.string(), normative: normative)
            if normative, citation.quote == nil { throw entry.error("a 'quote' for a normative anchor") }
            out[key] = citation
        }
        return out
    }
}
