import Synchronization

/// A script of results per wrapped C function, for the mocking seams of the modules that wrap C
/// (`ALSAMocking`, `CurlMocking`): each call to a wrapper takes the next scripted value of its function, in
/// order; a function with nothing (left) scripted does the real call. What a value means is the seam's
/// (a return code, an errno). Every call made while a script is installed is recorded, so a test can check
/// the sequence.
///
/// ```swift
/// let mock = ALSAMock(["snd_pcm_writei": [-EPIPE]])
/// try ALSAMocking.$current.withValue(mock) { _ = try output.write(bytes, frameCount: 100) }
/// #expect(mock.calls.contains("snd_pcm_prepare"))
/// ```
package final class CallScript: Sendable {
    private struct State {
        var script: [String: [Int32]]
        var calls: [String] = []
    }

    private let state: Mutex<State>

    package init(_ script: [String: [Int32]]) {
        state = Mutex(State(script: script))
    }

    /// The wrapped functions called so far, in order (scripted or not).
    package var calls: [String] { state.withLock { $0.calls } }

    /// Records a call to `function` and takes its next scripted value; nil when none is left.
    package func intercept(_ function: StaticString) -> Int32? {
        let name = "\(function)"
        return state.withLock { state in
            state.calls.append(name)
            guard var values = state.script[name], !values.isEmpty else { return nil }
            let value = values.removeFirst()
            state.script[name] = values
            return value
        }
    }
}
