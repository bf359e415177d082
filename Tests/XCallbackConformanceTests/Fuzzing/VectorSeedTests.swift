// The vectors are seeds: every vector's input joins the built-in corpus, for the operations and roles a target
// declares, and a build vector's request or callback is a build case that decodes back to exactly it.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

@Suite struct VectorSeedTests {
    typealias Engine = FuzzEngine<DifferentialDriver<ReferenceTarget>>

    @Test("a build vector is a build case that decodes back to its input", arguments: try loadEveryVector().filter { $0.operation != .parse })
    func aBuildVectorIsABuildCase(_ vector: Vector) {
        let input = VectorSeeds.input(of: vector)
        #expect(Operation(differentialInput: input) == vector.operation)
        var expected = vector.input
        if case .buildRequest(var request) = expected {
            request.fragment = nil
            expected = .buildRequest(request)
        }
        #expect(DifferentialDriver<ReferenceTarget>.targetInput(for: input) == expected)
    }

    @Test func everyVectorIsASeedAndTheLongOnesAreShort() throws {
        let seeds = Set(Engine.builtInSeeds)
        let maxLength = FuzzEngineConfiguration().maxLength
        var short = 0
        for vector in try loadEveryVector() {
            let input = VectorSeeds.input(of: vector)
            if input.count <= maxLength {
                #expect(seeds.contains(input), "\(vector.id) is not a seed")
            } else if FuzzVectors.bundled.seeds(maxLength: maxLength).contains(where: { $0.input.starts(with: input.prefix(24)) }) {
                short += 1
            }
        }
        // The generated 64 KB and 1 MB inputs, expanded again with a short repetition.
        #expect(short >= 8)
        #expect(seeds.allSatisfy { $0.count <= maxLength })
    }

    @Test func aTargetIsSeededOnlyWithTheRolesItTakesOn() throws {
        let claimed: Set<TargetRole> = [.decode, .buildRequest]
        let decoding = Set(Engine.builtInSeeds(vectors: .bundled, roles: claimed, maxLength: 2048))
        #expect(!decoding.isEmpty)
        // A vector's seed has the vector's role (a vector may override the role its URL gives); a hand-made seed,
        // the role its operation and URL give.
        let vectorSeeds = FuzzVectors.bundled.seeds(maxLength: 2048)
        let handMade = DifferentialSeeds.all.map { FuzzSeed(input: $0) }
        for seed in vectorSeeds + handMade where decoding.contains(seed.input) {
            #expect(claimed.contains(seed.role) || (vectorSeeds + handMade).contains { $0.input == seed.input && claimed.contains($0.role) })
        }
        let recognising = try loadEveryVector().filter { $0.role == .recognise }.map(VectorSeeds.input)
        #expect(!recognising.isEmpty && recognising.allSatisfy { !decoding.contains($0) })
        #expect(decoding.allSatisfy { Operation(differentialInput: $0) != .buildCallback })
    }

    @Test func aDecoderIsNeitherJudgedNorSeededOnRecognition() throws {
        // A target that accepts every URL: a decoder alone is not judged on a URL whose host is another.
        let lenient = FixedAnswerTarget(parseAnswer: .accepted(XCallbackRequest(scheme: "app", action: "open")), declaredChoices: [:])
        let otherHost = Array("app://evil.example/open".utf8)
        #expect(DifferentialDriver(target: lenient).failure(for: otherHost) != nil)
        #expect(DifferentialDriver(target: lenient, roles: [.decode]).failure(for: otherHost) == nil)
        let plain = Array("app://x-callback-url/open?a=1".utf8)
        #expect(DifferentialDriver(target: lenient, roles: [.decode]).failure(for: plain) != nil)
        #expect(DifferentialDriver(target: ReferenceTarget(), roles: [.decode]).compare(Array("APP://x-callback-url/a".utf8)).referenceOutcome == "not-applicable")
    }
}
