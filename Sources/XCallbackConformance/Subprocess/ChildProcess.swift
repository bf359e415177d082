// One running target process and its three pipes.
//
// The runner never blocks without a deadline: stdin is written non-blocking with `poll(2)` for room,
// stdout is read through our own buffer with `poll(2)` and a deadline, and stderr is drained into a
// bounded tail whenever we wait, so a chatty target can never fill its stderr pipe and stall.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What waiting for one line of the target's stdout produced.
enum LineRead {
    /// A complete line, without its `\n`.
    case line([UInt8])
    /// The deadline passed first.
    case timedOut
    /// Stdout reached end of file, or the process exited, before a complete line.
    case endOfFile
    /// The line grew past the size limit before its `\n`.
    case tooLong(Int)
}

/// A launched target process with deadline-bounded line I/O; not thread-safe, its owner serialises access.
final class ChildProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var pending: [UInt8] = []
    private var scanned = 0
    private var stderrOpen = true
    private var stdoutOpen = true
    private var tail: [UInt8] = []
    private let tailLimit: Int

    /// Launches `executable` with `arguments`.
    ///
    /// - Throws: when the executable cannot be started.
    init(executable: URL, arguments: [String], environment: [String: String]?, tailLimit: Int) throws {
        ChildProcess.ignoreBrokenPipes()
        self.tailLimit = tailLimit
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writeEnd = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit { kill() }

    /// Ignores SIGPIPE once per process, so a write to a dead target is an `EPIPE` error, not our death.
    static func ignoreBrokenPipes() {
        _ = ignoreOnce
    }

    private static let ignoreOnce: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    // MARK: - Writing

    /// How writing a request ended.
    enum WriteResult {
        /// Every byte was written.
        case written
        /// The target closed its stdin (EPIPE) or the write failed.
        case brokenPipe
        /// The pipe stayed full until the deadline.
        case timedOut
    }

    /// Writes `bytes` to the target's stdin before `deadline`, never blocking past it.
    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) -> WriteResult {
        let fd = input.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0, errno == EINTR { continue }
            guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return .brokenPipe }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard let wait = milliseconds(until: deadline), wait > 0 else { return .timedOut }
            _ = poll(&descriptor, 1, Int32(min(wait, 100)))
            drainStderr()
        }
        return .written
    }

    /// Closes the target's stdin, which tells a well-behaved target to exit.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    // MARK: - Reading

    /// Reads one line from stdout, waiting until `deadline`, refusing lines longer than `limit` bytes.
    func readLine(deadline: ContinuousClock.Instant, limit: Int) -> LineRead {
        while true {
            if let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                scanned = 0
                return .line(line)
            }
            scanned = pending.count
            if pending.count > limit { return .tooLong(pending.count) }
            guard stdoutOpen else { return .endOfFile }
            guard let wait = milliseconds(until: deadline), wait > 0 else { return .timedOut }
            let readable = waitForInput(milliseconds: min(wait, 50))
            if readable.stdout {
                if read(from: output.fileHandleForReading.fileDescriptor, into: &pending) == 0 { stdoutOpen = false }
            } else if !process.isRunning {
                // The process is gone; a copy of the pipe held elsewhere must not turn that into a timeout.
                drainStdout()
                if !pending.contains(UInt8(ascii: "\n")) { stdoutOpen = false }
            }
        }
    }

    /// Waits up to `milliseconds` for stdout or stderr; stderr data is moved to the tail at once.
    private func waitForInput(milliseconds: Int) -> (stdout: Bool, stderr: Bool) {
        var descriptors = [pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        if stderrOpen {
            descriptors.append(pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds))
        guard ready > 0 else { return (false, false) }
        let mask = Int16(POLLIN | POLLHUP | POLLERR)
        let errReady = descriptors.count > 1 && descriptors[1].revents & mask != 0
        if errReady { readStderrOnce() }
        return (descriptors[0].revents & mask != 0, errReady)
    }

    private func drainStdout() {
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, read(from: fd, into: &pending) > 0 else { return }
        }
    }

    /// Moves whatever stderr holds right now into the tail, without waiting.
    func drainStderr() {
        while stderrOpen {
            var descriptor = pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return }
            readStderrOnce()
        }
    }

    /// Collects stderr until it closes or `deadline` passes, for the last words of a dying target.
    func collectStderr(until deadline: ContinuousClock.Instant) {
        while stderrOpen, let wait = milliseconds(until: deadline), wait > 0 {
            var descriptor = pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(min(wait, 50))) > 0 {
                readStderrOnce()
            } else if !process.isRunning {
                drainStderr()
                return
            }
        }
    }

    private func readStderrOnce() {
        var chunk: [UInt8] = []
        if read(from: errors.fileHandleForReading.fileDescriptor, into: &chunk) == 0 {
            stderrOpen = false
            return
        }
        tail.append(contentsOf: chunk)
        if tail.count > tailLimit { tail.removeFirst(tail.count - tailLimit) }
    }

    /// Reads once from `fd` and appends to `buffer`; returns the byte count, 0 at end of file or on error.
    private func read(from fd: Int32, into buffer: inout [UInt8]) -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return 0 }
            buffer.append(contentsOf: chunk[..<count])
            return count
        }
    }

    /// The last bytes the target wrote to stderr, as text.
    var stderrTail: String {
        drainStderr()
        return String(decoding: tail, as: UTF8.self)
    }

    // MARK: - Ending

    /// Waits up to `grace` for the process to exit by itself, then sends SIGTERM, then SIGKILL.
    func end(grace: Duration) {
        closeInput()
        if waitForExit(within: grace) { return }
        process.terminate()
        if waitForExit(within: .milliseconds(500)) { return }
        kill()
    }

    /// Kills the process at once with SIGKILL and reaps it.
    func kill() {
        if process.isRunning {
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        closeInput()
    }

    /// Returns `true` once the process has exited, or `false` when `duration` passed first.
    func waitForExit(within duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while process.isRunning {
            guard ContinuousClock.now < deadline else { return false }
            drainStderr()
            usleep(5000)
        }
        return true
    }

    /// How the process ended, for failure details: `exited with status 3`, `killed by signal 9`, or `still running`.
    var exitDescription: String {
        if process.isRunning { return "still running" }
        switch process.terminationReason {
        case .uncaughtSignal: return "killed by signal \(process.terminationStatus)"
        default: return "exited with status \(process.terminationStatus)"
        }
    }

    private func milliseconds(until deadline: ContinuousClock.Instant) -> Int? {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1
    }
}
