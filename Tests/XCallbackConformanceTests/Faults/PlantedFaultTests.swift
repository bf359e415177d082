import Testing
import XCallbackConformance
import XCallbackConformanceTesting

/// One planted bug, one fault: every mutant of the suite, run through the whole runner, shows exactly one fault at
/// must, should or hardening, and two mutants planted together show two (issue 35: design against hiding).
@Suite struct PlantedFaultTests {
    /// Every mutant of `MutantTests`, and the issue's three examples.
    static let mutants: [any ConformanceTarget] =
        MutantTests.cases.map(\.target) + [ParseMutants.keepsActionSlash, BuildMutants.encodesTwice, BuildMutants.omitsErrorMessage]

    /// The faults of a run at must, should and hardening: what a verdict leads with (hardening reported apart).
    static func faults(of target: some ConformanceTarget) throws -> [FaultGroup] {
        let run = ConformanceRunner().run(try VectorFixtures.suite.get(), against: target)
        let summary = run.summary
        return summary[.must].failingFaults + summary[.should].failingFaults + summary[.hardening].failingFaults
    }

    /// Mutants that plant two bugs in one switch: `checksScheme: false` drops both of the callback builder's
    /// checks, the valid scheme (invalid-callback-url) and the unsafe schemes, which code keeps apart.
    static let plantedTwice: Set<String> = ["opens-unsafe-schemes"]

    @Test("A mutant shows exactly one fault", arguments: mutants.indices)
    func oneFault(_ index: Int) throws {
        let target = Self.mutants[index]
        let faults = try Self.faults(of: target)
        let planted = Self.plantedTwice.contains(target.identity.name) ? 2 : 1
        #expect(faults.count == planted, "\(target.identity.name): \(faults.map { "\($0.title) (\($0.vectors.count))" })")
    }

    @Test("The reference shows no fault")
    func referenceHasNone() throws {
        #expect(try Self.faults(of: ReferenceTarget()).isEmpty)
    }

    @Test("Two bugs planted together show two faults, even in one field")
    func twoBugsTwoFaults() throws {
        let both = ParseMutant(
            name: "plus-as-space-and-action-slash", before: { $0.replacingOccurrences(of: "+", with: "%20") },
            after: { request in
                var copy = request
                copy.action = "/" + request.action
                return copy
            })
        let faults = try Self.faults(of: both)
        #expect(faults.count == 2, "\(faults.map(\.title))")
        #expect(Set(faults.map(\.transformation)) == [.plusAsSpace, .delimiterKept])
    }

    @Test("One fault is counted against the rules it touches only")
    func rulesTouched() throws {
        let run = ConformanceRunner().run(try VectorFixtures.suite.get(), against: BuildMutants.omitsErrorMessage)
        let summary = run.summary
        let rules = Set((summary[.must].failingRules + summary[.should].failingRules).map(\.rule))
        let suite = try VectorFixtures.suite.get()
        for rule in rules {
            #expect(suite.rules[rule]?.fields.contains(.errorMessage) == true, "\(rule) counted for a missing errorMessage")
        }
        #expect(!rules.isEmpty)
    }

    @Test("A failing parser's test run ends with its faults by level")
    func summaryByLevel() throws {
        let summary = try FaultSummary(of: ParseMutants.keepsActionSlash)
        #expect(summary.text.hasPrefix("faults by level: must 1\n"), "\(summary.text)")
        #expect(summary.text.contains("must decode: delimiter-kept (leading '/'): action ("))
        #expect(try FaultSummary(of: ReferenceTarget()).isEmpty)
    }
}
