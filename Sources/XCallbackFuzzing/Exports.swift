// `import XCallbackFuzzing` gives the fuzz targets and adopters the inputs its drivers read and its mutator writes:
// code written against the single module before the inputs moved into their own keeps compiling.

@_exported import XCallbackFuzzInputs
