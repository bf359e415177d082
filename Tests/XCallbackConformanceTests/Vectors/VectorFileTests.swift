import Testing
import XCallbackConformance
import XCallbackURL

/// The vector files check themselves: schema, ids, citations, levels, duplicates, manifest, lint, coverage.
@Suite struct VectorFileTests {
    /// Every vector object of every file, with the file it came from (raw JSON, before the loader's checks).
    static func rawVectors() throws -> [(file: String, vector: JSONValue)] {
        var out: [(file: String, vector: JSONValue)] = []
        for file in VectorFixtures.categoryFiles {
            for vector in try VectorFixtures.json(file)["vectors"]?.arrayValue ?? [] { out.append((file, vector)) }
        }
        return out
    }

    @Test("Every vector file is valid against Vectors/schema.json", arguments: VectorFixtures.categoryFiles)
    func matchesTheSchema(_ file: String) throws {
        let schema = try JSONSchema(try VectorFixtures.json("schema.json"))
        let violations = schema.validate(try VectorFixtures.json(file))
        #expect(violations.isEmpty, "\(file):\n\(violations.prefix(10).map(\.description).joined(separator: "\n"))")
    }

    @Test func idsAreUniqueAcrossFilesAndNeverRetired() throws {
        let retired = Set((try VectorFixtures.json("retired.json")["retired"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
        var seen: [String: String] = [:]
        for (file, vector) in try Self.rawVectors() {
            let id = try #require(vector["id"]?.stringValue)
            #expect(Vector.isValidID(id), "\(file): malformed id \(id)")
            #expect(seen[id] == nil, "\(id) is used in \(seen[id] ?? "") and \(file)")
            #expect(!retired.contains(id), "\(file): \(id) is retired and must not be reused")
            seen[id] = file
        }
        #expect(seen.count == VectorFixtures.pinnedTotal)
    }

    @Test func everyMustAndShouldCitesANormativeAnchorAndEveryCiteExists() throws {
        let suite = try VectorFixtures.suite.get()
        for vector in suite.vectors {
            #expect(!vector.citations.isEmpty, "\(vector.id) cites nothing")
            for anchor in vector.citations {
                #expect(suite.citations[anchor] != nil, "\(vector.id) cites the unknown anchor '\(anchor)'")
            }
            if vector.level != .implementationDefined {
                #expect(
                    vector.citations.contains { suite.citations[$0]?.normative == true },
                    "\(vector.id) is \(vector.level.rawValue) but cites no normative anchor")
            }
        }
    }

    @Test func normativeAnchorsQuoteAndSilentAnchorsExplain() throws {
        let suite = try VectorFixtures.suite.get()
        for citation in suite.citations.values {
            if citation.normative {
                #expect(!(citation.quote ?? "").isEmpty, "\(citation.id) is normative without a quote")
            } else {
                #expect(!(citation.note ?? "").isEmpty, "\(citation.id) is silent without a note")
            }
        }
    }

    @Test func implementationDefinedIffAChoiceKeyedByEveryValue() throws {
        for (file, vector) in try Self.rawVectors() {
            let id = vector["id"]?.stringValue ?? "?"
            let expect = try #require(vector["expect"])
            let isChoice = expect["choice"] != nil
            #expect(isChoice == (vector["level"]?.stringValue == "implementation-defined"), "\(file) \(id): level and choice disagree")
            guard isChoice, let point = expect["choice"]?.stringValue else { continue }
            let values = try #require(ChoicePoint(rawValue: point).allowedValues, "\(id): unknown choice point \(point)")
            let keys = (expect["outcomes"]?.objectValue ?? []).map(\.key)
            #expect(Set(keys) == Set(values) && keys.count == values.count, "\(id): outcomes \(keys) for \(point) \(values)")
        }
    }

    @Test func noDuplicateInputsWithinAnOperation() throws {
        var seen: [String: String] = [:]
        for vector in try VectorFixtures.suite.get().vectors {
            let key: String
            switch vector.input {
            case .parseText(let text): key = "parse " + Array(text.utf8).map { String($0, radix: 16) }.joined(separator: " ")
            case .parseBytes(let bytes): key = "parse " + bytes.map { String($0, radix: 16) }.joined(separator: " ")
            // By bytes: Swift compares strings by canonical equivalence, and 'é' and 'e' + U+0301 are two inputs.
            case .buildRequest(let request): key = "build-request " + Array(request.canonicalJSON.compactText.utf8).map { String($0, radix: 16) }.joined(separator: " ")
            case .buildCallback(let response): key = "build-callback " + Array(response.canonicalJSON.compactText.utf8).map { String($0, radix: 16) }.joined(separator: " ")
            }
            #expect(seen[key] == nil, "\(vector.id) repeats the input of \(seen[key] ?? "")")
            seen[key] = vector.id
        }
    }

    @Test func countsAndHashesEqualTheManifest() throws {
        let manifest = try VectorFixtures.json("manifest.json")
        #expect(manifest["suiteVersion"] == .string(SuiteInfo.version))
        #expect(manifest["formatVersion"] == .number(Double(VectorFormat.version)))
        var total = 0
        for entry in manifest["files"]?.arrayValue ?? [] {
            let path = try #require(entry["path"]?.stringValue)
            let bytes = try VectorFixtures.bytes(path)
            let count = (try JSONValue(parsing: bytes))["vectors"]?.arrayValue?.count ?? -1
            #expect(entry["count"]?.numberValue == Double(count), "\(path): manifest count vs \(count) vectors")
            #expect(entry["sha256"]?.stringValue == SHA256.hexDigest(bytes), "\(path): manifest sha256 is stale")
            total += count
        }
        #expect(manifest["total"]?.numberValue == Double(total))
    }

    /// Receivers disagree on a raw '+', '=' or space in a value and on '+' or space in a name, so a build vector
    /// holding one is not must; a raw '=' in a name ends the name for every receiver, and may be (Vectors/README.md).
    @Test func buildVectorsWithPlusEqualsOrSpaceAreNotMust() throws {
        for vector in try VectorFixtures.suite.get().vectors where vector.level == .must {
            var names: [String] = []
            var values: [String] = []
            switch vector.input {
            case .buildRequest(let request):
                names = request.parameters.map(\.name)
                values = request.parameters.map { $0.value ?? "" } + [request.source, request.success, request.error, request.cancel].compactMap { $0 }
            case .buildCallback(let response):
                names = response.appendedParameters.map(\.name)
                values = response.appendedParameters.map { $0.value ?? "" }
            default: continue
            }
            #expect(!values.contains { $0.contains(where: { "+= ".contains($0) }) }, "\(vector.id) is must but a value holds '+', '=' or space")
            #expect(!names.contains { $0.contains(where: { "+ ".contains($0) }) }, "\(vector.id) is must but a name holds '+' or space")
        }
    }

    @Test func everyCategoryHasAtLeast25VectorsAndEveryDivergenceRowIsCovered() throws {
        let vectors = try VectorFixtures.suite.get().vectors
        for file in VectorFixtures.categoryFiles {
            #expect(vectors.filter { $0.file == file }.count >= 25, "\(file) has fewer than 25 vectors")
        }
        let tags = Set(vectors.flatMap(\.tags))
        for row in 1...20 { #expect(tags.contains("D\(row)"), "no vector is tagged D\(row)") }
        #expect(vectors.count >= 400)
    }

    @Test func descriptionsAreOneLine() throws {
        for vector in try VectorFixtures.suite.get().vectors {
            #expect(!vector.summary.isEmpty && !vector.summary.contains("\n") && vector.summary.count <= 200, "\(vector.id)")
        }
    }
}

/// The generator's bookkeeping: the id ledger, retired ids and anchor use, checked without running Python.
@Suite struct VectorLedgerTests {
    @Test func everyVectorIdIsInTheAppendOnlyLedger() throws {
        let ledger = try #require(try VectorFixtures.json("tools/ids.json")["ids"]?.objectValue)
        let ids = ledger.compactMap(\.value.stringValue)
        #expect(Set(ids).count == ids.count, "the ledger hands out an id twice")
        let known = Set(ids)
        for vector in try VectorFixtures.suite.get().vectors {
            #expect(known.contains(vector.id), "\(vector.id) is not in tools/ids.json: regenerate instead of editing by hand")
        }
        for entry in try VectorFixtures.json("retired.json")["retired"]?.arrayValue ?? [] {
            let id = try #require(entry["id"]?.stringValue)
            #expect(known.contains(id), "retired \(id) is missing from the ledger")
        }
    }

    @Test func everyAnchorIsCitedByAVector() throws {
        let suite = try VectorFixtures.suite.get()
        let cited = Set(suite.vectors.flatMap(\.citations))
        for anchor in suite.citations.keys.sorted() {
            #expect(cited.contains(anchor), "no vector cites '\(anchor)'")
        }
    }
}
