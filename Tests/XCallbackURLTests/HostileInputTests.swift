import Testing
import XCallbackURL

/// Input meant to break a parser: huge, deeply nested, random or ill-formed.
@Suite struct HostileInputTests {
    @Test func parsesAOneMegabyteValue() throws {
        let value = String(repeating: "%41b", count: 262_144)
        let request = try XCallbackRequest(parsing: "a://x-callback-url/o?v=" + value)
        #expect(request.parameters.first?.value?.utf8.count == 524_288)
    }

    @Test func findsTheFirstControlCharacterWhereverItStands() {
        // The screen reads four blocks a turn, then one: a control character in any lane of either, before or
        // after a `%`, a non-ASCII byte or an `&`, is the rejection, at its own offset, for both parse results.
        let prefix = "a://x-callback-url/o?"
        let body = Array(String(repeating: "k=%C3%A9&é+", count: 20).utf8.prefix(200))
        for position in stride(from: 0, to: body.count, by: 1) where body[position] < 0x80 {
            for control: UInt8 in [0x00, 0x0A, 0x1F, 0x7F] {
                var bytes = Array(prefix.utf8) + body
                bytes[prefix.utf8.count + position] = control
                let text = String(decoding: bytes, as: UTF8.self)
                let offsets = [
                    Result { () throws(XCallbackRejection) in _ = try XCallbackRequest(parsing: text) },
                    Result { () throws(XCallbackRejection) in try XCallbackRequestBorrowedView.withView(parsing: text) { _ in } },
                ].map { result -> Int? in
                    guard case .failure(let rejection) = result, rejection.category == .invalidCharacter else { return nil }
                    return rejection.offset
                }
                let expected = prefix.utf8.count + position
                #expect(offsets == [expected, expected], "control \(control) at \(expected)")
            }
        }
    }

    @Test func countsEnoughRoomForEveryParameterPastTheScreensCounters() throws {
        // Each lane of the screen counts up to 255 `&` before the lanes are added up. A parameter every four
        // bytes puts an `&` in the same four lanes of every block, so a lane that overflowed would lose a whole
        // block's worth of room: the parse would stop at its check that the room holds every parameter.
        let url = "a://x-callback-url/o?" + Array(repeating: "p=1", count: 5_000).joined(separator: "&")
        let count = try XCallbackRequestBorrowedView.withView(parsing: url) { $0.parameters.count }
        #expect(count == 5_000)
    }

    @Test func parsesOneHundredThousandParameters() throws {
        let query = (0..<100_000).map { "k\($0)=\($0)" }.joined(separator: "&")
        let request = try XCallbackRequest(parsing: "a://x-callback-url/o?" + query)
        #expect(request.parameters.count == 100_000)
        #expect(request.parameters.last == XCallbackParameter("k99999", "99999"))
    }

    @Test func buildsAndParsesCallbacksNestedOneThousandLevelsDeep() throws {
        // Each level is encoded once more by every level around it, so the URL grows with the square of
        // the depth (about 1 MB here); each level is one linear parse, with no recursion to run out of.
        var request = XCallbackRequest(scheme: "s", action: "done", parameters: [.init("q", "a&b=c#d%+ é")])
        for level in 1...1000 {
            request = XCallbackRequest(scheme: "s", action: "l", success: try request.url())
            if level % 250 == 0 { request.parameters = [.init("v", "+ &%#=\(level)")] }
        }
        var current = try XCallbackRequest(parsing: try request.url())
        var depth = 1000
        while let inner = current.success {
            #expect(current.parameters == (depth % 250 == 0 ? [.init("v", "+ &%#=\(depth)")] : []))
            current = try XCallbackRequest(parsing: inner)
            depth -= 1
        }
        #expect(depth == 0)
        #expect(current.parameters == [.init("q", "a&b=c#d%+ é")])
    }

    @Test func neverCrashesOnPseudoRandomBytes() {
        var generator = SplitMix(seed: 0x5eed)
        let alphabet = Array("x-callback-url:/?#&=%+ 0123456789abcdefABCDEF\u{7F}é".utf8) + [0, 0x0A, 0xFF, 0xC3, 0xE9]
        var accepted = 0
        var rejected = 0
        for _ in 0..<20_000 {
            var bytes = Array("a://x-callback-url/".utf8)
            for _ in 0..<Int(generator.next() % 40) { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            do {
                let request = try XCallbackRequest(parsingUTF8: bytes)
                accepted += 1
                if !request.action.contains("?"), let rebuilt = try? request.url() {
                    // Whatever parses and can be rebuilt parses again to the same parts, fragment aside.
                    var expected = request
                    expected.fragment = nil
                    #expect(try XCallbackRequest(parsing: rebuilt) == expected, "\(bytes)")
                }
            } catch {
                rejected += 1
                #expect(error.offset.map { $0 <= bytes.count } ?? true)
            }
        }
        #expect(accepted > 0)
        #expect(rejected > 0)
    }

    @Test func rejectsIllFormedUTF8Bytes() {
        for bytes: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] {
            let input = Array("a://x-callback-url/o?v=".utf8) + bytes
            #expect(throws: XCallbackRejection.self) { try XCallbackRequest(parsingUTF8: input) }
            do {
                _ = try XCallbackRequest(parsingUTF8: input)
            } catch {
                #expect(error.category == .invalidUTF8)
                #expect(error.offset == 23)
            }
        }
    }
}

/// A small deterministic generator for reproducible pseudo-random input.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
