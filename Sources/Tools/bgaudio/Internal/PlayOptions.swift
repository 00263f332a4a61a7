import CommandLineSupport

/// The options of `bgaudio play`, each declared once (see ``PlayOption``).
enum PlayOptions {
    static let device = PlayOption<String>(
        "device", { $0.device = $1 }, default: "default",
        help: "The ALSA PCM to play to: default, hw:0,0, null, or file:'/tmp/out.raw',raw."
    )
    static let volume = PlayOption<Double>(
        "volume", { $0.volume = $1 }, default: 1.0, accepted: "from 0 to 1", accepts: { (0...1).contains($0) },
        help: "The volume from 0 to 1; at 1 the samples reach ALSA bit for bit."
    )
    static let loop = PlayOption<Int>(
        "loop", { $0.loop = $1 }, default: 0, takesDashValues: true, accepted: "of -1 (forever), 0 (once) or more", accepts: { $0 >= -1 },
        help: "Extra passes of each file: 0 plays it once, N plays it N + 1 times, -1 loops forever."
    )
    // At most 100 years (DurationArgument's limit): beyond, the value does not fit the clock's durations (it trapped).
    static let start = PlayOption<DurationArgument>(
        "start", { $0.start = $1 }, default: DurationArgument(.zero),
        help: "Start this far into the first file: a duration such as 1m30s, or a number of seconds.", valueName: "duration"
    )
    static let quiet = PlayOption<Bool>(flag: "quiet", { $0.quiet = $1 }, help: "Show no progress and no text timeline.")
    static let format = PlayOption<TimelineFormat?>(
        "format", { $0.format = $1 }, help: "The timeline format: text (default on a terminal) or jsonl."
    )

    /// The option spelt `flag` (`--device`), for the plain reading (``PlayRequest/init(plainArguments:)``).
    /// A switch, not an array: an array of options costs a type instantiation at run time.
    static func plain(_ flag: Substring) -> PlainPlayOption? {
        guard flag.hasPrefix("--") else { return nil }
        switch String(flag.dropFirst(2)) {
        case device.name: return device.plain
        case volume.name: return volume.plain
        case loop.name: return loop.plain
        case start.name: return start.plain
        case quiet.name: return quiet.plain
        case format.name: return format.plain
        default: return nil
        }
    }
}
