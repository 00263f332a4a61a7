import BackgroundApp
import BackgroundCore
import BackgroundTestKit
import Foundation
import Testing

/// `AppManifest` on hostile input: YAML bombs, deep nesting, huge files and values, and every fuzzer
/// finding (docs/RELIABILITY.md). Each ends in one `InputError` naming the file and the place.
@Suite struct AppManifestHostileInputTests {
    /// Inputs checked in under Tests/Regressions/Manifest (the fuzzer's seeds as well).
    static let regressions = TestSupport.packageRoot + "/Tests/Regressions/Manifest/"

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The file in ``regressions``, or nil to use `text`.
        var file: String?
        var text: String = ""
        /// The error's whole description, after the folder.
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "billion laughs as a key", file: "billion-laughs-key.yaml",
             expected: "billion-laughs-key.yaml:4:10: '*a0' is a YAML alias; a manifest may not use aliases, which can expand without bound (write the value out, or quote it if it is text)"),
        Case(name: "lists nested 2000 deep", file: "nesting-2000.yaml",
             expected: "nesting-2000.yaml:3:1007: lists and mappings nest too deeply (the YAML parser stops at about 1000 levels); refusing it"),
        Case(name: "a key nested 999 deep", file: "nested-key-999.yaml",
             expected: "nested-key-999.yaml:3: (top level): a key must be plain text"),
        Case(name: "an alias in a flow list", text: "app: x\nbackgroundModes: [fetch, *m]\n",
             expected: "app.yaml:2:26: '*m' is a YAML alias; a manifest may not use aliases, which can expand without bound (write the value out, or quote it if it is text)"),
        Case(name: "a value of half a megabyte",
             text: "app: x\ntasks:\n  a: {kind: refresh, work: \(String(repeating: "9", count: 500_000))s}\n",
             expected: "app.yaml:3: tasks.a.work: '\(String(repeating: "9", count: 60))…' is not a duration (expected a number with a unit s, m, h or d, such as 15m or 2h30m)"),
        Case(name: "a misspelt key of 1000 characters", text: "app: x\n\(String(repeating: "k", count: 1000)): 1\n",
             expected: "app.yaml:2: \(String(repeating: "k", count: 60))…: unknown key '\(String(repeating: "k", count: 60))…' (expected one of: app, backgroundModes, permittedIdentifiers, infoPlist, buildSettings, tasks, submitAtLaunch, conditions, entitlements, regions, significantChange, location, visits, audio, session, server, pushes, onPush, onVoIPPush, notificationService, backgroundFetch, usage, history, population, lifecycle)"),
        Case(name: "more than 1 MiB", text: "app: x\n#" + String(repeating: "-", count: 1 << 20) + "\n",
             expected: "app.yaml: is larger than 1 MiB; refusing it (a manifest is a few kilobytes: is it the right file?)"),
        Case(name: "a duration past the clock's end", text: "app: x\ntasks:\n  a: {kind: refresh, earliestBegin: 40000d}\n",
             expected: "app.yaml:3: tasks.a.earliestBegin: '40000d' is longer than 100 years (36500d)"),
        Case(name: "an empty task identifier", text: "app: x\ntasks:\n  \"\": {kind: refresh}\n",
             expected: "app.yaml:3: tasks: '' is not a task identifier (it is empty or has control characters)"),
        Case(name: "a task identifier with a newline", text: "app: x\ntasks:\n  \"a\\nb\": {kind: refresh}\n",
             expected: "app.yaml:3: tasks: 'a\nb' is not a task identifier (it is empty or has control characters)"),
    ]

    @Test(arguments: cases)
    func refusesWithOneClearError(_ c: Case) throws {
        let folder = try TemporaryFolder()
        let path = try c.file.map { name in
            try folder.write(name, Data(contentsOf: URL(fileURLWithPath: Self.regressions + name)))
        } ?? folder.write("app.yaml", c.text)
        #expect(throws: InputError.self) { try AppManifest(contentsOf: path) }
        do {
            _ = try AppManifest(contentsOf: path)
        } catch {
            #expect(error.description == folder.path + "/" + c.expected)
            // Bounded whatever the input: the message, less the temporary folder's path (which varies with the
            // machine), stays under 500 characters; the list of known keys grows with the modes.
            #expect(error.description.count - folder.path.count < 500)
        }
    }

    /// What the alias scan must not refuse: `*` inside text, quoted values, comments and anchors alone.
    @Test func asterisksThatAreNotAliasesAreFine() throws {
        let manifest = try AppManifest(yaml: """
            # a comment may say *anything
            app: &name "x"
            permittedIdentifiers: ["*x", '*fetch', fet*ch]
            tasks:
              a: {kind: refresh, work: 4s}  # trailing
            """, file: "app.yaml")
        #expect(manifest.app == "x")
        #expect(manifest.permittedIdentifiers == ["*x", "*fetch", "fet*ch"])
    }

    @Test func aFileThatIsNotUTF8IsNamedByItsFirstBadByte() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("app.yaml", Data("app: caf".utf8 + [0xE9] + Data(" x\n".utf8)))
        #expect(throws: InputError(file: path, place: .byte(8), message: "is not UTF-8 text (a manifest is YAML text)")) {
            try AppManifest(contentsOf: path)
        }
    }

    @Test func anEndlessDeviceIsCutOffAtTheLimit() throws {
        #expect(throws: InputError(
            file: "/dev/zero",
            message: "is larger than 1 MiB; refusing it (a manifest is a few kilobytes: is it the right file?)")) {
            try AppManifest(contentsOf: "/dev/zero")
        }
    }

    @Test func anInfoPlistIsReadWithinTheLimitToo() throws {
        #expect(throws: InputError(file: "/dev/zero", message: "is larger than 1 MiB; refusing it (an Info.plist is a few kilobytes)")) {
            try AppManifest(yaml: "app: x\ninfoPlist: /dev/zero\n", file: "app.yaml")
        }
    }
}
