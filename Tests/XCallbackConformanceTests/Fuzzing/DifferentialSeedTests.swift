// The built-in seeds of `fuzz`: every build seed decodes to the request or callback it was written from,
// the build requests nest three levels of requests, and across each operation's seeds every field holds
// every reserved character, a non-ASCII one and a nested URL.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

@Suite struct DifferentialSeedTests {
    /// The request a plan describes, composed here from the plan alone (a nested slot holds the reference's URL).
    static func request(of plan: RequestGenerator.RequestPlan) throws -> XCallbackRequest {
        func slot(_ slot: RequestGenerator.SlotPlan) throws -> String? {
            switch slot {
            case .absent: nil
            case .text(let text): text
            case .callback(let callback): callback.url
            case .nested(let child): try request(of: child).url()
            }
        }
        return XCallbackRequest(
            scheme: plan.scheme, action: plan.action, source: plan.source, success: try slot(plan.success), error: try slot(plan.error),
            cancel: try slot(plan.cancel), parameters: plan.parameters)
    }

    @Test(arguments: DifferentialSeeds.requestPlans.indices)
    func aBuildRequestSeedDecodesToItsPlan(index: Int) throws {
        let plan = DifferentialSeeds.requestPlans[index]
        let seed = DifferentialSeeds.buildRequest[index]
        #expect(seed.first == 0x01)
        #expect(DifferentialDriver<ReferenceTarget>.targetInput(for: seed) == .buildRequest(try Self.request(of: plan)))
        #expect(plan.depth == 3)
        // The driver's build of it is the reference's, and the URL holds callbacks five levels deep.
        #expect(DifferentialDriver(target: ReferenceTarget()).failure(for: seed) == nil)
        guard case .accepted(let url)? = DifferentialDriver<ReferenceTarget>.referenceBuild(of: seed) else {
            Issue.record("the reference does not build seed \(index)")
            return
        }
        #expect(Self.callbackDepth(url) >= 5, "\(url)")
    }

    @Test(arguments: DifferentialSeeds.callbackPlans.indices)
    func aBuildCallbackSeedDecodesToItsPlan(index: Int) throws {
        let plan = DifferentialSeeds.callbackPlans[index]
        let seed = DifferentialSeeds.buildCallback[index]
        #expect(seed.first == 0x02)
        let response = XCallbackResponse(callbackURL: plan.callback.url, outcome: plan.outcome, source: plan.source, parameters: plan.parameters)
        #expect(DifferentialDriver<ReferenceTarget>.targetInput(for: seed) == .buildCallback(response))
        #expect(DifferentialDriver(target: ReferenceTarget()).failure(for: seed) == nil)
    }

    @Test func theParseSeedsAreAcceptedAndFitTheDefaultLength() throws {
        for seed in DifferentialSeeds.parse {
            #expect(seed.count <= FuzzEngineConfiguration().maxLength)
            guard case .accepted = ReferenceTarget().parse(utf8: seed) else {
                Issue.record("the reference rejects the seed \(FuzzFailure.escape(seed))")
                continue
            }
        }
        let deepest = DifferentialSeeds.parse.map { Self.callbackDepth(String(decoding: $0, as: UTF8.self)) }.max() ?? 0
        #expect(deepest >= 5)
        #expect(FuzzEngine<DifferentialDriver<ReferenceTarget>>.builtInSeeds.starts(with: DifferentialSeeds.all))
    }

    /// Which fields of each operation's seeds lack which of the characters every field should try.
    @Test func everyFieldOfEveryOperationHoldsEveryReservedCharacterNonASCIIAndANestedURL() throws {
        var fields: [String: [String]] = [:]
        func add(_ request: XCallbackRequest, operation: String) {
            let named: [(String, String?)] = [
                ("action", request.action), ("x-source", request.source), ("x-success", request.success),
                ("x-error", request.error), ("x-cancel", request.cancel),
            ]
            for (name, value) in named { fields["\(operation) \(name)", default: []] += value.map { [$0] } ?? [] }
            fields["\(operation) name", default: []] += request.parameters.map(\.name)
            fields["\(operation) value", default: []] += request.parameters.compactMap(\.value)
            // Callbacks that are x-callback-urls count at every level.
            for callback in [request.source, request.success, request.error, request.cancel].compactMap({ $0 }) {
                if let nested = try? XCallbackRequest(parsing: callback) { add(nested, operation: operation) }
            }
        }
        for seed in DifferentialSeeds.parse {
            if case .accepted(let request) = ReferenceTarget().parse(utf8: seed) {
                add(request, operation: "parse")
                fields["parse fragment", default: []] += request.fragment.map { [$0] } ?? []
            }
        }
        for seed in DifferentialSeeds.buildRequest {
            if case .buildRequest(let request) = DifferentialDriver<ReferenceTarget>.targetInput(for: seed) { add(request, operation: "build-request") }
        }
        for seed in DifferentialSeeds.buildCallback {
            guard case .buildCallback(let response) = DifferentialDriver<ReferenceTarget>.targetInput(for: seed) else { continue }
            fields["build-callback callback", default: []].append(response.callbackURL)
            fields["build-callback x-source", default: []] += response.source.map { [$0] } ?? []
            if case .error(let code, let message) = response.outcome {
                fields["build-callback errorCode", default: []].append(code)
                fields["build-callback errorMessage", default: []].append(message)
            }
            fields["build-callback name", default: []] += response.parameters.map(\.name)
            fields["build-callback value", default: []] += response.parameters.compactMap(\.value)
        }
        let wanted: [(String, (String) -> Bool)] = [
            ("&", { $0.contains("&") }), ("=", { $0.contains("=") }), ("?", { $0.contains("?") }), ("#", { $0.contains("#") }),
            ("%", { $0.contains("%") }), ("+", { $0.contains("+") }), ("space", { $0.contains(" ") }),
            ("non-ASCII", { $0.unicodeScalars.contains { !$0.isASCII } }), ("nested URL", { $0.contains("://") }),
        ]
        var missing: [String] = []
        for (field, values) in fields.sorted(by: { $0.key < $1.key }) {
            for (name, holds) in wanted where !values.contains(where: holds) { missing.append("\(field): \(name)") }
        }
        #expect(fields.count == 21, "\(fields.keys.sorted())")
        #expect(missing.isEmpty, "\(missing)")
    }

    /// How many x-callback-url levels `url` holds: 1, plus the deepest of its callbacks that parse.
    static func callbackDepth(_ url: String) -> Int {
        guard let request = try? XCallbackRequest(parsing: url) else { return 0 }
        let callbacks = [request.source, request.success, request.error, request.cancel].compactMap { $0 } + request.parameters.compactMap(\.value)
        return 1 + (callbacks.map(callbackDepth).max() ?? 0)
    }
}
