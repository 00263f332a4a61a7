extension DispatchQueue {
    /// A dispatch queue's time for Combine: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// The time.
        public var dispatchTime: DispatchTime

        /// The time `time`.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(.nanoseconds(Int(Int64(bitPattern: other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds))))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            // Saturating at both ends (DispatchTime.distantFuture is the largest uptime).
            let base = dispatchTime.uptimeNanoseconds
            let step = UInt64(n.magnitude.magnitude)
            let (sum, overflow) = base.addingReportingOverflow(step)
            let uptime = n.magnitude >= 0 ? (overflow ? .max : sum) : (base > step ? base - step : 0)
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: uptime))
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime == rhs.dispatchTime
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }
    }
}
