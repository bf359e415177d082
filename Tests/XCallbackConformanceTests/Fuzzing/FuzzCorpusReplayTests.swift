// `swift test` replays the fuzzing corpus through the fuzz drivers in a plain debug build (no libFuzzer):
// every minimized crash in Corpus/regressions stays fixed, and every seed passes every property.

import Testing
import XCallbackFuzzing

@Suite struct FuzzCorpusReplayTests {
    @Test(arguments: try FuzzCorpus.regressionCases())
    func regressionStaysFixed(_ fuzzCase: FuzzCase) throws {
        let driver = try #require(FuzzCorpus.driver(named: fuzzCase.driver), "unknown driver folder \(fuzzCase.driver)")
        let failure = driver.failure(for: try fuzzCase.bytes())
        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    @Test(arguments: try FuzzCorpus.seedCases())
    func seedPassesEveryProperty(_ fuzzCase: FuzzCase) throws {
        let driver = try #require(FuzzCorpus.driver(named: fuzzCase.driver))
        let failure = driver.failure(for: try fuzzCase.bytes())
        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    @Test func corpusFoldersArePopulated() throws {
        let seeds = try FuzzCorpus.files(in: "seeds")
        #expect(seeds.count >= 4, "run python3 Fuzz/tools/make-seeds.py")
        for folder in try FuzzCorpus.files(in: "regressions") {
            let name = String(folder.dropFirst("regressions/".count))
            #expect(FuzzCorpus.driver(named: name) != nil, "Corpus/\(folder) names no driver")
        }
    }
}
