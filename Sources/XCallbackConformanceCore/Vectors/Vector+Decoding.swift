import XCallbackURL

// Decodes one vector object of a vector file (format described in Vectors/README.md).

extension Vector {
    /// The id syntax: `XCU-` and four characters of an alphabet without look-alikes.
    public static let idAlphabet = Set("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")

    /// Whether `id` has the permanent id syntax.
    public static func isValidID(_ id: String) -> Bool {
        id.count == 8 && id.hasPrefix("XCU-") && id.dropFirst(4).allSatisfy { idAlphabet.contains($0) }
    }

    /// Decodes a vector from its JSON object in `file`.
    public init(decoding cursor: JSONCursor) throws(VectorLoadError) {
        _ = try cursor.keys(allowed: [
            "id", "description", "operation", "role", "rule", "input", "level", "expect", "cite", "tags", "provenance",
            "expand", "breaks",
        ])
        let expansions = try Self.decodeExpand(try cursor.optionalMember("expand"))
        let idCursor = try cursor.member("id")
        id = try idCursor.string()
        guard Self.isValidID(id) else { throw idCursor.error("an id 'XCU-' + 4 of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ") }
        summary = try cursor.member("description").string()
        let operationCursor = try cursor.member("operation")
        guard let operation = Operation(rawValue: try operationCursor.string()) else {
            throw operationCursor.error("one of \"parse\", \"build-request\", \"build-callback\"")
        }
        self.operation = operation
        let vectorID = id
        // An error at `place` that also names the vector, since format 3's members are checked per vector.
        func error(_ place: JSONCursor, _ expected: String) -> VectorLoadError {
            var error = place.error(expected)
            error.found += " in \(vectorID)"
            return error
        }
        let roleCursor = try cursor.member("role")
        role = TargetRole(rawValue: try roleCursor.string())
        guard role.operation == operation else {
            let roles = TargetRole.roles(of: operation).map { "\"\($0)\"" }
            throw error(roleCursor, "the role of a \(operation.rawValue) vector: \(roles.joined(separator: " or "))")
        }
        let ruleCursor = try cursor.member("rule")
        rule = try ruleCursor.string()
        guard Self.isValidRuleID(rule) else { throw error(ruleCursor, "a kebab-case rule id such as \"decode-plus\"") }
        let levelCursor = try cursor.member("level")
        guard let level = Level(rawValue: try levelCursor.string()) else {
            throw levelCursor.error("one of \"must\", \"should\", \"implementation-defined\", \"hardening\"")
        }
        self.level = level
        input = try Self.decodeInput(try cursor.member("input").expanding(expansions), operation: operation)
        expectation = try Expectation(decoding: try cursor.member("expect").expanding(expansions), operation: operation)
        citations = try cursor.member("cite").strings()
        tags = try cursor.optionalMember("tags")?.strings() ?? []
        provenance = try cursor.optionalMember("provenance")?.strings() ?? []
        if let breaksCursor = try cursor.optionalMember("breaks") {
            let text = try breaksCursor.string()
            guard !text.isEmpty, !text.contains(where: \.isNewline) else { throw error(breaksCursor, "one line of text") }
            breaks = text
        } else {
            breaks = nil
        }
        file = cursor.file
        if case .choice = expectation, level != .implementationDefined {
            throw levelCursor.error("\"implementation-defined\", since 'expect' is a choice")
        }
        if level == .implementationDefined, !expectation.isChoice {
            throw (try cursor.member("expect")).error("a 'choice' expectation, since the level is implementation-defined")
        }
        if level == .must, breaks == nil {
            throw VectorLoadError(
                file: cursor.file, path: "\(cursor.path).breaks",
                expected: "a 'breaks' line saying what the other side gets wrong, since the level is must",
                found: "no such member in \(id)")
        }
    }

    /// Whether `id` is a rule id: lowercase letters and digits in words joined by single '-'.
    public static func isValidRuleID(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
        }
    }

    /// Decodes `expand` (format 2): placeholder `<<NAME>>` → its text repeated `times` times.
    private static func decodeExpand(_ cursor: JSONCursor?) throws(VectorLoadError) -> [(String, String)] {
        guard let cursor else { return [] }
        guard let members = cursor.value.objectValue, !members.isEmpty else { throw cursor.error("a non-empty object") }
        var out: [(String, String)] = []
        for member in members {
            let entry = try cursor.member(member.key)
            let name = member.key
            guard name.hasPrefix("<<"), name.hasSuffix(">>"), name.count > 4,
                name.dropFirst(2).dropLast(2).allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
            else { throw entry.error("a placeholder name such as <<A>>") }
            _ = try entry.keys(allowed: ["text", "times"])
            let text = try entry.member("text").string()
            let timesCursor = try entry.member("times")
            guard let times = timesCursor.value.numberValue, times >= 1, times <= 67_108_864, times == times.rounded(),
                !text.isEmpty
            else { throw timesCursor.error("a whole number from 1 to 67108864, with a non-empty 'text'") }
            out.append((name, String(repeating: text, count: Int(times))))
        }
        return out
    }

    private static func decodeInput(_ cursor: JSONCursor, operation: Operation) throws(VectorLoadError) -> VectorInput {
        switch operation {
        case .parse:
            let keys = try cursor.keys(allowed: ["url", "urlHex"])
            guard keys.count == 1 else { throw cursor.error("exactly one of 'url' or 'urlHex'") }
            if keys[0] == "url" { return .parseText(try cursor.member("url").string()) }
            let hexCursor = try cursor.member("urlHex")
            guard let bytes = Self.bytes(fromHex: try hexCursor.string()) else {
                throw hexCursor.error("pairs of hex digits, optionally separated by spaces")
            }
            return .parseBytes(bytes)
        case .buildRequest:
            _ = try cursor.keys(allowed: ["request"])
            return .buildRequest(try XCallbackRequest(canonical: try cursor.member("request")))
        case .buildCallback:
            return .buildCallback(try XCallbackResponse(canonical: cursor))
        }
    }

    /// Decodes hex text such as `"74 61 00"` into bytes, or `nil` when it is not pairs of hex digits.
    public static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = text.utf8.filter { $0 != UInt8(ascii: " ") }
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = PercentEncoding.hexDigitValue(digits[index]),
                let low = PercentEncoding.hexDigitValue(digits[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

extension Expectation {
    /// Whether this is a `choice` expectation.
    public var isChoice: Bool {
        if case .choice = self { true } else { false }
    }

    /// Decodes an expectation (`accept`, `reject`, `anyOf` or `choice`) for `operation`.
    public init(decoding cursor: JSONCursor, operation: Operation) throws(VectorLoadError) {
        let keys = try cursor.keys(allowed: ["accept", "reject", "anyOf", "choice", "outcomes"])
        switch Set(keys) {
        case ["accept"]:
            let result = try cursor.member("accept")
            if operation == .buildCallback {
                _ = try result.keys(allowed: ["url"])
                self = .accept(.url(try result.member("url").string()))
            } else {
                self = .accept(.request(try XCallbackRequest(canonical: result)))
            }
        case ["reject"]:
            self = .reject(RejectionCategory(rawValue: try cursor.member("reject").string()))
        case ["anyOf"]:
            var alternatives: [Expectation] = []
            for element in try cursor.member("anyOf").elements() {
                let alternative = try Expectation(decoding: element, operation: operation)
                if alternative.isChoice { throw element.error("an accept or reject alternative (no choice inside anyOf)") }
                alternatives.append(alternative)
            }
            guard alternatives.count >= 2 else { throw cursor.error("'anyOf' with at least two alternatives") }
            self = .anyOf(alternatives)
        case ["choice", "outcomes"]:
            let pointCursor = try cursor.member("choice")
            let point = ChoicePoint(rawValue: try pointCursor.string())
            guard let allowed = point.allowedValues else {
                throw pointCursor.error("a known choice point (\(ChoicePoint.all.map(\.point.rawValue).joined(separator: ", ")))")
            }
            let outcomesCursor = try cursor.member("outcomes")
            let keys = try outcomesCursor.keys(allowed: Set(allowed))
            guard Set(keys) == Set(allowed) else {
                throw outcomesCursor.error("an outcome for every value of '\(point)': \(allowed.joined(separator: ", "))")
            }
            var outcomes: [(value: String, expectation: Expectation)] = []
            for value in allowed {
                let element = try outcomesCursor.member(value)
                let outcome = try Expectation(decoding: element, operation: operation)
                if outcome.isChoice { throw element.error("an accept, reject or anyOf outcome") }
                outcomes.append((value: value, expectation: outcome))
            }
            self = .choice(point, outcomes)
        default:
            throw cursor.error("exactly one of 'accept', 'reject', 'anyOf', or 'choice' with 'outcomes'")
        }
    }
}
