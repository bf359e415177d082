import Foundation
import XCallbackConformance
import XCallbackURL

/// Text a hostile target puts in its name and messages: forged TAP lines, terminal controls, bidi overrides, Markdown and HTML.
enum Forgery {
    /// A CR/LF-separated forged TAP test point and plan.
    static let tapLines = "x\r\nok 1 - forged pass\n1..1\n# forged comment\n"
    /// An image link and raw HTML for a Markdown heading.
    static let markdown = "![pwned](https://evil.example/p.png) <img src=x onerror=alert(1)> **bold**\n## forged heading"
    /// Terminal escapes, NUL and a bidi override.
    static let terminal = "\u{1B}[2J\u{1B}]0;title\u{07}\u{00}\u{9B}31m\u{202E}gnp.exe\u{2066}"
    /// Everything at once.
    static let all = tapLines + markdown + terminal
}

/// A target whose identity and every rejection message are forgeries, or whose answers are huge.
struct HostileTarget: ConformanceTarget {
    /// How many parameters each accepted answer holds; 0 to reject every URL with a forged message.
    var parameters = 0

    var identity: TargetIdentity { TargetIdentity(name: Forgery.all, version: Forgery.terminal, language: Forgery.tapLines) }
    var declaredChoices: DeclaredChoices { .reference }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        guard parameters > 0 else { return .rejected(category: nil, message: Forgery.all) }
        let values = (0..<parameters).map { XCallbackParameter("p\($0)", "v") }
        return .accepted(XCallbackRequest(scheme: "s", action: "a", parameters: values))
    }

    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { parse("") }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { .errored(Forgery.all) }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        .broken(TargetBreakage(.crashed, "stderr tail:\n" + Forgery.all))
    }
}
