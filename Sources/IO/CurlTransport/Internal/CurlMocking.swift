package import MockingScripts

/// The mocking seam of the libcurl and file wrappers (debug builds only): for a curl function a scripted
/// value is the `CURLcode` it returns; for a file function (`pwrite`, `rename`, …) it is the errno it fails
/// with.
///
/// The transport runs libcurl on a thread of its own; it carries the calling task's mock there.
///
/// ```swift
/// let mock = CurlMock(["pwrite": [ENOSPC]])
/// let error = await CurlMocking.$current.withValue(mock) { await download() }
/// #expect(mock.calls.contains("curl_easy_perform"))
/// ```
package typealias CurlMock = CallScript

/// Where the wrappers find the mock: a task-local, so that parallel tests do not see each other's.
package enum CurlMocking {
    @TaskLocal package static var current: CurlMock?
}
