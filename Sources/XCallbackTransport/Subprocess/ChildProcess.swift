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
    /// The run was asked to stop (SIGINT, SIGTERM) while waiting.
    case interrupted
}

/// A launched target process with deadline-bounded line I/O; not thread-safe, its owner serialises access.
///
/// The process leads its own process group; ending it kills the whole group, so a helper the target
/// forked (or a shell wrapper's background job) never outlives it, and every descriptor is closed.
package final class ChildProcess {
    /// The process id, which is also its process group id.
    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private var waitStatus: Int32?
    private var killed = false
    private var pending: [UInt8] = []
    private var scanned = 0
    private var stderrOpen = true
    private var stdoutOpen = true
    private var tail: [UInt8] = []
    private let tailLimit: Int

    /// Launches `executable` with `arguments` in a new process group.
    ///
    /// - Throws: a `SpawnError` when the pipes cannot be made or the executable cannot be started.
    init(executable: URL, arguments: [String], environment: [String: String]?, tailLimit: Int) throws(SpawnError) {
        ChildProcess.ignoreBrokenPipes()
        self.tailLimit = tailLimit
        spawnLock.lock()
        defer { spawnLock.unlock() }
        let stdinPipe = try PipeDescriptors()
        let stdoutPipe: PipeDescriptors
        let stderrPipe: PipeDescriptors
        do {
            stdoutPipe = try PipeDescriptors()
        } catch {
            for fd in [stdinPipe.read, stdinPipe.write] { close(fd) }
            throw error
        }
        do {
            stderrPipe = try PipeDescriptors()
        } catch {
            for fd in [stdinPipe.read, stdinPipe.write, stdoutPipe.read, stdoutPipe.write] { close(fd) }
            throw error
        }
        defer { for fd in [stdinPipe.read, stdoutPipe.write, stderrPipe.write] { close(fd) } }
        do {
            pid = try spawnProcessGroupLeader(
                executable: executable.path, arguments: arguments, environment: environment,
                stdin: stdinPipe.read, stdout: stdoutPipe.write, stderr: stderrPipe.write)
        } catch {
            for fd in [stdinPipe.write, stdoutPipe.read, stderrPipe.read] { close(fd) }
            throw error
        }
        input = stdinPipe.write
        output = stdoutPipe.read
        errors = stderrPipe.read
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    }

    deinit { kill() }

    /// Ignores SIGPIPE once per process, so a write to a dead target is an `EPIPE` error, not our death.
    package static func ignoreBrokenPipes() {
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
        let fd = input
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
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    // MARK: - Reading

    /// Reads one line from stdout, waiting until `deadline`, refusing lines longer than `limit` bytes.
    func readLine(deadline: ContinuousClock.Instant, limit: Int, interrupted: () -> Bool = { false }) -> LineRead {
        while true {
            if interrupted() { return .interrupted }
            if let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                scanned = 0
                return .line(line)
            }
            scanned = pending.count
            if pending.count > limit { return .tooLong(pending.count) }
            guard stdoutOpen else { return .endOfFile }
            // Past the deadline, one last look without waiting, so data already in the pipe is still read.
            let wait = milliseconds(until: deadline) ?? 0
            let readable = waitForInput(milliseconds: min(wait, 50))
            if wait == 0, !readable.stdout { return .timedOut }
            if readable.stdout {
                if read(from: output, into: &pending) == 0 { stdoutOpen = false }
            } else if !isRunning {
                // The process is gone; a copy of the pipe held elsewhere must not turn that into a timeout.
                drainStdout()
                if !pending.contains(UInt8(ascii: "\n")) { stdoutOpen = false }
            }
        }
    }

    /// Waits up to `milliseconds` for stdout or stderr; stderr data is moved to the tail at once.
    private func waitForInput(milliseconds: Int) -> (stdout: Bool, stderr: Bool) {
        var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        if stderrOpen {
            descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds))
        guard ready > 0 else { return (false, false) }
        let mask = Int16(POLLIN | POLLHUP | POLLERR)
        let errReady = descriptors.count > 1 && descriptors[1].revents & mask != 0
        if errReady { readStderrOnce() }
        return (descriptors[0].revents & mask != 0, errReady)
    }

    private func drainStdout() {
        let fd = output
        while true {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, read(from: fd, into: &pending) > 0 else { return }
        }
    }

    /// Moves whatever stderr holds right now into the tail, without waiting.
    func drainStderr() {
        while stderrOpen {
            var descriptor = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return }
            readStderrOnce()
        }
    }

    /// Collects stderr until it closes or `deadline` passes, for the last words of a dying target.
    func collectStderr(until deadline: ContinuousClock.Instant) {
        while stderrOpen, let wait = milliseconds(until: deadline), wait > 0 {
            var descriptor = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(min(wait, 50))) > 0 {
                readStderrOnce()
            } else if !isRunning {
                drainStderr()
                return
            }
        }
    }

    private func readStderrOnce() {
        var chunk: [UInt8] = []
        if read(from: errors, into: &chunk) == 0 {
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

    /// Whether the process has not exited yet; reaps it when it has, without waiting.
    var isRunning: Bool {
        if waitStatus != nil { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            waitStatus = status
            return false
        }
        if result < 0, errno == ECHILD { waitStatus = 0 }
        return result == 0
    }

    /// Waits up to `grace` for the process to exit by itself, then sends SIGTERM to its group, then SIGKILL.
    func end(grace: Duration) {
        closeInput()
        if !waitForExit(within: grace) {
            signalGroup(SIGTERM)
            _ = waitForExit(within: .milliseconds(500))
        }
        kill()
    }

    /// Kills the process group with SIGKILL, reaps the process (within 2 s) and closes every descriptor.
    ///
    /// The group is killed even when the leader already exited, so that no descendant outlives the target.
    func kill() {
        guard !killed else { return }
        killed = true
        signalGroup(SIGKILL)
        _ = waitForExit(within: .seconds(2))
        closeInput()
        for fd in [output, errors] where fd >= 0 { close(fd) }
        output = -1
        errors = -1
        stdoutOpen = false
        stderrOpen = false
    }

    private func signalGroup(_ signal: Int32) {
        // The group outlives its leader while a member lives; a group that is gone answers ESRCH.
        _ = killpg(pid, signal)
        if isRunning { _ = Foundation.kill(pid, signal) }
    }

    /// Returns `true` once the process has exited, or `false` when `duration` passed first.
    func waitForExit(within duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while isRunning {
            guard ContinuousClock.now < deadline else { return false }
            drainStderr()
            usleep(2000)
        }
        return true
    }

    /// How the process ended, in words: `exited with status 3`, `was killed by signal 9 (SIGKILL)`, `is still running`.
    var exitDescription: String {
        guard !isRunning, let waitStatus else { return "is still running" }
        return describeWaitStatus(waitStatus)
    }

    private func milliseconds(until deadline: ContinuousClock.Instant) -> Int? {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1
    }
}
