package import BackgroundCore

/// PushKit's part of the manifest: `onVoIPPush:`, what the app does with a VoIP push (`pushType: voip` in
/// `pushes:`, CONTRACTS.md §9, docs/PUSH.md). The app needs the `voip` background mode.
///
/// ```yaml
/// backgroundModes: [voip]
/// pushes: [{at: 5m, payload: {aps: {}}, pushType: voip}]
/// onVoIPPush: {reportCall: true, work: 2s}      # reportCall false: no incoming call reported to CallKit
/// ```
package struct VoIPSection: ManifestSection {
    package static let keys = ["onVoIPPush"]

    /// `reportCall:` (default true): the handler reports an incoming call to CallKit.
    package var reportsCall = true
    /// `work:` (default 0 s): how long the handler runs before it returns.
    package var work = Duration.zero

    package init() {}

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        guard let node = manifest["onVoIPPush"] else { return }
        let fields = try node.mapping(allowed: ["reportCall", "work"])
        if let value = fields["reportCall"] { reportsCall = try value.bool() }
        if let value = fields["work"] { work = try value.duration() }
    }
}
