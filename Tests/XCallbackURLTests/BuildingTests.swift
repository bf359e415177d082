import Testing
import XCallbackURL

/// The request and callback builders.
@Suite struct BuildingTests {
    @Test(arguments: 0..<128)
    func everyASCIIByteSurvivesBuildAndParse(_ byte: Int) throws {
        let character = String(UnicodeScalar(UInt8(byte)))
        let request = XCallbackRequest(scheme: "s", action: "a", parameters: [.init("k" + character, "v" + character + "w")])
        let url = try request.url()
        #expect(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "raw byte left in \(url)")
        #expect(try XCallbackRequest(parsing: url) == request)
    }

    @Test func encodesPlusAndSpaceUnambiguously() throws {
        let url = try XCallbackRequest(scheme: "s", action: "a", parameters: [.init("v", "1 + 1")]).url()
        #expect(url == "s://x-callback-url/a?v=1%20%2B%201")
    }

    @Test func encodesANestedCallbackSoItsQueryStaysInside() throws {
        let inner = "s://x-callback-url/done?id=1&x=2#frag"
        let url = try XCallbackRequest(scheme: "t", action: "a", success: inner, parameters: [.init("x", "3")]).url()
        #expect(url == "t://x-callback-url/a?x-success=s://x-callback-url/done?id%3D1%26x%3D2%23frag&x=3")
        let parsed = try XCallbackRequest(parsing: url)
        #expect(parsed.success == inner)
        #expect(parsed.parameters == [.init("x", "3")])
    }

    @Test func keepsMultiSegmentActionsAndEncodesTheRest() throws {
        #expect(try XCallbackRequest(scheme: "s", action: "dropbox/addphoto").url() == "s://x-callback-url/dropbox/addphoto")
        #expect(try XCallbackRequest(scheme: "s", action: "a?b#c d").url() == "s://x-callback-url/a%3Fb%23c%20d")
    }

    @Test func refusesReservedActionParametersAndBadParts() {
        let cases: [(XCallbackRequest, RejectionCategory)] = [
            (XCallbackRequest(scheme: "s", action: "a", parameters: [.init("x-foo", "1")]), .reservedParameterName),
            (XCallbackRequest(scheme: "s", action: ""), .missingAction),
            (XCallbackRequest(scheme: "1s", action: "a"), .invalidScheme),
            (XCallbackRequest(scheme: "s", action: "a", parameters: [.init("", "v")]), .emptyParameterName),
        ]
        for (request, category) in cases {
            #expect(throws: XCallbackRejection.self) { try request.url() }
            do { _ = try request.url() } catch { #expect(error.category == category) }
        }
        // Upper-case X- is not the reserved prefix: query names are case-sensitive (RFC 3986 §6.2.2.1).
        #expect(throws: Never.self) { try XCallbackRequest(scheme: "s", action: "a", parameters: [.init("X-Foo", "1")]).url() }
    }

    struct JoinCase: Sendable, CustomTestStringConvertible {
        let callback: String
        let expected: String
        var testDescription: String { callback }
    }

    @Test(arguments: [
        JoinCase(callback: "s://x-callback-url/done", expected: "s://x-callback-url/done?r=1"),
        JoinCase(callback: "s://x-callback-url/done?", expected: "s://x-callback-url/done?r=1"),
        JoinCase(callback: "s://x-callback-url/done?a=%41", expected: "s://x-callback-url/done?a=%41&r=1"),
        JoinCase(callback: "s://x-callback-url/done?a=1&", expected: "s://x-callback-url/done?a=1&r=1"),
        // A later '?' is query data (RFC 3986 §3.4): found by the round-trip fuzzer.
        JoinCase(callback: "s://x-callback-url/done?a=1?", expected: "s://x-callback-url/done?a=1?&r=1"),
        JoinCase(callback: "s://x-callback-url/done#/route?x=y", expected: "s://x-callback-url/done?r=1#/route?x=y"),
        JoinCase(callback: "s://x-callback-url/done?a=1#f", expected: "s://x-callback-url/done?a=1&r=1#f"),
        JoinCase(callback: "s:///done", expected: "s:///done?r=1"),
    ])
    func joinsResultParametersOnce(_ testCase: JoinCase) throws {
        let response = XCallbackResponse(callbackURL: testCase.callback, outcome: .success, parameters: [.init("r", "1")])
        #expect(try response.url() == testCase.expected)
    }

    @Test func addsErrorCodeAndMessageFirstAndKeepsNonNumericCodes() throws {
        let response = XCallbackResponse(
            callbackURL: "s://x-callback-url/failed", outcome: .error(code: "choice-not-found", message: "No such choice & more"))
        #expect(try response.url() == "s://x-callback-url/failed?errorCode=choice-not-found&errorMessage=No%20such%20choice%20%26%20more")
    }

    @Test func returnsACancelCallbackUnchanged() throws {
        #expect(try XCallbackResponse(callbackURL: "s://x/c?a=b#c", outcome: .cancel).url() == "s://x/c?a=b#c")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "file:///etc/passwd", "vbscript:x",
        "DATA:x", "FiLe:", "VBScript://x?a#b", "JAVASCRIPT:",
    ])
    func refusesUnsafeCallbackSchemes(_ callback: String) {
        do {
            _ = try XCallbackResponse(callbackURL: callback, outcome: .success).url()
            Issue.record("built a callback to \(callback)")
        } catch {
            #expect(error.category == .unsafeCallbackScheme)
        }
    }

    @Test(arguments: ["dat:x", "datas:x", "files:x", "xfile:x", "vbscripts:x", "javascrip:x", "java-script:x", "data1:x"])
    func buildsOnNearMissesOfUnsafeSchemes(_ callback: String) throws {
        let built = try XCallbackResponse(callbackURL: callback, outcome: .success, parameters: [.init("r", "1")]).url()
        #expect(built == callback + "?r=1")
    }

    /// RFC 3986 §3.1: a letter first, then letters, digits, `+`, `-` or `.`; every byte in both places.
    @Test(arguments: 0..<256)
    func acceptsExactlyTheSchemeBytesOfRFC3986(_ byte: Int) {
        let ascii = byte < 0x80 ? UnicodeScalar(UInt8(byte)) : nil
        let letter = ascii.map { ("a"..."z").contains(Character($0)) || ("A"..."Z").contains(Character($0)) } ?? false
        let later = letter || (ascii.map { ("0"..."9").contains(Character($0)) || "+-.".contains(Character($0)) } ?? false)
        let character = String(decoding: [UInt8(byte)], as: UTF8.self)
        // A ':' after "a" or "ab" ends a valid scheme there.
        let laterValid = later || byte == 0x3A
        for (callback, valid) in [(character + ":x", letter), ("a" + character + ":x", laterValid), ("ab" + character + "c:x", laterValid)] {
            let built = Result { () throws(XCallbackRejection) in
                try XCallbackResponse(callbackURL: callback, outcome: .success, source: "s").url()
            }
            switch built {
            case .success: #expect(valid, "built on \(callback.debugDescription)")
            case .failure(let error): #expect(!valid && error.category == .invalidCallbackURL, "\(callback.debugDescription): \(error)")
            }
        }
    }

    @Test(arguments: ["", "no-scheme", ":x", "1a:x"])
    func refusesCallbacksWithoutAScheme(_ callback: String) {
        do {
            _ = try XCallbackResponse(callbackURL: callback, outcome: .success).url()
            Issue.record("built a callback on \(callback)")
        } catch {
            #expect(error.category == .invalidCallbackURL)
        }
    }
}
