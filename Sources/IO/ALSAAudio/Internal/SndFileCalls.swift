import CSndFile

// One wrapper per libsndfile function: `sndfile_foo` is bgkit's wrapper for `sf_foo`. Each turns the C
// result into a `Result` carrying a `SndFileError` that names the function; the public API throws it.
// libsndfile itself is loaded on the first open (see CSndFile's shim), so the functions come from
// `SndFileLibrary`.

/// libsndfile's functions, once loaded.
enum SndFileLibrary {
    /// The loaded functions, or why libsndfile cannot be loaded.
    static let api = load("libsndfile.so.1")

    /// Loads the shared library `name` as libsndfile.
    static func load(_ name: String) -> Result<csndfile_api, SndFileError> {
        var api = csndfile_api()
        var why = [CChar](repeating: 0, count: 512)
        guard csndfile_load(name, &api, &why, why.count) == 0 else {
            let reason = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(SndFileError(
                file: "", function: "dlopen", code: 0,
                message: "libsndfile is not available (\(reason)); install it (Debian: apt install libsndfile1) to play FLAC, Ogg, MP3 and compressed WAV"))
        }
        return .success(api)
    }
}

/// Opens `path` for reading and fills `info`.
///
/// The corresponding C function is `sf_open`.
func sndfile_open(_ path: String, _ info: inout SF_INFO) -> Result<OpaquePointer, SndFileError> {
    let api: csndfile_api
    switch SndFileLibrary.api {
    case .success(let loaded): api = loaded
    case .failure(var error):
        error.file = path
        return .failure(error)
    }
    guard let handle = api.open(path, Int32(SFM_READ), &info) else {
        // With no handle, libsndfile keeps the reason of the last failed open in its global error.
        return .failure(SndFileError(file: path, function: "sf_open", code: api.error(nil), message: sndfile_strerror(nil)))
    }
    return .success(handle)
}

/// The functions, for a handle that ``sndfile_open(_:_:)`` returned (so libsndfile is loaded).
private var loaded: csndfile_api {
    guard case .success(let api) = SndFileLibrary.api else { preconditionFailure("libsndfile is not loaded") }
    return api
}

/// Closes a handle from ``sndfile_open(_:_:)``.
///
/// The corresponding C function is `sf_close`.
func sndfile_close(_ handle: OpaquePointer) {
    _ = loaded.close(handle)
}

/// Reads up to `frames` frames of 16-bit samples.
///
/// The corresponding C function is `sf_readf_short`.
func sndfile_readf_short(
    _ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Int16>, _ frames: Int, path: String
) -> Result<Int, SndFileError> {
    readResult(Int(loaded.readf_short(handle, buffer, sf_count_t(frames))), handle, "sf_readf_short", path)
}

/// Reads up to `frames` frames of 32-bit samples (narrower ones left-justified).
///
/// The corresponding C function is `sf_readf_int`.
func sndfile_readf_int(
    _ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Int32>, _ frames: Int, path: String
) -> Result<Int, SndFileError> {
    readResult(Int(loaded.readf_int(handle, buffer, sf_count_t(frames))), handle, "sf_readf_int", path)
}

/// Reads up to `frames` frames of float samples in -1...1.
///
/// The corresponding C function is `sf_readf_float`.
func sndfile_readf_float(
    _ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Float>, _ frames: Int, path: String
) -> Result<Int, SndFileError> {
    readResult(Int(loaded.readf_float(handle, buffer, sf_count_t(frames))), handle, "sf_readf_float", path)
}

/// Moves to frame `frame` from the start and returns the new position.
///
/// The corresponding C function is `sf_seek`.
func sndfile_seek(_ handle: OpaquePointer, _ frame: Int, path: String) -> Result<Int, SndFileError> {
    let position = loaded.seek(handle, sf_count_t(frame), SEEK_SET)
    guard position >= 0 else {
        return .failure(
            SndFileError(file: path, function: "sf_seek", code: loaded.error(handle), message: sndfile_strerror(handle)))
    }
    return .success(Int(position))
}

/// The file's tag `type` (`SF_STR_TITLE`, …), or nil when it has none.
///
/// The corresponding C function is `sf_get_string`.
func sndfile_get_string(_ handle: OpaquePointer, _ type: Int32) -> String? {
    loaded.get_string(handle, type).map { String(cString: $0) }
}

/// The text of the handle's last error (or of the last failed open, for nil).
///
/// The corresponding C function is `sf_strerror`.
func sndfile_strerror(_ handle: OpaquePointer?) -> String {
    guard let text = loaded.strerror(handle) else { return "unknown libsndfile error" }
    return String(cString: text)
}

/// A short read is the end of the file unless the handle reports an error.
private func readResult(_ count: Int, _ handle: OpaquePointer, _ function: String, _ path: String)
    -> Result<Int, SndFileError>
{
    let code = loaded.error(handle)
    guard count >= 0, code == 0 else {
        return .failure(SndFileError(file: path, function: function, code: code, message: sndfile_strerror(handle)))
    }
    return .success(count)
}
