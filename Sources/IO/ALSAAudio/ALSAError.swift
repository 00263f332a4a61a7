import CALSA
import Glibc

/// An error code from ALSA, modelled on `Errno`: ALSA returns a negative errno, this holds it as a
/// positive `rawValue` with the C function that failed.
///
/// Match codes with the named statics, as with `Errno`:
/// ```swift
/// do { try pcm.write(frames) } catch ALSAError.underrun { … } catch ALSAError.noDevice { … }
/// ```
/// The description is ALSA's own text (`snd_strerror`) after the function's name:
/// "snd_pcm_open: Device or resource busy".
package struct ALSAError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The errno value (positive).
    package var rawValue: CInt
    /// The ALSA function that returned it ("" when made from a raw value).
    package var function: String

    package init(rawValue: CInt) {
        self.rawValue = rawValue
        self.function = ""
    }

    package init(code: CInt, function: StaticString) {
        self.rawValue = code
        self.function = "\(function)"
    }

    /// EPIPE: the device ran out of frames (playback underrun); recovered with `snd_pcm_prepare`.
    package static let underrun = ALSAError(rawValue: EPIPE)
    /// ESTRPIPE: the system suspended the device; recovered with `snd_pcm_resume`, then prepare.
    package static let suspended = ALSAError(rawValue: ESTRPIPE)
    /// EBUSY: another program holds the device.
    package static let busy = ALSAError(rawValue: EBUSY)
    /// ENODEV: the device went away (unplugged).
    package static let noDevice = ALSAError(rawValue: ENODEV)
    /// ENOENT: no such PCM, or no sound card behind it.
    package static let noEntry = ALSAError(rawValue: ENOENT)
    /// EAGAIN: not now (a non-blocking call, or a resume still in progress).
    package static let wouldBlock = ALSAError(rawValue: EAGAIN)
    /// EINVAL: the device refused a parameter (format, channels, rate).
    package static let invalidArgument = ALSAError(rawValue: EINVAL)
    /// EBADFD: the PCM is in the wrong state for the call.
    package static let badState = ALSAError(rawValue: EBADFD)

    /// ALSA's text for the code (`snd_strerror`).
    package var message: String { system_snd_strerror(-rawValue) }

    package var description: String { function.isEmpty ? message : "\(function): \(message)" }

    package static func == (lhs: ALSAError, rhs: ALSAError) -> Bool { lhs.rawValue == rhs.rawValue }

    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Lets `catch ALSAError.underrun` match any error with that code, whatever function failed.
    package static func ~= (code: ALSAError, error: any Error) -> Bool {
        (error as? ALSAError)?.rawValue == code.rawValue
    }
}
