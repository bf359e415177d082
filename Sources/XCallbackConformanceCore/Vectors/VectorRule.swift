// The rules of `rules.json` (format 3): every rule the vectors name, once, with its role, its level and a
// one-line summary. Vectors that share a rule test one behaviour, so reports can count failing behaviours.

/// One rule of `rules.json`: a behaviour of one role, at one level, that a group of vectors tests.
public struct VectorRule: Hashable, Sendable, Identifiable {
    /// The kebab-case id a vector's `rule` names, such as `decode-plus`.
    public var id: String
    /// The responsibility the rule belongs to.
    public var role: TargetRole
    /// The rule's level: every must, should or hardening vector of the rule has it; implementation-defined vectors
    /// may belong to a rule of any level.
    public var level: Level
    /// What the rule says, in one line.
    public var summary: String
    /// The fields a failure of the rule touches (rules.json `fields`); a fault that touches none of them does not
    /// count against the rule. Empty when the file gives none.
    public var fields: Set<FaultField>

    /// Creates a rule.
    public init(id: String, role: TargetRole, level: Level, summary: String, fields: Set<FaultField> = []) {
        self.id = id
        self.role = role
        self.level = level
        self.summary = summary
        self.fields = fields
    }

    /// Decodes the `rules` object of `rules.json`.
    ///
    /// - Throws: `VectorLoadError` naming the JSON path of a malformed rule and what was expected.
    public static func rules(from cursor: JSONCursor) throws(VectorLoadError) -> [String: VectorRule] {
        _ = try cursor.keys(allowed: ["description", "rules"])
        let rules = try cursor.member("rules")
        var out: [String: VectorRule] = [:]
        for id in try rules.keys(allowed: Set(rules.value.objectValue?.map(\.key) ?? [])) {
            let entry = try rules.member(id)
            guard Vector.isValidRuleID(id) else { throw entry.error("a rule under a kebab-case id, found id '\(id)'") }
            _ = try entry.keys(allowed: ["role", "level", "summary", "fields"])
            let roleCursor = try entry.member("role")
            let role = TargetRole(rawValue: try roleCursor.string())
            guard role.operation != nil else {
                throw roleCursor.error("one of \(TargetRole.allCases.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            let levelCursor = try entry.member("level")
            guard let level = Level(rawValue: try levelCursor.string()) else {
                throw levelCursor.error("one of \(Level.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            let summaryCursor = try entry.member("summary")
            let summary = try summaryCursor.string()
            guard !summary.isEmpty, !summary.contains(where: \.isNewline) else { throw summaryCursor.error("one line of text") }
            var fields: Set<FaultField> = []
            if entry.value.objectValue?.contains(where: { $0.key == "fields" }) == true {
                for item in try entry.member("fields").elements() {
                    let field = FaultField(rawValue: try item.string())
                    guard FaultField.all.contains(field) else {
                        throw item.error("one of \(FaultField.all.map { "\"\($0)\"" }.joined(separator: ", "))")
                    }
                    fields.insert(field)
                }
            }
            out[id] = VectorRule(id: id, role: role, level: level, summary: summary, fields: fields)
        }
        return out
    }

    /// Checks that `vector` may belong to this rule: the same role, and the same level unless the vector is
    /// implementation-defined.
    ///
    /// - Throws: `VectorLoadError` at `path` (the vector's JSON path) saying which of the two differs.
    public func check(_ vector: Vector, at path: String) throws(VectorLoadError) {
        if vector.role != role {
            throw VectorLoadError(
                file: vector.file, path: "\(path).role", expected: "the role of its rule \(id) in rules.json (\(role))",
                found: "\(vector.role) in \(vector.id)")
        }
        if vector.level != .implementationDefined, vector.level != level {
            throw VectorLoadError(
                file: vector.file, path: "\(path).level", expected: "the level of its rule \(id) in rules.json (\(level.rawValue))",
                found: "\(vector.level.rawValue) in \(vector.id)")
        }
    }
}
