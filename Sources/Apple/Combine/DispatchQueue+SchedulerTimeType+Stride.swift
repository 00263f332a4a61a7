extension DispatchQueue.SchedulerTimeType {
    /// A dispatch queue's time interval for Combine, in nanoseconds; a number literal is seconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable,
        Codable, Sendable {
        public typealias FloatLiteralType = Double
        public typealias IntegerLiteralType = Int
        public typealias Magnitude = Int

        /// The interval in nanoseconds.
        public var magnitude: Int

        /// The interval as Dispatch's.
        public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

        /// The interval `timeInterval`.
        public init(_ timeInterval: DispatchTimeInterval) {
            magnitude = switch timeInterval {
            case .seconds(let s): s * 1_000_000_000
            case .milliseconds(let ms): ms * 1_000_000
            case .microseconds(let us): us * 1_000
            case .nanoseconds(let ns): ns
            case .never: .max
            @unknown default: .max
            }
        }

        public init(floatLiteral value: Double) { self = .seconds(value) }
        public init(integerLiteral value: Int) { self = .seconds(value) }

        public init?<T: BinaryInteger>(exactly source: T) {
            guard let seconds = Int(exactly: source) else { return nil }
            self = .seconds(seconds)
        }

        public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
        public static func seconds(_ s: Double) -> Stride { Stride(.nanoseconds(Int((s * 1_000_000_000).rounded()))) }
        public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
        public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
        public static func + (lhs: Stride, rhs: Stride) -> Stride { .nanoseconds(lhs.magnitude + rhs.magnitude) }
        public static func - (lhs: Stride, rhs: Stride) -> Stride { .nanoseconds(lhs.magnitude - rhs.magnitude) }
        public static func * (lhs: Stride, rhs: Stride) -> Stride { .nanoseconds(lhs.magnitude * rhs.magnitude) }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
}
