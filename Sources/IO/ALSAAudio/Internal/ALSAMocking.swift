package import MockingScripts

/// The mocking seam of the ALSA wrappers (debug builds only): a script of return codes per C function
/// (negative errnos, as ALSA returns them), consumed in order.
///
/// ```swift
/// let mock = ALSAMock(["snd_pcm_writei": [-EPIPE]])
/// try ALSAMocking.$current.withValue(mock) { _ = try output.write(bytes, frameCount: 100) }
/// #expect(mock.calls.contains("snd_pcm_prepare"))
/// ```
package typealias ALSAMock = CallScript

/// Where the wrappers find the mock: a task-local, so that parallel tests do not see each other's.
package enum ALSAMocking {
    @TaskLocal package static var current: ALSAMock?
}
