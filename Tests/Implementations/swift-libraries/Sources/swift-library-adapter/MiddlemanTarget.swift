// ValentinWalter/Middleman, two rows: the app-facing API its README documents, receiving and running
// actions (two entry points, so two rows, as Advanced URI's routes are).
//
// "Middleman (receive)", `MiddlemanReceiveTarget`, and "Middleman (run)", `MiddlemanRunTarget`:
// - parse: the app sets `Middleman.receiver` to its `Receiver`, whose scheme is the app's own and whose
//   `receivingActions` list the actions it implements (README "Manually defining your url scheme",
//   "Apps and Receivers"), and calls `Middleman.receive(url)` with every URL it is opened with (README
//   "Receiving urls"). An action's input reaches the app as its `Input`, decoded by the library's
//   CallbackURLDecoder and handed to `receive(input:)` (README "Receiving Actions"); the adapter's
//   action reports every parameter that decoder gives it. The URL is the value the app is opened with
//   (`incomingURL`): a text `URL(string:)` refuses or rewrites is skipped.
// - build-request (the run row): the app runs an `Action` on an `App` with an `Input` (README "Running an Action"):
//   `App.run(action:with:)` calls `Action._run`, which builds the URL with `toXCallbackURL` and opens it
//   with NSWorkspace or UIApplication (Action+run.swift:24-45). The adapter calls `toXCallbackURL`, the
//   internal step before the platform call, through `@testable import` (debug builds enable testing),
//   and reads the URL `_run` would open. The `Input` is a value whose properties are the parameters,
//   which the library names by `Mirror` (Action+toXCallbackURL.swift:54-73); the adapter's `Input`
//   gives `Mirror` one child per parameter, labelled with its name, as a struct with those properties
//   does. Only names an app can give a property are sent: a Swift identifier (`SwiftIdentifier.swift`),
//   whose `Mirror` label is the name itself. Any other name (`a b`, `100%`, `x-success`) could only be a
//   raw identifier (SE-0451, Swift 6.2, after the library's swift-tools-version 5.4), so that vector is
//   skipped with the reason, as are an empty name, a name twice and a name without a value.
// - build-callback: a receiving action has no way to answer (`receive(input:)` returns nothing), so
//   the operation is not declared.
// - Roles: the receive row claims recognise and decode: `receive` is what an app calls with every URL it is
//   opened with, so it is judged on recognising one; the run row claims build-request
//   (Tests/Implementations/roles.tsv).
//
// "Middleman (CallbackURL)", the public `CallbackURL` value beneath both, was a third row until issue 37 and is
// retired: the README never shows it, so it judged answers no app sees (on the README's path `receive` refuses
// every third-party request, and the decoder drops an item without a value, CallbackURLDecoder.swift:26-29), and
// its build failures repeated the run row's, which reaches the same `CallbackURL.url` (CallbackURL.swift:58)
// through `Action.run`.

import Foundation
@preconcurrency @testable import Middleman
import XCallbackConformance
import XCallbackURL

/// The parameter every URL Middleman builds carries with a fresh UUID (CallbackURL.swift:58, 62-69).
private let responseIDParameter = "__middleman_response_id_identifier"

/// Why a request with x-callback parameters cannot be run through Middleman.
private let ownCallbacksReason = "Middleman sends no x-source and writes x-success, x-error and x-cancel itself, to Middleman.receiver, when the action is run with a callback closure"

// MARK: - Middleman (receive)

struct MiddlemanReceiveTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "ValentinWalter/Middleman (receive)", version: Pinned.middleman, language: "Swift", homepage: "https://github.com/ValentinWalter/Middleman")
    }

    /// The decoder keeps parameters in a [String: String] and no fragment is exposed: the adapter declares both.
    var declaredChoices: DeclaredChoices { [.parameterOrder: "unordered", .fragment: "not-reported"] }

    /// `receive` recognises and decodes what an app is opened with; requests are the run row's, and no callback is built.
    var roles: Set<TargetRole>? { [.recognise, .decode] }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        let parsed: URL
        do { parsed = try incomingURL(url).get() } catch { return error.skipped() }
        // The app implements the action asked for, under the path its README gives actions: the name, no "/".
        let action = String((URLComponents(url: parsed, resolvingAgainstBaseURL: true)?.path ?? "").dropFirst())
        let sink = Captured<[Pair]>()
        let receiver = AppReceiver(scheme: registeredScheme(of: url), receivingActions: [EchoAction(path: action, sink: sink).erased()])
        do {
            try ReceiverSlot.receive(parsed, with: receiver)
        } catch ReceiveError.urlCorrupted(_, let message) {
            return .rejected(category: nil, message: "Middleman.receive(_:) threw: ResponseURL(from:) refused the URL: \(message)")
        } catch ReceiveError.noActionFound {
            return .rejected(category: nil, message: "Middleman.receive(_:) threw noActionFound: no receiving action's path is '\(parsed.path)'")
        } catch {
            return .rejected(category: nil, message: "Middleman.receive(_:) threw: \(error)")
        }
        guard let pairs = sink.values.first else { return .rejected(category: nil, message: "Middleman.receive(_:) called no action") }
        return .accepted(request(scheme: parsed.scheme ?? "", action: action, pairs: pairs.map { ($0.name, $0.value) }))
    }

    // MARK: The app's types

    /// A name and value as the app's action sees them.
    struct Pair: Sendable {
        var name: String
        var value: String
    }

    /// The app's receiver: its own scheme and the one action the vector asks for.
    struct AppReceiver: Receiver {
        var scheme: String
        var receivingActions: [AnyAction]
    }

    /// The action the receiving app implements; it reports every parameter the library decodes for it.
    struct EchoAction: Action {
        typealias Output = Never
        var path: String
        let sink: Captured<[Pair]>
        func receive(input: Input) { sink.append(input.pairs) }

        struct Input: Codable {
            var pairs: [Pair]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                pairs = try container.allKeys.map { Pair(name: $0.stringValue, value: try container.decode(String.self, forKey: $0)) }
            }
            func encode(to encoder: any Encoder) throws {}
        }
    }

    /// Any key the decoder lists.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `Middleman.receiver` is one static property: each request sets it, receives, and clears it, one at a time.
    enum ReceiverSlot {
        static let lock = NSLock()
        static func receive(_ url: URL, with receiver: AppReceiver) throws {
            try lock.withLock {
                Middleman.receiver = receiver
                defer { Middleman.receiver = nil }
                try Middleman.receive(url)
            }
        }
    }
}

// MARK: - Middleman (run)

struct MiddlemanRunTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "ValentinWalter/Middleman (run)", version: Pinned.middleman, language: "Swift", homepage: "https://github.com/ValentinWalter/Middleman")
    }

    /// The `Input`'s properties come out of `Mirror` into a `Set` of query items: the adapter declares no order.
    var declaredChoices: DeclaredChoices { [.parameterOrder: "unordered"] }

    var extraParameters: [String] { [responseIDParameter] }

    /// `Action.run` builds the requests an app sends; receiving is the receive row's.
    var roles: Set<TargetRole>? { [.buildRequest] }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        guard request.source == nil, request.success == nil, request.error == nil, request.cancel == nil else {
            return .unsupported(reason: ownCallbacksReason, issueURL: nil)
        }
        var names: Set<String> = []
        for parameter in request.parameters {
            guard !parameter.name.isEmpty else { return .unsupported(reason: "the parameters are an Input's properties; no property has an empty name", issueURL: nil) }
            guard isSwiftIdentifier(parameter.name) else {
                return .unsupported(
                    reason: "the parameters are an Input's properties (Action+toXCallbackURL.swift:54-73); '\(parameter.name)' is no Swift identifier, "
                        + "so no property of an app's Input has that name (only a Swift 6.2 raw identifier could spell it)",
                    issueURL: nil)
            }
            guard parameter.value != nil else {
                return .unsupported(reason: "the parameters are an Input's properties; a nil property is left out, and none is written without a value", issueURL: nil)
            }
            guard names.insert(parameter.name).inserted else {
                return .unsupported(reason: "the parameters are an Input's properties; no type has two properties named '\(parameter.name)'", issueURL: nil)
            }
        }
        let action = RunAction(path: request.action)
        let input = RunAction.Input(pairs: request.parameters.map { MiddlemanReceiveTarget.Pair(name: $0.name, value: $0.value ?? "") })
        guard let url = action.toXCallbackURL(app: TargetApp(scheme: request.scheme), input: input, hasCallback: false)?.url else {
            return .rejected(category: nil, message: "toXCallbackURL(app:input:hasCallback:)?.url is nil: Action._run prints a warning and opens nothing")
        }
        return .accepted(url.absoluteString)
    }

    /// The target app, by its scheme; the host is the library's default, "x-callback-url".
    struct TargetApp: App {
        var scheme: String
    }

    /// The action the sending app runs, its `Input` a value with one property per parameter.
    struct RunAction: Action {
        typealias Output = Never
        var path: String

        struct Input: Codable, CustomReflectable {
            var pairs: [MiddlemanReceiveTarget.Pair]
            init(pairs: [MiddlemanReceiveTarget.Pair]) { self.pairs = pairs }
            init(from decoder: any Decoder) throws { pairs = [] }
            func encode(to encoder: any Encoder) throws {}
            /// The children `Mirror` gives a struct whose properties are these names holding these strings.
            var customMirror: Mirror { Mirror(self, children: pairs.map { (label: $0.name, value: $0.value as Any) }) }
        }
    }
}
