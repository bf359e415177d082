import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

/// A builder that adds an `x-source` and a request id to every request it builds, as CallbackURLKit and
/// Middleman do; it declares them only when `declares` is set.
private struct AddingBuilder: ConformanceTarget {
    var declares: Bool
    var identity: TargetIdentity { TargetIdentity(name: "adding-builder", version: "0") }
    var extraParameters: [String] { declares ? ["x-source", "request-id"] : [] }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        var added = request
        if added.source == nil { added.source = "Me" }
        added.parameters.append(XCallbackParameter("request-id", "42"))
        return ReferenceTarget().buildRequest(added)
    }
}

/// The fuzzer judges extra parameters as the runner does: set aside when declared, so that the one
/// behaviour is the extra-parameters vectors' finding and not a must finding on every build.
@Suite struct ExtraParameterFuzzTests {
    /// Every built-in build-request seed the reference builds, through the driver.
    func worstLevels(declares: Bool) -> [String] {
        let driver = DifferentialDriver(target: AddingBuilder(declares: declares))
        return DifferentialSeeds.buildRequest.compactMap { seed in
            driver.failure(for: seed).map { "\($0.rule) \($0.details.first { $0.label == "disagreement" }?.text.prefix(80) ?? "")" }
        }
    }

    @Test func declaredExtraParametersAreSetAside() {
        #expect(worstLevels(declares: true) == [])
    }

    @Test func undeclaredExtraParametersAreAMustFinding() {
        let failures = worstLevels(declares: false)
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.contains("[must]") }, "\(failures)")
    }
}
