// ValentinWalter/Middleman at 290398e: CallbackURL.url sets the scheme on URLComponents unchecked
// (Sources/Middleman/Public/CallbackURL.swift:55), and Foundation traps on a scheme that is not one
// (RFC 3986 §3.1): the app crashes instead of getting nil.
import Foundation
import Middleman

// The trap ends the process (SIGILL or SIGTRAP; SIGABRT where Foundation raises an exception instead); this
// handler only prints the verdict when it does.
for trap in [SIGILL, SIGTRAP, SIGABRT] {
    signal(trap) { _ in
        print("BUG: CallbackURL.url crashed the process (a Foundation trap) for the scheme \"\"")
        exit(0)
    }
}
let value = CallbackURL(scheme: "", host: "x-callback-url", path: "/open", queries: [])
print("CallbackURL(scheme: \"\", host: \"x-callback-url\", path: \"/open\", queries: []).url")
print("is \(value.url?.absoluteString ?? "nil")")
print("OK: no crash")
