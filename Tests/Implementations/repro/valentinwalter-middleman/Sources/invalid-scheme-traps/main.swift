// ValentinWalter/Middleman at 290398e: App.run sets the app's scheme on URLComponents unchecked
// (Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:82), and Foundation traps on a scheme
// that is not one (RFC 3986 §3.1): the app crashes instead of getting an error.
import Foundation
import Middleman

struct Target: App {
    var scheme: String { "" }
}

struct Open: Action {
    struct Input: Codable {}
    typealias Output = Never
}

// The trap ends the process (SIGILL or SIGTRAP; SIGABRT where Foundation raises an exception instead); this
// handler only prints the verdict when it does.
for trap in [SIGILL, SIGTRAP, SIGABRT] {
    signal(trap) { _ in
        print("BUG: Target().run(action:with:) crashed the process (a Foundation trap) for the scheme \"\"")
        exit(0)
    }
}
print("Target().run(action: Open(), with: .init()) with the scheme \"\"")
Target().run(action: Open(), with: .init())
print("OK: run returned without a crash")
