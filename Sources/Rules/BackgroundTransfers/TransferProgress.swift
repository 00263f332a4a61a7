/// How far an attempt has got: URLSession's `countOfBytesSent`/`countOfBytesReceived` and their expected
/// totals (0 while unknown). For a resumed download, the bytes received count those kept from before.
public struct TransferProgress: Hashable, Sendable {
    public var bytesSent: Int64
    public var bytesExpectedToSend: Int64
    public var bytesReceived: Int64
    public var bytesExpectedToReceive: Int64

    public init(bytesSent: Int64 = 0, bytesExpectedToSend: Int64 = 0, bytesReceived: Int64 = 0, bytesExpectedToReceive: Int64 = 0) {
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
    }
}
