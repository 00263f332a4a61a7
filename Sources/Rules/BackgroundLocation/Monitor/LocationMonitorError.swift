/// Why a ``LocationMonitor`` could not be opened.
public struct LocationMonitorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence saying what went wrong and what to do about it.
    public var message: String

    public init(message: String) {
        self.message = message
    }

    /// A monitor of this name is already open: iOS allows one instance per name at a time.
    static func alreadyOpen(_ name: String) -> Self {
        Self(message: "a monitor named '\(name)' is already open; use it, or close it before opening the name again")
    }

    public var description: String { message }
}
