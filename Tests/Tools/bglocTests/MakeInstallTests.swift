import BackgroundTestKit
import Foundation
import Testing

/// `make install DESTDIR=…` puts the binaries, man pages and shell completions where they belong.
///
/// It builds the debug configuration (already built by `swift build --build-tests`) with `--ignore-lock`,
/// because the running `swift test` holds the build folder's lock.
@Suite struct MakeInstallTests {
    @Test(.enabled(if: TestSupport.toolsAvailable("make", "swift"), "needs make and swift on PATH"))
    func installsBinariesManualsAndCompletions() async throws {
        let folder = try TemporaryFolder()
        let stage = folder.path + "/stage"
        // SwiftPM leaves TemporaryDirectory.* folders and lock files in $TMPDIR; they go with the folder.
        let scratch = folder.path + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let make = try #require(TestSupport.which("make"))
        let result = try await TestSupport.run(
            make, ["-C", TestSupport.packageRoot, "install", "DESTDIR=\(stage)", "PREFIX=/usr", "CONFIGURATION=debug",
                   "SWIFTPM_FLAGS=--ignore-lock"], environment: ["TMPDIR": scratch],
            // It may build (a link of each tool at least), minutes on a loaded machine.
            timeLimit: .seconds(30 * 60))
        #expect(result.status == 0, "\(result.stderr)")

        var expected: [String] = []
        for tool in ["bgloc", "bgaudio", "bgtask"] {
            expected += [
                "/usr/bin/\(tool)", "/usr/share/man/man1/\(tool).1", "/usr/share/bash-completion/completions/\(tool)",
                "/usr/share/zsh/site-functions/_\(tool)", "/usr/share/fish/vendor_completions.d/\(tool).fish",
            ]
        }
        let files = FileManager.default
        for path in expected {
            #expect(files.fileExists(atPath: stage + path), "\(path)")
        }
        #expect(files.isExecutableFile(atPath: stage + "/usr/bin/bgloc"))
        // bgtask is bgloc's program under another name: one copy of the runtime they share.
        #expect(try files.destinationOfSymbolicLink(atPath: stage + "/usr/bin/bgtask") == "bgloc")
        // The C++ runtime and GCC's unwinder are linked in with the Swift runtime (`make release`): bgaudio,
        // which needs no C++ library of its own, loads neither libstdc++ nor libgcc_s at start, and has no
        // run path for the loader to search first. alsa-lib is loaded on first use (issue 29), not linked.
        let readelf = try #require(TestSupport.which("readelf"), "readelf (binutils, which Swift's linker needs)")
        let dynamic = try await TestSupport.run(readelf, ["-d", stage + "/usr/bin/bgaudio"])
        #expect(dynamic.stdout.contains("libc.so.6") && !dynamic.stdout.contains("libasound"), "\(dynamic.stdout)")
        #expect(!dynamic.stdout.contains("libstdc++"), "\(dynamic.stdout)")
        #expect(!dynamic.stdout.contains("libgcc_s"), "\(dynamic.stdout)")
        #expect(!dynamic.stdout.contains("RUNPATH") && !dynamic.stdout.contains("RPATH"), "\(dynamic.stdout)")
        // No tool needs Foundation or ICU (issue 19): none among the libraries loaded, and no ICU data
        // (`icudt…`, 34 MB, which statically linked Foundation brings) inside. And `make install` strips them.
        // libcurl is loaded on the first transfer, not at start (issue 19): the daemon does not map it and the
        // 30-odd libraries it brings; nor alsa-lib (loaded on first use) and libgps (gpsd's JSON is read
        // directly), issue 29. SQLite and libyaml are linked in (Debian's static archives, issue 36): the daemon
        // maps only the code of theirs that it runs.
        let bgloc = try await TestSupport.run(readelf, ["-d", stage + "/usr/bin/bgloc"])
        #expect(bgloc.stdout.contains("libc.so.6"), "\(bgloc.stdout)")
        for library in ["libcurl", "libgps", "libasound", "libsqlite3", "libyaml"] {
            #expect(!bgloc.stdout.contains(library), "bgloc needs \(library) at start: \(bgloc.stdout)")
        }
        let grep = try #require(TestSupport.which("grep"))
        for tool in ["bgloc", "bgaudio", "bgtask"] {
            let path = stage + "/usr/bin/" + tool
            let needed = try await TestSupport.run(readelf, ["-d", path])
            #expect(needed.status == 0 && !needed.stdout.contains("libFoundation") && !needed.stdout.contains("icu"),
                    "\(tool): \(needed.stdout)")
            let icuData = try await TestSupport.run(grep, ["-q", "-a", "icudt", path])
            #expect(icuData.status == 1, "\(tool) carries ICU's data")
            let sections = try await TestSupport.run(readelf, ["-S", "-W", path])
            #expect(sections.status == 0 && !sections.stdout.contains(".symtab"), "\(tool) is not stripped")
            // Nothing exported (issue 29): the dynamic symbols are only what the tool needs from its libraries
            // (Ndx UND), not the 7,000-odd Swift symbols whose tables the daemon's peak memory carried.
            let symbols = try await TestSupport.run(readelf, ["--dyn-syms", "-W", path])
            let exported = symbols.stdout.split(separator: "\n").filter { line in
                let fields = line.split(separator: " ")
                let index = fields.first?.dropLast() ?? ""  // "12:", not the heading's "Num:"
                return fields.count >= 8 && !index.isEmpty && index.allSatisfy(\.isNumber) && fields[6] != "UND"
            }
            #expect(symbols.status == 0 && exported.isEmpty, "\(tool) exports \(exported.count) symbols: \(exported.prefix(3))")
        }
        let manual = try String(contentsOfFile: stage + "/usr/share/man/man1/bgloc.1", encoding: .utf8)
        #expect(manual.contains(".Dt BGLOC 1"))
        #expect(manual.contains("serve"))
        let bash = try String(contentsOfFile: stage + "/usr/share/bash-completion/completions/bgloc", encoding: .utf8)
        #expect(bash.contains("replay") && bash.contains("--report"))

        let uninstall = try await TestSupport.run(make, ["-C", TestSupport.packageRoot, "uninstall", "DESTDIR=\(stage)", "PREFIX=/usr"])
        #expect(uninstall.status == 0)
        #expect(expected.allSatisfy { !files.fileExists(atPath: stage + $0) })
    }
}
