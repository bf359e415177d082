import Foundation
import XCallbackCommandLine
import XCallbackConformance
import XCallbackURL

/// Paths and helpers shared by the runner, subprocess, report and command-line tests.
enum RunnerFixtures {
    /// `Tests/XCallbackConformanceTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// The repository root.
    static let root = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// A small fixed suite of nine vectors, independent of the published vectors.
    static let miniSuiteDirectory = directory.appendingPathComponent("MiniSuite")
    /// The misbehaving protocol target.
    static let misbehaving = directory.appendingPathComponent("misbehaving_target.py").path
    /// The example Python adapter.
    static let exampleAdapter = root.appendingPathComponent("Vectors/protocol/example_adapter.py").path
    /// The protocol folder with its schemas.
    static let protocolDirectory = root.appendingPathComponent("Vectors/protocol")

    /// The ids of the mini suite, in order.
    static let miniIDs = ["XCU-2AAA", "XCU-2AAB", "XCU-2AAC", "XCU-2AAD", "XCU-2AAE", "XCU-2AAF", "XCU-2AAG", "XCU-2AAH", "XCU-2AAJ"]

    /// Loads the mini suite.
    static func miniSuite() throws -> VectorSuite {
        try VectorSuite(directory: miniSuiteDirectory)
    }

    /// The default subprocess configuration with a 5 s handshake timeout, for fixtures that fail their start quickly.
    static func quickConfiguration() -> SubprocessConfiguration {
        var configuration = SubprocessConfiguration()
        configuration.handshakeTimeout = .seconds(5)
        return configuration
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xcu-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A target that fails on purpose in chosen ways, to drive the runner's known-failure rules.
struct ScriptedTarget: ConformanceTarget {
    /// Vector ids whose parse answers are rejected without a category.
    var rejectIDs: Set<String> = []
    /// Vector ids whose parse answers are accepted with a wrong action.
    var wrongIDs: Set<String> = []
    /// Vector ids whose parse answers are a breakage the harness saw.
    var breakIDs: Set<String> = []
    /// Whether build-callback is unsupported.
    var skipsCallbacks = false

    var identity: TargetIdentity { TargetIdentity(name: "scripted", version: "1") }
    var declaredChoices: DeclaredChoices { .reference }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        let id = RunContext.vectorID ?? ""
        if rejectIDs.contains(id) { return .rejected(category: nil, message: "scripted rejection") }
        if breakIDs.contains(id) { return .broken(TargetBreakage(.crashed, "boom <&> \"quoted\" # not ] ok\nsecond line")) }
        let answer = ReferenceTarget().parse(url)
        if wrongIDs.contains(id), case .accepted(var request) = answer {
            request.action += "-wrong"
            return .accepted(request)
        }
        if wrongIDs.contains(id) { return .accepted(XCallbackRequest(scheme: "s", action: "wrong")) }
        return answer
    }

    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { ReferenceTarget().parse(utf8: bytes) }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { ReferenceTarget().buildRequest(request) }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        skipsCallbacks ? .unsupported(reason: "no callbacks here", issueURL: nil) : ReferenceTarget().buildCallback(response)
    }
}

/// Collects what the command-line tool writes.
final class CapturedIO: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private var input: [String]

    init(input: [String] = []) { self.input = input }

    var standardOutput: String { lock.withLock { out } }
    var standardError: String { lock.withLock { err } }

    var io: CommandLineIO {
        CommandLineIO(
            standardOutput: { text in self.lock.withLock { self.out += text } },
            standardError: { text in self.lock.withLock { self.err += text } },
            readLine: { self.lock.withLock { self.input.isEmpty ? nil : self.input.removeFirst() } })
    }
}
