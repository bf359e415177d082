// The rules the differential driver checks, their levels, and the input traits that relax them.
//
// Everything here is data. A disagreement between a target and the reference is first tied to a rule
// (`acceptance`, `same-action`, ...). Its level starts at the rule's level and is lowered only by a
// relaxation (the input touches a point the spec leaves open, listed with the anchor that says so) or
// by a normalisation the caller passes in (an accepted, documented difference of one target).
// The relaxations follow the vectors: `ChoiceOracleTests` holds that no answer a vector accepts is a must
// disagreement, and that a must vector answered the other way is one; `ChoiceOracleLevelTests`, that a
// should parse vector answered the other way is no must disagreement.

import XCallbackConformanceCore
import XCallbackURL

/// How binding a disagreement is: only `must` stops a fuzz run by default.
public struct DifferentialLevel: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `must`, `should` or `implementation-defined`.
    public var rawValue: String
    /// Creates a level from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }
    /// Orders levels from least to most binding.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int { self == .must ? 2 : self == .should ? 1 : 0 }

    /// A requirement of the spec or RFC 3986: disagreement is a failure.
    public static let must = Self(rawValue: "must")
    /// A recommendation or a reference position on a point the spec is silent about.
    public static let should = Self(rawValue: "should")
    /// A choice point: several behaviours are allowed.
    public static let implementationDefined = Self(rawValue: "implementation-defined")
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
    /// An escape in the path that decodes to `/`, `?` or `#` (`a%2Fb`).
    public static let encodedDelimiterInPath = Self(rawValue: "encoded-delimiter-in-path")
}

/// A rule the differential driver checks, at the level it has when no relaxation applies.
public struct DifferentialRule: Hashable, Sendable, CustomStringConvertible {
    /// Stable identifier, e.g. `same-parameters`.
    public var id: String
    /// The level before relaxations.
    public var level: DifferentialLevel
    /// What the rule says, in one sentence.
    public var summary: String
    /// Anchors of `Vectors/citations.json` the rule rests on.
    public var cite: [String]

    /// `id (level)`.
    public var description: String { "\(id) (\(level)): \(summary) [\(cite.joined(separator: ", "))]" }

    /// Both accept or both reject.
    public static let acceptance = Self(
        id: "acceptance", level: .must, summary: "the target accepts exactly the URLs the reference accepts",
        cite: ["xcu-structure", "xcu-host", "rfc3986-3"])
    /// Same scheme, compared case-insensitively.
    public static let sameScheme = Self(
        id: "same-scheme", level: .must, summary: "the scheme is the same, ignoring case", cite: ["rfc3986-3.1"])
    /// The scheme comes back lowercased.
    public static let schemeLowercase = Self(
        id: "scheme-lowercase", level: .should, summary: "the scheme is reported in its canonical lowercase form",
        cite: ["rfc3986-3.1", "rfc3986-6.2.2.1"])
    /// Same action.
    public static let sameAction = Self(
        id: "same-action", level: .must, summary: "the action is the path after the host, decoded once",
        cite: ["xcu-action", "rfc3986-2.4"])
    /// Same reserved parameters.
    public static let sameReserved = Self(
        id: "same-reserved", level: .must, summary: "x-source, x-success, x-error and x-cancel decode to the same values",
        cite: ["xcu-x-source", "xcu-x-success", "xcu-x-error", "xcu-x-cancel", "xcu-values-encoded"])
    /// Same action parameters.
    public static let sameParameters = Self(
        id: "same-parameters", level: .must, summary: "the action parameters decode to the same names and values",
        cite: ["xcu-action-parameters", "xcu-query-format", "rfc3986-2.4"])
    /// Same fragment.
    public static let sameFragment = Self(
        id: "same-fragment", level: .must, summary: "the fragment is the text after '#', decoded once", cite: ["rfc3986-3.5"])
    /// Same rejection category.
    public static let category = Self(
        id: "category", level: .should, summary: "a rejection reports the reference's category", cite: ["xcu-structure"])
    /// The target neither errored nor broke.
    public static let noError = Self(
        id: "no-error", level: .must, summary: "the target answers without an internal error", cite: ["xcu-structure"])
    /// A built request parses back (by the reference) to the request given.
    public static let buildRoundTrip = Self(
        id: "build-round-trip", level: .must, summary: "a built request parses back to the request it was built from",
        cite: ["xcu-values-encoded", "rfc3986-2.2"])
    /// A built callback carries the appended parameters and keeps the callback.
    public static let callbackParameters = Self(
        id: "callback-parameters", level: .must,
        summary: "a built callback decodes to the callback's own parameters followed by the appended ones",
        cite: ["xcu-x-success", "xcu-x-error"])
    /// A built callback keeps the callback byte for byte and joins with one separator.
    public static let callbackShape = Self(
        id: "callback-shape", level: .should,
        summary: "a built callback keeps the callback before '#' byte for byte, one separator, fragment last",
        cite: ["silent-callback-append"])

    /// Every rule, for listings.
    public static let all: [Self] = [
        acceptance, sameScheme, schemeLowercase, sameAction, sameReserved, sameParameters, sameFragment, category, noError,
        buildRoundTrip, callbackParameters, callbackShape, buildRefusal, encodingRule, callbackSafety, callbackRefusal,
    ]
}

/// When an input has `trait` (and the target did not declare `choice`), disagreements on `rules` drop to `level`
/// (where the reference rejects the input, only when the trait explains the rejection's category).
public struct DifferentialRelaxation: Sendable {
    /// The trait that triggers the relaxation.
    public var trait: InputTrait
    /// The choice point whose declaration makes the expectation exact again (then no relaxation), if any.
    public var choice: ChoicePoint?
    /// Rule ids relaxed.
    public var rules: [String]
    /// The lowered level.
    public var level: DifferentialLevel
    /// The citation anchor saying the point is open.
    public var cite: String
    /// Where the reference rejects the input, the categories of rejection the trait explains: the relaxation
    /// applies only to those (nil: to any; empty: only where the reference accepts), so that an input the
    /// reference rejects for another reason, which the vectors grade must, is not relaxed.
    public var explains: Set<RejectionCategory>? = nil

    static let parse = ["acceptance", "same-action", "same-reserved", "same-parameters", "same-fragment", "category"]
    static let query = ["same-reserved", "same-parameters"]

    /// The built-in relaxations, in the order they are tried.
    public static let all: [Self] = [
        Self(trait: .plusInQuery, choice: .plus, rules: query, level: .implementationDefined, cite: "silent-plus"),
        Self(trait: .invalidEscape, choice: .invalidEscape, rules: parse, level: .implementationDefined, cite: "silent-invalid-escape"),
        Self(trait: .nonUTF8Escape, choice: .nonUTF8Escape, rules: parse, level: .implementationDefined, cite: "silent-non-utf8"),
        Self(trait: .flagParameter, choice: .flagParameter, rules: query, level: .implementationDefined, cite: "silent-flag"),
        Self(trait: .duplicateParameter, choice: .duplicateParameter, rules: ["same-parameters"], level: .implementationDefined, cite: "silent-duplicates"),
        Self(trait: .duplicateReserved, choice: .duplicateReserved, rules: parse, level: .implementationDefined, cite: "silent-duplicates"),
        Self(trait: .trailingSlash, choice: .trailingSlash, rules: ["acceptance", "same-action"], level: .implementationDefined, cite: "silent-trailing-slash"),
        // The reference accepts raw characters leniently; what it rejects for another reason must be rejected.
        Self(trait: .rawCharacter, choice: nil, rules: ["acceptance", "category"], level: .should, cite: "silent-raw-characters", explains: []),
        // A host that differs only in ASCII case must be accepted, any other ASCII host rejected (RFC 3986 §3.2.2):
        // only encoded spellings and look-alikes are open.
        Self(trait: .hostLookAlike, choice: nil, rules: ["acceptance", "category"], level: .should, cite: "silent-host-variants"),
        Self(
            trait: .userinfoOrPort, choice: nil, rules: ["acceptance", "category"], level: .should, cite: "rfc3986-3.2.1",
            explains: [.invalidAuthority]),
        Self(
            trait: .emptyAction, choice: nil, rules: ["acceptance", "category", "same-action"], level: .should, cite: "silent-empty-action",
            explains: [.missingAction]),
        Self(
            trait: .controlCharacter, choice: nil, rules: ["acceptance", "category"], level: .should, cite: "rfc3986-2",
            explains: [.invalidCharacter]),
        Self(trait: .emptyCallback, choice: nil, rules: ["acceptance", "category"], level: .should, cite: "silent-empty-callback"),
        Self(trait: .escapedNUL, choice: nil, rules: ["acceptance", "category"], level: .should, cite: "silent-security"),
        Self(trait: .actionToEncode, choice: nil, rules: ["acceptance"], level: .implementationDefined, cite: "xcu-action"),
        Self(trait: .refusedAsUnsafe, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-security"),
        Self(trait: .invalidUTF8Bytes, choice: nil, rules: parse, level: .should, cite: "rfc3629-3"),
        // Inputs the reference accepts and the vectors grade should: refusing one is a should failure
        // (`ChoiceModel+ShouldLevel.swift`); an input the reference rejects for another reason is not relaxed.
        Self(trait: .emptyQueryPiece, choice: nil, rules: ["acceptance"], level: .should, cite: "xcu-query-format", explains: []),
        Self(trait: .emptyName, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-empty-name", explains: []),
        Self(trait: .schemeCase, choice: nil, rules: ["acceptance"], level: .should, cite: "rfc3986-3.1", explains: []),
        Self(trait: .leadingByteOrderMark, choice: nil, rules: ["acceptance"], level: .should, cite: "rfc3986-2.5", explains: []),
        Self(trait: .escapedCRLF, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-security", explains: []),
        Self(trait: .reservedLookAlikeName, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-reserved-case", explains: []),
        Self(trait: .encodedSlashInPath, choice: nil, rules: ["acceptance"], level: .should, cite: "xcu-action", explains: []),
        Self(trait: .emptyPathSegment, choice: nil, rules: ["acceptance"], level: .should, cite: "xcu-action", explains: []),
        Self(trait: .dotOrVersionSegment, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-version-path", explains: []),
        Self(trait: .longInput, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-length", explains: []),
        Self(trait: .unsafeCallbackValue, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-security", explains: []),
        // A Punycode host is not x-callback-url and must be rejected, but the vectors grade accepting it should.
        Self(
            trait: .punycodeHost, choice: nil, rules: ["acceptance"], level: .should, cite: "silent-host-variants",
            explains: [.notXCallbackURL]),
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
