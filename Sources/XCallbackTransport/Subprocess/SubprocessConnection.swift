// The conversation with one target program: launch, handshake, one request and one answer at a time,
// and the recovery rules of PROTOCOL.md §4. Every failure of the target becomes a `TargetBreakage` for
// the request that saw it, the process is killed, and the next request starts a fresh one.

import Foundation
import XCallbackConformanceCore

/// The outcome of one request/answer exchange.
enum Exchange {
    /// The answer message, with the right `seq`.
    case answer(JSONValue)
    /// The target broke; the vector fails with this.
    case broken(TargetBreakage)
}

/// How starting the target ended.
enum StartOutcome {
    /// The handshake succeeded.
    case ready(ProtocolHello)
    /// The target could not be started or failed the handshake.
    case failed(TargetBreakage)
}

/// Owns the target process; a lock serialises requests, so the connection can be shared between tasks.
package final class SubprocessConnection: @unchecked Sendable {
    let command: TargetCommand
    let executable: URL
    let configuration: SubprocessConfiguration
    private let lock = NSLock()
    private var child: ChildProcess?
    private var nextSeq = 1
    private var consecutiveStartFailures = 0
    private var lastStartProblem: String?
    private var counters = SubprocessStatistics()
    /// The most requests one `batch` message may carry, from the last hello (1: protocol 1, no batches).
    private var batchLimit = 1
    /// The vector id of each recent request, by seq, to blame an answer that arrives twice on its own vector.
    private var owners: [Int: String] = [:]
    private var lateBreakages: [String: TargetBreakage] = [:]

    init(command: TargetCommand, executable: URL, configuration: SubprocessConfiguration) {
        self.command = command
        self.executable = executable
        self.configuration = configuration
    }

    deinit { child?.kill() }

    /// How the detail of a breakage that a stop request made begins: the target did nothing wrong.
    package static let stoppedDetail = "the run was stopped before"

    /// Counters for benchmarks and tests.
    var statistics: SubprocessStatistics { lock.withLock { counters } }

    /// Starts the target and performs the handshake; returns its hello or the breakage that prevented it.
    func start() -> StartOutcome {
        lock.withLock { launch() }
    }

    /// Sends one request for `input` and waits for its answer, restarting the target first when needed.
    func exchange(_ input: VectorInput, id: String?) -> Exchange {
        lock.withLock { exchangeLocked(input, id: id) }
    }

    private func exchangeLocked(_ input: VectorInput, id: String?) -> Exchange {
        // A stopping run neither restarts the target nor sends it anything new.
        let stopped = Exchange.broken(TargetBreakage(.timedOut, Self.stoppedDetail + " the request was sent"))
        if configuration.stopRequest?() == true { return stopped }
        if child == nil, case .failed(let breakage) = launch() {
            return configuration.stopRequest?() == true ? stopped : .broken(breakage)  // a handshake the stop cut short
        }
        guard let process = child else { return .broken(TargetBreakage(.crashed, "the target is not running")) }
        let seq = nextSeq
        nextSeq += 1
        counters.requests += 1
        if let id { owners[seq] = id }
        owners[seq - 64] = nil
        let message = ConformanceProtocol.request(input, seq: seq, id: id)
        let result = roundTrip(message, on: process, timeout: configuration.timeout, seq: seq)
        if configuration.mode == .processPerRequest, child != nil {
            stopLocked()
        }
        return result
    }

    /// The most requests in one batch message, from the target's hello (1 for a protocol-1 target).
    var batchSize: Int { lock.withLock { batchLimit } }

    /// Sends `inputs` in `batch` messages of at most the hello's limit (one request at a time for a
    /// protocol-1 target) and returns one exchange per input, in order.
    ///
    /// A batch that breaks (a crash, a timeout, an unreadable or missing answer) keeps the answers that
    /// came before the breakage; every request left without an answer is then sent again on its own, to a
    /// restarted target, so a breakage is the finding of the one input that causes it on its own.
    ///
    /// `breakagesInARow` counts the exchanges that broke since the last answer, across calls; once it
    /// reaches `giveUpAt`, no request is sent again and fewer exchanges than inputs are returned.
    func exchangeBatch(_ inputs: [VectorInput], breakagesInARow: inout Int, giveUpAt limit: Int? = nil) -> [Exchange] {
        lock.withLock {
            var results: [Exchange] = []
            results.reserveCapacity(inputs.count)
            var index = 0
            while inputs.count - index > 1 {
                if child == nil, case .failed = launch() { break }
                guard let process = child, batchLimit > 1, configuration.mode == .persistent else { break }
                let chunk = inputs[index..<min(index + batchLimit, inputs.count)]
                let answers = batchRoundTrip(chunk, on: process)
                results += answers.map { .answer($0) }
                index += answers.count
                if answers.count < chunk.count {
                    counters.batchFallbacks += 1
                    break
                }
            }
            if !results.isEmpty { breakagesInARow = 0 }
            while index < inputs.count {
                if let limit, breakagesInARow >= limit { break }
                let exchange = exchangeLocked(inputs[index], id: nil)
                if case .broken = exchange { breakagesInARow += 1 } else { breakagesInARow = 0 }
                results.append(exchange)
                index += 1
            }
            return results
        }
    }

    /// Writes one `batch` message for `inputs` and reads their answers, one line each; returns the answers
    /// read before the first problem (all of them when there is none). After a problem the process is killed.
    private func batchRoundTrip(_ inputs: ArraySlice<VectorInput>, on process: ChildProcess) -> [JSONValue] {
        let first = nextSeq
        nextSeq += inputs.count
        counters.requests += inputs.count
        counters.batches += 1
        owners[first - 64] = nil
        var line = Array(#"{"cmd":"batch","requests":["#.utf8)
        for (offset, input) in inputs.enumerated() {
            if offset > 0 { line.append(UInt8(ascii: ",")) }
            ConformanceProtocol.appendRequest(input, seq: first + offset, to: &line)
        }
        line += "]}".utf8
        let timeout = configuration.timeout + .milliseconds(line.count * 1_000 / 1_048_576)
        if case .broken = send(line, to: process, timeout: timeout, deadline: ContinuousClock.now + timeout) { return [] }
        var answers: [JSONValue] = []
        answers.reserveCapacity(inputs.count)
        for offset in 0..<inputs.count {
            // Each answer is allowed the request timeout from the one before it (the first, from the write).
            switch read(from: process, timeout: timeout, deadline: ContinuousClock.now + timeout, seq: first + offset) {
            case .answer(let value): answers.append(value)
            case .broken(let breakage):
                configuration.transcript?.note(
                    "the batch of seq \(first)...\(first + inputs.count - 1) broke at seq \(first + offset) (\(breakage.kind.rawValue)); "
                        + "the requests without an answer are sent again one at a time")
                return answers
            }
        }
        return answers
    }

    /// Breakages found after their vector's result was recorded (an answer sent twice), by vector id; emptied by the call.
    ///
    /// Waits up to `settle` for answers still on their way, so a duplicate of the last answer is seen too.
    func takeLateBreakages(settle: Duration) -> [String: TargetBreakage] {
        lock.withLock {
            if let process = child {
                let deadline = ContinuousClock.now + settle
                while case .line(let bytes) = process.readLine(deadline: deadline, limit: configuration.maxAnswerBytes) {
                    configuration.transcript?.received(bytes)
                    let value = try? JSONValue(parsing: bytes)
                    if !recordDuplicate(value, text: String(decoding: bytes, as: UTF8.self), before: nextSeq) {
                        _ = fail(process, .unreadableAnswer, "the target sent a line nobody asked for")
                        break
                    }
                }
            }
            defer { lateBreakages = [:] }
            return lateBreakages
        }
    }

    /// Records `value` as a second answer to an earlier request when its seq names one; returns whether it did.
    private func recordDuplicate(_ value: JSONValue?, text: String, before seq: Int) -> Bool {
        guard let number = value?["seq"]?.numberValue, number < Double(seq), number >= 1, number == number.rounded(),
            let owner = owners[Int(number)]
        else { return false }
        lateBreakages[owner] = TargetBreakage(
            .unreadableAnswer, "the target answered this request (seq \(Int(number))) twice; the extra answer: \(excerpt(text))")
        return true
    }

    /// Sends `stop` and lets the target exit; the next request starts it again.
    func stop() {
        lock.withLock { stopLocked() }
    }

    private func stopLocked() {
        guard let process = child else { return }
        child = nil
        let stop = Array(ConformanceProtocol.stopMessage.compactText.utf8)
        configuration.transcript?.sent(stop)
        _ = process.write(stop + [UInt8(ascii: "\n")], deadline: .now + .milliseconds(200))
        process.end(grace: .seconds(1))
        configuration.transcript?.note("stopped: the target \(process.exitDescription)")
    }

    // MARK: - Launch and handshake

    private func launch() -> StartOutcome {
        if consecutiveStartFailures >= configuration.maxConsecutiveStartFailures {
            return .failed(
                TargetBreakage(
                    .crashed,
                    "not restarted: the target failed to start \(consecutiveStartFailures) times in a row; last time: "
                        + (lastStartProblem ?? "unknown")))
        }
        counters.launches += 1
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: executable, arguments: Array(command.words.dropFirst()),
                environment: configuration.environment, tailLimit: configuration.stderrTailBytes)
        } catch {
            return startFailed(TargetBreakage(.crashed, "could not launch \(command): \(error)"))
        }
        child = process
        configuration.transcript?.note("launched \(command) as process \(process.pid)")
        let start = ConformanceProtocol.startMessage(suiteVersion: configuration.suiteVersion, offeringBatches: configuration.batches)
        switch roundTrip(start, on: process, timeout: configuration.handshakeTimeout, seq: nil) {
        case .broken(let breakage):
            return startFailed(
                TargetBreakage(breakage.kind, "the handshake failed: " + breakage.detail))
        case .answer(let message):
            do {
                let hello = try ProtocolHello(message: message)
                consecutiveStartFailures = 0
                // Batches only when `start` offered them; a protocol-2 hello to a runner that did not is still read.
                batchLimit = configuration.batches ? hello.batchLimit : 1
                return .ready(hello)
            } catch {
                kill(process)
                return startFailed(
                    TargetBreakage(
                        .unreadableAnswer,
                        "the handshake failed: the hello's \(error.path) should be \(error.expected), found \(error.found)"
                    ))
            }
        }
    }

    private func startFailed(_ breakage: TargetBreakage) -> StartOutcome {
        consecutiveStartFailures += 1
        lastStartProblem = breakage.detail
        return .failed(breakage)
    }

    // MARK: - One exchange

    /// Writes `message`, reads one line, and checks it is a JSON object with `seq` (when given).
    ///
    /// The time allowed starts once the request is encoded, so the runner's own work is not the target's,
    /// and grows by one second per MiB of request: a megabyte vector is a test of the target, not a race.
    private func roundTrip(_ message: JSONValue, on process: ChildProcess, timeout base: Duration, seq: Int?) -> Exchange {
        let line = Array(message.compactText.utf8)
        // Whole milliseconds, so a request under about 1 KB keeps the base and the messages stay round.
        let timeout = base + .milliseconds(line.count * 1_000 / 1_048_576)
        let deadline = ContinuousClock.now + timeout
        if case .broken(let breakage) = send(line, to: process, timeout: timeout, deadline: deadline) { return .broken(breakage) }
        return read(from: process, timeout: timeout, deadline: deadline, seq: seq)
    }

    /// Writes one line; returns `.broken` (the process killed) when the target does not take it.
    private func send(_ line: [UInt8], to process: ChildProcess, timeout: Duration, deadline: ContinuousClock.Instant) -> Exchange? {
        configuration.transcript?.sent(line)
        switch process.write(line + [UInt8(ascii: "\n")], deadline: deadline) {
        case .written:
            return nil
        case .timedOut:
            return fail(process, .timedOut, "the target did not read its stdin within \(seconds(timeout))")
        case .brokenPipe:
            let what = process.waitForExit(within: .milliseconds(500)) ? exitWords(process) : "closed its stdin"
            return fail(process, .crashed, "the target \(what) before reading the request")
        }
    }

    /// Reads the answer to request `seq` (the hello when nil), skipping second answers to earlier requests.
    private func read(from process: ChildProcess, timeout: Duration, deadline: ContinuousClock.Instant, seq: Int?) -> Exchange {
        while true {
            let stop = configuration.stopRequest ?? { false }
            let read = process.readLine(deadline: deadline, limit: configuration.maxAnswerBytes, interrupted: stop)
            if case .line(let bytes) = read { configuration.transcript?.received(bytes) }
            if let seq, case .line(let bytes) = read,
                recordDuplicate(try? JSONValue(parsing: bytes), text: String(decoding: bytes, as: UTF8.self), before: seq)
            {
                continue  // a second answer to an earlier request: that request's vector fails, not this one
            }
            return answer(read, from: process, timeout: timeout, seq: seq)
        }
    }

    /// Checks one read line: a JSON object with the request's `seq` (when given) that meets the schema.
    private func answer(_ read: LineRead, from process: ChildProcess, timeout: Duration, seq: Int?) -> Exchange {
        switch read {
        case .interrupted:
            return fail(process, .timedOut, Self.stoppedDetail + " the target answered")
        case .timedOut:
            return fail(process, .timedOut, "no answer within \(seconds(timeout))")
        case .tooLong(let count):
            return fail(
                process, .unreadableAnswer,
                "the answer grew past \(configuration.maxAnswerBytes) bytes (\(count) read) without a newline")
        case .endOfFile:
            _ = process.waitForExit(within: .milliseconds(500))
            let what = process.isRunning ? "closed its stdout" : exitWords(process)
            return fail(process, .crashed, "the target \(what) before answering")
        case .line(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            let value: JSONValue
            do {
                value = try JSONValue(parsing: bytes)
            } catch {
                return fail(process, .unreadableAnswer, "the answer is not JSON (\(error)): \(excerpt(text))")
            }
            guard value.objectValue != nil else {
                return fail(process, .unreadableAnswer, "the answer is a JSON \(value.typeName), not an object: \(excerpt(text))")
            }
            if let seq {
                guard let got = value["seq"]?.numberValue, got == Double(seq) else {
                    let found = value["seq"].map { seq in
                        seq.numberValue.map { $0.isFinite ? seq.compactText : "a number too large to be a seq" }
                            ?? "\(seq.typeName) \(excerpt(seq.compactText))"
                    } ?? "missing"
                    return fail(process, .unreadableAnswer, "the answer's seq is \(found), the request's was \(seq)")
                }
            }
            if let schemas = configuration.schemas, let violations = schemas.violations(of: value, hello: seq == nil) {
                return fail(process, .unreadableAnswer, "the \(seq == nil ? "hello" : "answer") breaks its schema: \(violations)")
            }
            return .answer(value)
        }
    }

    /// Kills the process after a failure and returns the breakage, with the process's end and stderr tail.
    private func fail(_ process: ChildProcess, _ kind: BreakageKind, _ detail: String) -> Exchange {
        process.collectStderr(until: .now + .milliseconds(kind == .crashed ? 300 : 50))
        let tail = process.stderrTail
        kill(process)
        counters.breakages += 1
        configuration.transcript?.note("\(kind.rawValue): \(detail)")
        var text = detail
        if !tail.isEmpty {
            text += "\nstderr (last \(tail.utf8.count) bytes):\n" + tail
        }
        return .broken(TargetBreakage(kind, text))
    }

    private func kill(_ process: ChildProcess) {
        process.kill()
        if child === process { child = nil }
    }

    private func exitWords(_ process: ChildProcess) -> String {
        _ = process.waitForExit(within: .milliseconds(500))
        return process.exitDescription
    }

    private func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return "\(value) s"
    }

    private func excerpt(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)).debugDescription + "…" : text.debugDescription
    }
}
