// The ada-url peer: the C++ driver built by peer/build-ada-driver.sh, run as a process of its own that times
// ada-url on the bench's inputs when asked (peer/ada_driver.cpp describes its protocol).
//
// The bench writes its inputs to a file, starts the driver once, and then asks it for one sample at a time,
// in alternation with its own samples, so that both sides time the same bytes in the same minutes.

import Foundation

/// A running ada-url driver.
final class AdaPeer {
    /// What the driver said it is: "ada-url 4.0.0".
    let version: String
    private let process: Process
    private let requests: FileHandle
    private let answers: Int32
    private var pending: [UInt8] = []
    /// The first problem the driver had; once set, samples are no longer asked for.
    private(set) var failure: String?

    /// The driver `build-ada-driver.sh` makes, beside the package's default scratch directory.
    static var defaultDriverPath: String { packageRoot.appendingPathComponent(".build/ada-url-4.0.0/ada_driver").path }

    /// The script that fetches ada-url and builds the driver.
    static var buildScriptPath: String {
        packageRoot.appendingPathComponent("Sources/xcallback-conformance-bench/peer/build-ada-driver.sh").path
    }

    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    }

    /// Starts the driver at `driver` on the inputs file at `inputs` and waits for it to say it is ready.
    /// - Throws: `BenchError` when it cannot start or does not answer as expected.
    init(driver: String, inputs: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: driver)
        process.arguments = [inputs]
        let toDriver = Pipe()
        let fromDriver = Pipe()
        process.standardInput = toDriver
        process.standardOutput = fromDriver
        process.standardError = FileHandle.standardError
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start the ada-url driver \(driver): \(error.localizedDescription)")
        }
        requests = toDriver.fileHandleForWriting
        answers = fromDriver.fileHandleForReading.fileDescriptor
        let hello = try Self.readLine(answers, &pending, within: 60)
        guard hello.hasPrefix("ready ") else {
            process.terminate()
            throw BenchError("the ada-url driver \(driver) did not say it was ready: \(hello.prefix(200))")
        }
        version = hello.split(separator: " ").dropFirst().prefix(2).joined(separator: " ")
    }

    /// A workload that has the driver parse `set` `iterations` times per call, timed by the driver itself.
    func workload(_ name: String, set: PeerInputSet) -> Workload {
        Workload(
            name: name, bytesPerCall: set.urls.reduce(0) { $0 + $1.utf8.count }, itemsPerCall: set.urls.count
        ) { [self] iterations in
            sample(set.name, iterations: iterations)
        }
    }

    /// One sample: the driver's nanoseconds for `iterations` passes over `set`, and its checksum.
    private func sample(_ set: String, iterations: Int) -> (nanoseconds: Double, checksum: Int) {
        guard failure == nil else { return (1, 0) }
        do {
            try requests.write(contentsOf: Data("run \(set) \(iterations)\n".utf8))
            let answer = try Self.readLine(answers, &pending, within: 600)
            let fields = answer.split(separator: " ")
            guard fields.count == 2, let nanoseconds = Double(fields[0]), let checksum = UInt64(fields[1]) else {
                throw BenchError("unexpected answer to 'run \(set)': \(answer.prefix(200))")
            }
            return (nanoseconds, Int(truncatingIfNeeded: checksum))
        } catch {
            failure = "\(error)"
            return (1, 0)
        }
    }

    /// Asks the driver to stop and waits for it.
    func stop() {
        try? requests.close()
        process.waitUntilExit()
    }

    /// Reads one line from `fd` within `seconds`.
    private static func readLine(_ fd: Int32, _ pending: inout [UInt8], within seconds: Double) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw BenchError("the ada-url driver did not answer within \(Int(seconds)) s") }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(min(left, 1) * 1000)) >= 0 else { continue }
            guard ready.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { throw BenchError("the ada-url driver closed its output") }
            pending += chunk[..<count]
        }
    }
}
