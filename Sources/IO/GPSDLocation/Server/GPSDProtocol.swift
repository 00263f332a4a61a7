import BackgroundCore
package import BackgroundLocation

/// gpsd's JSON protocol (gpsd_json(5)) as the server speaks it: the reports it writes and the requests it
/// understands. Pure functions of their inputs, so every line can be tested without a socket.
///
/// ```swift
/// GPSDProtocol.tpv(fix, device: "/dev/bgloc")
/// // {"class":"TPV","device":"/dev/bgloc","mode":3,"time":"2026-03-01T09:00:11Z","lat":47.37,"lon":8.54,…}
/// GPSDProtocol.requests(in: #"?WATCH={"enable":true,"json":true};?POLL;"#)
/// // [.watch(enable: true, json: true), .poll]
/// ```
package enum GPSDProtocol {
    /// The protocol version announced (that of gpsd 3.22, which Debian 12 ships).
    package static let protocolMajor = 3
    package static let protocolMinor = 14

    /// One client request (a `?COMMAND;` or `?COMMAND={…};`).
    package enum Request: Hashable, Sendable {
        /// `?VERSION;`
        case version
        /// `?DEVICES;`
        case devices
        /// `?WATCH;` (nil values: asks for the current policy) or `?WATCH={"enable":…,"json":…}`.
        case watch(enable: Bool?, json: Bool?)
        /// `?POLL;`
        case poll
        /// Anything else, or a malformed command: answered with an ERROR object.
        case unknown(String)
    }

    /// The requests on one line, in order. A line that does not start with `?` is ignored, as gpsd does.
    package static func requests(in line: some StringProtocol) -> [Request] {
        var scalars = Substring(line).unicodeScalars[...]
        var out: [Request] = []
        while let first = scalars.first {
            if first == ";" || first == " " || first == "\r" || first == "\n" { scalars.removeFirst(); continue }
            guard first == "?" else { break }
            scalars.removeFirst()
            let name = String(String.UnicodeScalarView(scalars.prefix { $0.properties.isAlphabetic }))
            scalars.removeFirst(name.unicodeScalars.count)
            var argument: Substring.UnicodeScalarView.SubSequence?
            if scalars.first == "=" {
                scalars.removeFirst()
                guard let end = objectEnd(scalars) else { out.append(.unknown(name)); break }
                argument = scalars[..<end]
                scalars = scalars[end...]
            }
            let object = argument.map { String(String.UnicodeScalarView($0)) }
            switch name {
            case "VERSION": out.append(.version)
            case "DEVICES": out.append(.devices)
            case "POLL": out.append(.poll)
            case "WATCH":
                out.append(.watch(
                    enable: object.map { boolean("enable", in: $0) ?? true }, json: object.flatMap { boolean("json", in: $0) }))
            default: out.append(.unknown(name))
            }
        }
        return out
    }

    /// The index just past the JSON object that starts `text`, or nil when it is not one.
    private static func objectEnd(_ text: Substring.UnicodeScalarView.SubSequence) -> Substring.UnicodeScalarView.Index? {
        guard text.first == "{" else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "{" {
                depth += 1
            } else if scalar == "}" {
                depth -= 1
                if depth == 0 { return text.index(after: index) }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The value of a top-level boolean member of a flat JSON object, or nil when absent or not a boolean.
    private static func boolean(_ key: String, in object: String) -> Bool? {
        let pattern = Array("\"\(key)\"".unicodeScalars)
        let scalars = Array(object.unicodeScalars)
        var index = 0
        while index + pattern.count <= scalars.count {
            if Array(scalars[index..<index + pattern.count]) == pattern {
                var rest = scalars[(index + pattern.count)...].drop { $0 == " " }
                guard rest.first == ":" else { return nil }
                rest = rest.dropFirst().drop { $0 == " " }
                if rest.starts(with: "true".unicodeScalars) { return true }
                if rest.starts(with: "false".unicodeScalars) { return false }
                return nil
            }
            index += 1
        }
        return nil
    }

    /// `{"class":"VERSION",…}`, sent on connect and for `?VERSION;`.
    package static func version(release: String) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "VERSION")
        object.field("release", string: release)
        object.field("rev", string: release)
        object.field("proto_major", integer: protocolMajor)
        object.field("proto_minor", integer: protocolMinor)
        return object.finish()
    }

    /// `{"class":"DEVICES","devices":[…]}` with the one emulated device.
    package static func devices(device: String) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "DEVICES")
        object.field("devices", raw: "[\(deviceObject(device))]")
        return object.finish()
    }

    private static func deviceObject(_ device: String) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "DEVICE")
        object.field("path", string: device)
        object.field("driver", string: "bgloc serve")
        object.field("activated", string: SimTime.defaultStart.rfc3339)
        object.field("native", integer: 0)
        object.field("cycle", number: 1)
        return object.finish()
    }

    /// `{"class":"WATCH",…}`: the client's watch policy.
    package static func watch(enable: Bool, json: Bool) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "WATCH")
        object.field("enable", bool: enable)
        object.field("json", bool: json)
        object.field("nmea", bool: false)
        object.field("raw", integer: 0)
        object.field("scaled", bool: false)
        object.field("timing", bool: false)
        object.field("split24", bool: false)
        object.field("pps", bool: false)
        return object.finish()
    }

    /// `{"class":"TPV",…}` for a fix: mode 3 with an altitude, else 2; `altMSL` and `alt` the altitude,
    /// `track` the course, `eph` the horizontal accuracy, and `epx` = `epy` = accuracy ÷ √2 (so that
    /// hypot(epx, epy) is the accuracy again).
    package static func tpv(_ fix: LocationFix, device: String) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "TPV")
        object.field("device", string: device)
        object.field("mode", integer: fix.altitude == nil ? 2 : 3)
        if let time = fix.time { object.field("time", string: time.rfc3339) }
        object.field("lat", number: fix.latitude)
        object.field("lon", number: fix.longitude)
        if let altitude = fix.altitude {
            object.field("altMSL", number: altitude)
            object.field("alt", number: altitude)
        }
        if let course = fix.course { object.field("track", number: course) }
        if let speed = fix.speed { object.field("speed", number: speed) }
        if let accuracy = fix.horizontalAccuracy {
            object.field("eph", number: accuracy)
            object.field("epx", number: accuracy / 2.0.squareRoot())
            object.field("epy", number: accuracy / 2.0.squareRoot())
        }
        return object.finish()
    }

    /// `{"class":"SKY",…}` for a fix that carries satellites or HDOP, nil for one that carries neither.
    package static func sky(_ fix: LocationFix, device: String) -> String? {
        guard fix.satellites != nil || fix.hdop != nil else { return nil }
        var object = JSONObjectWriter()
        object.field("class", string: "SKY")
        object.field("device", string: device)
        if let time = fix.time { object.field("time", string: time.rfc3339) }
        if let hdop = fix.hdop { object.field("hdop", number: hdop) }
        if let satellites = fix.satellites {
            object.field("nSat", integer: satellites)
            object.field("uSat", integer: satellites)
        }
        return object.finish()
    }

    /// `{"class":"POLL",…}`: the latest fix (if any) as one TPV and one SKY.
    package static func poll(latest fix: LocationFix?, device: String) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "POLL")
        if let time = fix?.time { object.field("time", string: time.rfc3339) }
        object.field("active", integer: fix == nil ? 0 : 1)
        object.field("tpv", raw: "[\(fix.map { tpv($0, device: device) } ?? "")]")
        object.field("sky", raw: "[\(fix.flatMap { sky($0, device: device) } ?? "")]")
        return object.finish()
    }

    /// `{"class":"ERROR","message":…}` for a request the server does not know.
    package static func error(_ message: String) -> String {
        var object = JSONObjectWriter()
        object.field("class", string: "ERROR")
        object.field("message", string: message)
        return object.finish()
    }
}
