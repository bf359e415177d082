// Protocol 2: a batch of requests per round trip. A correct batch gives the answers one request at a
// time would; a crash, hang or unreadable answer in the middle of a batch is the finding of the one
// input that causes it; a short or garbled batch answer never takes the fuzzer down; an adapter that
// speaks only protocol 1 is fuzzed one request at a time, as before.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

private let trigger = Array("s://x-callback-url/a?k=v#f".utf8)

/// The fixture adapter in `mode`, optionally held to protocol 1.
private func fixture(_ mode: String, protocol1: Bool = false, timeout: Duration = .milliseconds(300)) throws -> SubprocessTarget {
    var configuration = SubprocessConfiguration()
    configuration.timeout = timeout
    let words = ["python3", FuzzFixtures.adapter, mode] + (protocol1 ? ["protocol1"] : [])
    return try SubprocessTarget(command: TargetCommand(words), configuration: configuration)
}

/// Inputs of every operation: parses (one not UTF-8), a build-request and a build-callback case.
private let mixedInputs: [[UInt8]] = [
    Array("app://x-callback-url/run?text=a%26b&x-success=s%3A%2F%2Fx-callback-url%2Fok".utf8),
    Array("s://x-callback-url/a?k=%zz".utf8),
    [0x73, 0x3A, 0xFF],
    [0x01, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46],
    [0x02, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70],
    Array("x://x-callback-url/open?x-error=y%3A%2F%2Fx-callback-url%2Fe#top".utf8),
]

/// An engine over `target` that batches when the target's hello allows it.
private func batchedEngine(_ target: SubprocessTarget, seed: UInt64 = 1, runs: Int) -> (FuzzEngine<DifferentialDriver<FuzzBatchTarget>>, FuzzBatchTarget) {
    let batched = FuzzBatchTarget(target, preferred: 16)
    let engine = FuzzEngine(driver: DifferentialDriver(target: batched), configuration: .init(seed: seed, runs: runs), batchSource: batched)
    return (engine, batched)
}

@Suite(.serialized) struct FuzzBatchTests {
    @Test func theHandshakeOffersBatchesAndEachSideKeepsProtocolOneWorking() throws {
        let start = ConformanceProtocol.startMessage(suiteVersion: "2.0.0")
        #expect(start["protocol"] == .number(1))
        #expect(start["protocols"] == [1, 2])
        #expect(ConformanceProtocol.startMessage(suiteVersion: "2.0.0", offeringBatches: false)["protocols"] == nil)
        let server = ProtocolServer(target: ReferenceTarget())
        guard case .line(let offered) = server.respond(to: start.compactText),
            case .line(let plain) = server.respond(to: #"{"cmd":"start","protocol":1}"#)
        else {
            Issue.record("no hello")
            return
        }
        let batchHello = try ProtocolHello(message: try JSONValue(parsing: offered))
        #expect(batchHello.batchLimit == 256)
        #expect(try JSONValue(parsing: offered)["protocol"] == .number(2))
        #expect(try ProtocolHello(message: try JSONValue(parsing: plain)).batchLimit == 1)
        #expect(try SampleRun.schema("start.schema.json").validate(start).isEmpty)
        #expect(try SampleRun.schema("hello.schema.json").validate(try JSONValue(parsing: offered)).isEmpty)
        #expect(try SampleRun.schema("hello.schema.json").validate(try JSONValue(parsing: plain)).isEmpty)
        // A protocol-2 hello must say its batch size.
        let noBatch = try JSONValue(parsing: #"{"protocol":2,"implementation":{"name":"x","version":"1"},"operations":["parse"]}"#)
        #expect(throws: VectorLoadError.self) { try ProtocolHello(message: noBatch) }
        #expect(try !SampleRun.schema("hello.schema.json").isValid(noBatch))
    }

    @Test func theServerAnswersABatchWithOneLinePerRequestInOrder() throws {
        let server = ProtocolServer(target: ReferenceTarget())
        let requests = mixedInputs.enumerated().map { index, input in
            ConformanceProtocol.request(DifferentialDriver<ReferenceTarget>.targetInput(for: input), seq: index + 10, id: nil)
        }
        let batch: JSONValue = ["cmd": "batch", "requests": .array(requests)]
        #expect(try SampleRun.schema("batch.schema.json").validate(batch).isEmpty)
        guard case .lines(let lines) = server.respond(to: batch.compactText) else {
            Issue.record("no answers")
            return
        }
        #expect(lines.count == requests.count)
        for (index, (line, request)) in zip(lines, requests).enumerated() {
            guard case .line(let single) = server.respond(to: request.compactText) else {
                Issue.record("no single answer")
                continue
            }
            #expect(line == single)
            #expect(try JSONValue(parsing: line)["seq"] == .number(Double(index + 10)))
        }
    }

    @Test func aBatchRequestIsWrittenAsTheJSONWriterWritesIt() throws {
        var inputs = mixedInputs
        for byte in UInt8(0)...UInt8(255) { inputs.append(Array("s://x-callback-url/a?k=".utf8) + [byte, 0x22, 0x5C, byte]) }
        inputs.append(Array("é\u{0}\u{7F}\u{2028}😀".utf8))
        for (index, input) in inputs.enumerated() {
            let vectorInput = DifferentialDriver<ReferenceTarget>.targetInput(for: input)
            var line: [UInt8] = []
            ConformanceProtocol.appendRequest(vectorInput, seq: index * 977 + 1, to: &line)
            #expect(line == Array(ConformanceProtocol.request(vectorInput, seq: index * 977 + 1, id: nil).compactText.utf8))
        }
    }

    @Test func aBatchGivesTheAnswersOneRequestAtATimeGives() throws {
        let target = try fixture("clean", timeout: .seconds(2))
        defer { target.stop() }
        #expect(target.batchLimit == 256)
        let inputs = mixedInputs.map { DifferentialDriver<ReferenceTarget>.targetInput(for: $0) }
        let batched = target.answers(for: inputs + inputs)
        #expect(target.statistics.batches == 1)
        #expect(target.statistics.batchFallbacks == 0)
        #expect(batched.count == inputs.count * 2)
        for (input, answer) in zip(inputs + inputs, batched) {
            switch (input, answer) {
            case (.parseBytes(let bytes), .parse(let got)):
                #expect("\(got)" == "\(target.parse(utf8: bytes))")
            case (.buildRequest(let request), .build(let got)):
                #expect("\(got)" == "\(target.buildRequest(request))")
            case (.buildCallback(let response), .build(let got)):
                #expect("\(got)" == "\(target.buildCallback(response))")
            default:
                Issue.record("an answer of the wrong kind for \(input)")
            }
        }
        #expect(target.statistics.launches == 1)
    }

    @Test(arguments: ["crash", "hang", "garble"])
    func aBreakageInTheMiddleOfABatchBelongsToTheInputThatCausesIt(mode: String) throws {
        let target = try fixture(mode)
        defer { target.stop() }
        let good = Array("t://x-callback-url/b?k=1".utf8)
        let inputs: [VectorInput] = [good, good, trigger, good, good].map { .parseBytes($0) }
        let answers = target.answers(for: inputs)
        #expect(answers.count == 5)
        for (index, answer) in answers.enumerated() {
            guard case .parse(let parsed) = answer else {
                Issue.record("not a parse answer")
                continue
            }
            if index == 2 {
                guard case .broken(let breakage) = parsed else {
                    Issue.record("the trigger's answer is \(parsed)")
                    continue
                }
                let kind: BreakageKind = mode == "crash" ? .crashed : mode == "hang" ? .timedOut : .unreadableAnswer
                #expect(breakage.kind == kind)
            } else {
                guard case .accepted = parsed else {
                    Issue.record("input \(index) answered \(parsed)")
                    continue
                }
            }
        }
        #expect(target.statistics.batchFallbacks == 1)

        // And through the fuzz engine: one finding, on the trigger, and the run goes on.
        let (engine, _) = batchedEngine(try fixture(mode), runs: 150)
        let summary = engine.run()
        #expect(summary.executions == 150)
        let finding = try #require(summary.findings.first)
        #expect(summary.findings.count == 1, "\(summary.findings.map(\.key))")
        #expect(finding.failure.rule == "differential/must/no-error")
        #expect(finding.failure.input == trigger)
    }

    @Test(arguments: ["short-batch", "garbled-batch"])
    func aShortOrGarbledBatchAnswerIsSentAgainOneRequestAtATime(mode: String) throws {
        let target = try fixture(mode)
        defer { target.stop() }
        let inputs = mixedInputs.map { DifferentialDriver<ReferenceTarget>.targetInput(for: $0) }
        let answers = target.answers(for: inputs)
        #expect(answers.count == inputs.count)
        for answer in answers {
            switch answer {
            case .parse(.broken(let breakage)), .build(.broken(let breakage)): Issue.record("a breakage: \(breakage)")
            default: break
            }
        }
        #expect(target.statistics.batchFallbacks == 1)
        let (engine, batched) = batchedEngine(try fixture(mode), runs: 100)
        let summary = engine.run()
        #expect(summary.executions == 100)
        #expect(summary.findings.isEmpty, "\(summary.findings.map(\.failure))")
        #expect(batched.base.statistics.batchFallbacks >= 1)
    }

    @Test func aRunnerThatDoesNotOfferBatchesGetsAProtocolOneHello() throws {
        var configuration = SubprocessConfiguration()
        configuration.batches = false
        let target = try SubprocessTarget(command: TargetCommand(["python3", RunnerFixtures.exampleAdapter]), configuration: configuration)
        defer { target.stop() }
        #expect(target.batchLimit == 1)
        let answers = target.answers(for: mixedInputs.map { DifferentialDriver<ReferenceTarget>.targetInput(for: $0) })
        #expect(answers.count == mixedInputs.count)
        #expect(target.statistics.batches == 0)
    }

    @Test func aProtocolOneAdapterIsFuzzedOneRequestAtATime() throws {
        let target = try fixture("clean", protocol1: true, timeout: .seconds(2))
        #expect(target.batchLimit == 1)
        let (engine, batched) = batchedEngine(target, runs: 300)
        #expect(batched.batchSize == 1)
        let summary = engine.run()
        #expect(summary.executions == 300)
        #expect(summary.findings.isEmpty, "\(summary.findings.map(\.failure))")
        #expect(target.statistics.batches == 0)
        #expect(target.statistics.requests >= 300)
        let (crashing, _) = batchedEngine(try fixture("crash", protocol1: true), runs: 50)
        let crashes = crashing.run()
        #expect(crashes.findings.map(\.failure.input) == [trigger])
    }

    @Test func theSameSeedGivesTheSameFindingsInBatches() throws {
        let corpus = [Array(try nestedURL(depth: 3, value: "a&b").utf8)]
        func run() throws -> [[UInt8]] {
            let target = try fixture("planted", timeout: .seconds(2))
            defer { target.stop() }
            let batched = FuzzBatchTarget(target, preferred: 16)
            let engine = FuzzEngine(driver: DifferentialDriver(target: batched), configuration: .init(seed: 1, runs: 3_000), batchSource: batched)
            let summary = engine.run(corpus: corpus)
            #expect(target.statistics.batches > 0)
            return summary.findings.map(\.failure.input)
        }
        let first = try run()
        #expect(!first.isEmpty)
        #expect(first.allSatisfy { PlantedBugDriver.triggerPath(in: $0) != nil })
        #expect(try run() == first)
    }
}
