public import BackgroundCore

extension ManifestValue {
    /// The value as a time of day `HH:MM` (00:00 to 23:59, simulation time UTC), as the time since midnight.
    public func timeOfDay() throws(InputError) -> Duration {
        let text = try string()
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count == 2, digits, let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else {
            throw error("'\(Self.shown(text))' is not a time of day (expected HH:MM from 00:00 to 23:59, such as \"08:00\")")
        }
        return .seconds(hour * 3600 + minute * 60)
    }
}
