import BackgroundAudio

/// One method call on the player's object, and its answer: the MPRIS 2 specification's methods and
/// properties, without I/O (``MPRISPlayer`` reads the call and sends the answer).
struct MPRISCall {
    enum Answer: Equatable {
        case values([BusValue])
        /// A property's value, as `Get` returns it (a variant).
        case variant(BusValue)
        case error(name: String, text: String)
    }

    var interface: String?
    var member: String
    var arguments: [BusValue]

    /// The answer, calling `commands` for what the player is asked to do.
    func answer(
        root: [(String, BusValue)], player: () -> (info: NowPlayingInfo, position: Int64), commands: (RemoteCommand) -> Void
    ) -> Answer {
        switch (interface, member) {
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return .values([.string(MPRISProperties.introspection)])
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard case .string(let name)? = arguments.last, arguments.count == 2 else { return Self.invalid("Get takes an interface and a property") }
            guard let value = properties(root: root, player: player())?.first(where: { $0.0 == name })?.1 else {
                return .error(name: "org.freedesktop.DBus.Error.UnknownProperty", text: "no property \(name)")
            }
            return .variant(value)
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            guard let all = properties(root: root, player: player()) else { return .values([.dictionary([])]) }
            return .values([.dictionary(all)])
        case ("org.freedesktop.DBus.Properties", "Set"):
            guard arguments.count == 3, case .string(let name) = arguments[1] else { return Self.invalid("Set takes an interface, a property and a value") }
            guard name == "Volume", case .double(let volume) = arguments[2] else {
                return .error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", text: "\(name) cannot be set (only Volume, a double)")
            }
            commands(.changeVolume(to: min(max(volume, 0), 1)))
            return .values([])
        case (MPRISProperties.rootInterface, "Raise"), (MPRISProperties.rootInterface, "Quit"):
            return .values([])  // CanRaise and CanQuit are false: nothing to do
        case (_, _) where interface == nil || interface == MPRISProperties.playerInterface:
            return playerMethod(player: player, commands: commands)
        default:
            return Self.unknown(member)
        }
    }

    private func playerMethod(player: () -> (info: NowPlayingInfo, position: Int64), commands: (RemoteCommand) -> Void) -> Answer {
        let simple: [String: RemoteCommand] = [
            "Play": .play, "Pause": .pause, "PlayPause": .togglePlayPause, "Stop": .stop, "Next": .nextTrack, "Previous": .previousTrack,
        ]
        if let command = simple[member] {
            commands(command)
            return .values([])
        }
        switch member {
        case "Seek":
            guard case .int64(let offset)? = arguments.first else { return Self.invalid("Seek takes an offset in microseconds (x)") }
            commands(.skip(by: .microseconds(offset)))
            return .values([])
        case "SetPosition":
            guard arguments.count == 2, case .objectPath(let track) = arguments[0], case .int64(let position) = arguments[1] else {
                return Self.invalid("SetPosition takes a track id (o) and a position in microseconds (x)")
            }
            let info = player().info
            // The specification: a stale track id, or a position outside the track, is ignored.
            if track == MPRISProperties.trackID(info), position >= 0, info.duration.map({ position <= MPRISProperties.microseconds($0) }) ?? true {
                commands(.changePlaybackPosition(to: .microseconds(position)))
            }
            return .values([])
        case "OpenUri":
            return .error(name: "org.freedesktop.DBus.Error.NotSupported", text: "bgkit plays the files it was given")
        default:
            return Self.unknown(member)
        }
    }

    /// The properties of the interface named by the first argument; nil for another interface.
    private func properties(root: [(String, BusValue)], player: (info: NowPlayingInfo, position: Int64)) -> [(String, BusValue)]? {
        switch arguments.first {
        case .string(MPRISProperties.rootInterface)?: root
        case .string(MPRISProperties.playerInterface)?: MPRISProperties.player(player.info) + [("Position", .int64(player.position))]
        default: nil
        }
    }

    private static func invalid(_ text: String) -> Answer { .error(name: "org.freedesktop.DBus.Error.InvalidArgs", text: text) }

    private static func unknown(_ member: String) -> Answer {
        .error(name: "org.freedesktop.DBus.Error.UnknownMethod", text: "no method \(member)")
    }
}
