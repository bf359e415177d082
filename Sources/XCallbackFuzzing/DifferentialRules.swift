// The rules the differential driver checks, the levels of a disagreement, and the input traits.
//
// Everything here is data. A disagreement between a target and the reference is first tied to a rule
// (`acceptance`, `same-action`, ...). Its level is the level the vectors give the same fault: the rule and the
// input's traits are its signature, which `FaultTable` learnt from every vector's allowed and forbidden answers.
// A normalisation the caller passes in (an accepted, documented difference of one target) sets a disagreement
// aside. `FaultTableTests` holds the table free of conflicts, and that every vector answered wrongly is a finding
// at that vector's level.

import XCallbackConformanceCore
import XCallbackURL

/// How binding a disagreement is: the level the vectors give the fault, or `allowed`.
public struct DifferentialLevel: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `must`, `should`, `implementation-defined`, `hardening` or `allowed`.
    public var rawValue: String
    /// Creates a level from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }
    /// Orders levels from least to most binding.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int {
        switch self {
        case .must: 4
        case .should: 3
        case .hardening: 2
        case .implementationDefined: 1
        default: 0
        }
    }

    /// A requirement of the spec or RFC 3986: the vectors fail the fault at must.
    public static let must = Self(rawValue: "must")
    /// A recommendation: the vectors fail the fault at should.
    public static let should = Self(rawValue: "should")
    /// A choice point the target declared and contradicts.
    public static let implementationDefined = Self(rawValue: "implementation-defined")
    /// The suite's hardening profile.
    public static let hardening = Self(rawValue: "hardening")
    /// A vector allows the answer: no failure.
    public static let allowed = Self(rawValue: "allowed")

    /// Every level a vector fails at: what a run reports by default.
    public static let graded: [Self] = [.must, .should, .implementationDefined, .hardening]
}

/// A property of an input that puts it on an open point of the spec.
public struct InputTrait: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identifier, e.g. `plus-in-query`.
    public var rawValue: String
    /// Creates a trait from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// A raw `+` in the query (D1).
    public static let plusInQuery = Self(rawValue: "plus-in-query")
    /// A `%` not followed by two hex digits (D4).
    public static let invalidEscape = Self(rawValue: "invalid-escape")
    /// Valid escapes that decode to ill-formed UTF-8 (D5).
    public static let nonUTF8Escape = Self(rawValue: "non-utf8-escape")
    /// A query piece without `=` (D7).
    public static let flagParameter = Self(rawValue: "flag-parameter")
    /// An action parameter name used twice (D6).
    public static let duplicateParameter = Self(rawValue: "duplicate-parameter")
    /// A reserved parameter used twice.
    public static let duplicateReserved = Self(rawValue: "duplicate-reserved")
    /// The action ends with `/` (D12).
    public static let trailingSlash = Self(rawValue: "trailing-slash")
    /// A raw character outside RFC 3986 (space, `"<>\^`{|}[]`, non-ASCII, a second `#`), accepted leniently by the reference.
    public static let rawCharacter = Self(rawValue: "raw-character")
    /// The host is not byte for byte `x-callback-url` (case or escapes, D10/D11).
    public static let hostVariant = Self(rawValue: "host-variant")
    /// The scheme has uppercase letters.
    public static let schemeCase = Self(rawValue: "scheme-case")
    /// Userinfo or a port in the authority.
    public static let userinfoOrPort = Self(rawValue: "userinfo-or-port")
    /// The path after the host is empty or `/`.
    public static let emptyAction = Self(rawValue: "empty-action")
    /// A raw control character.
    public static let controlCharacter = Self(rawValue: "control-character")
    /// The bytes are not UTF-8.
    public static let invalidUTF8Bytes = Self(rawValue: "invalid-utf8-bytes")
    /// An empty query piece: `?&a`, `a&&b`, a trailing `&` (the reference skips them).
    public static let emptyPiece = Self(rawValue: "empty-piece")
    /// A component whose decoded text starts with U+FEFF (`%EF%BB%BF...`).
    public static let leadingByteOrderMark = Self(rawValue: "leading-byte-order-mark")
    /// A parameter name that only resembles a reserved one (`X-Success`, `x_success`): hardening vectors grade it.
    public static let reservedLookalike = Self(rawValue: "reserved-lookalike")
    /// An escape in the path that decodes to `/`, `?` or `#` (`a%2Fb`).
    public static let encodedDelimiterInPath = Self(rawValue: "encoded-delimiter-in-path")
}

/// A rule the differential driver checks; the level of a disagreement with it comes from the vectors (`FaultTable`).
public struct DifferentialRule: Hashable, Sendable, CustomStringConvertible {
    /// Stable identifier, e.g. `same-parameters`.
    public var id: String
    /// What the rule says, in one sentence.
    public var summary: String
    /// Anchors of `Vectors/citations.json` the rule rests on.
    public var cite: [String]

    /// `id: summary [anchors]`.
    public var description: String { "\(id): \(summary) [\(cite.joined(separator: ", "))]" }

    /// Both accept or both reject.
    public static let acceptance = Self(
        id: "acceptance", summary: "the target accepts exactly the URLs the reference accepts",
        cite: ["xcu-structure", "xcu-host", "rfc3986-3"])
    /// Same scheme, compared case-insensitively.
    public static let sameScheme = Self(
        id: "same-scheme", summary: "the scheme is the same, ignoring case", cite: ["rfc3986-3.1"])
    /// The scheme comes back lowercased.
    public static let schemeLowercase = Self(
        id: "scheme-lowercase", summary: "the scheme is reported in its canonical lowercase form",
        cite: ["rfc3986-3.1", "rfc3986-6.2.2.1"])
    /// Same action.
    public static let sameAction = Self(
        id: "same-action", summary: "the action is the path after the host, decoded once",
        cite: ["xcu-action", "rfc3986-2.4"])
    /// Same reserved parameters.
    public static let sameReserved = Self(
        id: "same-reserved", summary: "x-source, x-success, x-error and x-cancel decode to the same values",
        cite: ["xcu-x-source", "xcu-x-success", "xcu-x-error", "xcu-x-cancel", "xcu-values-encoded"])
    /// Same action parameters.
    public static let sameParameters = Self(
        id: "same-parameters", summary: "the action parameters decode to the same names and values",
        cite: ["xcu-action-parameters", "xcu-query-format", "rfc3986-2.4"])
    /// Same fragment.
    public static let sameFragment = Self(
        id: "same-fragment", summary: "the fragment is the text after '#', decoded once", cite: ["rfc3986-3.5"])
    /// Same rejection category.
    public static let category = Self(
        id: "category", summary: "a rejection reports the reference's category", cite: ["xcu-structure"])
    /// The target neither errored nor broke.
    public static let noError = Self(
        id: "no-error", summary: "the target answers without an internal error", cite: ["xcu-structure"])
    /// A built request parses back (by the reference) to the request given.
    public static let buildRoundTrip = Self(
        id: "build-round-trip", summary: "a built request parses back to the request it was built from",
        cite: ["xcu-values-encoded", "rfc3986-2.2"])
    /// A built callback carries the appended parameters and keeps the callback.
    public static let callbackParameters = Self(
        id: "callback-parameters",
        summary: "a built callback decodes to the callback's own parameters followed by the appended ones",
        cite: ["xcu-x-success", "xcu-x-error"])
    /// A built callback keeps the callback byte for byte and joins with one separator.
    public static let callbackShape = Self(
        id: "callback-shape",
        summary: "a built callback keeps the callback before '#' byte for byte, one separator, fragment last",
        cite: ["silent-callback-append"])

    /// Every rule, for listings.
    public static let all: [Self] = [
        acceptance, sameScheme, schemeLowercase, sameAction, sameReserved, sameParameters, sameFragment, category, noError,
        buildRoundTrip, callbackParameters, callbackShape, buildRefusal, encodingRule, pathEncoding, reservedEscape, hexCase, unreservedEscape,
        callbackSafety, callbackRefusal, undeclaredChoice, contradictedChoice, keptAsWritten,
    ]
}

/// A documented, accepted difference of one target: disagreements on `rules` for inputs with `trait` are
/// reported under this id instead of failing.
public struct DifferentialNormalisation: Sendable, CustomStringConvertible {
    /// Stable identifier, e.g. `foundation-requery`.
    public var id: String
    /// The input trait the difference is tied to; nil means any input.
    public var trait: InputTrait?
    /// Rule ids the normalisation covers.
    public var rules: [String]
    /// Why the difference is accepted, with a reference to where it is documented.
    public var reason: String

    /// Creates a normalisation.
    public init(id: String, trait: InputTrait?, rules: [String], reason: String) {
        self.id = id
        self.trait = trait
        self.rules = rules
        self.reason = reason
    }

    /// `id: reason`.
    public var description: String { "\(id) (\(trait?.rawValue ?? "any input"); \(rules.joined(separator: ", "))): \(reason)" }
}
