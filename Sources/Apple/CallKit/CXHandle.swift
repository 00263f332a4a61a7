/// Who calls, as Apple's `CXHandle`.
open class CXHandle: NSObject, @unchecked Sendable {
    /// The kind of handle, as Apple's `CXHandle.HandleType`.
    public enum HandleType: Int, Sendable {
        case generic = 1
        case phoneNumber = 2
        case emailAddress = 3
    }

    public let type: HandleType
    public let value: String

    public init(type: HandleType, value: String) {
        self.type = type
        self.value = value
    }
}
