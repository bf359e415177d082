import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// `parse` reads its URL's bytes, so invalid UTF-8 is rejected as the reference rejects it, never repaired to U+FFFD.
@Suite struct ParseBytesTests {
    @Test func invalidUTF8InTheArgumentIsRejectedAsInvalidUTF8() {
        let bytes = Array("a://x-callback-url/b?c=".utf8) + [0xFF]
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(
            arguments: ["parse", String(decoding: bytes, as: UTF8.self), "--json"], rawArguments: [Array("parse".utf8), bytes, Array("--json".utf8)],
            io: captured.io)
        #expect(status == ExitStatus.failure)
        #expect(captured.standardOutput.contains(#""reject": "invalid-utf8""#))
        #expect(captured.standardOutput.contains(#""offset": 23"#))
    }

    @Test func theBuiltToolReadsTheRawBytesOfItsArgument() throws {
        let tool = try ServeEndToEndTests().tool()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" parse -- "$(printf 'a://x-callback-url/b?c=\377')""#, tool]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitStatus.failure)
        #expect(text.hasPrefix("error: invalid-utf8"), "\(text)")
    }
}
