// `--transcript FILE`: every line exchanged with a subprocess target, as sent and as received, with the
// time since the run started, for debugging an adapter. Lines are written as they happen, so a
// transcript of a run that hung or was interrupted shows the last exchange.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file recording the raw conversation with a target: `0.012 > request`, `0.013 < answer`, `0.020 # event`.
public final class Transcript: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private let start = ContinuousClock.now

    /// Creates (or truncates) the transcript file at `path`.
    ///
    /// - Throws: a `TranscriptError` when the file cannot be opened.
    public init(path: String) throws(TranscriptError) {
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw TranscriptError(path: path, reason: String(cString: strerror(errno))) }
        fd = opened
    }

    deinit { close(fd) }

    /// Records a line the runner sent (without its newline).
    func sent(_ bytes: [UInt8]) { record(">", bytes) }

    /// Records a line the target wrote (without its newline), byte for byte.
    func received(_ bytes: [UInt8]) { record("<", bytes) }

    /// Records an event: a launch, a breakage, a stop.
    func note(_ text: String) { record("#", Array(text.replacingOccurrences(of: "\n", with: "\n    ").utf8)) }

    private func record(_ direction: String, _ bytes: [UInt8]) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let stamp = String(format: "%.3f", seconds)
        var line = Array("\(stamp) \(direction) ".utf8) + bytes
        line.append(UInt8(ascii: "\n"))
        lock.withLock {
            var rest = line[...]
            while !rest.isEmpty {
                let count = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }  // a full disk must not stop the run; the transcript is best effort
                rest = rest.dropFirst(count)
            }
        }
    }
}

/// A transcript file that cannot be opened.
public struct TranscriptError: Error, CustomStringConvertible {
    /// The path given.
    public var path: String
    /// Why it cannot be opened.
    public var reason: String
    /// `cannot open the transcript PATH: REASON`.
    public var description: String { "cannot open the transcript \(path): \(reason)" }
}
