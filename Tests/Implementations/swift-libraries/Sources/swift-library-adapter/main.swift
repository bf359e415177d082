// swift-library-adapter LIBRARY: serves one library's conformance target over the subprocess
// protocol (Vectors/protocol/PROTOCOL.md), so that `xcallback-conformance --target` runs it.
// swift-library-adapter callbackurlkit-round-trip: prints CallbackURLKit's perform → handler → response
// → closure trips (CallbackURLKitRoundTrip.swift); run.sh writes it to ../results/.

import Foundation
import XCallbackConformance

let targets: [String: any ConformanceTarget] = [
    "callbackurlkit": CallbackURLKitTarget(),
    "middleman": MiddlemanReceiveTarget(),
    "middleman-run": MiddlemanRunTarget(),
    "jasonnam": JasonnamTarget(),
    "kradenkov": KradenkovTarget(),
]
let arguments = CommandLine.arguments.dropFirst()
if arguments.elementsEqual(["callbackurlkit-round-trip"]) {
    FileHandle.standardOutput.write(Data(CallbackURLKitRoundTrip.report().utf8))
    exit(0)
}
guard arguments.count == 1, let name = arguments.first, let target = targets[name] else {
    FileHandle.standardError.write(Data("usage: swift-library-adapter \(targets.keys.sorted().joined(separator: "|")) | callbackurlkit-round-trip\n".utf8))
    exit(64)
}
func serve<Target: ConformanceTarget>(_ target: Target) {
    ProtocolServer(target: target).serve(readLine: { Swift.readLine() }) { FileHandle.standardOutput.write(Data($0.utf8)) }
}
serve(target)
