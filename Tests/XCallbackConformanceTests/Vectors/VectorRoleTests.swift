import Testing
import XCallbackConformance

/// Format 3: every vector names its role and its rule, a parse vector's role is the one its input computes
/// (but for the overrides a source gives a reason for), and `rules.json` describes every rule once.
@Suite struct VectorRoleTests {
    /// Parse vectors whose role differs from the one their input computes, each with the reason its source gives.
    static let roleOverrides: [String: String] = [
        "XCU-B894": "TargetApp://...: what is tested is the scheme reported lowercased (decode-scheme-lowercase); "
            + "recognising an uppercase scheme is recognise-scheme-case",
    ]

    /// The bytes of a parse vector's input.
    static func bytes(_ input: VectorInput) -> [UInt8]? {
        switch input {
        case .parseText(let text): Array(text.utf8)
        case .parseBytes(let bytes): bytes
        default: nil
        }
    }

    @Test("every vector", arguments: try loadEveryVector())
    func theRoleIsTheOneItsInputComputes(_ vector: Vector) throws {
        #expect(vector.role.operation == vector.operation)
        guard let bytes = Self.bytes(vector.input) else {
            #expect(vector.role.rawValue == vector.operation.rawValue)
            return
        }
        let computed = TargetRole.parseRole(of: bytes)
        if let reason = Self.roleOverrides[vector.id] {
            #expect(computed != vector.role, "\(vector.id) is listed as an override (\(reason)) but its input computes \(computed)")
        } else {
            #expect(computed == vector.role, "\(vector.id): its input computes \(computed)")
        }
    }

    @Test func everyRuleIsDescribedOnceAndNamedByAVector() throws {
        let suite = try VectorFixtures.suite.get()
        #expect(suite.rules.count == VectorFixtures.pinnedRules)
        let named = Set(suite.vectors.map(\.rule))
        #expect(named == Set(suite.rules.keys), "rules no vector names: \(Set(suite.rules.keys).subtracting(named).sorted())")
        for vector in suite.vectors {
            let rule = try #require(suite.rules[vector.rule], "\(vector.id) names \(vector.rule)")
            #expect(rule.role == vector.role)
            #expect(vector.level == .implementationDefined || rule.level == vector.level, "\(vector.id) in \(rule.id)")
        }
    }

    @Test func theRolesOfEachOperation() {
        #expect(TargetRole.roles(of: .parse) == [.recognise, .decode])
        #expect(TargetRole.roles(of: .buildRequest) == [.buildRequest])
        #expect(TargetRole.roles(of: .buildCallback) == [.buildCallback])
        #expect(TargetRole(rawValue: "receive").operation == nil)
        #expect(TargetRole.allCases.sorted() == TargetRole.allCases)
    }

    @Test(arguments: [
        ("app://x-callback-url/open", TargetRole.decode), ("app://x-callback-url", .decode), ("app://x-callback-url?a", .decode),
        ("app://x-callback-url#f", .decode), ("App://x-callback-url/open", .recognise), ("app://X-callback-url/open", .recognise),
        ("app://x-callback-url:80/open", .recognise), ("app://u@x-callback-url/open", .recognise), ("app:/x-callback-url/open", .recognise),
        ("//x-callback-url/open", .recognise), ("x-callback-url/open", .recognise), ("1app://x-callback-url/open", .recognise),
        ("app://x-callback-url./open", .recognise), ("a+b.c-d://x-callback-url/open", .decode),
    ])
    func aParseInputComputesItsRole(url: String, role: TargetRole) {
        #expect(TargetRole.parseRole(of: Array(url.utf8)) == role)
    }
}
