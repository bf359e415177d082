import Foundation
import XCallbackConformance

/// Where the command-line tool reads and writes; the real streams in the tool, buffers in tests.
public struct CommandLineIO: Sendable {
    /// Writes to standard output.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    public var standardError: @Sendable (String) -> Void
    /// Reads one line of standard input without its newline, or `nil` at end of input (used by `serve`).
    public var readLine: @Sendable () -> String?
    /// Whether standard output is a terminal, which turns on the progress line.
    public var standardOutputIsTerminal: Bool
    /// The environment, for `NO_COLOR` and `TERM`.
    public var environment: [String: String]

    /// Creates an I/O bundle.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String? = { nil }, standardOutputIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readLine = readLine
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.environment = environment
    }

    /// Whether SIGINT and SIGTERM stop a run gracefully (the real tool); tests leave the process's signals alone.
    public var handlesSignals = false

    /// Why writing to standard output failed (a closed pipe, a full disk), or `nil`; the tool then exits 74.
    public var outputFailure: @Sendable () -> String? = { nil }

    /// The process's own standard streams; writes are unbuffered, so every line reaches a pipe at once.
    ///
    /// A write that fails (`| head` closed the pipe, `>/dev/full`) is recorded, never a trap; later writes are dropped.
    public static var process: CommandLineIO {
        ChildProcess.ignoreBrokenPipes()
        let out = StandardStream(STDOUT_FILENO)
        let err = StandardStream(STDERR_FILENO)
        var io = CommandLineIO(
            standardOutput: { out.write($0) }, standardError: { err.write($0) },
            readLine: { Swift.readLine(strippingNewline: true) }, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment)
        io.outputFailure = { out.failure }
        io.handlesSignals = true
        return io
    }
}

/// A standard stream written with `write(2)`, remembering the first failure instead of trapping.
final class StandardStream: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var failed: String?

    init(_ fd: Int32) { self.fd = fd }

    /// The first failure, in words.
    var failure: String? { lock.withLock { failed } }

    /// Writes all of `text`, or records why it could not.
    func write(_ text: String) {
        lock.withLock {
            guard failed == nil else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    let code = errno
                    failed = code == EPIPE ? "the reader closed it (broken pipe)" : String(cString: strerror(code))
                    return
                }
                bytes = bytes.dropFirst(count)
            }
        }
    }
}

/// The exit statuses of `xcallback-conformance`.
public enum ExitStatus {
    /// The target conforms (known failures excused), or the command succeeded.
    public static let success: Int32 = 0
    /// A conformance failure, a rejected URL for `parse`, or an unknown id for `show`.
    public static let failure: Int32 = 1
    /// The command line is wrong (sysexits EX_USAGE).
    public static let usage: Int32 = 64
    /// The run could not happen: unreadable vectors or known-failures file, missing target program, unwritable output (EX_SOFTWARE).
    public static let cannotRun: Int32 = 70
    /// Standard output could not be written: a closed pipe or a full disk (sysexits EX_IOERR).
    public static let outputFailed: Int32 = 74
    /// The run was stopped by SIGINT (128 + 2); the report of what ran is written, marked incomplete.
    public static let interrupted: Int32 = 130
    /// The run was stopped by SIGTERM (128 + 15); the report of what ran is written, marked incomplete.
    public static let terminated: Int32 = 143
}
