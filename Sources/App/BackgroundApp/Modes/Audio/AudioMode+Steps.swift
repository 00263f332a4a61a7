import AppControl
import BackgroundAudio
import BackgroundCore

extension AudioMode {
    /// An `audio:` step of `lifecycle:`, now.
    func perform(_ step: ManifestAudioStep) {
        switch step {
        case .interruption(let duration, let shouldResume): beginInterruption(for: duration, shouldResume: shouldResume)
        case .routeLost: session.routeChange(.oldDeviceUnavailable)
        case .remote(let command): remote(command)
        }
    }

    /// Another session takes the audio now (a call, an alarm): as `AVAudioSession`'s interruption began, the
    /// playing player pauses (`audio.interrupted`); after `duration` (nil: not within the run) it ends with
    /// `shouldResume`, and a player it paused plays on (`audio.resumed`) — what Apple asks of a player on
    /// `.shouldResume` — or stays paused.
    func beginInterruption(for duration: Duration?, shouldResume: Bool) {
        interruptions += 1
        let current = interruptions
        interruption = current
        session.beginInterruption()
        guard let duration, let engine = app?.engine else { return }
        engine.schedule(after: duration) { [unowned self] in
            guard interruption == current else { return }
            endInterruption(shouldResume: shouldResume)
        }
    }

    /// The interruption under way ends, with `shouldResume`.
    func endInterruption(shouldResume: Bool) {
        interruption = nil
        session.endInterruption(shouldResume: shouldResume)
    }

    /// `audio-interrupt` and `audio-route-lost`: the interruptions and route changes `bgtask` brings to a
    /// running app (docs/CONTROL.md). `audio-interrupt`'s argument is `resume` or `no-resume`, with
    /// `:DURATION` when the interruption ends by itself; without a duration it lasts until the next
    /// `audio-interrupt`, which ends it (as the `i` key of `bgaudio play` does).
    package var controlVerbs: [ControlVerb] {
        [
            ControlVerb(Self.interruptVerb, takes: .name) { [unowned self] argument, _ in
                let parts = argument.split(separator: ":", maxSplits: 1)
                guard let word = parts.first, word == "resume" || word == "no-resume" else {
                    return .error("audio-interrupt takes resume or no-resume, then :DURATION, not '\(argument)'")
                }
                let shouldResume = word == "resume"
                let duration = parts.count == 2 ? DurationSyntax.parse(parts[1]) : nil
                if parts.count == 2, (duration ?? .zero) <= .zero { return .error("'\(parts[1])' is not a duration greater than 0, such as 45s") }
                if interruption != nil, duration == nil {
                    endInterruption(shouldResume: shouldResume)
                    return .ok("the interruption ended\(shouldResume ? " with shouldResume" : " without shouldResume")")
                }
                beginInterruption(for: duration, shouldResume: shouldResume)
                let end = duration.map { "it ends in \(DurationSyntax.format($0))\(shouldResume ? " with shouldResume" : " without shouldResume")" }
                    ?? "it lasts until the next audio-interrupt"
                return .ok("an interruption began; \(end)")
            },
            ControlVerb(Self.routeLostVerb, takes: .name) { [unowned self] _, _ in
                session.routeChange(.oldDeviceUnavailable)
                return .ok("the route's device went away (oldDeviceUnavailable)")
            },
        ]
    }

    /// `bgtask audio-interrupt` on the control socket.
    package static let interruptVerb = "audio-interrupt"
    /// `bgtask audio-route-lost` on the control socket.
    package static let routeLostVerb = "audio-route-lost"
}
