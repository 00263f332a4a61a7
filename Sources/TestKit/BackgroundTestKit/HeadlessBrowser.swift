import Foundation

/// Loads a local HTML file in a real headless Chromium, for tests of pages bgkit writes (the run report).
///
/// Each call uses a profile folder of its own, so tests may run in parallel. The page gets no network:
/// every request goes to a proxy on the discard port that nothing answers, so a page that needed a
/// server would not draw.
///
/// ```swift
/// let dom = try await HeadlessBrowser.dumpDOM(of: "/tmp/report.html")
/// #expect(dom.contains(#"data-status="ok""#))
/// ```
package enum HeadlessBrowser {
    /// The browser's name on PATH, for `TestSupport.toolsAvailable`.
    package static let program = "chromium"

    /// The DOM after the page loaded and its scripts ran (`chromium --headless --dump-dom`).
    package static func dumpDOM(of page: String) async throws -> String {
        try await run(page: page, ["--dump-dom"]).stdout
    }

    /// Renders the page to a PNG of the given window size (`chromium --headless --screenshot`).
    package static func screenshot(of page: String, to png: String, width: Int = 1000, height: Int = 1400) async throws {
        _ = try await run(page: page, ["--screenshot=\(png)", "--window-size=\(width),\(height)", "--hide-scrollbars"])
    }

    private static func run(page: String, _ arguments: [String]) async throws -> TestSupport.Result {
        guard let chromium = TestSupport.which(program) else { throw Failure("chromium is not installed (tools/install-deps)") }
        let profile = try TemporaryFolder(prefix: "bgkit-chromium")
        let result = try await TestSupport.run(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
            "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        ] + arguments + [URL(fileURLWithPath: page).absoluteString])
        guard result.status == 0 else { throw Failure("chromium exited with \(result.status): \(result.stderr)") }
        return result
    }

    /// Chromium could not load the page.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }
}
