import Testing
import XCallbackCommandLine
import XCallbackConformance

@Suite struct InspectCommandTests {
    let mini = RunnerFixtures.miniSuiteDirectory.path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(arguments: arguments, io: captured.io)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test func parsePrintsTheCanonicalResult() {
        let result = run(["parse", "Things://x-callback-url/add?title=Buy%20milk&flag&x-success=a%3A%2F%2Fb#top"])
        #expect(result.status == 0)
        #expect(result.out == """
            scheme     "things"
            action     "add"
            x-source   (absent)
            x-success  "a://b"
            x-error    (absent)
            x-cancel   (absent)
            parameters
              "title" = "Buy milk"
              "flag" = (no value: no '=')
            fragment   "top"

            """)
    }

    @Test func parsePrintsARejectionWithACaretUnderTheOffendingCharacter() {
        let result = run(["parse", "things://x-callback-url/add?title=%zz"])
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: invalid-percent-encoding:") == true)
        let inputLine = lines[1]
        let caretLine = lines[2]
        let caret = caretLine.firstIndex(of: "^").map { caretLine.distance(from: caretLine.startIndex, to: $0) }
        let percent = inputLine.firstIndex(of: "%").map { inputLine.distance(from: inputLine.startIndex, to: $0) }
        #expect(caret != nil && caret == percent)
    }

    @Test func parseJSONPrintsTheCanonicalObjectOrTheRejection() throws {
        let accepted = run(["parse", "--json", "s://x-callback-url/a?k"])
        #expect(accepted.status == 0)
        let value = try JSONValue(parsing: accepted.out)
        #expect(value["parameters"] == [["k", nil]])
        #expect(value["fragment"] == .null)
        let rejected = run(["parse", "s://example.com/a", "--json"])
        #expect(rejected.status == 1)
        #expect(try JSONValue(parsing: rejected.out)["reject"] == "not-x-callback-url")
    }

    @Test func showPrintsTheVectorWithItsCitationText() {
        let result = run(["show", "XCU-2AAB", "--vectors", mini])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("XCU-2AAB  must  parse  (mini.json)\nA host other than x-callback-url is rejected\n"))
        #expect(result.out.contains(#""reject": "not-x-callback-url""#))
        #expect(result.out.contains("[xcu-host] x-callback-url 1.0 DRAFT R3, URL Structure"))
        #expect(result.out.contains("“URLs will be identified by the use of “x-callback-url” as the host portion of the URL.”"))
        let missing = run(["show", "XCU-ZZZZ", "--vectors", mini])
        #expect(missing.status == 1)
        #expect(missing.err.contains("no vector XCU-ZZZZ"))
    }

    @Test func listPrintsTheSelectedIds() {
        let result = run(["list", "--vectors", mini, "--level", "should", "--level", "implementation-defined"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").map { String($0.prefix(8)) } == ["XCU-2AAD", "XCU-2AAE"])
    }

    @Test func serveSpeaksTheProtocolOnTheGivenStreams() throws {
        let captured = CapturedIO(input: [
            #"{"cmd":"start","protocol":1}"#, #"{"cmd":"parse","seq":1,"id":"XCU-2AAA","url":"s://x-callback-url/a"}"#,
            #"{"cmd":"stop"}"#,
        ])
        #expect(ConformanceCommandLine.main(arguments: ["serve"], io: captured.io) == 0)
        let lines = captured.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(try JSONValue(parsing: lines[0])["protocol"] == 1)
        #expect(try JSONValue(parsing: lines[1])["accepted"]?["action"] == "a")
    }
}
