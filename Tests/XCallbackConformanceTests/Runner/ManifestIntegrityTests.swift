import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// The manifest cannot reach outside its directory, a file it does not list is reported, and a retired id stays retired.
@Suite struct ManifestIntegrityTests {
    /// A copy of the mini suite whose manifest lists `path` for `mini.json`, with `extra` files written beside it.
    func suite(listing path: String = "mini.json", extra: [String: String] = [:]) throws -> URL {
        let directory = try RunnerFixtures.temporaryDirectory()
        for name in ["citations.json", "mini.json"] {
            try FileManager.default.copyItem(
                at: RunnerFixtures.miniSuiteDirectory.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let bytes = Array(try Data(contentsOf: directory.appendingPathComponent("mini.json")))
        let manifest: JSONValue = [
            "suiteVersion": "0.0.1-copy", "formatVersion": .number(Double(VectorFormat.version)),
            "files": [["path": .string(path), "count": 9, "sha256": .string(SHA256.hexDigest(bytes))]], "total": 9,
        ]
        try Data(manifest.prettyText.utf8).write(to: directory.appendingPathComponent("manifest.json"))
        for (name, text) in extra { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test(arguments: ["../mini.json", "/etc/passwd", "sub/../../mini.json", ""])
    func aManifestPathOutsideTheDirectoryIsRefused(path: String) throws {
        let directory = try suite(listing: path)
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.file == "manifest.json")
        #expect(error?.path == "$.files[0].path")
        #expect(error?.expected == "a relative path inside the vectors directory")
    }

    @Test func aLinkLeadingOutOfTheDirectoryIsRefused() throws {
        let directory = try suite(listing: "linked.json")
        let outside = try RunnerFixtures.temporaryDirectory().appendingPathComponent("mini.json")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("mini.json"), to: outside)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("linked.json"), withDestinationURL: outside)
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.path == "$.files[0].path")
    }

    @Test func aFileTheManifestDoesNotListIsReported() throws {
        let directory = try suite(extra: ["forgotten.json": #"{"vectors": []}"#, "retired.json": #"{"retired": []}"#])
        let loaded = try VectorSuite(directory: directory)
        #expect(loaded.unlistedFiles == ["forgotten.json"])
        let captured = CapturedIO()
        _ = ConformanceCommandLine.main(arguments: ["list", "--vectors", directory.path], io: captured.io)
        #expect(captured.standardError.contains("does not list; their vectors are not run: forgotten.json"))
    }

    @Test func aRetiredIdReusedIsRefused() throws {
        let retired = #"{"retired": [{"id": "XCU-2AAC", "key": "old", "reason": "source removed"}]}"#
        let directory = try suite(extra: ["retired.json": retired])
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.file == "mini.json")
        #expect(error?.path == "$.vectors[2].id")
        #expect(error?.found.contains("retired in retired.json (source removed)") == true)
    }

    @Test func anUnreadableFileIsDescribedInWords() throws {
        let directory = try RunnerFixtures.temporaryDirectory()
        let error = #expect(throws: VectorLoadError.self) { try KnownFailures(contentsOf: directory) }
        #expect(error?.found == "a directory")
        let missing = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(missing?.found == "no such file")
    }
}
