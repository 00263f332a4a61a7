import CALSA
import MockingScripts
import Glibc

// One wrapper per ALSA function: "`system_foo` is bgkit's wrapper for `foo`". They are the mocking seam:
// in debug builds a test can script return codes through `ALSAMocking` and drive the real recovery code.
// Each returns ALSA's raw result (0 or a count on success, a negative errno on failure); `alsaResult`
// turns that into a `Result` at the boundary. alsa-lib itself is loaded on first use (see CALSA's shim), so
// the functions come from `ALSALibrary`: the calls that begin (opening a PCM, listing devices) fail with
// ELIBACC when it cannot be loaded; the others only follow a successful open.

/// alsa-lib's functions, once loaded.
enum ALSALibrary {
    /// The loaded functions, or why alsa-lib cannot be loaded. Written once, then only read (the table holds
    /// a pointer, to alsa-lib's configuration tree, so Swift cannot see that it is immutable).
    nonisolated(unsafe) static let api = load("libasound.so.2")

    /// Loads the shared library `name` as alsa-lib.
    static func load(_ name: String) -> Result<calsa_api, LoadFailure> {
        var api = calsa_api()
        var why = [CChar](repeating: 0, count: 512)
        guard calsa_load(name, &api, &why, why.count) == 0 else {
            return .failure(LoadFailure(reason: String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(api)
    }

    /// Why alsa-lib could not be loaded (`dlopen`'s words).
    struct LoadFailure: Error, Sendable {
        var reason: String
    }

    /// The functions, or nil when alsa-lib cannot be loaded.
    static var loaded: calsa_api? { try? api.get() }
}

/// The functions, for calls that follow a successful open (so alsa-lib is loaded).
private var alsa: calsa_api {
    guard let api = ALSALibrary.loaded else { preconditionFailure("alsa-lib is not loaded") }
    return api
}

/// Converts an ALSA return code into a `Result`, recording the failing function.
func alsaResult(_ rc: CInt, _ function: StaticString) -> Result<CInt, ALSAError> {
    rc < 0 ? .failure(ALSAError(code: -rc, function: function)) : .success(rc)
}

/// Throws the ALSA error for a negative return code.
func alsaCheck(_ rc: CInt, _ function: StaticString) throws(ALSAError) {
    if rc < 0 { throw ALSAError(code: -rc, function: function) }
}

@inline(__always)
private func mocked(_ function: StaticString) -> CInt? {
    #if DEBUG
    return ALSAMocking.current?.intercept(function)
    #else
    return nil
    #endif
}

/// The corresponding C function is `snd_pcm_open`.
@inline(never)
func system_snd_pcm_open(_ pcm: inout OpaquePointer?, _ name: String, _ mode: CInt) -> CInt {
    if let rc = mocked("snd_pcm_open") { return rc }
    guard let api = ALSALibrary.loaded else { return -ELIBACC }
    return api.pcm_open!(&pcm, name, SND_PCM_STREAM_PLAYBACK, mode)
}

/// The corresponding C function is `snd_pcm_nonblock`.
@inline(never)
func system_snd_pcm_nonblock(_ pcm: OpaquePointer, _ nonblock: CInt) -> CInt {
    if let rc = mocked("snd_pcm_nonblock") { return rc }
    return alsa.pcm_nonblock!(pcm, nonblock)
}

/// The corresponding C function is `snd_pcm_close`.
@inline(never)
func system_snd_pcm_close(_ pcm: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_close") { return rc }
    return alsa.pcm_close!(pcm)
}

/// The corresponding C function is `snd_pcm_hw_params_malloc`.
@inline(never)
func system_snd_pcm_hw_params_malloc(_ params: inout OpaquePointer?) -> CInt {
    alsa.pcm_hw_params_malloc!(&params)
}

/// The corresponding C function is `snd_pcm_hw_params_free`.
@inline(never)
func system_snd_pcm_hw_params_free(_ params: OpaquePointer) {
    alsa.pcm_hw_params_free!(params)
}

/// The corresponding C function is `snd_pcm_hw_params_any`.
@inline(never)
func system_snd_pcm_hw_params_any(_ pcm: OpaquePointer, _ params: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_hw_params_any") { return rc }
    return alsa.pcm_hw_params_any!(pcm, params)
}

/// The corresponding C function is `snd_pcm_hw_params_set_access`.
@inline(never)
func system_snd_pcm_hw_params_set_access(_ pcm: OpaquePointer, _ params: OpaquePointer, _ access: snd_pcm_access_t) -> CInt {
    if let rc = mocked("snd_pcm_hw_params_set_access") { return rc }
    return alsa.pcm_hw_params_set_access!(pcm, params, access)
}

/// The corresponding C function is `snd_pcm_hw_params_set_format`.
@inline(never)
func system_snd_pcm_hw_params_set_format(_ pcm: OpaquePointer, _ params: OpaquePointer, _ format: snd_pcm_format_t) -> CInt {
    if let rc = mocked("snd_pcm_hw_params_set_format") { return rc }
    return alsa.pcm_hw_params_set_format!(pcm, params, format)
}

/// The corresponding C function is `snd_pcm_hw_params_set_channels`.
@inline(never)
func system_snd_pcm_hw_params_set_channels(_ pcm: OpaquePointer, _ params: OpaquePointer, _ channels: UInt32) -> CInt {
    if let rc = mocked("snd_pcm_hw_params_set_channels") { return rc }
    return alsa.pcm_hw_params_set_channels!(pcm, params, channels)
}

/// The corresponding C function is `snd_pcm_hw_params_set_rate_near`.
@inline(never)
func system_snd_pcm_hw_params_set_rate_near(_ pcm: OpaquePointer, _ params: OpaquePointer, _ rate: inout UInt32) -> CInt {
    if let rc = mocked("snd_pcm_hw_params_set_rate_near") { return rc }
    var dir: CInt = 0
    return alsa.pcm_hw_params_set_rate_near!(pcm, params, &rate, &dir)
}

/// The corresponding C function is `snd_pcm_hw_params_get_buffer_time_max`.
@inline(never)
func system_snd_pcm_hw_params_get_buffer_time_max(_ params: OpaquePointer, _ microseconds: inout UInt32) -> CInt {
    var dir: CInt = 0
    return alsa.pcm_hw_params_get_buffer_time_max!(params, &microseconds, &dir)
}

/// The corresponding C function is `snd_pcm_hw_params_set_period_time_near`.
@inline(never)
func system_snd_pcm_hw_params_set_period_time_near(_ pcm: OpaquePointer, _ params: OpaquePointer, _ microseconds: inout UInt32) -> CInt {
    var dir: CInt = 0
    return alsa.pcm_hw_params_set_period_time_near!(pcm, params, &microseconds, &dir)
}

/// The corresponding C function is `snd_pcm_hw_params_set_buffer_time_near`.
@inline(never)
func system_snd_pcm_hw_params_set_buffer_time_near(_ pcm: OpaquePointer, _ params: OpaquePointer, _ microseconds: inout UInt32) -> CInt {
    var dir: CInt = 0
    return alsa.pcm_hw_params_set_buffer_time_near!(pcm, params, &microseconds, &dir)
}

/// The corresponding C function is `snd_pcm_hw_params`.
@inline(never)
func system_snd_pcm_hw_params(_ pcm: OpaquePointer, _ params: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_hw_params") { return rc }
    return alsa.pcm_hw_params!(pcm, params)
}

/// The corresponding C function is `snd_pcm_hw_params_can_pause`.
@inline(never)
func system_snd_pcm_hw_params_can_pause(_ params: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_hw_params_can_pause") { return rc }
    return alsa.pcm_hw_params_can_pause!(params)
}

/// The corresponding C function is `snd_pcm_hw_params_get_period_size`.
@inline(never)
func system_snd_pcm_hw_params_get_period_size(_ params: OpaquePointer, _ frames: inout snd_pcm_uframes_t) -> CInt {
    var dir: CInt = 0
    return alsa.pcm_hw_params_get_period_size!(params, &frames, &dir)
}

/// The corresponding C function is `snd_pcm_hw_params_get_buffer_size`.
@inline(never)
func system_snd_pcm_hw_params_get_buffer_size(_ params: OpaquePointer, _ frames: inout snd_pcm_uframes_t) -> CInt {
    alsa.pcm_hw_params_get_buffer_size!(params, &frames)
}

/// The corresponding C function is `snd_pcm_prepare`.
@inline(never)
func system_snd_pcm_prepare(_ pcm: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_prepare") { return rc }
    return alsa.pcm_prepare!(pcm)
}

/// The corresponding C function is `snd_pcm_writei`.
@inline(never)
func system_snd_pcm_writei(_ pcm: OpaquePointer, _ buffer: UnsafeRawPointer, _ frames: Int) -> Int {
    if let rc = mocked("snd_pcm_writei") { return Int(rc) }
    return alsa.pcm_writei!(pcm, buffer, snd_pcm_uframes_t(frames))
}

/// The corresponding C function is `snd_pcm_resume`.
@inline(never)
func system_snd_pcm_resume(_ pcm: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_resume") { return rc }
    return alsa.pcm_resume!(pcm)
}

/// The corresponding C function is `snd_pcm_wait`.
@inline(never)
func system_snd_pcm_wait(_ pcm: OpaquePointer, _ milliseconds: CInt) -> CInt {
    if let rc = mocked("snd_pcm_wait") { return rc }
    return alsa.pcm_wait!(pcm, milliseconds)
}

/// The corresponding C function is `snd_pcm_drain`.
@inline(never)
func system_snd_pcm_drain(_ pcm: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_drain") { return rc }
    return alsa.pcm_drain!(pcm)
}

/// The corresponding C function is `snd_pcm_drop`.
@inline(never)
func system_snd_pcm_drop(_ pcm: OpaquePointer) -> CInt {
    if let rc = mocked("snd_pcm_drop") { return rc }
    return alsa.pcm_drop!(pcm)
}

/// The corresponding C function is `snd_pcm_pause`.
@inline(never)
func system_snd_pcm_pause(_ pcm: OpaquePointer, _ enable: CInt) -> CInt {
    if let rc = mocked("snd_pcm_pause") { return rc }
    return alsa.pcm_pause!(pcm, enable)
}

/// The corresponding C function is `snd_pcm_state`.
@inline(never)
func system_snd_pcm_state(_ pcm: OpaquePointer) -> snd_pcm_state_t {
    alsa.pcm_state!(pcm)
}

/// The corresponding C function is `snd_pcm_delay`.
@inline(never)
func system_snd_pcm_delay(_ pcm: OpaquePointer, _ frames: inout snd_pcm_sframes_t) -> CInt {
    if let rc = mocked("snd_pcm_delay") { return rc }
    return alsa.pcm_delay!(pcm, &frames)
}

/// The corresponding C function is `snd_pcm_sw_params_malloc`.
@inline(never)
func system_snd_pcm_sw_params_malloc(_ params: inout OpaquePointer?) -> CInt {
    alsa.pcm_sw_params_malloc!(&params)
}

/// The corresponding C function is `snd_pcm_sw_params_free`.
@inline(never)
func system_snd_pcm_sw_params_free(_ params: OpaquePointer) {
    alsa.pcm_sw_params_free!(params)
}

/// The corresponding C function is `snd_pcm_sw_params_current`.
@inline(never)
func system_snd_pcm_sw_params_current(_ pcm: OpaquePointer, _ params: OpaquePointer) -> CInt {
    alsa.pcm_sw_params_current!(pcm, params)
}

/// The corresponding C function is `snd_pcm_sw_params_set_start_threshold`.
@inline(never)
func system_snd_pcm_sw_params_set_start_threshold(_ pcm: OpaquePointer, _ params: OpaquePointer, _ frames: snd_pcm_uframes_t) -> CInt {
    alsa.pcm_sw_params_set_start_threshold!(pcm, params, frames)
}

/// The corresponding C function is `snd_pcm_sw_params_set_avail_min`.
@inline(never)
func system_snd_pcm_sw_params_set_avail_min(_ pcm: OpaquePointer, _ params: OpaquePointer, _ frames: snd_pcm_uframes_t) -> CInt {
    alsa.pcm_sw_params_set_avail_min!(pcm, params, frames)
}

/// The corresponding C function is `snd_pcm_sw_params`.
@inline(never)
func system_snd_pcm_sw_params(_ pcm: OpaquePointer, _ params: OpaquePointer) -> CInt {
    alsa.pcm_sw_params!(pcm, params)
}

/// The corresponding C function is `snd_strerror`.
func system_snd_strerror(_ code: CInt) -> String {
    guard let text = ALSALibrary.loaded?.strerror?(code) else { return String(cString: strerror(-code)) }
    return String(cString: text)
}

/// The corresponding C function is `snd_card_next`.
@inline(never)
func system_snd_card_next(_ card: inout CInt) -> CInt {
    if let rc = mocked("snd_card_next") { return rc }
    guard let api = ALSALibrary.loaded else { return -ELIBACC }
    return api.card_next!(&card)
}

/// The corresponding C function is `snd_card_get_name`.
@inline(never)
func system_snd_card_get_name(_ card: CInt) -> Result<String, ALSAError> {
    var name: UnsafeMutablePointer<CChar>?
    return alsaResult(alsa.card_get_name!(card, &name), "snd_card_get_name").map { _ in
        defer { free(name) }
        return name.map { String(cString: $0) } ?? ""
    }
}

/// The corresponding C function is `snd_card_get_longname`.
@inline(never)
func system_snd_card_get_longname(_ card: CInt) -> Result<String, ALSAError> {
    var name: UnsafeMutablePointer<CChar>?
    return alsaResult(alsa.card_get_longname!(card, &name), "snd_card_get_longname").map { _ in
        defer { free(name) }
        return name.map { String(cString: $0) } ?? ""
    }
}

/// The corresponding C function is `snd_device_name_hint`.
@inline(never)
func system_snd_device_name_hint(_ card: CInt, _ interface: String, _ hints: inout UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> CInt {
    guard let api = ALSALibrary.loaded else { return -ELIBACC }
    return api.device_name_hint!(card, interface, &hints)
}

/// The corresponding C function is `snd_device_name_get_hint`; the result is copied and freed.
@inline(never)
func system_snd_device_name_get_hint(_ hint: UnsafeRawPointer, _ id: String) -> String? {
    guard let value = alsa.device_name_get_hint!(hint, id) else { return nil }
    defer { free(value) }
    return String(cString: value)
}

/// The corresponding C function is `snd_device_name_free_hint`.
@inline(never)
func system_snd_device_name_free_hint(_ hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
    _ = alsa.device_name_free_hint!(hints)
}

/// The corresponding C functions are `snd_config_update` and `snd_config_search` on `pcm.NAME` (through
/// the `calsa_pcm_is_defined` shim).
func system_pcm_is_defined(_ name: String) -> Bool {
    guard var api = ALSALibrary.loaded else { return false }
    return calsa_pcm_is_defined(&api, name) == 1
}

/// The corresponding C function is `snd_lib_error_set_handler` (through the `calsa_set_error_sink` shim).
func system_snd_lib_error_set_handler(_ sink: calsa_error_sink?) {
    guard var api = ALSALibrary.loaded else { return }
    _ = calsa_set_error_sink(&api, sink)
}
