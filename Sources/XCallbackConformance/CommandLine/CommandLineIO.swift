import Foundation

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

    /// The process's own standard streams; writes are unbuffered, so every line reaches a pipe at once.
    public static var process: CommandLineIO {
        CommandLineIO(
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
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
}
