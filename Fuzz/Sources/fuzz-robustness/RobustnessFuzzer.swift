// Fuzz target `fuzz-robustness`: arbitrary bytes into the reference parser; no crash, canonical round-trip at every nesting level.
// Built with -DFUZZING it is a libFuzzer binary; a plain build is a replay runner for files and folders.

import FuzzSupport
import XCallbackFuzzing
#if canImport(Glibc)
import Glibc
#endif

let driver = RobustnessDriver()

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    driver.run(data, size)
    return 0
}

#if !FUZZING
/// Replays the files named on the command line through `fuzzOneInput`.
@main
enum Replay {
    static func main() {
        let status = FuzzReplay.main(arguments: Array(CommandLine.arguments.dropFirst())) { bytes in
            _ = bytes.withUnsafeBufferPointer { fuzzOneInput($0.baseAddress, $0.count) }
        }
        exit(status)
    }
}
#endif
