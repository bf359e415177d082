// Fuzz target `fuzz-parse-only`: only `XCallbackRequest(parsingUTF8:)` on the input, no check; a measurement
// fixture whose exec/s is the ceiling of any driver that runs this parser under the same build.
// Built with -DFUZZING it is a libFuzzer binary; a plain build is a replay runner for files and folders.

import FuzzSupport
import XCallbackURL

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = try? XCallbackRequest(parsingUTF8: UnsafeBufferPointer(start: data, count: size))
    return 0
}

#if !FUZZING
/// Replays the files named on the command line through `fuzzOneInput`.
@main enum Replay { static func main() { FuzzReplay.run(fuzzOneInput) } }
#endif
