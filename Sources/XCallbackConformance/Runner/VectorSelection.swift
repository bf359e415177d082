/// Which vectors a run includes: by id or glob, tag, operation and level.
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

    /// Creates a selection; the default includes every vector.
    public init(ids: [String] = [], tags: [String] = [], operations: [Operation] = [], levels: [Level] = []) {
        self.ids = ids
        self.tags = tags
        self.operations = operations
        self.levels = levels
    }

    /// Whether nothing narrows the selection.
    public var isEverything: Bool { ids.isEmpty && tags.isEmpty && operations.isEmpty && levels.isEmpty }

    /// Whether `vector` is selected.
    public func includes(_ vector: Vector) -> Bool {
        (ids.isEmpty || ids.contains { Self.glob($0, matches: vector.id) })
            && (tags.isEmpty || tags.contains { vector.tags.contains($0) })
            && (operations.isEmpty || operations.contains(vector.operation))
            && (levels.isEmpty || levels.contains(vector.level))
    }

    /// The selected vectors of `suite`, in suite order.
    public func apply(to vectors: [Vector]) -> [Vector] {
        vectors.filter(includes)
    }

    /// The selection as command-line options, for reports: `--id XCU-7* --level must`.
    public var commandLine: String {
        (ids.map { "--id \($0)" } + tags.map { "--tag \($0)" } + operations.map { "--operation \($0.rawValue)" }
            + levels.map { "--level \($0.rawValue)" }).joined(separator: " ")
    }

    /// Whether `pattern` matches all of `text`; `*` matches any run, `?` one character, case-insensitively.
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.uppercased())
        let text = Array(text.uppercased())
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
