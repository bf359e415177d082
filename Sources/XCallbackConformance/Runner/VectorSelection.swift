/// Which vectors a run includes: by id or glob, tag, operation, level and role.
///
/// Values of one kind are alternatives (any may match); kinds combine (all must match). An empty
/// selection includes every vector.
public struct VectorSelection: Hashable, Sendable {
    /// Ids or globs (`*` any run of characters, `?` one character), such as `XCU-7K3P` or `XCU-7*`.
    public var ids: [String] = []
    /// Tags, such as `D1` or `host`.
    public var tags: [String] = []
    /// Operations.
    public var operations: [Operation] = []
    /// Levels.
    public var levels: [Level] = []
    /// Roles: the vectors left out are not in the run at all (a target's claim makes vectors not applicable instead).
    public var roles: [TargetRole] = []

    /// Creates a selection; the default includes every vector.
    public init(
        ids: [String] = [], tags: [String] = [], operations: [Operation] = [], levels: [Level] = [], roles: [TargetRole] = []
    ) {
        self.ids = ids
        self.tags = tags
        self.operations = operations
        self.levels = levels
        self.roles = roles
    }

    /// Whether nothing narrows the selection.
    public var isEverything: Bool { ids.isEmpty && tags.isEmpty && operations.isEmpty && levels.isEmpty && roles.isEmpty }

    /// Whether `vector` is selected.
    public func includes(_ vector: Vector) -> Bool {
        includes(vector, ids: IDPatterns(ids))
    }

    /// The selected vectors of `suite`, in suite order (the ids and globs read once, however many there are).
    public func apply(to vectors: [Vector]) -> [Vector] {
        let patterns = IDPatterns(ids)
        return vectors.filter { includes($0, ids: patterns) }
    }

    private func includes(_ vector: Vector, ids patterns: IDPatterns) -> Bool {
        (ids.isEmpty || patterns.matches(vector.id))
            && (tags.isEmpty || tags.contains { vector.tags.contains($0) })
            && (operations.isEmpty || operations.contains(vector.operation))
            && (levels.isEmpty || levels.contains(vector.level))
            && (roles.isEmpty || roles.contains(vector.role))
    }

    /// The selection as command-line options, for reports: `--id XCU-7* --level must`.
    public var commandLine: String {
        (ids.map { "--id \($0)" } + tags.map { "--tag \($0)" } + operations.map { "--operation \($0.rawValue)" }
            + levels.map { "--level \($0.rawValue)" } + roles.map { "--role \($0.rawValue)" }).joined(separator: " ")
    }

    /// Whether `pattern` matches all of `text`, case-insensitively: `*` any run, `?` one character,
    /// `[AB]`, `[A-F]` and `[!AB]` (or `[^AB]`) one character of a class. A malformed pattern matches nothing.
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        IDPatterns([pattern]).matches(text)
    }

    /// Why the selection is empty for `vectors`, naming the option that matched nothing; `nil` when it selects some.
    public func emptinessProblem(in vectors: [Vector], suiteDescription: String) -> String? {
        guard apply(to: vectors).isEmpty else { return nil }
        if vectors.isEmpty { return "\(suiteDescription) holds no vectors (its manifest lists no vector file)" }
        for id in ids {
            let pattern = IDPatterns([id])
            guard !vectors.contains(where: { pattern.matches($0.id) }) else { continue }
            return "--id '\(id)' matches no vector of \(suiteDescription); try 'list' for the ids"
        }
        for tag in tags where !vectors.contains(where: { $0.tags.contains(tag) }) {
            return "--tag '\(tag)' matches no vector of \(suiteDescription)"
        }
        for operation in operations where !vectors.contains(where: { $0.operation == operation }) {
            return "--operation \(operation.rawValue) matches no vector of \(suiteDescription)"
        }
        for level in levels where !vectors.contains(where: { $0.level == level }) {
            return "--level \(level.rawValue) matches no vector of \(suiteDescription)"
        }
        for role in roles where !vectors.contains(where: { $0.role == role }) {
            return "--role \(role.rawValue) matches no vector of \(suiteDescription)"
        }
        return "the selection '\(commandLine)' matches no vector of \(suiteDescription): each option matches some, "
            + "but no vector matches them all"
    }
}

/// Ids and globs read once: an id without `*`, `?` or `[` is looked up, a glob is matched in turn (a run selected
/// by its failures' ids, hundreds of them, filters the suite in one pass).
struct IDPatterns {
    private var exact: Set<String> = []
    private var globs: [GlobPattern] = []

    init(_ patterns: [String]) {
        for pattern in patterns {
            if !pattern.isEmpty, !pattern.contains(where: { "*?[".contains($0) }) {
                exact.insert(pattern.uppercased())
            } else if let glob = try? GlobPattern(pattern) {
                globs.append(glob)
            }
        }
    }

    /// Whether any id or glob matches all of `id`, case-insensitively.
    func matches(_ id: String) -> Bool {
        exact.contains(id.uppercased()) || globs.contains { $0.matches(id) }
    }
}

/// A parsed glob: literal characters, `*`, `?` and bracket classes, all compared in upper case.
package struct GlobPattern {
    /// One element of a pattern.
    enum Token {
        case literal(Character)
        case anyRun
        case anyOne
        case oneOf(ranges: [ClosedRange<Character>], negated: Bool)

        func matches(_ character: Character) -> Bool {
            switch self {
            case .literal(let wanted): wanted == character
            case .anyRun, .anyOne: true
            case .oneOf(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
            }
        }
    }

    /// A glob that cannot be read.
    package struct SyntaxError: Error, CustomStringConvertible {
        package let description: String
    }

    let tokens: [Token]

    /// Reads `pattern`.
    ///
    /// - Throws: a `SyntaxError` for an empty pattern, an unclosed `[`, an empty class or a reversed range.
    package init(_ pattern: String) throws(SyntaxError) {
        guard !pattern.isEmpty else { throw SyntaxError(description: "needs an id or glob such as XCU-7*, not an empty string") }
        var characters = Array(pattern.uppercased())[...]
        var tokens: [Token] = []
        while let character = characters.popFirst() {
            switch character {
            case "*": tokens.append(.anyRun)
            case "?": tokens.append(.anyOne)
            case "[":
                var negated = false
                if let first = characters.first, first == "!" || first == "^" {
                    negated = true
                    characters = characters.dropFirst()
                }
                var ranges: [ClosedRange<Character>] = []
                var closed = false
                while let member = characters.popFirst() {
                    if member == "]", !ranges.isEmpty {
                        closed = true
                        break
                    }
                    if characters.first == "-", characters.count > 1, characters.dropFirst().first != "]" {
                        characters = characters.dropFirst()
                        let upper = characters.removeFirst()
                        guard member <= upper else {
                            throw SyntaxError(description: "the range '\(member)-\(upper)' in '\(pattern)' runs backwards")
                        }
                        ranges.append(member...upper)
                    } else {
                        ranges.append(member...member)
                    }
                }
                guard closed else {
                    throw SyntaxError(description: "'\(pattern)' has a '[' without its ']'; write [AB] or [A-F]")
                }
                tokens.append(.oneOf(ranges: ranges, negated: negated))
            default: tokens.append(.literal(character))
            }
        }
        self.tokens = tokens
    }

    /// Whether the pattern matches all of `text` (with one-star backtracking, linear in practice).
    func matches(_ text: String) -> Bool {
        let text = Array(text.uppercased())
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < tokens.count, case .anyRun = tokens[p] {
                star = p
                mark = t
                p += 1
            } else if p < tokens.count, tokens[p].matches(text[t]) {
                p += 1
                t += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < tokens.count, case .anyRun = tokens[p] { p += 1 }
        return p == tokens.count
    }
}
