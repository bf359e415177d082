// The messages of the conformance protocol, versions 1 and 2 (Vectors/protocol/PROTOCOL.md), in both
// directions: what the runner sends and how it reads answers, and what `ProtocolServer` reads and answers.
// Protocol 2 is protocol 1 plus the `batch` message: `start` offers it in `protocols`, and a target that
// answers `"protocol": 2` says in `batch` how many requests one message may carry.

import XCallbackConformanceCore
import XCallbackURL

/// The conformance protocol's constants and message codecs.
public enum ConformanceProtocol {
    /// The base protocol version, which every adapter speaks: the `protocol` member of `start`.
    public static let version = 1
    /// The version that adds `batch` messages; the runner offers it in `start`'s `protocols`.
    public static let batchVersion = 2
    /// The most requests the runner accepts a target to take in one batch (a larger `batch` in a hello is capped).
    public static let maximumBatch = 4096

    /// The `start` message that opens every conversation; with `offeringBatches`, it also lists the
    /// versions the runner speaks (`"protocols": [1, 2]`), which an adapter that knows only `protocol` ignores.
    public static func startMessage(suiteVersion: String, offeringBatches: Bool = true) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            (key: "cmd", value: "start"), (key: "protocol", value: .number(Double(version))),
        ]
        if offeringBatches {
            members.append((key: "protocols", value: .array([.number(Double(version)), .number(Double(batchVersion))])))
        }
        members.append((key: "suiteVersion", value: .string(suiteVersion)))
        return .object(members)
    }

    /// The `stop` message that ends a conversation.
    public static let stopMessage: JSONValue = ["cmd": "stop"]

    /// A request message: the operation, `seq`, the vector id when known, and the operation's input.
    public static func request(_ input: VectorInput, seq: Int, id: String?) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            (key: "cmd", value: .string(operation(of: input).rawValue)), (key: "seq", value: .number(Double(seq))),
        ]
        if let id { members.append((key: "id", value: .string(id))) }
        switch input {
        case .parseText(let url): members.append((key: "url", value: .string(url)))
        case .parseBytes(let bytes):
            if let text = String(validating: bytes, as: UTF8.self) {
                members.append((key: "url", value: .string(text)))
            } else {
                members.append((key: "urlHex", value: .string(hex(bytes))))
            }
        case .buildRequest(let request): members.append((key: "request", value: request.canonicalJSON))
        case .buildCallback(let response): members.append((key: "response", value: response.canonicalJSON))
        }
        return .object(members)
    }

    /// Appends the line of a request without an id, byte for byte what `request(input, seq: seq, id: nil).compactText`
    /// writes, to `line`: a parse request (what the fuzzer mostly sends) is written directly, without a
    /// `JSONValue` in between; the others go through `request`.
    public static func appendRequest(_ input: VectorInput, seq: Int, to line: inout [UInt8]) {
        guard case .parseBytes(let bytes) = input else {
            line += request(input, seq: seq, id: nil).compactText.utf8
            return
        }
        line += #"{"cmd":"parse","seq":"#.utf8
        line += String(seq).utf8
        if bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil {
            line += #","url":""#.utf8
            appendEscaped(bytes, to: &line)
        } else {
            line += #","urlHex":""#.utf8
            line += hex(bytes).utf8
        }
        line += #""}"#.utf8
    }

    /// Appends the body of a JSON string for the UTF-8 `bytes`, escaped as the JSON writer escapes it
    /// (`\"`, `\\`, `\n`, `\r`, `\t`, other controls and DEL as `\u00xx`; everything else as it is).
    static func appendEscaped(_ bytes: [UInt8], to line: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): line += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): line += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): line += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): line += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): line += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                line += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                line.append(digits.utf8Start[Int(byte >> 4)])
                line.append(digits.utf8Start[Int(byte & 15)])
            default: line.append(byte)
            }
        }
    }

    /// The operation that handles `input`.
    public static func operation(of input: VectorInput) -> XCallbackConformanceCore.Operation {
        switch input {
        case .parseText, .parseBytes: .parse
        case .buildRequest: .buildRequest
        case .buildCallback: .buildCallback
        }
    }

    /// Bytes as two lowercase hex digits each, with no separators, as `urlHex` carries them.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `urlHex`, or returns `nil` when it is not an even number of hex digits (no separators on the wire).
    public static func bytes(fromHex text: String) -> [UInt8]? {
        text.utf8.contains(UInt8(ascii: " ")) ? nil : Vector.bytes(fromHex: text)
    }
}

// MARK: - The hello

/// What a target says about itself in its answer to `start`.
public struct ProtocolHello: Hashable, Sendable {
    /// Who the target is.
    public var identity: TargetIdentity
    /// The operations the target implements.
    public var operations: Set<XCallbackConformanceCore.Operation>
    /// The target's declared implementation-defined choices.
    public var choices: DeclaredChoices
    /// Names of parameters the target's builders add unasked (`extraParameters`), set aside by the comparator.
    public var extraParameters: [String]
    /// The most requests one `batch` message may carry: the hello's `batch` under protocol 2, 1 under protocol 1.
    public var batchLimit: Int
    /// The roles the target claims (`roles`), or `nil` when the hello has none: every role of its operations.
    public var roles: Set<TargetRole>?

    /// Creates a hello; a `batchLimit` above 1 makes it a protocol-2 hello.
    public init(
        identity: TargetIdentity, operations: Set<XCallbackConformanceCore.Operation>, choices: DeclaredChoices, extraParameters: [String] = [],
        batchLimit: Int = 1, roles: Set<TargetRole>? = nil
    ) {
        self.identity = identity
        self.operations = operations
        self.choices = choices
        self.extraParameters = extraParameters
        self.batchLimit = batchLimit
        self.roles = roles
    }

    /// Reads a hello message.
    ///
    /// - Throws: a `VectorLoadError` whose path names the member that is wrong.
    public init(message: JSONValue) throws(VectorLoadError) {
        let cursor = JSONCursor(message, file: "hello")
        let protocolCursor = try cursor.member("protocol")
        switch protocolCursor.value.numberValue {
        case Double(ConformanceProtocol.version):
            batchLimit = 1
        case Double(ConformanceProtocol.batchVersion):
            let batch = try cursor.member("batch")
            guard let limit = batch.value.numberValue, limit >= 1, limit <= 9.0e15, limit == limit.rounded() else {
                throw batch.error("a whole number of requests from 1 up (protocol 2)")
            }
            batchLimit = min(Int(limit), ConformanceProtocol.maximumBatch)
        default:
            throw protocolCursor.error(
                "protocol \(ConformanceProtocol.version) or \(ConformanceProtocol.batchVersion), the versions this runner speaks")
        }
        let implementation = try cursor.member("implementation")
        identity = TargetIdentity(
            name: try implementation.member("name").string(), version: try implementation.member("version").string(),
            language: try implementation.optionalMember("language")?.optionalString(),
            homepage: try implementation.optionalMember("homepage")?.optionalString())
        var operations: Set<Operation> = []
        for element in try cursor.member("operations").elements() {
            guard let operation = Operation(rawValue: try element.string()) else {
                throw element.error("one of \"parse\", \"build-request\", \"build-callback\"")
            }
            operations.insert(operation)
        }
        self.operations = operations
        var choices = DeclaredChoices()
        if let object = try cursor.optionalMember("choices"), object.value != .null {
            for key in try object.keys(allowed: Set(ChoicePoint.all.map(\.point.rawValue))) {
                let point = ChoicePoint(rawValue: key)
                let valueCursor = try object.member(key)
                let value = try valueCursor.string()
                let allowed = point.allowedValues ?? []
                guard allowed.contains(value) else {
                    throw VectorLoadError(
                        file: "hello", path: valueCursor.path, expected: "one of " + allowed.joined(separator: ", "),
                        found: "'\(value)'")
                }
                choices[point] = value
            }
        }
        self.choices = choices
        var extraParameters: [String] = []
        if let list = try cursor.optionalMember("extraParameters"), list.value != .null {
            for element in try list.elements() {
                let name = try element.string()
                guard !name.isEmpty else { throw element.error("a parameter name (not empty)") }
                if !extraParameters.contains(name) { extraParameters.append(name) }
            }
        }
        self.extraParameters = extraParameters
        roles = try Self.roles(in: cursor, operations: operations)
    }

    /// Reads the optional `roles`: each a known role of a declared operation, and each declared operation claimed.
    ///
    /// - Throws: a `VectorLoadError` at `$.roles[i]` for an unknown role or one of an undeclared operation, at `$.roles`
    ///   for a declared operation none of whose roles is claimed.
    static func roles(in cursor: JSONCursor, operations: Set<Operation>) throws(VectorLoadError) -> Set<TargetRole>? {
        guard let list = try cursor.optionalMember("roles") else { return nil }
        var roles: Set<TargetRole> = []
        for element in try list.elements() {
            let role = TargetRole(rawValue: try element.string())
            guard let operation = role.operation else {
                throw element.error("one of " + TargetRole.allCases.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            guard operations.contains(operation) else {
                throw element.error(
                    "a role of an operation the hello declares (\(Self.list(operations))); \(role) belongs to \(operation.rawValue)")
            }
            roles.insert(role)
        }
        for operation in operations.sorted() where !TargetRole.roles(of: operation).contains(where: roles.contains) {
            let choices = TargetRole.roles(of: operation).map { "\"\($0)\"" }.joined(separator: " or ")
            throw list.error(
                "a role of every declared operation: \(operation.rawValue) is declared, so claim \(choices), or leave it out of operations")
        }
        return roles
    }

    private static func list(_ operations: Set<Operation>) -> String {
        operations.isEmpty ? "none" : operations.sorted().map(\.rawValue).joined(separator: ", ")
    }

    /// The hello as a message.
    public var message: JSONValue {
        var implementation: [(key: String, value: JSONValue)] = [
            (key: "name", value: .string(identity.name)), (key: "version", value: .string(identity.version)),
        ]
        if let language = identity.language { implementation.append((key: "language", value: .string(language))) }
        if let homepage = identity.homepage { implementation.append((key: "homepage", value: .string(homepage))) }
        var members: [(key: String, value: JSONValue)] = [
            (key: "protocol", value: .number(Double(batchLimit > 1 ? ConformanceProtocol.batchVersion : ConformanceProtocol.version))),
        ]
        if batchLimit > 1 { members.append((key: "batch", value: .number(Double(batchLimit)))) }
        members += [
            (key: "implementation", value: .object(implementation)),
            (key: "operations", value: .array(operations.sorted().map { .string($0.rawValue) })),
            (key: "choices", value: .object(choices.sorted.map { (key: $0.point.rawValue, value: .string($0.value)) })),
        ]
        if !extraParameters.isEmpty { members.append((key: "extraParameters", value: .array(extraParameters.map { .string($0) }))) }
        if let roles { members.append((key: "roles", value: .array(roles.sorted().map { .string($0.rawValue) }))) }
        return .object(members)
    }
}
