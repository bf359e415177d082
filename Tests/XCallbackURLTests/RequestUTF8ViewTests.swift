import Testing
import XCallbackURL

/// `XCallbackRequestUTF8View`: the parse result whose components are decoded UTF-8 texts in one buffer.
@Suite struct RequestUTF8ViewTests {
    @Test func readsTheActionAndTheReservedParameters() throws {
        let view = try XCallbackRequestUTF8View(
            parsing: "app://x-callback-url/notes/append?x-source=Src&x-success=s://ok&x-error=s://e&x-cancel=s://c")
        #expect(view.action == "notes/append")
        #expect(view.source?.string == "Src")
        #expect(view.success?.string == "s://ok")
        #expect(view.error?.string == "s://e")
        #expect(view.cancel?.string == "s://c")
        #expect(view.fragment == nil)
    }

    @Test func keepsAbsentReservedParametersApartFromEmptyOnes() throws {
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/go?x-success=&x-cancel")
        #expect(view.success?.isEmpty == true)
        #expect(view.cancel?.isEmpty == true)
        #expect(view.error == nil)
        #expect(view.source == nil)
    }

    @Test func decodesEveryComponentOnce() throws {
        let view = try XCallbackRequestUTF8View(
            parsing: "app://x-callback-url/a%2Fb?t%65xt=Gr%C3%BC%C3%9Fe%2520&x-success=s%3A%2F%2Fok#fr%61g")
        #expect(view.action == "a/b")
        #expect(view.parameters.first?.name.string == "text")
        #expect(view.parameters.first?.value?.string == "Grüße%20")
        #expect(view.success?.string == "s://ok")
        #expect(view.fragment?.string == "frag")
    }

    @Test func leavesTheComponentsAfterADecodedOneAsTheyWere() throws {
        // A decoded component is shorter than its raw bytes; the decoder must not disturb the bytes after it.
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/go?a=%41%42%43%44%45%46%47%48&b=plain&c=%2520x")
        #expect(view.parameters.map(\.value?.string) == ["ABCDEFGH", "plain", "%20x"])
    }

    @Test func lendsTheBytesItsTextsHold() throws {
        let view = try XCallbackRequestUTF8View(
            parsing: "App://x-callback-url/a%2Fb?t%65xt=Gr%C3%BC%C3%9Fe%2520&flag&x-success=s%3A%2F%2Fok&x-error=&e=#fr%61g")
        func lent(_ component: XCallbackRequestUTF8View.Component) -> [UInt8]? { view.withUTF8(of: component) { $0.map(Array.init) } }
        #expect(lent(.scheme) == Array("app".utf8))
        #expect(lent(.action) == Array("a/b".utf8))
        #expect(lent(.source) == nil)
        #expect(lent(.success) == Array("s://ok".utf8))
        #expect(lent(.error) == [])
        #expect(lent(.cancel) == nil)
        #expect(lent(.fragment) == Array("frag".utf8))
        var parameters: [(String, String?)] = []
        view.forEachParameter { name, value in
            parameters.append((String(decoding: name, as: UTF8.self), value.map { String(decoding: $0, as: UTF8.self) }))
        }
        #expect(parameters.map(\.0) == ["text", "flag", "e"])
        #expect(parameters.map(\.1) == ["Grüße%20", nil, ""])
    }

    @Test func lowercasesTheScheme() throws {
        #expect(try XCallbackRequestUTF8View(parsing: "MyApp://x-callback-url/go").scheme == "myapp")
        #expect(try XCallbackRequestUTF8View(parsing: "MyApp://x-callback-url/go?v=%41").scheme == "myapp")
        #expect(try XCallbackRequestUTF8View(parsing: "myapp://x-callback-url/go").scheme == "myapp")
    }

    @Test func keepsParametersInOrderWithDuplicatesAndFlags() throws {
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/go?tag=a&flag&tag=b&empty=&x-other=1")
        #expect(view.parameters.map(\.name.string) == ["tag", "flag", "tag", "empty", "x-other"])
        #expect(view.parameters.map(\.value?.string) == ["a", nil, "b", "", "1"])
        #expect(view.values(of: "tag").map { $0?.string } == ["a", "b"])
        #expect(view.parameters.map(\.description) == ["tag=a", "flag", "tag=b", "empty=", "x-other=1"])
    }

    @Test func holdsMoreParametersThanAShortURLHasRoomForGuessed() throws {
        // The buffer keeps one place per `&` and one more; a URL of only parameters fills every place.
        let names = (0..<40).map { "p\($0)" }
        let view = try XCallbackRequestUTF8View(parsing: "a://x-callback-url/go?" + names.joined(separator: "&"))
        #expect(view.parameters.map(\.name.string) == names)
    }

    @Test func comparesTextsByteForByte() throws {
        // "é" precomposed in the URL, decomposed in the string compared with: canonically equal, not the same bytes.
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/go?caf%C3%A9=1&e%CC%81=2")
        let names = view.parameters.map(\.name)
        #expect(names[0] == "caf\u{E9}")
        #expect(!(names[0] == "cafe\u{301}"))
        #expect(view.values(of: "cafe\u{301}").isEmpty)
        #expect(names[0] != names[1])
        #expect(Set(names).count == 2)
        #expect(names[1].string == "e\u{301}")
    }

    @Test func tellsTextsOfOneLengthApartByTheirBytes() throws {
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/add?a=adb&b=add")
        #expect(!(view.action == "adb"))
        #expect(!("bdd" == view.action))
        #expect(view.values(of: "c").isEmpty)
        let values = view.parameters.compactMap(\.value)
        #expect(values[0] != view.action)
        #expect(values[1] == view.action)
    }

    @Test func matchesInASwitchAndHashesLikeItsBytes() throws {
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/add?a=add")
        let matched: Bool
        switch view.action {
        case "remove": matched = false
        case "add": matched = true
        default: matched = false
        }
        #expect(matched)
        let value = try #require(view.parameters.first?.value)
        #expect(value == view.action)
        #expect(value.hashValue == view.action.hashValue)
    }

    @Test func lendsItsBytesWithoutCopying() throws {
        let view = try XCallbackRequestUTF8View(parsing: "app://x-callback-url/go?v=%F0%9F%98%80x")
        let value = try #require(view.parameters.first?.value)
        #expect(value.withUTF8 { Array($0) } == Array("😀x".utf8))
        #expect(Array(value) == Array("😀x".utf8))
        #expect(value.count == 5)
        #expect(value.description == "😀x")
        #expect(value.debugDescription == "\"😀x\"")
    }

    @Test func givesTheSameRequestAsTheStringParser() throws {
        for url in [
            "App://X-Callback-URL/a%20b?x-source=S&q=%F0%9F%98%80+1&k&x-error=e%3A%2F%2F#f",
            "app://x-callback-url/go?text=Hello World&x-success=s://ok#frag",
        ] {
            #expect(XCallbackRequest(try XCallbackRequestUTF8View(parsing: url)) == (try XCallbackRequest(parsing: url)))
        }
    }

    @Test func rejectsWhatTheStringParserRejectsWithTheSameRejection() {
        for url in [
            "app://x-callback-url/go?v=%zz", "app://x-callback-url/go?v=%E9", "app://x-callback-url/?a=1",
            "app://evil.example/go", "app://x-callback-url/go?x-success=a&x-success=b", "1app://x-callback-url/go",
            "app://x-callback-url/go?v=%C3%A9%E9&w=%zz", "app://x-callback-url/go?v=1\u{7}",
        ] {
            let view = Result { () throws(XCallbackRejection) in try XCallbackRequestUTF8View(parsing: url) }
            let request = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: url) }
            guard case .failure(let viewRejection) = view, case .failure(let requestRejection) = request else {
                Issue.record("expected both to reject \(url)")
                continue
            }
            #expect(viewRejection == requestRejection, "\(url)")
        }
    }

    @Test func rejectsIllFormedUTF8Bytes() {
        let bytes = Array("a://x-callback-url/go?v=".utf8) + [0xC3]
        #expect(throws: XCallbackRejection.self) { try XCallbackRequestUTF8View(parsingUTF8: bytes) }
        let view = try? XCallbackRequestUTF8View(parsingUTF8: Array("a://x-callback-url/go?v=%C3%A9".utf8))
        #expect(view?.parameters.first?.value?.string == "é")
    }

    @Test func outlivesTheStringItWasParsedFromAndKeepsItsTexts() throws {
        var text: XCallbackRequestUTF8View.Text?
        do {
            let url = String(repeating: "x", count: 3) + "://x-callback-url/" + String(repeating: "a", count: 40) + "?v=%41"
            text = try XCallbackRequestUTF8View(parsing: url).parameters.first?.value
        }
        #expect(text?.string == "A")
    }

    @Test func readsComponentsAtTheEndOfLongAndShortInputs() throws {
        // Components that end within the last sixteen bytes, or in inputs shorter than sixteen bytes, take the scans' tails.
        for length in 0..<40 {
            let value = String(repeating: "v", count: length)
            let view = try XCallbackRequestUTF8View(parsing: "a://x-callback-url/o?k=" + value + "&z=" + value + "%41")
            #expect(view.parameters.map(\.value?.string) == [value, value + "A"], "length \(length)")
        }
    }
}
