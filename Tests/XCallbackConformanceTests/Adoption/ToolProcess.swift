import Foundation
import Testing

/// Runs built programs as an adopter would, from a shell-less argument list.
enum ToolProcess {
    /// The `xcallback-conformance` binary built next to the test bundle.
    static func tool() throws -> URL {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("xcallback-conformance") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build the tool first: \(candidates)")
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xcu-adoption-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `executable` with `arguments` in `directory` and returns its status and combined output.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil)
        throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
