// Applies a loaded schema to an instance. Every keyword of a schema object is applied (2020-12 semantics,
// `$ref` included alongside its siblings); violations carry the instance path and the schema path.

import XCallbackConformanceCore

/// One validation pass: the root document for `$ref`, and compiled patterns cached for the pass.
struct SchemaValidator {
    let root: JSONValue
    private var patterns: [String: Regex<AnyRegexOutput>] = [:]
    private var depth = 0

    /// The type names of JSON Schema.
    static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]

    init(root: JSONValue) { self.root = root }

    /// Compiles an ECMA-262-style pattern with Swift's regex engine, or returns `nil`.
    static func compile(_ pattern: String) -> Regex<AnyRegexOutput>? {
        do { return try Regex(pattern) } catch { return nil }
    }

    mutating func validate(
        _ instance: JSONValue, against schema: JSONValue, instancePath: String, schemaPath: String
    ) -> [JSONSchemaViolation] {
        if case .bool(let allowed) = schema {
            return allowed ? [] : [violation(instancePath, schemaPath, "nothing (the schema is false)", instance)]
        }
        guard let members = schema.objectValue else { return [] }
        depth += 1
        defer { depth -= 1 }
        guard depth < 256 else { return [violation(instancePath, schemaPath, "a schema without a $ref cycle", instance)] }
        var out: [JSONSchemaViolation] = []
        for (keyword, value) in members {
            let here = schemaPath + "/" + JSONPointer.escape(keyword)
            out += apply(keyword, value, schema: schema, to: instance, instancePath: instancePath, schemaPath: here)
        }
        return out
    }

    // MARK: - Keywords

    private mutating func apply(
        _ keyword: String, _ value: JSONValue, schema: JSONValue, to instance: JSONValue, instancePath: String,
        schemaPath: String
    ) -> [JSONSchemaViolation] {
        switch keyword {
        case "type":
            let names = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? []
            if names.contains(where: { Self.hasType($0, instance) }) { return [] }
            return [violation(instancePath, schemaPath, "a value of type " + names.joined(separator: " or "), instance)]
        case "const":
            return Self.equal(instance, value)
                ? [] : [violation(instancePath, schemaPath, "the constant \(value.compactText)", instance)]
        case "enum":
            let options = value.arrayValue ?? []
            return options.contains { Self.equal(instance, $0) }
                ? [] : [violation(instancePath, schemaPath, "one of \(options.map(\.compactText).joined(separator: ", "))", instance)]
        case "pattern":
            guard let text = instance.stringValue, let pattern = value.stringValue else { return [] }
            return matches(text, pattern) ? [] : [violation(instancePath, schemaPath, "a string matching /\(pattern)/", instance)]
        case "format":
            guard let text = instance.stringValue, value.stringValue == "date-time" else { return [] }
            return Self.isDateTime(text)
                ? [] : [violation(instancePath, schemaPath, "an RFC 3339 date-time such as 2026-01-31T12:00:00Z", instance)]
        case "minLength":
            guard let text = instance.stringValue, let minimum = value.numberValue else { return [] }
            return Double(text.unicodeScalars.count) >= minimum
                ? [] : [violation(instancePath, schemaPath, "a string of at least \(Int(minimum)) characters", instance)]
        case "minItems", "maxItems":
            guard let elements = instance.arrayValue, let bound = value.numberValue else { return [] }
            let ok = keyword == "minItems" ? Double(elements.count) >= bound : Double(elements.count) <= bound
            return ok ? [] : [violation(
                instancePath, schemaPath, "an array of \(keyword == "minItems" ? "at least" : "at most") \(Int(bound)) items",
                instance)]
        case "required":
            guard let members = instance.objectValue else { return [] }
            let present = Set(members.map(\.key))
            return (value.arrayValue ?? []).compactMap(\.stringValue).filter { !present.contains($0) }.map {
                JSONSchemaViolation(
                    instancePath: instancePath, schemaPath: schemaPath, expected: "the member '\($0)'", found: "no such member")
            }
        case "properties":
            guard let members = instance.objectValue, let properties = value.objectValue else { return [] }
            var out: [JSONSchemaViolation] = []
            for (key, child) in members {
                guard let subschema = properties.first(where: { $0.key == key })?.value else { continue }
                out += validate(
                    child, against: subschema, instancePath: Self.member(instancePath, key),
                    schemaPath: schemaPath + "/" + JSONPointer.escape(key))
            }
            return out
        case "additionalProperties":
            guard let members = instance.objectValue else { return [] }
            let known = Set(schema["properties"]?.objectValue?.map(\.key) ?? [])
            var out: [JSONSchemaViolation] = []
            for (key, child) in members where !known.contains(key) {
                if case .bool(false) = value {
                    out.append(JSONSchemaViolation(
                        instancePath: Self.member(instancePath, key), schemaPath: schemaPath,
                        expected: "no member '\(key)' (allowed: \(known.sorted().joined(separator: ", ")))",
                        found: "the member"))
                } else {
                    out += validate(child, against: value, instancePath: Self.member(instancePath, key), schemaPath: schemaPath)
                }
            }
            return out
        case "prefixItems":
            guard let elements = instance.arrayValue, let schemas = value.arrayValue else { return [] }
            var out: [JSONSchemaViolation] = []
            for (index, pair) in zip(elements, schemas).enumerated() {
                out += validate(pair.0, against: pair.1, instancePath: "\(instancePath)[\(index)]", schemaPath: "\(schemaPath)/\(index)")
            }
            return out
        case "items":
            guard let elements = instance.arrayValue else { return [] }
            let skip = schema["prefixItems"]?.arrayValue?.count ?? 0
            var out: [JSONSchemaViolation] = []
            for (index, element) in elements.enumerated() where index >= skip {
                out += validate(element, against: value, instancePath: "\(instancePath)[\(index)]", schemaPath: schemaPath)
            }
            return out
        case "anyOf", "oneOf":
            return combine(keyword, value.arrayValue ?? [], instance, instancePath, schemaPath)
        case "$ref":
            guard let reference = value.stringValue, let target = JSONPointer.resolve(reference, in: root) else {
                return [violation(instancePath, schemaPath, "a resolvable $ref", instance)]
            }
            return validate(instance, against: target, instancePath: instancePath, schemaPath: reference)
        default:
            return []
        }
    }

    /// `anyOf` (at least one alternative) and `oneOf` (exactly one); on failure, names the closest alternative.
    private mutating func combine(
        _ keyword: String, _ alternatives: [JSONValue], _ instance: JSONValue, _ instancePath: String, _ schemaPath: String
    ) -> [JSONSchemaViolation] {
        var results: [[JSONSchemaViolation]] = []
        for (index, alternative) in alternatives.enumerated() {
            results.append(validate(instance, against: alternative, instancePath: instancePath, schemaPath: "\(schemaPath)/\(index)"))
        }
        let passing = results.indices.filter { results[$0].isEmpty }
        if keyword == "anyOf" ? !passing.isEmpty : passing.count == 1 { return [] }
        if keyword == "oneOf", passing.count > 1 {
            return [violation(
                instancePath, schemaPath, "exactly one alternative to match, but \(passing.count) did (\(passing.map(String.init).joined(separator: ", ")))",
                instance)]
        }
        // Closest alternative: the one whose violations reach deepest into the instance, then the fewest.
        let closest = results.indices.min { a, b in
            let (da, db) = (Self.reach(results[a]), Self.reach(results[b]))
            return da != db ? da > db : results[a].count < results[b].count
        } ?? 0
        let summary = JSONSchemaViolation(
            instancePath: instancePath, schemaPath: schemaPath,
            expected: "\(keyword == "anyOf" ? "at least one" : "exactly one") of \(alternatives.count) alternatives to match; "
                + "the closest, #\(closest), fails as follows", found: Self.brief(instance))
        return [summary] + results[closest]
    }

    // MARK: - Helpers

    private mutating func matches(_ text: String, _ pattern: String) -> Bool {
        if patterns[pattern] == nil { patterns[pattern] = Self.compile(pattern) }
        guard let regex = patterns[pattern] else { return false }
        do { return try regex.firstMatch(in: text) != nil } catch { return false }
    }

    private func violation(_ path: String, _ schemaPath: String, _ expected: String, _ found: JSONValue) -> JSONSchemaViolation {
        JSONSchemaViolation(instancePath: path, schemaPath: schemaPath, expected: expected, found: Self.brief(found))
    }

    static func hasType(_ name: String, _ value: JSONValue) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array), ("number", .number),
            ("string", .string):
            true
        case ("integer", .number(let number)): number == number.rounded() && number.isFinite
        default: false
        }
    }

    /// JSON Schema equality: numbers by value, objects regardless of member order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value, member.value) } }
        default: a == b
        }
    }

    static func member(_ path: String, _ key: String) -> String {
        key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !key.isEmpty
            ? "\(path).\(key)" : "\(path)[\(JSONValue.string(key).compactText)]"
    }

    static func reach(_ violations: [JSONSchemaViolation]) -> Int {
        violations.map(\.instancePath.count).max() ?? 0
    }

    static func brief(_ value: JSONValue) -> String {
        let text = value.compactText
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}

extension SchemaValidator {
    /// The `format` values the validator asserts.
    static let formats: Set<String> = ["date-time"]

    /// Whether `text` is an RFC 3339 `date-time` (section 5.6): `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`,
    /// with the month, day, hour, minute, second and offset in range.
    static func isDateTime(_ text: String) -> Bool {
        let pattern = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/
        guard let match = text.wholeMatch(of: pattern),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
            let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day), hour < 24, minute < 60, second < 61 else {
            return false
        }
        if let offsetHour = match.9, let offsetMinute = match.10 {
            return (Int(offsetHour) ?? 99) < 24 && (Int(offsetMinute) ?? 99) < 60
        }
        return true
    }
}
