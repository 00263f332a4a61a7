/// One entry of a manifest's `server:` list: what the emulated server answers, under `--transfers
/// simulated`, to the transfers whose URL matches.
///
/// ```yaml
/// server:
///   - url: "https://example.org/visits/*"     # * stands for any run of characters
///     answers: [{drop: 40000}, 503, 201]      # one per attempt; the last one repeats
///   - url: "https://example.org/tours/*"
///     size: 250000                            # a download's body, in bytes
///     ranges: false                           # the server ignores Range: a resumed download restarts
/// ```
/// A URL no entry matches gets the defaults: 201 to an upload, 200 and ``defaultSize`` bytes to a download,
/// ranges honoured, at the network's bandwidth. The first matching entry wins.
public struct ServerRule: Hashable, Sendable {
    /// What one attempt meets.
    public enum Answer: Hashable, Sendable {
        /// The server answers with this HTTP status once the body has moved (any status completes the
        /// transfer, as in URLSession).
        case status(Int)
        /// The connection drops after this many body bytes of the attempt (`networkConnectionLost`).
        case drop(afterBytes: Int64)
        /// The server accepts the connection and then sends nothing: the attempt ends with `timedOut` after
        /// the session's request timeout.
        case stall
        /// Nobody listens (`cannotConnectToHost`).
        case refuse
    }

    /// The body of a download when no entry says otherwise: 64 KiB.
    public static let defaultSize: Int64 = 64 << 10

    /// The URL pattern: the whole URL, where `*` matches any run of characters (none included).
    public var url: String
    /// The answers to the first, second, … attempt; the last one answers every later attempt. Empty: the
    /// defaults (201 to an upload, 200 to a download).
    public var answers: [Answer]
    /// A download's body size in bytes.
    public var size: Int64
    /// Whether the server honours `Range` (a resumed download carries on) or sends the whole body again.
    public var ranges: Bool
    /// The server's own pace in bytes per second, when it is slower than the network; nil: the network's.
    public var bytesPerSecond: Int64?

    public init(url: String, answers: [Answer] = [], size: Int64 = ServerRule.defaultSize, ranges: Bool = true, bytesPerSecond: Int64? = nil) {
        self.url = url
        self.answers = answers
        self.size = size
        self.ranges = ranges
        self.bytesPerSecond = bytesPerSecond
    }

    /// Whether `candidate` matches ``url`` (`*` matches any run of characters, everything else itself).
    public func matches(_ candidate: String) -> Bool {
        let pattern = Array(url.utf8)
        let text = Array(candidate.utf8)
        // Classic glob matching with one star backtrack point: linear in practice, no recursion.
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != UInt8(ascii: "*"), pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// The answer to attempt `number` (1 for the first).
    public func answer(toAttempt number: Int, of kind: TransferKind) -> Answer {
        guard let last = answers.last else { return .status(kind == .upload ? 201 : 200) }
        return number - 1 < answers.count ? answers[max(number - 1, 0)] : last
    }
}
