package import BackgroundAudio
import CALSA
import Glibc

/// Plays PCM frames on an ALSA device: `default`, `hw:0,0`, `plughw:1`, `null`, or a `file:` device.
///
/// Opening is non-blocking first, so that a busy device fails at once with a clear message instead of
/// hanging, and then switches to blocking writes (which must run off the cooperative pool: the player
/// writes from a dedicated thread). Hardware parameters are set in ALSA's order — interleaved access,
/// sample format, channels, rate — and the buffer and period are chosen as `aplay` chooses them: the
/// buffer as long as the device allows up to 500 ms, the period a quarter of it.
///
/// bgkit does not resample: a device that grants another rate than the file's is an error that suggests
/// a `plug` device (`default`, `plughw:…`), which resamples.
///
/// Writes recover by themselves from underruns (EPIPE: prepare, write again) and system suspends
/// (ESTRPIPE: resume until it stops saying EAGAIN, else prepare); a device that goes away (ENODEV) is
/// final and reported as ``AudioOutputError/Code/deviceUnavailable``.
///
/// ALSA's own diagnostics are captured, never printed, and folded into the messages.
///
/// ```swift
/// let output = ALSAOutput(device: "default")
/// try output.open(AudioFormat(sample: .s16, channels: 2, sampleRate: 44_100))
/// _ = try output.write(bytes, frameCount: frames)
/// try output.drain()
/// output.close()
/// ```
/// Tests script ALSA failures through the wrappers' mocking seam (`ALSAMocking`), or use
/// `RecordingAudioOutput` in place of a device.
///
/// - Warning: One owner at a time (the player's writer); not for concurrent use.
package final class ALSAOutput: AudioOutput, @unchecked Sendable {
    // @unchecked: the PCM handle has one owner at a time (see the warning); it moves with its owner.

    /// What the device granted at open.
    package struct Configuration: Hashable, Sendable {
        package var format: AudioFormat
        package var periodFrames: Int
        package var bufferFrames: Int
        /// True when the device pauses in place (`snd_pcm_pause`); otherwise a pause drops what is
        /// queued (up to one buffer) and playback goes on after it.
        package var canPause: Bool
    }

    /// The ALSA PCM name.
    package let device: String
    /// The command-line option that names the device, for the advice in errors (`--device` in `bgaudio`,
    /// `--audio-device` in `bgloc`).
    package let deviceOption: String
    /// The granted configuration while open.
    package private(set) var configuration: Configuration?
    /// Underruns recovered since creation.
    package private(set) var underrunsRecovered = 0
    /// Suspends recovered since creation.
    package private(set) var suspendsRecovered = 0
    /// How long to wait between `snd_pcm_resume` attempts that say EAGAIN.
    package var resumeRetryMicroseconds: UInt32 = 100_000

    private var pcm: OpaquePointer?
    private var paused = false
    private var pausedInDevice = false

    /// Creates an output for the ALSA PCM `device`; nothing is opened until ``open(_:)``.
    ///
    /// - Parameter deviceOption: how the user names the device, quoted in the advice of errors.
    package init(device: String = "default", deviceOption: String = "--device") {
        self.device = device
        self.deviceOption = deviceOption
        ALSALog.install()
    }

    deinit { close() }

    // MARK: - AudioOutput

    /// Opens the device for `format`.
    ///
    /// - Throws: ``AudioOutputError`` — `busy`, `deviceUnavailable` (no such device, no sound card),
    ///   `formatNotSupported` (format, channels or rate refused), or `failed`.
    package func open(_ format: AudioFormat) throws(AudioOutputError) {
        close()
        _ = ALSALog.take()
        var handle: OpaquePointer?
        if case .failure(let error) = alsaResult(system_snd_pcm_open(&handle, device, CInt(SND_PCM_NONBLOCK)), "snd_pcm_open") {
            throw openError(error, said: ALSALog.take())
        }
        guard let handle else { throw AudioOutputError(.failed, "ALSA opened '\(device)' but returned no handle.") }
        do {
            configuration = try configure(handle, format)
        } catch let error as AudioOutputError {
            _ = system_snd_pcm_close(handle)
            throw error
        } catch let error as ALSAError {
            _ = system_snd_pcm_close(handle)
            throw configureError(error, format: format)
        } catch {
            _ = system_snd_pcm_close(handle)
            throw AudioOutputError(.failed, "The audio device '\(device)' failed: \(error).")
        }
        pcm = handle
        paused = false
        pausedInDevice = false
    }

    /// Writes all `frameCount` frames, recovering from underruns and suspends, and returns the count.
    package func write(_ frames: UnsafeRawBufferPointer, frameCount: Int) throws(AudioOutputError) -> Int {
        guard let pcm, let configuration, let base = frames.baseAddress else { return 0 }
        let bytesPerFrame = configuration.format.bytesPerFrame
        var done = 0
        while done < frameCount {
            let rc = system_snd_pcm_writei(pcm, base + done * bytesPerFrame, frameCount - done)
            if rc >= 0 {
                done += rc
                continue
            }
            do {
                try recover(pcm, from: ALSAError(code: CInt(-rc), function: "snd_pcm_writei"))
            } catch {
                throw writeError(error)
            }
        }
        try checkFileWrites()
        return done
    }

    /// The file device only logs a failed write of its file (a missing folder); make it an error.
    private func checkFileWrites() throws(AudioOutputError) {
        if let failure = ALSALog.take().first(where: { $0.hasPrefix("snd_pcm_file_write_bytes") }) {
            throw AudioOutputError(.failed, "The audio device '\(device)' could not write its file.\(Self.alsaSays([failure]))")
        }
    }

    /// Plays out what is queued, then returns.
    package func drain() throws(AudioOutputError) {
        guard let pcm else { return }
        if pausedInDevice { try setPaused(false) }
        if case .failure(let error) = alsaResult(system_snd_pcm_drain(pcm), "snd_pcm_drain") {
            throw writeError(error)
        }
        try checkFileWrites()
    }

    /// Discards what is queued at once and prepares for more.
    package func drop() throws(AudioOutputError) {
        guard let pcm else { return }
        do {
            try alsaCheck(system_snd_pcm_drop(pcm), "snd_pcm_drop")
            try alsaCheck(system_snd_pcm_prepare(pcm), "snd_pcm_prepare")
        } catch {
            throw writeError(error)
        }
        paused = false
        pausedInDevice = false
    }

    /// Pauses with `snd_pcm_pause` when the device can; otherwise drops what is queued (and prepares
    /// again on resume).
    package func setPaused(_ pause: Bool) throws(AudioOutputError) {
        guard let pcm, let configuration, pause != paused else { return }
        do {
            if pause {
                if system_snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING {
                    if configuration.canPause {
                        try alsaCheck(system_snd_pcm_pause(pcm, 1), "snd_pcm_pause")
                        pausedInDevice = true
                    } else {
                        try alsaCheck(system_snd_pcm_drop(pcm), "snd_pcm_drop")
                    }
                }
            } else if pausedInDevice {
                pausedInDevice = false
                try alsaCheck(system_snd_pcm_pause(pcm, 0), "snd_pcm_pause")
            } else if system_snd_pcm_state(pcm) == SND_PCM_STATE_SETUP {
                try alsaCheck(system_snd_pcm_prepare(pcm), "snd_pcm_prepare")
            }
        } catch {
            throw writeError(error)
        }
        paused = pause
    }

    /// Frames written and not yet heard (`snd_pcm_delay`); 0 when the device is not running.
    package func delay() throws(AudioOutputError) -> Int {
        guard let pcm else { return 0 }
        var frames: snd_pcm_sframes_t = 0
        guard system_snd_pcm_delay(pcm, &frames) >= 0 else { return 0 }
        return max(0, frames)
    }

    /// The granted period while open.
    package var periodFrames: Int? { configuration?.periodFrames }

    /// Closes the device; safe to call twice.
    package func close() {
        guard let pcm else { return }
        _ = system_snd_pcm_close(pcm)
        self.pcm = nil
        configuration = nil
    }

    // MARK: - Opening

    private func configure(_ pcm: OpaquePointer, _ format: AudioFormat) throws -> Configuration {
        try alsaCheck(system_snd_pcm_nonblock(pcm, 0), "snd_pcm_nonblock")
        var allocated: OpaquePointer?
        try alsaCheck(system_snd_pcm_hw_params_malloc(&allocated), "snd_pcm_hw_params_malloc")
        guard let params = allocated else { throw ALSAError(code: ENOMEM, function: "snd_pcm_hw_params_malloc") }
        defer { system_snd_pcm_hw_params_free(params) }
        try alsaCheck(system_snd_pcm_hw_params_any(pcm, params), "snd_pcm_hw_params_any")
        try alsaCheck(system_snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED), "snd_pcm_hw_params_set_access")
        try alsaCheck(system_snd_pcm_hw_params_set_format(pcm, params, Self.alsaFormat(format.sample)), "snd_pcm_hw_params_set_format")
        try alsaCheck(system_snd_pcm_hw_params_set_channels(pcm, params, UInt32(format.channels)), "snd_pcm_hw_params_set_channels")
        var rate = UInt32(format.sampleRate)
        try alsaCheck(system_snd_pcm_hw_params_set_rate_near(pcm, params, &rate), "snd_pcm_hw_params_set_rate_near")
        guard Int(rate) == format.sampleRate else {
            throw AudioOutputError(
                .formatNotSupported,
                "The audio device '\(device)' plays \(rate) Hz, not the file's \(format.sampleRate) Hz, and bgkit does not resample. Use a 'plug' device that resamples (default, plughw:0,0) or convert the file."
            )
        }
        // As aplay: the longest buffer the device allows up to 500 ms, and a period of a quarter of it.
        var bufferTime: UInt32 = 0
        try alsaCheck(system_snd_pcm_hw_params_get_buffer_time_max(params, &bufferTime), "snd_pcm_hw_params_get_buffer_time_max")
        bufferTime = min(bufferTime, 500_000)
        var periodTime = bufferTime / 4
        if periodTime > 0 {
            try alsaCheck(system_snd_pcm_hw_params_set_period_time_near(pcm, params, &periodTime), "snd_pcm_hw_params_set_period_time_near")
        }
        if bufferTime > 0 {
            try alsaCheck(system_snd_pcm_hw_params_set_buffer_time_near(pcm, params, &bufferTime), "snd_pcm_hw_params_set_buffer_time_near")
        }
        try alsaCheck(system_snd_pcm_hw_params(pcm, params), "snd_pcm_hw_params")
        var periodFrames: snd_pcm_uframes_t = 0
        var bufferFrames: snd_pcm_uframes_t = 0
        try alsaCheck(system_snd_pcm_hw_params_get_period_size(params, &periodFrames), "snd_pcm_hw_params_get_period_size")
        try alsaCheck(system_snd_pcm_hw_params_get_buffer_size(params, &bufferFrames), "snd_pcm_hw_params_get_buffer_size")
        let canPause = system_snd_pcm_hw_params_can_pause(params) == 1
        try configureSoftware(pcm, period: periodFrames, buffer: bufferFrames)
        return Configuration(format: format, periodFrames: Int(periodFrames), bufferFrames: Int(bufferFrames), canPause: canPause)
    }

    /// Starts playing once the buffer is full and wakes the writer a period at a time, as aplay does.
    private func configureSoftware(_ pcm: OpaquePointer, period: snd_pcm_uframes_t, buffer: snd_pcm_uframes_t) throws(ALSAError) {
        var allocated: OpaquePointer?
        try alsaCheck(system_snd_pcm_sw_params_malloc(&allocated), "snd_pcm_sw_params_malloc")
        guard let params = allocated else { throw ALSAError(code: ENOMEM, function: "snd_pcm_sw_params_malloc") }
        defer { system_snd_pcm_sw_params_free(params) }
        try alsaCheck(system_snd_pcm_sw_params_current(pcm, params), "snd_pcm_sw_params_current")
        try alsaCheck(system_snd_pcm_sw_params_set_start_threshold(pcm, params, max(1, buffer)), "snd_pcm_sw_params_set_start_threshold")
        try alsaCheck(system_snd_pcm_sw_params_set_avail_min(pcm, params, max(1, period)), "snd_pcm_sw_params_set_avail_min")
        try alsaCheck(system_snd_pcm_sw_params(pcm, params), "snd_pcm_sw_params")
    }

    static func alsaFormat(_ sample: AudioFormat.Sample) -> snd_pcm_format_t {
        switch sample {
        case .u8: SND_PCM_FORMAT_U8
        case .s16: SND_PCM_FORMAT_S16_LE
        case .s24Packed: SND_PCM_FORMAT_S24_3LE
        case .s24In32: SND_PCM_FORMAT_S24_LE
        case .s32: SND_PCM_FORMAT_S32_LE
        case .f32: SND_PCM_FORMAT_FLOAT_LE
        case .f64: SND_PCM_FORMAT_FLOAT64_LE
        }
    }

    // MARK: - Recovery

    /// Recovers from an underrun or a suspend (and waits out EAGAIN); rethrows anything else.
    private func recover(_ pcm: OpaquePointer, from error: ALSAError) throws(ALSAError) {
        switch error {
        case ALSAError.underrun:
            underrunsRecovered += 1
            try alsaCheck(system_snd_pcm_prepare(pcm), "snd_pcm_prepare")
        case ALSAError.suspended:
            suspendsRecovered += 1
            var rc = system_snd_pcm_resume(pcm)
            while rc == -EAGAIN {
                usleep(resumeRetryMicroseconds)
                rc = system_snd_pcm_resume(pcm)
            }
            if rc < 0 { try alsaCheck(system_snd_pcm_prepare(pcm), "snd_pcm_prepare") }
        case ALSAError.wouldBlock:
            _ = system_snd_pcm_wait(pcm, 100)
        case ALSAError(rawValue: EINTR):
            break
        default:
            throw error
        }
    }

    // MARK: - Messages

    private var noSoundCard: Bool {
        var card: CInt = -1
        return system_snd_card_next(&card) < 0 || card < 0
    }

    private func openError(_ error: ALSAError, said: [String]) -> AudioOutputError {
        let alsaSaid = Self.alsaSays(said)
        switch error {
        case ALSAError(rawValue: ELIBACC):
            let reason = if case .failure(let failure) = ALSALibrary.api { failure.reason } else { "\(error)" }
            return AudioOutputError(.failed, "The audio device '\(device)' cannot be opened: alsa-lib cannot be loaded (\(reason)). Install it (Debian: apt install libasound2).")
        case ALSAError.busy:
            return AudioOutputError(.busy, "The audio device '\(device)' is busy: another program is using it (\(error)). Close that program or choose another device.")
        case ALSAError.noEntry, ALSAError.noDevice, ALSAError(rawValue: ENXIO):
            // A PCM the configuration defines that still cannot open needs a card: say that there is none.
            if noSoundCard && system_pcm_is_defined(device) && !device.hasPrefix("null") && !device.hasPrefix("file") {
                return AudioOutputError(.deviceUnavailable, "No sound card found: the audio device '\(device)' cannot be opened (\(error)).\(alsaSaid) Use \(deviceOption) null to play silently, or a file device such as \(deviceOption) \"file:'/tmp/out.raw',raw\" to write the samples to a file.")
            }
            return AudioOutputError(.deviceUnavailable, "The audio device '\(device)' does not exist or is not available (\(error)).\(alsaSaid) 'bgaudio devices' lists the devices.")
        default:
            return AudioOutputError(.failed, "The audio device '\(device)' cannot be opened (\(error)).\(alsaSaid)")
        }
    }

    /// " ALSA says: <its last diagnostic>." or "" — the diagnostic without alsa-lib's function name.
    private static func alsaSays(_ lines: [String]) -> String {
        guard let last = lines.last else { return "" }
        return " ALSA says: \(last.split(separator: ": ", maxSplits: 1).last ?? "")."
    }

    private func configureError(_ error: ALSAError, format: AudioFormat) -> AudioOutputError {
        switch error.function {
        case "snd_pcm_hw_params_set_format":
            return AudioOutputError(.formatNotSupported, "The audio device '\(device)' cannot play \(format.sample.rawValue) samples (\(error)). Use a 'plug' device that converts (default, plughw:0,0).")
        case "snd_pcm_hw_params_set_channels":
            return AudioOutputError(.formatNotSupported, "The audio device '\(device)' cannot play \(format.channels) channels (\(error)). Use a 'plug' device that converts (default, plughw:0,0).")
        case "snd_pcm_hw_params_set_rate_near":
            return AudioOutputError(.formatNotSupported, "The audio device '\(device)' cannot play \(format.sampleRate) Hz (\(error)). Use a 'plug' device that resamples (default, plughw:0,0).")
        default:
            return AudioOutputError(.failed, "The audio device '\(device)' refused the settings for \(format) (\(error)).")
        }
    }

    private func writeError(_ error: ALSAError) -> AudioOutputError {
        let disconnected = pcm.map { system_snd_pcm_state($0) == SND_PCM_STATE_DISCONNECTED } ?? false
        if error == .noDevice || error.rawValue == ESHUTDOWN || disconnected {
            return AudioOutputError(.deviceUnavailable, "The audio device '\(device)' went away (\(error)).")
        }
        let alsaSaid = Self.alsaSays(ALSALog.take())
        return AudioOutputError(.failed, "The audio device '\(device)' failed (\(error)).\(alsaSaid)")
    }
}
