// `swift-library-adapter callbackurlkit-round-trip`: CallbackURLKit's main documented feature, end to end.
//
// README "Use callback closure": a source app calls `client.perform(action:parameters:onSuccess:
// onFailure:onCancel:)` (Client.swift:63-74). The library stores the request under a fresh requestID and
// opens the target app with x-success, x-error and x-cancel pointing at its own `response` action
// (Manager.swift:195-232). The target app's Manager hands the request to the action's handler, which
// answers with `success([…])`, `failure(error)` or `cancel()` (Manager.swift:102-120); the library opens
// the matching callback with the results appended. The source app's Manager reads that response, finds
// the request by its requestID and calls the closure (Manager.swift:84-100).
//
// Each case below runs that whole trip between two Managers (the platform's `open` recorded, as in the
// conformance rows) with one tricky value, and prints one Markdown table row: the URLs each side opened,
// what the target's handler and the source's closure were given, and whether each got what the other
// side sent, and whether the source app's Manager still holds the request afterwards (`requests`, an
// internal property read through `@testable import`; debug builds enable testing). The requestID, a fresh
// UUID, is printed as `<requestID>` so that runs compare.

@testable import CallbackURLKit
import Foundation

enum CallbackURLKitRoundTrip {
    /// The values sent as an action parameter, returned as a result and sent as an error message.
    static let values = ["a+b", "a&b", "a=b", "100%", "a#b", "a b", "é", "sourceapp://x-callback-url/done?x=1&y=2#top"]

    /// Result names that are the library's own query names (CallbackURLKit.swift:106-126).
    static let ownNames = ["requestID", "responseType", "x-source"]

    /// Runs every case and returns the Markdown table.
    static func report() -> String {
        var lines = [
            "# CallbackURLKit: `perform(…onSuccess:onFailure:onCancel:)` round trips",
            "",
            "phimage/CallbackURLKit at \(Pinned.callbackURLKit), written by `swift-library-adapter callbackurlkit-round-trip` "
                + "(Tests/Implementations/swift-libraries/run.sh; CallbackURLKitRoundTrip.swift says how). The source app is `sourceapp`, "
                + "the target app `targetapp`; its handler for `act` answers as each case says.",
            "",
            "| case | request opened | handler got | response opened | closure got | round trip |",
            "|---|---|---|---|---|---|",
        ]
        for value in values {
            lines.append(run(case: "success, `v` = \(code(value))", parameters: ["v": value], answer: .success(["r": value])) { handed, closure in
                verdict(("request", handed["v"], value), ("result", closure.parameters?["r"], value))
            })
        }
        for value in values {
            lines.append(run(case: "failure, message \(code(value))", parameters: [:], answer: .failure(code: 42, message: value)) { _, closure in
                verdict(("code", closure.code.map(String.init), "42"), ("failure reason", closure.reason, value), ("message", closure.message, value))
            })
        }
        for name in values + ownNames {
            lines.append(run(case: "success, result named \(code(name))", parameters: [:], answer: .success([name: "1"])) { _, closure in
                verdict(("result", closure.parameters?[name], "1"))
            })
        }
        lines.append(run(case: "success(nil)", parameters: [:], answer: .success(nil)) { _, closure in
            closure.parameters == [:] ? "kept" : "changed: the closure got \(closure.parameters.map(shown) ?? "nil") for [:]"
        })
        lines.append(run(case: "cancel", parameters: [:], answer: .cancel) { _, closure in
            closure.cancelled ? "kept" : "the onCancel closure was not called"
        })
        return lines.joined(separator: "\n") + "\n"
    }

    /// How the target app's handler answers.
    enum Answer {
        case success([String: String]?), failure(code: Int, message: String), cancel
    }

    /// What the source app's closures were called with.
    struct Closure: Sendable {
        var parameters: [String: String]?
        var code: Int?
        /// The error's failure reason (`NSLocalizedFailureReasonErrorKey`), where the library puts the errorMessage it read.
        var reason: String?
        /// What `FailureCallbackError.message` gives the app: `localizedDescription` for the library's NSError.
        var message: String?
        var cancelled = false
        var called: [String] = []
    }

    /// One trip: perform on the source app, the request handled by the target app, its response handled by the source app.
    static func run(case name: String, parameters: [String: String], answer: Answer, judge: ([String: String], Closure) -> String) -> String {
        let source = CallbackURLKitTarget.CapturingManager(scheme: "sourceapp")
        let client = CallbackURLKitTarget.AppClient(urlScheme: "targetapp")
        client.manager = source
        let closures = Captured<Closure>()
        do {
            try client.perform(
                action: "act", parameters: parameters,
                onSuccess: { closures.append(Closure(parameters: $0, called: ["onSuccess"])) },
                onFailure: { error in
                    closures.append(Closure(code: error.code, reason: (error as NSError).localizedFailureReason, message: error.message, called: ["onFailure"]))
                },
                onCancel: { closures.append(Closure(cancelled: true, called: ["onCancel"])) })
        } catch {
            return "| \(name) | perform threw \(error) | | | | |"
        }
        guard let request = source.opened.values.first else { return "| \(name) | nothing opened | | | | |" }

        let target = CallbackURLKitTarget.CapturingManager(scheme: "targetapp")
        let handed = Captured<[String: String]>()
        target["act"] = { parameters, success, failure, cancel in
            handed.append(parameters)
            switch answer {
            case .success(let results): success(results)
            case .failure(let code, let message): failure(CallbackURLKitTarget.Failure(code: code, message: message))
            case .cancel: cancel()
            }
        }
        _ = target.handleOpen(url: request)
        target.drain()
        let handedParameters = handed.values.first ?? [:]
        guard let response = target.opened.values.first else {
            return "| \(name) | \(shown(request)) | \(shown(handedParameters)) | nothing opened | | the response was never opened |"
        }
        let handledResponse = source.handleOpen(url: response)
        source.drain()
        let called = closures.values.first
        let stored = source.requests.isEmpty ? "" : "; the request is still stored (\(source.requests.count))"
        let closureText = (called.map(shown) ?? "no closure called (handleOpen returned \(handledResponse))") + stored
        let outcome = called.map { judge(handedParameters, $0) } ?? "no closure was called"
        return "| \(name) | \(shown(request)) | \(shown(handedParameters)) | \(shown(response)) | \(closureText) | \(outcome) |"
    }

    /// "kept" when every received value is the one sent, else what differs.
    static func verdict(_ checks: (String, String?, String)...) -> String {
        let changed = checks.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1.map(code) ?? "missing") for \(code($0.2))" }
        return changed.isEmpty ? "kept" : "changed: " + changed.joined(separator: "; ")
    }

    // MARK: - Showing

    static func code(_ text: String) -> String { "`" + text.replacingOccurrences(of: "|", with: "\\|") + "`" }

    static func shown(_ url: URL) -> String { code(withoutRequestID(url.absoluteString)) }

    static func shown(_ parameters: [String: String]) -> String {
        parameters.isEmpty ? "[:]" : parameters.sorted { $0.key < $1.key }.map { "\(code($0.key)): \(code(withoutRequestID($0.value)))" }.joined(separator: ", ")
    }

    static func shown(_ closure: Closure) -> String {
        var parts = closure.called
        if let parameters = closure.parameters { parts.append(shown(parameters)) }
        if let code = closure.code { parts.append("code \(code)") }
        if let reason = closure.reason { parts.append("failure reason \(Self.code(reason))") }
        if let message = closure.message { parts.append("message \(Self.code(message))") }
        return parts.joined(separator: " ")
    }

    /// The text with every UUID the library generated written as `<requestID>`.
    static func withoutRequestID(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<requestID>", options: .regularExpression)
    }
}
