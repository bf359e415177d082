import Foundation
import Testing
import XCallbackConformance

/// The messages the runner sends and the answers `serve` gives, checked against the published JSON Schemas.
@Suite struct ProtocolSchemaTests {
    @Test func theStartAndStopMessagesMatchTheirSchemas() throws {
        let start = ConformanceProtocol.startMessage(suiteVersion: "1.0.0")
        #expect(try SampleRun.schema("start.schema.json").validate(start).isEmpty)
        #expect(try SampleRun.schema("stop.schema.json").validate(ConformanceProtocol.stopMessage).isEmpty)
        #expect(try !SampleRun.schema("stop.schema.json").isValid(["cmd": "stop", "seq": 1]))
    }

    @Test func everyRequestForThePublishedSuiteMatchesTheRequestSchema() throws {
        let schema = try SampleRun.schema("request.schema.json")
        let suite = try VectorSuite.bundled()
        #expect(suite.vectors.count > 100)
        for (index, vector) in suite.vectors.enumerated() {
            let request = ConformanceProtocol.request(vector.input, seq: index + 1, id: vector.id)
            let violations = schema.validate(request)
            #expect(violations.isEmpty, "\(vector.id): \(violations)")
            #expect(request["expect"] == nil && request["accept"] == nil, "no expected result leaves the runner")
        }
    }

    @Test func theRequestSchemaRefusesBothUrlAndUrlHex() throws {
        let both: JSONValue = ["cmd": "parse", "seq": 1, "id": "XCU-2AAA", "url": "s://x", "urlHex": "73"]
        #expect(try !SampleRun.schema("request.schema.json").isValid(both))
    }

    @Test func theServersHelloAndAnswersMatchTheirSchemas() throws {
        let server = ProtocolServer(target: ReferenceTarget())
        let hello = try SampleRun.schema("hello.schema.json")
        #expect(hello.validate(server.hello.message).isEmpty)
        let answerSchema = try SampleRun.schema("answer.schema.json")
        let suite = try VectorSuite.bundled()
        for (index, vector) in suite.vectors.enumerated() {
            let request = ConformanceProtocol.request(vector.input, seq: index + 1, id: vector.id)
            guard case .line(let line) = server.respond(to: request.compactText) else {
                Issue.record("\(vector.id): no answer")
                continue
            }
            let violations = answerSchema.validate(try JSONValue(parsing: line))
            #expect(violations.isEmpty, "\(vector.id): \(violations)")
        }
    }

    @Test func theKnownFailuresSchemaAcceptsAWrittenList() throws {
        let run = try SampleRun.make()
        let list = KnownFailures.from(run).json(target: run.target, suiteVersion: run.suite.version)
        #expect(try SampleRun.schema("known-failures.schema.json").validate(list).isEmpty)
    }
}

/// The example Python adapter's own traffic, checked against the published schemas.
@Suite struct ExampleAdapterSchemaTests {
    @Test func everyLineTheExampleAdapterWritesMatchesTheSchemas() throws {
        let suite = try VectorSuite.bundled()
        let directory = try RunnerFixtures.temporaryDirectory()
        let input = directory.appendingPathComponent("requests.jsonl")
        let output = directory.appendingPathComponent("answers.jsonl")
        var lines = [ConformanceProtocol.startMessage(suiteVersion: suite.manifest.suiteVersion).compactText]
        for (index, vector) in suite.vectors.enumerated() {
            lines.append(ConformanceProtocol.request(vector.input, seq: index + 1, id: vector.id).compactText)
        }
        lines.append(ConformanceProtocol.stopMessage.compactText)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))

        let process = Process()
        process.executableURL = try TargetCommand(["python3"]).executable()
        process.arguments = [RunnerFixtures.exampleAdapter]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let answers = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(answers.count == suite.vectors.count + 1)
        let hello = try SampleRun.schema("hello.schema.json")
        let answer = try SampleRun.schema("answer.schema.json")
        #expect(hello.validate(try JSONValue(parsing: answers[0])).isEmpty)
        for (index, line) in answers.dropFirst().enumerated() {
            let value = try JSONValue(parsing: line)
            let violations = answer.validate(value)
            #expect(violations.isEmpty, "\(suite.vectors[index].id): \(violations)")
            #expect(value["seq"] == .number(Double(index + 1)))
        }
    }
}
