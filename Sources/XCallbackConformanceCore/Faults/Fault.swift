// A fault: one transformation in one role, with the fields it touches and its level (Vectors/README.md, "Faults").
// It is what an author fixes in one place; every report counts faults before rules and vectors.

/// What one failing answer shows: a transformation in a role, the fields it touches, and the level it is scored at.
public struct Fault: Hashable, Sendable {
    /// The responsibility whose code did it.
    public var role: TargetRole
    /// What was done (several joined by ` + ` when one answer shows more than one).
    public var transformation: FaultTransformation
    /// What the transformation acted on, when that says more: `'/'`, `invalid-utf8`.
    public var qualifier: String?
    /// The fields it touches, in `FaultField` order.
    public var fields: [FaultField]
    /// The level: the fault table's when the fault lies outside the vector's rule, the vector's when inside.
    public var level: Level
    /// Whether the fault touches one of the fields of the vector's rule (so the vector counts against its rule).
    public var withinRule: Bool
    /// The level the fault table gives this failure's own differences (for a refusal, its vector's level): when its
    /// fault's group is stricter, the failure is scored at the group's level but no stricter than this.
    public var tableLevel: Level

    /// Creates a fault.
    public init(
        role: TargetRole, transformation: FaultTransformation, qualifier: String? = nil, fields: [FaultField],
        level: Level, withinRule: Bool = true, tableLevel: Level? = nil
    ) {
        self.role = role
        self.transformation = transformation
        self.qualifier = qualifier
        self.fields = fields
        self.level = level
        self.withinRule = withinRule
        self.tableLevel = tableLevel ?? level
    }

    /// What groups answers into one fault: the role, the transformation and its qualifier. A builder's encoding of a
    /// value is one function whichever builder calls it, so an encoding transformation keys both builders as `build`.
    public var key: String { Self.key(role: role, transformation: transformation, qualifier: qualifier) }

    /// The key of a fault of `role`, `transformation` and `qualifier` (`key`, `FaultGroup.key`).
    static func key(role: TargetRole, transformation: FaultTransformation, qualifier: String?) -> String {
        "\(keyRole(role, transformation)) \(transformation)" + (qualifier.map { " (\($0))" } ?? "")
    }

    /// The transformations of a builder's value encoder, shared by the request and the callback builder.
    static let encodings: Set<FaultTransformation> = [
        .notEncoded, .encodedAgain, .spaceAsPlus, .lowercaseHex, .unreservedEscaped, .reservedEscaped, .flagForm,
    ]

    /// The role a key names: `build` for an encoding transformation of either builder, else the role.
    static func keyRole(_ role: TargetRole, _ transformation: FaultTransformation) -> String {
        (role == .buildRequest || role == .buildCallback) && encodings.contains(transformation) ? "build" : role.rawValue
    }

    /// `must decode: decoded-again: parameter-value`, the fault with its level and role: how a finding and a test
    /// failure show it.
    public var line: String { "\(level.rawValue) \(role): \(title)" }

    /// `decoded-again: parameter-value, x-success`, the fault in one line.
    public var title: String {
        "\(transformation)" + (qualifier.map { " (\($0))" } ?? "") + ": " + fields.map(\.rawValue).joined(separator: ", ")
    }
}

/// The failures of a run that show one fault: its key, the union of its fields, its level and its vectors.
public struct FaultGroup: Hashable, Sendable {
    /// The role, transformation and qualifier every member shares.
    public var role: TargetRole
    /// The transformation.
    public var transformation: FaultTransformation
    /// The qualifier, when there is one.
    public var qualifier: String?
    /// Every field a member touches, in `FaultField` order.
    public var fields: [FaultField]
    /// The strictest level among the members: the fault's level. Each member is scored at it, but no stricter than
    /// the table gives that member's own differences (`Fault.tableLevel`).
    public var level: Level
    /// The ids of the failing vectors, in suite order.
    public var vectors: [String]
    /// The id of the member with the shortest input: the example a report shows.
    public var example: String
    /// The example's citations.
    public var citations: [String]

    /// Every role whose failures show it (both builders for a shared value encoder).
    public var roles: [TargetRole] = []

    /// What groups answers into one fault (`Fault.key`).
    public var key: String { Fault.key(role: role, transformation: transformation, qualifier: qualifier) }

    /// `must decode: decoded-again: parameter-value, x-success`, the fault in one line with its level and role(s).
    public var title: String {
        "\(level.rawValue) \(roleText): \(transformation)" + (qualifier.map { " (\($0))" } ?? "") + ": "
            + fields.map(\.rawValue).joined(separator: ", ")
    }

    /// The role, or the roles joined with `+` when both builders show it.
    public var roleText: String { roles.count > 1 ? roles.map(\.rawValue).sorted().joined(separator: "+") : role.rawValue }

    /// Groups `results` (failed ones with faults) by each fault's key (an answer with two faults is in two groups):
    /// the strictest level first, then most vectors.
    public static func groups(of results: [VectorResult]) -> [FaultGroup] {
        var order: [String] = []
        var groups: [String: FaultGroup] = [:]
        var sizes: [String: Int] = [:]
        for result in results {
            for fault in result.faults {
                let size = result.vector.input.size
                if var group = groups[fault.key] {
                    group.fields = Array(Set(group.fields + fault.fields)).sorted()
                    if !group.roles.contains(fault.role) { group.roles.append(fault.role) }
                    group.level = min(group.level, fault.level)
                    if !group.vectors.contains(result.vector.id) { group.vectors.append(result.vector.id) }
                    if size < sizes[fault.key, default: .max] {
                        (group.example, group.citations, sizes[fault.key]) = (result.vector.id, result.vector.citations, size)
                    }
                    groups[fault.key] = group
                } else {
                    order.append(fault.key)
                    sizes[fault.key] = size
                    groups[fault.key] = FaultGroup(
                        role: fault.role, transformation: fault.transformation, qualifier: fault.qualifier,
                        fields: fault.fields, level: fault.level, vectors: [result.vector.id], example: result.vector.id,
                        citations: result.vector.citations, roles: [fault.role])
                }
            }
        }
        return order.enumerated().map { ($0.offset, groups[$0.element]!) }
            .sorted { ($0.1.level, -$0.1.vectors.count, $0.0) < ($1.1.level, -$1.1.vectors.count, $1.0) }
            .map(\.1)
    }
}

extension VectorInput {
    /// The URL a parse input holds, as text; `nil` for a builder's input, or bytes that are not UTF-8.
    var urlText: String? {
        switch self {
        case .parseText(let text): text
        case .parseBytes(let bytes): String(validating: bytes, as: UTF8.self)
        default: nil
        }
    }

    /// The input's length in bytes, to pick a group's shortest example.
    var size: Int {
        switch self {
        case .parseText(let text): text.utf8.count
        case .parseBytes(let bytes): bytes.count
        case .buildRequest(let request): request.canonicalJSON.compactText.utf8.count
        case .buildCallback(let response): response.callbackURL.utf8.count + response.parameters.count * 8
        }
    }
}
