import Testing
import XCallbackConformance
import XCallbackConformanceTesting
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

/// One planted bug, one fault: every mutant of the suite, run through the whole runner, shows exactly one fault at
/// must, should or hardening, and two mutants planted together show two (issue 35: design against hiding).
@Suite struct PlantedFaultTests {
    /// Every mutant of `MutantTests`, the issue's three examples, and two bugs whose answers spread over several
    /// transformations unless a whole-answer hypothesis names them.
    static let mutants: [any ConformanceTarget] =
        MutantTests.cases.map(\.target) + [ParseMutants.keepsActionSlash, BuildMutants.encodesTwice, BuildMutants.omitsErrorMessage]
        + [leavesAmpersandAndEqualsRaw, decodesEveryFieldTwice, CallbackQueryRoundTrip(), FragmentLeftInAction()]

    /// An encode table that forgets `&` and `=` in every value: a split value, a truncated callback, a duplicate
    /// x-success, all one fault.
    static let leavesAmpersandAndEqualsRaw = RequestBuilderMutant(
        name: "leaves-ampersand-and-equals-raw",
        encodeReserved: { PercentEncoding.encodeValue($0).replacingOccurrences(of: "%26", with: "&").replacingOccurrences(of: "%3D", with: "=") },
        encodeValue: { PercentEncoding.encodeValue($0).replacingOccurrences(of: "%26", with: "&").replacingOccurrences(of: "%3D", with: "=") })

    /// A parser that decodes every name and value once more, keeping what does not decode.
    static let decodesEveryFieldTwice = ParseMutant(
        name: "decodes-every-field-twice", after: { $0.mapStrings { (try? PercentEncoding.decode($0)) ?? $0 } })

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

    /// The faults at must and should of a fuzz run's findings against `target`, judged together (`FuzzFaults`), from
    /// the built-in seeds. Hardening is left out: the fuzzer also meets checks no vector holds (a mutant callback
    /// builder has no empty-name check of its own), which a verdict reports apart.
    static func fuzzFaults(of target: some ConformanceTarget, runs: Int = 3_000) -> [FaultGroup] {
        var findings = FuzzEngine(driver: DifferentialDriver(target: target), configuration: .init(seed: 7, runs: runs)).run().findings
        return FuzzFaults.judge(&findings) { FindingWriter.vectorID(for: $0.failure.input) }.filter { $0.level <= .should }
    }

    @Test("A mutant's fuzz findings show exactly one fault, as its run of the vectors does", arguments: [
        ParseMutants.keepsActionSlash, BuildMutants.encodesTwice, BuildMutants.omitsErrorMessage, leavesAmpersandAndEqualsRaw,
        decodesEveryFieldTwice, CallbackQueryRoundTrip(), FragmentLeftInAction(),
    ] as [any ConformanceTarget])
    func oneFuzzFault(_ target: any ConformanceTarget) {
        let faults = Self.fuzzFaults(of: target)
        #expect(faults.count == 1, "\(target.identity.name): \(faults.map { "\($0.title) (\($0.vectors.count))" })")
    }

    @Test("Two bugs planted together show two faults in fuzzing too")
    func twoBugsTwoFuzzFaults() {
        let faults = Self.fuzzFaults(of: Self.plusAsSpaceAndActionSlash)
        #expect(faults.count == 2, "\(faults.map(\.title))")
    }

    @Test("The reference shows no fault")
    func referenceHasNone() throws {
        #expect(try Self.faults(of: ReferenceTarget()).isEmpty)
    }

    /// Two bugs in one parser: `+` read as a space, and the action's leading `/` kept.
    static let plusAsSpaceAndActionSlash = ParseMutant(
        name: "plus-as-space-and-action-slash", before: { $0.replacingOccurrences(of: "+", with: "%20") },
        after: { request in
            var copy = request
            copy.action = "/" + request.action
            return copy
        })

    @Test("Two bugs planted together show two faults, even in one field")
    func twoBugsTwoFaults() throws {
        let faults = try Self.faults(of: Self.plusAsSpaceAndActionSlash)
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

/// A callback builder whose callback's own query goes through a query-item round trip: every escape of a character
/// a query may hold raw (`%3F`, `%2F`, `%3A`, `%41`) comes back decoded, in pieces of invalid UTF-8 too. One fault,
/// the query `respelled` (should), however the pieces around the escape read.
struct CallbackQueryRoundTrip: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "callback-query-round-trip", version: "mutant") }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        let answer = ReferenceTarget().buildCallback(response)
        guard case .accepted(let built) = answer else { return answer }
        let callback = response.callbackURL
        let own = callback[..<(callback.utf8.firstIndex(of: UInt8(ascii: "#")) ?? callback.endIndex)]
        guard let question = own.utf8.firstIndex(of: UInt8(ascii: "?")), built.utf8.starts(with: own.utf8) else { return .accepted(built) }
        let raw = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?".utf8)
        var query = Array(own[own.utf8.index(after: question)...].utf8)[...], out: [UInt8] = []
        while let byte = query.first {
            if byte == UInt8(ascii: "%"), query.count >= 3, let high = PercentEncoding.hexDigitValue(query[query.startIndex + 1]),
                let low = PercentEncoding.hexDigitValue(query[query.startIndex + 2]), raw.contains(high << 4 | low)
            {
                out.append(high << 4 | low)
                query = query.dropFirst(3)
            } else {
                out.append(byte)
                query = query.dropFirst()
            }
        }
        let appended = String(decoding: built.utf8.dropFirst(own.utf8.count), as: UTF8.self)
        return .accepted(String(own[...question]) + String(decoding: out, as: UTF8.self) + appended)
    }
}

/// A parser that ends the path at `?` alone: with no query, `#` and the fragment stay in the action, decoded with it
/// as the action is and never checked as a fragment (a raw control there is accepted). One fault, `merged (#)` (must).
struct FragmentLeftInAction: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "fragment-left-in-action", version: "mutant") }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        TargetAnswer { () throws(XCallbackRejection) in
            guard !url.utf8.contains(UInt8(ascii: "?")), let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) else {
                return try XCallbackRequest(parsing: url)
            }
            var request = try XCallbackRequest(parsing: String(url[..<hash]))
            let fragment = url[url.utf8.index(after: hash)...]
            request.action += "#" + (try PercentEncoding.decode(String(fragment)))
            return request
        }
    }
}
