// The fuzzing loop and its operations: a mutation keeps an input's operation, a crossover may change it,
// an operation the target does not declare is never sent, and the summary counts executions and findings
// by operation.

import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

/// The vector operation (Foundation has an `Operation` class too).
private typealias Operation = XCallbackConformance.Operation

/// Records the operation of every input it checks; answers like the reference (no finding).
private final class OperationRecorder: FuzzDriver, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Operation: Int] = [:]
    var name: String { "recorder" }

    func failure(for input: [UInt8]) -> FuzzFailure? {
        lock.withLock { seen[Operation(differentialInput: input), default: 0] += 1 }
        return nil
    }

    var counts: [Operation: Int] { lock.withLock { seen } }
}

/// The reference, except that every build-callback it is asked for comes back with `error-Code`.
private struct ErrorCodeTarget: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "error-code", version: "0") }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { ReferenceTarget().parse(url) }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { ReferenceTarget().buildRequest(request) }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        ReferenceTarget().buildCallback(response).map { $0.replacingOccurrences(of: "errorCode=", with: "error-Code=") }
    }
}

@Suite struct FuzzOperationTests {
    typealias Engine = FuzzEngine<DifferentialDriver<ReferenceTarget>>

    @Test func aMutationKeepsTheOperationAndACrossoverTakesOneOfTheParents() {
        let seeds = DifferentialSeeds.all
        let mutator = NestedMutator.simpleByteMutator(seed: 3)
        var rng = SplitMix64(seed: 9)
        var changed = 0
        for round in 0..<6_000 {
            let parent = seeds[rng.below(seeds.count)]
            let operation = Operation(differentialInput: parent)
            if round % 2 == 0 {
                let child = Engine.offspring(of: parent, tree: nil, crossedWith: nil, seed: UInt32(round), maxLength: 2048, byteMutator: mutator)
                #expect(Operation(differentialInput: child) == operation, "\(FuzzFailure.escape(parent)) -> \(FuzzFailure.escape(child))")
                #expect(child.count <= 2048)
            } else {
                let other = seeds[rng.below(seeds.count)]
                let child = Engine.offspring(of: parent, tree: nil, crossedWith: (other, nil), seed: UInt32(round), maxLength: 2048, byteMutator: mutator)
                let parents = [operation, Operation(differentialInput: other)]
                #expect(parents.contains(Operation(differentialInput: child)))
                if Operation(differentialInput: child) != operation { changed += 1 }
            }
        }
        #expect(changed > 100, "a crossover never changed the operation")
    }

    @Test func everyOperationIsFuzzedFromTheStartAndAnUndeclaredOneNeverIs() {
        let all = OperationRecorder()
        let summary = FuzzEngine(driver: all, configuration: .init(seed: 2, runs: 600)).run()
        for operation in Operation.allCases {
            // Each of the three operations gets about a third of the executions.
            #expect((all.counts[operation] ?? 0) > 120, "\(operation): \(all.counts)")
            #expect(summary.executionsByOperation[operation] == all.counts[operation])
        }
        let buildOnly = OperationRecorder()
        let configuration = FuzzEngineConfiguration(seed: 2, runs: 600, operations: [.buildRequest, .buildCallback])
        let built = FuzzEngine(driver: buildOnly, configuration: configuration).run(corpus: [Array("s://x-callback-url/a".utf8)])
        #expect(buildOnly.counts[.parse] == nil, "\(buildOnly.counts)")
        #expect(built.executions == 600)
        #expect(built.corpus.allSatisfy { Operation(differentialInput: $0) != .parse })
        let parseOnly = OperationRecorder()
        _ = FuzzEngine(driver: parseOnly, configuration: .init(seed: 2, runs: 300, operations: [.parse])).run()
        #expect(Set(parseOnly.counts.keys) == [.parse])
    }

    @Test func theSummaryCountsExecutionsAndFindingsByOperation() throws {
        let summary = FuzzEngine(driver: DifferentialDriver(target: ErrorCodeTarget()), configuration: .init(seed: 1, runs: 300)).run()
        #expect(summary.findingsByOperation == [.buildCallback: 1], "\(summary.findings.map { $0.key + " " + ($0.failure.grade?.description ?? "") })")
        #expect(summary.executionsByOperation.values.reduce(0, +) == 300)

        let captured = CapturedIO()
        let arguments = ["fuzz", "--runs", "90", "--no-progress", "--findings", FuzzFixtures.temporaryDirectory().path]
        #expect(ConformanceCommandLine.main(arguments: arguments, io: captured.io) == 0, "\(captured.standardError)")
        let lines = captured.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(lines.count == 3, "\(captured.standardOutput)")
        #expect(lines.allSatisfy { $0.contains(" executions  0 finding(s)") }, "\(lines)")
    }
}
