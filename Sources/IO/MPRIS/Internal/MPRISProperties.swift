import BackgroundAudio
import Glibc

/// The MPRIS 2 properties of a ``NowPlayingInfo``, as `org.mpris.MediaPlayer2.Player` publishes them.
enum MPRISProperties {
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// The track's object path: one per place in the queue.
    static func trackID(_ info: NowPlayingInfo) -> String {
        info.file == nil ? noTrack : "/org/bgkit/track/\(info.index)"
    }

    /// `org.mpris.MediaPlayer2`'s properties: a player that cannot be raised or quit, without a track list.
    static func root(identity: String) -> [(String, BusValue)] {
        [
            ("CanQuit", .bool(false)), ("CanRaise", .bool(false)), ("HasTrackList", .bool(false)),
            ("Identity", .string(identity)), ("SupportedUriSchemes", .strings([])), ("SupportedMimeTypes", .strings([])),
        ]
    }

    /// `org.mpris.MediaPlayer2.Player`'s properties, `Position` (never signalled) aside.
    static func player(_ info: NowPlayingInfo) -> [(String, BusValue)] {
        [
            ("PlaybackStatus", .string(info.state.rawValue)), ("Rate", .double(1)), ("Metadata", .dictionary(metadata(info))),
            ("Volume", .double(info.volume)), ("MinimumRate", .double(1)), ("MaximumRate", .double(1)),
            ("CanGoNext", .bool(info.canGoNext)), ("CanGoPrevious", .bool(info.canGoPrevious)), ("CanPlay", .bool(true)),
            ("CanPause", .bool(true)), ("CanSeek", .bool(info.duration != nil)), ("CanControl", .bool(true)),
        ]
    }

    /// `Metadata`: the track's id, length (µs), title, artist, album and file URL.
    static func metadata(_ info: NowPlayingInfo) -> [(String, BusValue)] {
        var entries: [(String, BusValue)] = [("mpris:trackid", .objectPath(trackID(info)))]
        if let duration = info.duration { entries.append(("mpris:length", .int64(microseconds(duration)))) }
        if let title = info.title { entries.append(("xesam:title", .string(title))) }
        if let artist = info.artist { entries.append(("xesam:artist", .strings([artist]))) }
        if let album = info.album { entries.append(("xesam:album", .string(album))) }
        if let file = info.file { entries.append(("xesam:url", .string(fileURL(file)))) }
        return entries
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// `file://` and the absolute path, each byte outside RFC 3986's unreserved characters and `/` escaped.
    static func fileURL(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
            if getcwd(&buffer, buffer.count) != nil {
                absolute = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
            }
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = Array("file://".utf8)
        for byte in absolute.utf8 {
            let plain = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if plain { bytes.append(byte) } else { bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The introspection data of the object.
    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" \
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.freedesktop.DBus.Introspectable"><method name="Introspect"><arg name="xml" type="s" direction="out"/></method></interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
            <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
            <method name="Set"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="in"/></method>
            <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
          </interface>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/><method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/><property name="CanRaise" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/><property name="Identity" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/><property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/><method name="Previous"/><method name="Pause"/><method name="PlayPause"/><method name="Stop"/><method name="Play"/>
            <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
            <method name="SetPosition"><arg name="TrackId" type="o" direction="in"/><arg name="Position" type="x" direction="in"/></method>
            <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
            <signal name="Seeked"><arg name="Position" type="x"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/><property name="Rate" type="d" access="readwrite"/>
            <property name="Metadata" type="a{sv}" access="read"/><property name="Volume" type="d" access="readwrite"/>
            <property name="Position" type="x" access="read"/><property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/><property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/><property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/><property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read"/>
          </interface>
        </node>
        """
}
