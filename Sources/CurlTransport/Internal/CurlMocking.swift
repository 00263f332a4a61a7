import Synchronization

/// The mocking seam of the libcurl and file wrappers (debug builds only): a script of results per wrapped
/// function, consumed in order; a function with nothing (left) scripted does the real call. For a curl
/// function a scripted value is the `CURLcode` it returns; for a file function (`write`, `rename`, …) it is
/// the errno it fails with. Every call made while a mock is installed is recorded.
///
/// The transport runs libcurl on a thread of its own; it carries the calling task's mock there.
///
/// ```swift
/// let mock = CurlMock(["pwrite": [ENOSPC]])
/// let error = await CurlMocking.$current.withValue(mock) { await download() }
/// #expect(mock.calls.contains("curl_easy_perform"))
/// ```
package final class CurlMock: Sendable {
    private struct State {
        var script: [String: [Int32]]
        var calls: [String] = []
    }

    private let state: Mutex<State>

    package init(_ script: [String: [Int32]]) {
        state = Mutex(State(script: script))
    }

    /// The wrapped functions called so far, in order (mocked or not).
    package var calls: [String] { state.withLock { $0.calls } }

    func intercept(_ function: StaticString) -> Int32? {
        let name = "\(function)"
        return state.withLock { state in
            state.calls.append(name)
            guard var codes = state.script[name], !codes.isEmpty else { return nil }
            let code = codes.removeFirst()
            state.script[name] = codes
            return code
        }
    }
}

/// Where the wrappers find the mock: a task-local, so that parallel tests do not see each other's.
package enum CurlMocking {
    @TaskLocal package static var current: CurlMock?
}
