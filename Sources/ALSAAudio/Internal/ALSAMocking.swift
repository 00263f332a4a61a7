import Synchronization

/// The mocking seam of the ALSA wrappers (debug builds only): a script of return codes per C function,
/// consumed in order; a function with nothing (left) scripted calls the real ALSA. Every call made while a
/// mock is installed is recorded, so a test can check the recovery sequence.
///
/// ```swift
/// let mock = ALSAMock(["snd_pcm_writei": [-EPIPE]])
/// try ALSAMocking.$current.withValue(mock) { _ = try output.write(bytes, frameCount: 100) }
/// #expect(mock.calls.contains("snd_pcm_prepare"))
/// ```
package final class ALSAMock: Sendable {
    private struct State {
        var script: [String: [CInt]]
        var calls: [String] = []
    }

    private let state: Mutex<State>

    package init(_ script: [String: [CInt]]) {
        state = Mutex(State(script: script))
    }

    /// The wrapped functions called so far, in order (mocked or not).
    package var calls: [String] { state.withLock { $0.calls } }

    func intercept(_ function: StaticString) -> CInt? {
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
package enum ALSAMocking {
    @TaskLocal package static var current: ALSAMock?
}
