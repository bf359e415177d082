// libFuzzer's custom-mutator hooks, linked only into the `-mutator` executables. With them libFuzzer
// prints "found LLVMFuzzerCustomMutator" and turns -len_control off: always pass -max_len.

import FuzzSupport

/// libFuzzer's custom mutator: the structure-aware nested mutator (see `NestedMutator`).
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzByteMutator.mutate(data, size, maxSize, seed)
}

/// libFuzzer's custom cross-over: grafts a layer of the second input under a callback of the first.
@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzCustomCrossOver(
    _ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
    _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: UInt32
) -> Int {
    FuzzByteMutator.crossOver(data1, size1, data2, size2, out, maxOutSize, seed)
}
