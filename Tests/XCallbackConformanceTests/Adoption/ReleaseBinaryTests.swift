import Foundation
import Testing
import XCallbackConformance

/// A binary copied out of the build finds its vectors beside it, or says how to pass `--vectors`.
@Suite struct ReleaseBinaryTests {
    @Test func aBinaryCopiedAloneExits70SayingHowToPassVectors() throws {
        let directory = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("xcallback-conformance")
        try FileManager.default.copyItem(at: try ToolProcess.tool(), to: binary)
        let result = try ToolProcess.run(binary, ["list"])
        #expect(result.status == 70, "\(result.output)")
        #expect(result.output.contains("pass --vectors DIR"))
        #expect(result.output.contains(directory.appendingPathComponent("Vectors").standardizedFileURL.path))
        #expect(!result.output.contains("Fatal error"))
    }

    @Test func aBinaryFindsVectorsBesideItOrUnderShare() throws {
        let directory = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = try VectorSuite(directory: RunnerFixtures.miniSuiteDirectory)
        for (binaryPath, vectorsPath) in [("alone/xcallback-conformance", "alone/Vectors"), ("bin/xcallback-conformance", "share/xcallback-conformance/Vectors")] {
            let binary = directory.appendingPathComponent(binaryPath)
            let vectors = directory.appendingPathComponent(vectorsPath)
            try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: vectors.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: try ToolProcess.tool(), to: binary)
            try FileManager.default.copyItem(at: RunnerFixtures.miniSuiteDirectory, to: vectors)
            let result = try ToolProcess.run(binary, ["list"])
            #expect(result.status == 0, "\(binaryPath): \(result.output)")
            #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("XCU-") }.count == suite.vectors.count, "\(result.output)")
        }
    }
}
