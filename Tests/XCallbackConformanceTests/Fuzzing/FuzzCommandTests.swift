// `xcallback-conformance fuzz`, run as the built executable: exit statuses, findings and reproduction.

import Foundation
import Testing

@Suite(.serialized) struct FuzzCommandTests {
    /// The built tool, beside the test bundle.
    static let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("xcallback-conformance")

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = Self.tool
        process.arguments = ["fuzz"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test func exitStatusesAreZeroOneSixtyFourAndSeventy() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tool.path), "build the tool first: \(Self.tool.path)")
        let findings = FuzzFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: findings) }

        let clean = try run(["--runs", "200", "--no-progress", "--findings", findings.path])
        #expect(clean.status == 0, "\(clean.err)")
        #expect(clean.out.contains("200 executions in"))
        #expect(clean.out.contains("0 finding(s)"))

        // The mini suite's vectors: the statuses do not depend on them, and the run above fuzzes with the bundled ones.
        let crash = try run([
            "--target", "python3 \(FuzzFixtures.adapter) crash", "--vectors", RunnerFixtures.miniSuiteDirectory.path, "--runs", "50",
            "--no-progress", "--findings", findings.path,
        ])
        #expect(crash.status == 1, "\(crash.err)")
        #expect(crash.out.contains("FINDING XCU-"))
        #expect(crash.out.contains("differential/must/no-error"))
        #expect(crash.out.contains("reproduce: xcallback-conformance --target 'python3 \(FuzzFixtures.adapter) crash' --vectors \(findings.path) --id XCU-"))
        #expect(crash.out.contains("50 executions in"))

        let usage = try run(["--runs", "0"])
        #expect(usage.status == 64)
        #expect(usage.err.hasPrefix("error: --runs takes a number ≥ 1, not '0'"))

        let missing = try run(["--target", "no-such-program-for-fuzz", "--runs", "5"])
        #expect(missing.status == 70)
        #expect(missing.err.contains("cannot start the target"))
    }
}
