/// What a background `URLSessionConfiguration` carries besides FoundationNetworking's fields (its identifier
/// and `sessionSendsLaunchEvents`), which an extension cannot store: kept by object.
final class BackgroundConfigurations: @unchecked Sendable {
    static let shared = BackgroundConfigurations()

    private struct Fields {
        weak var configuration: URLSessionConfiguration?
        var identifier: String?
        var sendsLaunchEvents = true
    }

    private let lock = NSLock()
    private var fields: [ObjectIdentifier: Fields] = [:]

    func identifier(of configuration: URLSessionConfiguration) -> String? {
        lock.withLock { live(configuration)?.identifier }
    }

    func sendsLaunchEvents(of configuration: URLSessionConfiguration) -> Bool {
        lock.withLock { live(configuration)?.sendsLaunchEvents ?? true }
    }

    func set(identifier: String, of configuration: URLSessionConfiguration) {
        lock.withLock { update(configuration) { $0.identifier = identifier } }
    }

    func set(sendsLaunchEvents: Bool, of configuration: URLSessionConfiguration) {
        lock.withLock { update(configuration) { $0.sendsLaunchEvents = sendsLaunchEvents } }
    }

    private func live(_ configuration: URLSessionConfiguration) -> Fields? {
        guard let entry = fields[ObjectIdentifier(configuration)], entry.configuration === configuration else { return nil }
        return entry
    }

    private func update(_ configuration: URLSessionConfiguration, _ change: (inout Fields) -> Void) {
        var entry = live(configuration) ?? Fields(configuration: configuration)
        change(&entry)
        fields[ObjectIdentifier(configuration)] = entry
    }
}
