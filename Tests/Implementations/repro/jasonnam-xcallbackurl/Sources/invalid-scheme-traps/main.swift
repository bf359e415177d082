// jasonnam/XCallbackURL at 5ff83f9: XCallbackURL.url sets the scheme on URLComponents unchecked
// (Sources/XCallbackURL/XCallbackURL+URL.swift:32), and Foundation traps on a scheme that is not one
// (RFC 3986 §3.1): the app crashes where `url`, an optional, could be nil.
import Foundation
import XCallbackURL

// The trap ends the process (SIGILL or SIGTRAP; SIGABRT where Foundation raises an exception instead); this
// handler only prints the verdict when it does.
for trap in [SIGILL, SIGTRAP, SIGABRT] {
    signal(trap) { _ in
        print("BUG: XCallbackURL.url crashed the process (a Foundation trap) for the scheme \"\"")
        exit(0)
    }
}
print("XCallbackURL(scheme: \"\", action: \"open\").url")
let url = XCallbackURL(scheme: "", action: "open").url
print("is \(url?.absoluteString ?? "nil")")
print("OK: no crash")
