import BackgroundTestKit
import Foundation
import Testing

/// docs/ARCHITECTURE.md names only what exists (issue 43, "True words"): every type it writes in code
/// spelling (a capitalised word in backticks, or one that a call or member follows) is declared in the
/// package's Swift files, or is a target of Package.swift, or is one of the outside names it cites
/// (Swift's, Foundation's, Apple's, a folder's); and every target Package.swift declares is named in it.
@Suite struct ArchitectureDocTests {
    static let root = TestSupport.packageRoot

    /// Names the document cites that are not the package's: the standard library's and Foundation's, Apple's
    /// frameworks', other packages', the examples' folders and an environment variable.
    static let outside: Set<String> = [
        "AsyncStream", "CancellationError", "Task", "MainActor", "ExecutorFactory", "FileManager", "FoundationEssentials",
        "FoundationNetworking", "PropertyListDecoder", "URLComponents", "CFRunLoopAddTimer", "CURLcode", "OptionGroup",
        "ServiceGroup", "Testing", "Package", "BGKIT_REQUIRE_INTEGRATION", "AudioTour", "Commute", "DailyRefresh", "Headlines",
        "News", "TestKit", "ArgumentParser", "HeapModule", "NotificationCenter",
    ]

    /// The type names declared in the package's Swift files, and its targets.
    static func declared() throws -> Set<String> {
        var names = Set<String>()
        let declaration = /(?:class|struct|enum|protocol|actor|typealias|extension)\s+(?:[A-Za-z_]+\.)*([A-Z][A-Za-z0-9_]*)/
        for folder in ["Sources", "Tests", "Examples", "Fuzz"] {
            let base = root + "/" + folder
            guard let files = FileManager.default.enumerator(atPath: base) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
                for match in text.matches(of: declaration) { names.insert(String(match.1)) }
            }
        }
        return names.union(try targets())
    }

    static func targets() throws -> Set<String> {
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        return Set(manifest.matches(of: /\.(?:target|testTarget|executableTarget|systemLibrary)\(\s*name: "([^"]+)"/).map { String($0.1) })
    }

    @Test func everyTypeItNamesExists() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        var named = Set(text.matches(of: /`([A-Z][A-Za-z0-9_]*)[.(`<]/).map { String($0.1) })
        named.formUnion(text.matches(of: /\b([A-Z][a-z]+(?:[A-Z][a-z0-9]+)+)\b/).map { String($0.1) })
        let declared = try Self.declared()
        // A plural of a declared name ("BackgroundModes") is that name.
        let missing = named.subtracting(Self.outside).filter { !declared.contains($0) && !declared.contains(String($0.dropLast())) }
        #expect(missing.isEmpty, "docs/ARCHITECTURE.md names what the package does not declare: \(missing.sorted())")
    }

    @Test func everyTargetIsNamed() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        let unnamed = try Self.targets().filter { !text.contains($0) }
        #expect(unnamed.isEmpty, "docs/ARCHITECTURE.md does not name these targets of Package.swift: \(unnamed.sorted())")
    }
}
