/// What a transfer moves: a file up to the server, or a resource down into a file.
public enum TransferKind: String, Hashable, Sendable, Codable, CaseIterable {
    case upload, download
}
