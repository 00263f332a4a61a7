package import BackgroundCore

/// The app's notification service extension in the manifest: `notificationService:`, how long its
/// `didReceive(_:withContentHandler:)` works on a push's content (CONTRACTS.md section 12's addition,
/// docs/PUSH.md). Without the key the app has no extension, and every notification shows as it came.
///
/// ```yaml
/// pushes: [{at: 5m, payload: {aps: {alert: {title: New photo}, mutable-content: 1}}}]
/// notificationService: {work: 3s}      # downloads the photo, then calls the content handler
/// ```
/// An extension needs no background mode: it runs in its own process, whatever the app's state.
package struct NotificationServiceSection: ManifestSection {
    package static let keys = ["notificationService"]
    static let serviceKeys = ["work"]

    /// `work:` (default 0 s): how long the extension works before it calls its content handler; nil when
    /// the manifest has no `notificationService:` (the app has no extension).
    package var work: Duration?

    package init() {}

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        guard let node = manifest["notificationService"] else { return }
        let fields = try node.mapping(allowed: Self.serviceKeys)
        work = try fields["work"]?.duration() ?? .zero
    }
}
