import BackgroundTransfers
import CCurl
import MockingScripts
import Glibc

// One wrapper per libcurl function: "`system_curl_easy_perform` is bgkit's wrapper for
// `curl_easy_perform`". They are the mocking seam: in debug builds a test can script the CURLcode a call
// returns through `CurlMocking`. Every other file goes through these; none calls libcurl directly.
// libcurl itself is loaded on the first transfer (see CCurl's ccurl.h): nothing here may be called before
// `CurlLibrary.unavailable` has said it is loaded.

@inline(__always)
private func mocked(_ function: StaticString) -> CURLcode? {
    #if DEBUG
    return CurlMocking.current?.intercept(function).map { CURLcode(rawValue: UInt32(bitPattern: $0)) }
    #else
    return nil
    #endif
}

/// libcurl, loaded on the first transfer.
enum CurlLibrary {
    /// Why libcurl cannot be loaded, or nil once it is: loaded once, whoever asks first.
    static let unavailable = load("libcurl.so.4")

    /// Loads the shared library `name` as libcurl; nil when it is loaded (now or before), else the
    /// transfer error that says what is missing and what to install.
    static func load(_ name: String) -> TransportError? {
        var why = [CChar](repeating: 0, count: 512)
        guard ccurl_load(name, &why, why.count) == 0 else {
            let reason = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return TransportError(
                .unknown,
                "libcurl is not available (\(reason)); install it (Debian: apt-get install libcurl4) to carry out transfers")
        }
        return nil
    }
}

/// libcurl's global state, set up once before the first handle (curl_global_init is not safe to race).
private let globalInit: CURLcode = ccurl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// The corresponding C function is `curl_global_init` (called once, whoever asks first).
func system_curl_global_init() -> CURLcode {
    if let code = mocked("curl_global_init") { return code }
    return globalInit
}

/// A new easy handle, or nil when libcurl is out of memory.
///
/// The corresponding C function is `curl_easy_init`.
@inline(never)
func system_curl_easy_init() -> UnsafeMutableRawPointer? {
    if mocked("curl_easy_init") != nil { return nil }
    return ccurl_easy_init()
}

/// The corresponding C function is `curl_easy_cleanup`.
@inline(never)
func system_curl_easy_cleanup(_ handle: UnsafeMutableRawPointer) {
    ccurl_easy_cleanup(handle)
}

/// Sets a `long` option. The corresponding C function is `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_long(handle, option, value)
}

/// Sets a string option (libcurl copies it). The corresponding C function is `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_string(handle, option, value)
}

/// Sets a `curl_off_t` option (sizes). The corresponding C function is `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, size value: Int64) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_off_t(handle, option, curl_off_t(value))
}

/// Sets a pointer option (callback data, the error buffer). The corresponding C function is
/// `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: UnsafeMutableRawPointer?) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_pointer(handle, option, value)
}

/// Sets a header list option (libcurl does not copy it: it must outlive the transfer). The corresponding
/// C function is `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_slist(handle, option, value)
}

/// Sets a read, write or header callback. The corresponding C function is `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: curl_write_callback) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_data_callback(handle, option, value)
}

/// Sets the progress callback (`CURLOPT_XFERINFOFUNCTION`). The corresponding C function is
/// `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, progress value: curl_xferinfo_callback) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_xferinfo_callback(handle, value)
}

/// Sets the seek callback (`CURLOPT_SEEKFUNCTION`). The corresponding C function is `curl_easy_setopt`.
@inline(never)
func system_curl_easy_setopt(_ handle: UnsafeMutableRawPointer, seek value: curl_seek_callback) -> CURLcode {
    if let code = mocked("curl_easy_setopt") { return code }
    return ccurl_easy_setopt_seek_callback(handle, value)
}

/// Performs the transfer, blocking until it ends. The corresponding C function is `curl_easy_perform`.
@inline(never)
func system_curl_easy_perform(_ handle: UnsafeMutableRawPointer) -> CURLcode {
    if let code = mocked("curl_easy_perform") { return code }
    return ccurl_easy_perform(handle)
}

/// Reads a `long` piece of information (the response code). The corresponding C function is
/// `curl_easy_getinfo`.
@inline(never)
func system_curl_easy_getinfo(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO, _ value: inout Int) -> CURLcode {
    if let code = mocked("curl_easy_getinfo") { return code }
    return ccurl_easy_getinfo_long(handle, info, &value)
}

/// libcurl's English text for a code (its number, when libcurl is not loaded). The corresponding C
/// function is `curl_easy_strerror`.
func system_curl_easy_strerror(_ code: CURLcode) -> String {
    guard CurlLibrary.unavailable == nil else { return "libcurl error \(code.rawValue)" }
    return String(cString: ccurl_easy_strerror(code))
}

/// Appends a copy of `line` to a header list (nil starts one); nil when out of memory. The corresponding
/// C function is `curl_slist_append`.
@inline(never)
func system_curl_slist_append(_ list: UnsafeMutablePointer<curl_slist>?, _ line: String) -> UnsafeMutablePointer<curl_slist>? {
    ccurl_slist_append(list, line)
}

/// The corresponding C function is `curl_slist_free_all`.
@inline(never)
func system_curl_slist_free_all(_ list: UnsafeMutablePointer<curl_slist>) {
    ccurl_slist_free_all(list)
}
