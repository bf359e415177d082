import Testing
import XCallbackConformance
import XCallbackURL

/// The reference's builders plus one behaviour: a parameter added to the URLs they build, as libraries add a
/// request id (`requestID`) or their own `x-source`.
struct AddsParameter: ConformanceTarget {
    /// The name added, and its value.
    var name = "IACRequestID"
    var value = "42"
    /// Whether the target declares the name in `extraParameters`.
    var declares: Bool
    /// Whether callbacks get it too, or only requests.
    var toCallbacks = true
    /// When set, only the request with this action gets the parameter.
    var onlyAction: String?

    var identity: TargetIdentity { TargetIdentity(name: "adds-\(name)", version: "1") }
    var extraParameters: [String] { declares ? [name] : [] }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        var request = request
        if onlyAction == nil || onlyAction == request.action {
            if name == "x-source" {
                if request.source == nil { request.source = value }
            } else {
                request.parameters.append(XCallbackParameter(name, value))
            }
        }
        do { return .accepted(try request.url()) } catch { return .rejected(category: error.category, message: error.message) }
    }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        var response = response
        if toCallbacks && onlyAction == nil { response.parameters.append(XCallbackParameter(name, value)) }
        do { return .accepted(try response.url()) } catch { return .rejected(category: error.category, message: error.message) }
    }
}

/// A parameter nobody asked for is reported, not scored: since 5.0.0 no vector judges it (the spec neither requires
/// nor forbids more parameters, issue 37), and every build vector is judged with the name set aside, whether the
/// target declares it or the run finds it. A builder that adds a name fails no vector for that alone.
@Suite struct ExtraParameterTests {
    let suite: VectorSuite
    init() throws { suite = try VectorFixtures.suite.get() }

    func run(_ target: AddsParameter) -> ConformanceRun {
        ConformanceRunner(selection: VectorSelection(operations: [.buildRequest, .buildCallback])).run(suite, against: target)
    }

    func failed(_ run: ConformanceRun) -> [String] {
        run.results.filter { $0.result.verdict.failureKind != nil }.map(\.id)
    }

    /// The build vectors tagged `extra-parameters`, for operations the target touches.
    func tagged(_ operations: Set<Operation>) -> [String] {
        suite.vectors.filter { $0.tags.contains(ExtraParameters.tag) && operations.contains($0.operation) }.map(\.id)
    }

    @Test func aDeclaredRequestIDFailsNoVector() throws {
        let run = run(AddsParameter(declares: true))
        #expect(tagged([.buildRequest, .buildCallback]).isEmpty, "5.0.0 retired the vectors that scored it")
        #expect(failed(run) == tagged([.buildRequest, .buildCallback]))
        let failures = run.results.filter { $0.result.verdict.failureKind != nil }
        #expect(failures.allSatisfy { $0.result.level == .should }, "\(failures.map { "\($0.id) \($0.result.level) \($0.result.faults.map(\.title))" })")
        #expect(run.extraParameters.declared == ["IACRequestID"] && run.extraParameters.detected.isEmpty)
        let setAside = run.results.filter { $0.result.matched?.contains("IACRequestID set aside") == true }
        #expect(setAside.count > 200, "the set-aside passes say so")
    }

    @Test func anUndeclaredParameterAddedToEveryURLIsFoundAndSetAside() throws {
        let run = run(AddsParameter(declares: false))
        #expect(run.extraParameters.detected == ["IACRequestID"])
        #expect(failed(run) == tagged([.buildRequest, .buildCallback]))
        #expect(run.extraParameters.rejudged.count > 200)
        #expect(TextReport.header(run).contains("extra parameters: IACRequestID (added to every built URL, undeclared)"))
    }

    @Test func anXSourceAddedToEveryRequestIsOneFinding() throws {
        let run = run(AddsParameter(name: "x-source", value: "CallbackURLKit", declares: false, toCallbacks: false))
        #expect(run.extraParameters.detected == ["x-source"])
        #expect(failed(run) == tagged([.buildRequest]))
    }

    @Test func aParameterAddedOnceIsNotAnExtraParameter() throws {
        let run = run(AddsParameter(declares: false, onlyAction: "translate"))
        #expect(run.extraParameters.detected.isEmpty)
        let translating = suite.vectors.filter {
            if case .buildRequest(let request) = $0.input, request.action == "translate", case .accept = $0.expectation { true } else { false }
        }.map(\.id)
        #expect(!translating.isEmpty)
        #expect(Set(failed(run)) == Set(translating))
    }

    @Test func aVectorThatAsksForTheNameIsStillComparedOnIt() throws {
        // A builder that writes its own x-source over the one asked for is wrong, declared or not.
        struct OverwritesSource: ConformanceTarget {
            var identity: TargetIdentity { TargetIdentity(name: "overwrites-x-source", version: "1") }
            var extraParameters: [String] { ["x-source"] }
            func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
                var request = request
                request.source = "Mine"
                do { return .accepted(try request.url()) } catch { return .rejected(category: error.category, message: error.message) }
            }
        }
        let asking = suite.vectors.filter {
            if case .buildRequest(let request) = $0.input, let source = request.source, source != "Mine", case .accept = $0.expectation {
                true
            } else {
                false
            }
        }
        #expect(!asking.isEmpty)
        for vector in asking {
            #expect(Evaluator.run(vector, on: OverwritesSource()).verdict.failureKind != nil, "\(vector.id)")
        }
    }

    /// Builders are compared byte for byte since 5.0.0 (issue 36): a respelling fails every vector whose URL shows it,
    /// at should, as one fault, not only the vectors tagged for it.
    func respellingRun(_ mutant: some ConformanceTarget, tag: String, transformation: FaultTransformation) {
        let run = ConformanceRunner(selection: VectorSelection(operations: [.buildRequest])).run(suite, against: mutant)
        let failures = run.results.filter { $0.result.verdict.failureKind != nil }
        let tagged = suite.vectors.filter { $0.tags.contains(tag) && $0.operation == .buildRequest }.map(\.id)
        #expect(!tagged.isEmpty && Set(tagged).isSubset(of: Set(failures.map(\.id))))
        #expect(failures.count > tagged.count, "byte for byte: every vector whose URL shows it")
        #expect(failures.allSatisfy { $0.result.level == .should }, "\(failures.filter { $0.result.level != .should }.map(\.id))")
        #expect(Set(failures.flatMap { $0.result.faults.map(\.transformation) }) == [transformation])
    }

    @Test func lowercaseHexIsOneShouldFaultWhereverItShows() throws {
        respellingRun(BuildMutants.lowercaseHex, tag: EncodingRules.hexCaseTag, transformation: .lowercaseHex)
    }

    @Test func anEscapedUnreservedCharacterIsOneShouldFaultWhereverItShows() throws {
        respellingRun(BuildMutants.escapesTilde, tag: EncodingRules.unreservedRawTag, transformation: .unreservedEscaped)
        #expect(EncodingRules.firstUnreservedEscape(in: "a%7eb") != nil && EncodingRules.firstUnreservedEscape(in: "a%2541%C3%A9") == nil)
    }
}
