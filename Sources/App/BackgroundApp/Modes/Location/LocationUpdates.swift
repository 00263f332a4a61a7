/// `location: {updates:}`: whether the app starts continuous location updates (CONTRACTS.md §12).
///
/// ```yaml
/// location: {updates: none}     # regions and significant changes only: suspended between their events
/// ```
package enum LocationUpdates: String, CaseIterable, Hashable, Sendable {
    /// The app starts continuous updates, which with the `location` background mode keep it running in the
    /// background (the default).
    case continuous
    /// The app never starts continuous updates: it monitors regions and significant changes only, and with
    /// the `location` mode it is suspended between their events like any app.
    case none
}
