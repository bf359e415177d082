// Plans of what `RequestGenerator` should decode, and the bytes that make it decode them.
//
// A plan names every choice the generator reads, in the same order: `write(_:to:)` puts down the bytes
// with a `FuzzInputWriter`, and the generator reading those bytes gives back the planned request or
// response. Hand-written build seeds (nested callbacks, reserved characters in every field) are plans.

import XCallbackURL

extension RequestGenerator {
    /// A callback URL as `callbackURL(_:)` composes it: a listed scheme, an optional colon, a listed
    /// authority, a path, an optional listed query with an optional listed end, and an optional fragment.
    public struct CallbackURLPlan: Sendable {
        /// One of `RequestGenerator.callbackSchemes`.
        public var scheme: String
        /// Whether a `:` follows the scheme.
        public var colon: Bool
        /// One of `RequestGenerator.callbackAuthorities`.
        public var authority: String
        /// The path, without `#` or `?`.
        public var path: String
        /// One of `RequestGenerator.callbackQueries`, or nil for no `?`.
        public var query: String?
        /// One of `RequestGenerator.callbackQueryEnds` after the query, or nil.
        public var queryEnd: String?
        /// The fragment after `#`, or nil for no `#`.
        public var fragment: String?

        /// Creates a plan; the defaults give `app://x-callback-url/` and the path.
        public init(
            scheme: String = "app", colon: Bool = true, authority: String = "//x-callback-url/", path: String,
            query: String? = nil, queryEnd: String? = nil, fragment: String? = nil
        ) {
            self.scheme = scheme
            self.colon = colon
            self.authority = authority
            self.path = path
            self.query = query
            self.queryEnd = queryEnd
            self.fragment = fragment
        }

        /// The URL the generator composes from this plan.
        public var url: String {
            scheme + (colon ? ":" : "") + authority + path + (query.map { "?" + $0 + (queryEnd ?? "") } ?? "")
                + (fragment.map { "#" + $0 } ?? "")
        }
    }

    /// What a callback slot (`x-success`, `x-error`, `x-cancel`) of a planned request holds.
    public indirect enum SlotPlan: Sendable {
        /// No such parameter.
        case absent
        /// A value of any text.
        case text(String)
        /// A callback URL composed from listed pieces.
        case callback(CallbackURLPlan)
        /// The URL the reference builds from a nested request (only above the generator's maximum depth).
        case nested(RequestPlan)
    }

    /// A request as `request(_:depth:)` generates it.
    public struct RequestPlan: Sendable {
        /// A letter of `aAbsxXz`, then characters of the scheme alphabet.
        public var scheme: String
        /// A non-empty action.
        public var action: String
        /// The `x-source` value, or nil.
        public var source: String?
        /// The `x-success` slot.
        public var success: SlotPlan
        /// The `x-error` slot.
        public var error: SlotPlan
        /// The `x-cancel` slot.
        public var cancel: SlotPlan
        /// At most three parameters, with non-empty names that do not start with `x-`.
        public var parameters: [XCallbackParameter]

        /// Creates a plan.
        public init(
            scheme: String, action: String, source: String? = nil, success: SlotPlan = .absent, error: SlotPlan = .absent,
            cancel: SlotPlan = .absent, parameters: [XCallbackParameter] = []
        ) {
            self.scheme = scheme
            self.action = action
            self.source = source
            self.success = success
            self.error = error
            self.cancel = cancel
            self.parameters = parameters
        }

        /// How many levels of requests the plan holds (1 without nested requests).
        public var depth: Int {
            let children = [success, error, cancel].map { slot -> Int in
                if case .nested(let child) = slot { return child.depth }
                return 0
            }
            return 1 + (children.max() ?? 0)
        }
    }

    /// A response as `response(_:callbackURL:)` generates it onto a generated callback URL.
    public struct ResponsePlan: Sendable {
        /// The callback URL.
        public var callback: CallbackURLPlan
        /// The outcome; an error code must not be empty.
        public var outcome: XCallbackResponse.Outcome
        /// The `x-source` value to append, or nil.
        public var source: String?
        /// At most three parameters with non-empty names.
        public var parameters: [XCallbackParameter]

        /// Creates a plan.
        public init(callback: CallbackURLPlan, outcome: XCallbackResponse.Outcome, source: String? = nil, parameters: [XCallbackParameter] = []) {
            self.callback = callback
            self.outcome = outcome
            self.source = source
            self.parameters = parameters
        }
    }

    // MARK: - Writing

    /// Writes the bytes from which `request(_:depth:)`, called at `depth`, generates `plan`.
    public func write(_ plan: RequestPlan, to writer: inout FuzzInputWriter, depth: Int = 1) {
        writer.pick(plan.scheme.unicodeScalars.first ?? " ", from: Array("aAbsxXz".unicodeScalars))
        writer.string(String(plan.scheme.unicodeScalars.dropFirst()), maxLength: 6, alphabet: Self.schemeAlphabet)
        writeText(plan.action, maxLength: 8, to: &writer)
        writer.flag(plan.source != nil)
        if let source = plan.source { writer.string(source, maxLength: 6, alphabet: Self.textAlphabet) }
        for slot in [plan.success, plan.error, plan.cancel] {
            switch slot {
            case .absent:
                writer.choose(0, below: 4)
            case .text(let value):
                writer.choose(1, below: 4)
                writer.string(value, maxLength: 8, alphabet: Self.textAlphabet)
            case .callback(let callback):
                writer.choose(2, below: 4)
                write(callback, to: &writer)
            case .nested(let child):
                precondition(depth < maximumDepth, "a nested request at depth \(depth + 1) is over the maximum \(maximumDepth)")
                writer.choose(3, below: 4)
                write(child, to: &writer, depth: depth + 1)
            }
        }
        writeParameters(plan.parameters, to: &writer) { name in
            precondition(!name.hasPrefix("x-"), "the generator renames an action parameter \(name)")
        }
    }

    /// Writes the bytes from which `callbackURL(_:)` composes `plan`.
    public func write(_ plan: CallbackURLPlan, to writer: inout FuzzInputWriter) {
        writer.pick(plan.scheme, from: Self.callbackSchemes)
        writer.choose(plan.colon ? 1 : 0, below: 8)
        writer.pick(plan.authority, from: Self.callbackAuthorities)
        precondition(!plan.path.contains("#") && !plan.path.contains("?"), "the generator drops '#' and '?' from a path")
        writer.string(plan.path, maxLength: 6, alphabet: Self.textAlphabet)
        writer.flag(plan.query != nil)
        if let query = plan.query {
            writer.pick(query, from: Self.callbackQueries)
            writer.flag(plan.queryEnd != nil)
            if let end = plan.queryEnd { writer.pick(end, from: Self.callbackQueryEnds) }
        }
        writer.flag(plan.fragment != nil)
        if let fragment = plan.fragment { writer.string(fragment, maxLength: 6, alphabet: Self.textAlphabet) }
    }

    /// Writes the bytes from which `callbackURL(_:)` then `response(_:callbackURL:)` generate `plan`.
    public func write(_ plan: ResponsePlan, to writer: inout FuzzInputWriter) {
        write(plan.callback, to: &writer)
        switch plan.outcome {
        case .success:
            writer.choose(0, below: 3)
        case .error(let code, let message):
            writer.choose(1, below: 3)
            writeText(code, maxLength: 4, to: &writer)
            writer.string(message, maxLength: 8, alphabet: Self.textAlphabet)
        case .cancel:
            writer.choose(2, below: 3)
        }
        writer.flag(plan.source != nil)
        if let source = plan.source { writer.string(source, maxLength: 6, alphabet: Self.textAlphabet) }
        writeParameters(plan.parameters, to: &writer) { _ in }
    }

    /// Writes a non-empty text as `text(_:maxLength:)` reads it.
    func writeText(_ text: String, maxLength: Int, to writer: inout FuzzInputWriter) {
        precondition(!text.isEmpty, "the generator turns an empty text into 'v'")
        writer.string(text, maxLength: maxLength, alphabet: Self.textAlphabet)
    }

    /// Writes a parameter count and each parameter as value first, then name, as the generator reads them.
    func writeParameters(_ parameters: [XCallbackParameter], to writer: inout FuzzInputWriter, checkName: (String) -> Void) {
        writer.choose(parameters.count, below: 4)
        for parameter in parameters {
            if let value = parameter.value {
                writer.choose(1, below: 5)
                writer.string(value, maxLength: 8, alphabet: Self.textAlphabet)
            } else {
                writer.choose(0, below: 5)
            }
            checkName(parameter.name)
            writeText(parameter.name, maxLength: 5, to: &writer)
        }
    }
}
