public import BackgroundCore

/// `device`: the emulated device restarted, or was unlocked or locked (CONTRACTS.md section 6).
public struct DeviceRecord: TimelineRecord {
    public var state: DeviceEvent

    public init(state: DeviceEvent) {
        self.state = state
    }

    public var name: String { "device" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("state", string: state.rawValue)
    }

    public var textDetail: String { state.rawValue }

    public var drawing: TimelineDrawing { .state(.device, styles: ["dev " + state.rawValue]) }
}

extension TimelineRecord where Self == DeviceRecord {
    /// A `device` record.
    public static func device(state: DeviceEvent) -> Self { DeviceRecord(state: state) }
}
