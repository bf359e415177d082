// libFuzzer's own mutator, callable from a custom mutator (LLVMFuzzerCustomMutator).
// Defined by libFuzzer, so only link-time references from -DFUZZING builds may use it.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Mutates Data[0..<Size] in place with libFuzzer's mutators; returns the new size (at most MaxSize).
size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

#endif
