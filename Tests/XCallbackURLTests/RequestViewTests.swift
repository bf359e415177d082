import Testing
import XCallbackURL

/// `XCallbackRequestView`: the parse result whose components are substrings of one decoded string.
@Suite struct RequestViewTests {
    @Test func readsTheActionAndTheReservedParameters() throws {
        let view = try XCallbackRequestView(
            parsing: "app://x-callback-url/notes/append?x-source=Src&x-success=s://ok&x-error=s://e&x-cancel=s://c")
        #expect(view.action == "notes/append")
        #expect(view.source == "Src")
        #expect(view.success == "s://ok")
        #expect(view.error == "s://e")
        #expect(view.cancel == "s://c")
    }

    @Test func keepsAbsentReservedParametersApartFromEmptyOnes() throws {
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/go?x-success=&x-cancel")
        #expect(view.success == "")
        #expect(view.cancel == "")
        #expect(view.error == nil)
        #expect(view.source == nil)
    }

    @Test func decodesEveryComponentOnce() throws {
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/a%2Fb?t%65xt=Gr%C3%BC%C3%9Fe%2520&x-success=s%3A%2F%2Fok#fr%61g")
        #expect(view.action == "a/b")
        #expect(view.parameters.first?.name == "text")
        #expect(view.parameters.first?.value == "Grüße%20")
        #expect(view.success == "s://ok")
        #expect(view.fragment == "frag")
    }

    @Test func lowercasesTheScheme() throws {
        #expect(try XCallbackRequestView(parsing: "MyApp://x-callback-url/go").scheme == "myapp")
        #expect(try XCallbackRequestView(parsing: "myapp://x-callback-url/go").scheme == "myapp")
    }

    @Test func keepsParametersInOrderWithDuplicatesAndFlags() throws {
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/go?tag=a&flag&tag=b&empty=&x-other=1")
        #expect(view.parameters.map(\.name) == ["tag", "flag", "tag", "empty", "x-other"])
        #expect(view.parameters.map(\.value) == ["a", nil, "b", "", "1"])
        #expect(view.values(of: "tag") == ["a", "b"])
    }

    @Test func findsNoValuesForANameThatIsAbsent() throws {
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/go?tag=a")
        #expect(view.values(of: "Tag").isEmpty)
    }

    @Test func matchesAReservedNameWrittenWithEscapes() throws {
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/go?x%2Dsuccess=s://ok")
        #expect(view.success == "s://ok")
        #expect(view.parameters.isEmpty)
    }

    @Test func looksUpNamesByteForByte() throws {
        // "é" written precomposed in the URL and decomposed in the name looked for: canonically equal, not the same bytes.
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/go?caf%C3%A9=1")
        #expect(view.values(of: "cafe\u{301}").isEmpty)
        #expect(view.values(of: "caf\u{E9}") == ["1"])
    }

    @Test func describesAParameterAsNameEqualsValue() throws {
        let view = try XCallbackRequestView(parsing: "app://x-callback-url/go?a=b%3Dc&flag")
        #expect(view.parameters.map(\.description) == ["a=b=c", "flag"])
    }

    @Test func givesTheSameRequestAsTheStringParser() throws {
        let url = "App://X-Callback-URL/a%20b?x-source=S&q=%F0%9F%98%80+1&k&x-error=e%3A%2F%2F#f"
        #expect(XCallbackRequest(try XCallbackRequestView(parsing: url)) == (try XCallbackRequest(parsing: url)))
    }

    @Test func givesTheSameRequestWhenNothingNeedsDecoding() throws {
        let url = "app://x-callback-url/go?text=Hello World&x-success=s://ok#frag"
        let request = XCallbackRequest(try XCallbackRequestView(parsing: url))
        #expect(request == (try XCallbackRequest(parsing: url)))
        #expect(request.parameters == [XCallbackParameter("text", "Hello World")])
    }

    @Test func rejectsWhatTheStringParserRejectsWithTheSameRejection() {
        for url in ["app://x-callback-url/go?v=%zz", "app://x-callback-url/go?v=%E9", "app://x-callback-url/?a=1",
                    "app://evil.example/go", "app://x-callback-url/go?x-success=a&x-success=b", "1app://x-callback-url/go"] {
            let view = Result { () throws(XCallbackRejection) in try XCallbackRequestView(parsing: url) }
            let request = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: url) }
            guard case .failure(let viewRejection) = view, case .failure(let requestRejection) = request else {
                Issue.record("expected both to reject \(url)")
                continue
            }
            #expect(viewRejection == requestRejection, "\(url)")
        }
    }

    @Test func pointsAtTheEscapeThatIsNotUTF8() {
        #expect(throws: XCallbackRejection(
            .invalidUTF8, "percent-encoded octets must form well-formed UTF-8",
            input: "a://x-callback-url/go?v=ok%C3%A9%E9", offset: 32)
        ) {
            try XCallbackRequestView(parsing: "a://x-callback-url/go?v=ok%C3%A9%E9")
        }
    }

    @Test func rejectsIllFormedUTF8Bytes() {
        let bytes = Array("a://x-callback-url/go?v=".utf8) + [0xC3]
        #expect(throws: XCallbackRejection.self) { try XCallbackRequestView(parsingUTF8: bytes) }
        #expect((try? XCallbackRequestView(parsingUTF8: Array("a://x-callback-url/go?v=%C3%A9".utf8)))?.parameters.first?.value == "é")
    }

    @Test func outlivesTheStringItWasParsedFrom() throws {
        var view: XCallbackRequestView?
        do {
            let url = String(repeating: "x", count: 3) + "://x-callback-url/" + String(repeating: "a", count: 40) + "?v=%41"
            view = try XCallbackRequestView(parsing: url)
        }
        #expect(view?.action == Substring(String(repeating: "a", count: 40)))
        #expect(view?.parameters.first?.value == "A")
    }

    @Test func readsComponentsAtTheEndOfLongAndShortInputs() throws {
        // Components that end within the last sixteen bytes, or in inputs shorter than sixteen bytes, take the scans' tails.
        for length in 0..<40 {
            let value = String(repeating: "v", count: length)
            let view = try XCallbackRequestView(parsing: "a://x-callback-url/o?k=" + value + "&z=" + value + "%41")
            #expect(view.parameters.map(\.value) == [Substring(value), Substring(value + "A")], "length \(length)")
        }
    }
}
