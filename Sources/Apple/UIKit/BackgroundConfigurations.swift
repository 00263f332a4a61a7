import BackgroundTransfers
import Foundation
import FoundationNetworking

/// What a `URLSessionConfiguration` carries besides FoundationNetworking's fields (a background session's
/// identifier, `sessionSendsLaunchEvents`, `allowsExpensiveNetworkAccess`, `allowsConstrainedNetworkAccess`),
/// which an extension cannot store: kept by object, as a ``SessionConfiguration`` whose other fields are
/// read from FoundationNetworking's when a session is made (``URLSessionConfiguration/emulatedSession``).
final class BackgroundConfigurations: @unchecked Sendable {
    static let shared = BackgroundConfigurations()

    private struct Entry {
        weak var configuration: URLSessionConfiguration?
        /// The identifier is empty for a configuration that is not a background one.
        var fields: SessionConfiguration
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    /// The fields kept for `configuration` (Apple's defaults for one not seen before, with no identifier).
    func fields(of configuration: URLSessionConfiguration) -> SessionConfiguration {
        lock.withLock { live(configuration)?.fields ?? SessionConfiguration(identifier: "") }
    }

    func update(_ configuration: URLSessionConfiguration, _ change: (inout SessionConfiguration) -> Void) {
        lock.withLock {
            var entry = live(configuration) ?? Entry(configuration: configuration, fields: SessionConfiguration(identifier: ""))
            change(&entry.fields)
            entries[ObjectIdentifier(configuration)] = entry
            // Entries of configurations gone are dropped now and then.
            if entries.count % 64 == 0 { entries = entries.filter { $0.value.configuration != nil } }
        }
    }

    private func live(_ configuration: URLSessionConfiguration) -> Entry? {
        guard let entry = entries[ObjectIdentifier(configuration)], entry.configuration === configuration else { return nil }
        return entry
    }
}
