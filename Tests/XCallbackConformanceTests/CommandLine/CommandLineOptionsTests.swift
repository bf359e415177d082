import Testing
import XCallbackCommandLine
import XCallbackConformance

@Suite struct CommandLineOptionsTests {
    @Test func noArgumentsRunsTheReferenceWithATextReport() throws {
        let options = try CommandLineOptions(parsing: [])
        #expect(options.command == .run)
        #expect(options.target == "reference")
        #expect(options.format == .text)
        #expect(options.selection.isEverything)
    }

    @Test func takesBothSpellingsOfAValue() throws {
        let options = try CommandLineOptions(parsing: [
            "--target=foundation", "--format", "junit", "--id", "XCU-2*", "--id=XCU-3AAA", "--tag", "D1", "--operation=parse",
            "--level", "must", "--timeout=0.5", "-o", "out.xml", "--known-failures", "k.json", "--process-per-vector",
        ])
        #expect(options.target == "foundation")
        #expect(options.format == .junit)
        #expect(options.selection == VectorSelection(ids: ["XCU-2*", "XCU-3AAA"], tags: ["D1"], operations: [.parse], levels: [.must]))
        #expect(options.timeout == 0.5)
        #expect(options.output == "out.xml")
        #expect(options.knownFailures == "k.json")
        #expect(options.processPerVector)
    }

    @Test func readsSubcommandsAndTheirArgument() throws {
        #expect(try CommandLineOptions(parsing: ["parse", "s://x-callback-url/a", "--json"]).argument == "s://x-callback-url/a")
        #expect(try CommandLineOptions(parsing: ["parse", "--", "-weird"]).argument == "-weird")
        #expect(try CommandLineOptions(parsing: ["show", "XCU-2AAA"]).command == .show)
        #expect(try CommandLineOptions(parsing: ["list", "--tag", "D1"]).command == .list)
        #expect(try CommandLineOptions(parsing: ["serve"]).command == .serve)
        #expect(try CommandLineOptions(parsing: ["-h"]).command == .help)
        #expect(try CommandLineOptions(parsing: ["run", "--version"]).command == .version)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--format", "pdf"], "--format must be one of text, json, junit, tap, markdown, badge, not 'pdf'"),
        (["--level", "may"], "--level must be must, should or implementation-defined, not 'may'"),
        (["--operation", "build"], "--operation must be parse, build-request or build-callback, not 'build'"),
        (["--timeout", "0"], "--timeout must be a number of seconds from 0.001 to 3600, not '0'"),
        (["--target"], "--target needs a value"),
        (["frobnicate"], "unknown command 'frobnicate'; expected run, parse, show, list or serve"),
        (["parse"], "parse needs a URL"),
        (["show"], "show needs a vector id"),
        (["run", "extra"], "unexpected argument 'extra'"),
        (["--json"], "--json applies to the parse command; use --format json for reports"),
        (["--no-progress=yes"], "--no-progress takes no value"),
        (["serve", "--target", "python3 x.py"], "serve takes --target reference or --target foundation, not 'python3 x.py'"),
    ])
    func refusesMistakesWithAMessage(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineOptions(parsing: arguments) }
    }
}
