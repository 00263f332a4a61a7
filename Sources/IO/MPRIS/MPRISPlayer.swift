package import BackgroundAudio
import BackgroundCore
import CDBus
import Glibc
import Synchronization

/// An MPRIS 2 media player on the D-Bus session bus (`org.mpris.MediaPlayer2` and `.Player` at
/// `/org/mpris/MediaPlayer2`, named `org.mpris.MediaPlayer2.bgkit.instancePID`): what `playerctl`, desktop
/// media keys and Bluetooth headsets (BlueZ's `mpris-proxy`) control — on Linux, the lock screen's and the
/// headphones' way in that `MPRemoteCommandCenter` and `MPNowPlayingInfoCenter` are on iOS.
///
/// Commands arrive as ``RemoteCommand`` values, handed to `commands` on the bus's thread (a thread of its
/// own); what plays is told with ``update(_:)``, from any thread, and goes out as `PropertiesChanged` (and
/// `Seeked` when the position jumps). libdbus is loaded only when a session bus is there: without one,
/// ``publish(identity:commands:)`` returns nil having loaded nothing.
///
/// ```swift
/// let remote = try MPRISPlayer.publish(identity: "bgkit") { command in player.perform(command) }
/// player.addEventListener { _ in remote?.update(player.nowPlaying(tags: AudioFile.tags)) }
/// // … playerctl --player=bgkit play-pause
/// remote?.close()
/// ```
package final class MPRISPlayer: @unchecked Sendable {
    // @unchecked: `state` is guarded by `lock`; the connection is used on the bus's thread only, after `init`.

    private struct State {
        var info = NowPlayingInfo()
        /// When `info` was given, for the position of a playing track.
        var taken = ContinuousClock.now
        /// Properties changed since the last signal, in order, and a jump of the position to signal.
        var changed: [(String, BusValue)] = []
        var seeked: Int64?
    }

    /// The name the player owns on the bus.
    package let busName: String
    private let identity: String
    private let commands: @Sendable (RemoteCommand) -> Void
    private let connection: OpaquePointer
    private let stop: StopSignal
    private let lock = Mutex<State>(State())
    private let thread = Mutex<pthread_t?>(nil)

    /// Publishes a player named `identity` (its `Identity`; "bgkit", or "bgkit: com.example.tour" for an app)
    /// on the session bus, if there is one: `DBUS_SESSION_BUS_ADDRESS`, or the socket `$XDG_RUNTIME_DIR/bus`.
    /// Without either it returns nil at once, and libdbus is never loaded.
    ///
    /// - Throws: ``DBusError`` when libdbus is missing, or the bus is named but does not answer.
    package static func publish(identity: String, commands: @escaping @Sendable (RemoteCommand) -> Void) throws(DBusError) -> MPRISPlayer? {
        guard sessionBusIsNamed() else { return nil }
        if let missing = DBusLibrary.unavailable { throw missing }
        let connection = try system_dbus_bus_get_private_session()
        do {
            return try MPRISPlayer(connection: connection, identity: identity, commands: commands)
        } catch {
            system_dbus_connection_close(connection)
            system_dbus_connection_unref(connection)
            throw error
        }
    }

    /// Whether the environment names a session bus (libdbus would otherwise try to start one with X11).
    static func sessionBusIsNamed() -> Bool {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return true }
        guard let runtime = getenv("XDG_RUNTIME_DIR") else { return false }
        var status = stat()
        return stat(String(cString: runtime) + "/bus", &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    private init(connection: OpaquePointer, identity: String, commands: @escaping @Sendable (RemoteCommand) -> Void) throws(DBusError) {
        self.connection = connection
        self.identity = identity
        self.commands = commands
        busName = "org.mpris.MediaPlayer2.bgkit.instance\(getpid())"
        do {
            stop = try StopSignal()
        } catch {
            throw DBusError(function: "pipe", name: "bgkit.NoPipe", message: error.description)
        }
        system_dbus_connection_set_exit_on_disconnect(connection, false)
        let reply = try system_dbus_bus_request_name(connection, busName, flags: UInt32(CDBUS_NAME_FLAG_DO_NOT_QUEUE))
        guard reply == Int32(CDBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) else {
            throw DBusError(function: "dbus_bus_request_name", name: "bgkit.NameTaken", message: "\(busName) belongs to another program")
        }
        try system_dbus_connection_try_register_object_path(
            connection, "/org/mpris/MediaPlayer2", Self.vtable, Unmanaged.passUnretained(self).toOpaque())
        guard let descriptor = system_dbus_connection_get_unix_fd(connection) else {
            throw DBusError(function: "dbus_connection_get_unix_fd", name: "bgkit.NoSocket", message: "the bus connection has no socket")
        }
        let started = DedicatedThread.start(detached: false) { [self] in serve(descriptor) }
        thread.withLock { $0 = started }
    }

    /// Tells what plays now; the changed properties go out as `PropertiesChanged`, and a position that
    /// jumped (a seek) as `Seeked`. From any thread.
    package func update(_ info: NowPlayingInfo) {
        lock.withLock { state in
            let now = ContinuousClock.now
            let old = state.info
            let before = Dictionary(MPRISProperties.player(old), uniquingKeysWith: { a, _ in a })
            for (name, value) in MPRISProperties.player(info) where before[name] != value {
                state.changed.removeAll { $0.0 == name }
                state.changed.append((name, value))
            }
            if info.file == old.file, info.index == old.index {
                let expected = old.elapsed + (old.state == .playing ? state.taken.duration(to: now) : .zero)
                let jump = info.elapsed - expected
                if jump > .seconds(1) || jump < .seconds(-1) { state.seeked = MPRISProperties.microseconds(info.elapsed) }
            }
            state.info = info
            state.taken = now
        }
        stop.wake()
    }

    /// Leaves the bus (the name goes away) and ends the bus's thread; returns once it has.
    package func close() {
        stop.signal()
        if let started = thread.withLock({ $0.take() }) { pthread_join(started, nil) }
    }

    deinit {
        close()
    }

    // MARK: - The bus's thread

    /// Serves until ``close()`` or the bus goes away, then closes the connection.
    private func serve(_ descriptor: Int32) {
        while let ready = stop.wait(readable: [descriptor]) {
            sendSignals()
            if !ready.isEmpty {
                guard system_dbus_connection_read_write_dispatch(connection, 0) else { break }
                while system_dbus_connection_get_dispatch_status(connection) { system_dbus_connection_dispatch(connection) }
            }
            system_dbus_connection_flush(connection)
        }
        system_dbus_connection_close(connection)
        system_dbus_connection_unref(connection)
    }

    private func sendSignals() {
        let (changed, seeked) = lock.withLock { state in
            defer { (state.changed, state.seeked) = ([], nil) }
            return (state.changed, state.seeked)
        }
        if !changed.isEmpty, let signal = system_dbus_message_new_signal(
            "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties", "PropertiesChanged")
        {
            var iterator = cdbus_iter()
            system_dbus_message_iter_init_append(signal, &iterator)
            BusValue.string(MPRISProperties.playerInterface).append(to: &iterator)
            BusValue.dictionary(changed).append(to: &iterator)
            BusValue.strings([]).append(to: &iterator)
            _ = system_dbus_connection_send(connection, signal)
            system_dbus_message_unref(signal)
        }
        if let seeked, let signal = system_dbus_message_new_signal("/org/mpris/MediaPlayer2", MPRISProperties.playerInterface, "Seeked") {
            var iterator = cdbus_iter()
            system_dbus_message_iter_init_append(signal, &iterator)
            BusValue.int64(seeked).append(to: &iterator)
            _ = system_dbus_connection_send(connection, signal)
            system_dbus_message_unref(signal)
        }
    }

    /// The object's handler: libdbus calls it on the bus's thread, inside `dbus_connection_dispatch`.
    // Written once, then only read (by libdbus).
    nonisolated(unsafe) private static let vtable: UnsafePointer<cdbus_vtable> = {
        let table = UnsafeMutablePointer<cdbus_vtable>.allocate(capacity: 1)
        table.initialize(to: cdbus_vtable())
        table.pointee.message_function = { _, message, context in
            guard let message, let context else { return Int32(CDBUS_HANDLER_RESULT_NOT_YET_HANDLED) }
            return Unmanaged<MPRISPlayer>.fromOpaque(context).takeUnretainedValue().handle(message)
        }
        return UnsafePointer(table)
    }()

    private func handle(_ message: OpaquePointer) -> Int32 {
        guard system_dbus_message_get_type(message), let member = system_dbus_message_get_member(message) else {
            return Int32(CDBUS_HANDLER_RESULT_NOT_YET_HANDLED)
        }
        let answer = MPRISCall(interface: system_dbus_message_get_interface(message), member: member, arguments: Self.arguments(message))
            .answer(root: MPRISProperties.root(identity: identity), player: { self.current() }, commands: commands)
        let reply: OpaquePointer?
        switch answer {
        case .values(let values):
            reply = system_dbus_message_new_method_return(message)
            if let reply {
                var iterator = cdbus_iter()
                system_dbus_message_iter_init_append(reply, &iterator)
                for value in values { value.append(to: &iterator) }
            }
        case .variant(let value):
            reply = system_dbus_message_new_method_return(message)
            if let reply {
                var iterator = cdbus_iter()
                system_dbus_message_iter_init_append(reply, &iterator)
                value.appendVariant(to: &iterator)
            }
        case .error(let name, let text):
            reply = system_dbus_message_new_error(message, name, text)
        }
        if let reply {
            _ = system_dbus_connection_send(connection, reply)
            system_dbus_message_unref(reply)
        }
        return Int32(CDBUS_HANDLER_RESULT_HANDLED)
    }

    /// What plays, with `Position` brought to now.
    private func current() -> (info: NowPlayingInfo, position: Int64) {
        lock.withLock { state in
            var position = state.info.elapsed
            if state.info.state == .playing { position += state.taken.duration(to: .now) }
            if let duration = state.info.duration { position = min(position, duration) }
            return (state.info, MPRISProperties.microseconds(position))
        }
    }

    private static func arguments(_ message: OpaquePointer) -> [BusValue] {
        var iterator = cdbus_iter()
        guard system_dbus_message_iter_init(message, &iterator) else { return [] }
        var values: [BusValue] = []
        repeat {
            guard let value = BusValue.read(&iterator) else { break }
            values.append(value)
        } while system_dbus_message_iter_next(&iterator)
        return values
    }
}

extension MPRISPlayer: NowPlayingPublisher {}
