extension GPSDSource {
    /// Where gpsd is, when to stop and how to reconnect.
    package struct Configuration: Hashable, Sendable {
        /// gpsd's host name or address.
        package var host: String
        /// gpsd's port (a number or a service name).
        package var port: String
        /// Stop after this much time (the live run's virtual time follows the wall clock); nil runs on. The stop
        /// time of the run ``GPSDSource/run(on:deliver:)`` makes; in a ``LiveRun`` of several sources, the
        /// run's own `until` decides.
        package var duration: Duration?
        /// Stop after this many fixes; nil runs on.
        package var fixes: Int?
        /// How long to wait before each reconnection attempt after gpsd goes away.
        package var backoff: ReconnectBackoff
        /// When gpsd does not answer at the start, wait for it (saying so once, code `gpsd.waiting`, and
        /// trying again with ``backoff``), as gpsd clients do, instead of failing; an address that cannot be
        /// resolved still fails at once.
        package var waitsForGPSD: Bool

        package init(
            host: String = "localhost", port: String = "2947", duration: Duration? = nil, fixes: Int? = nil,
            backoff: ReconnectBackoff = ReconnectBackoff(), waitsForGPSD: Bool = false
        ) {
            precondition(fixes.map { $0 > 0 } ?? true, "fixes must be positive")
            self.host = host
            self.port = port
            self.duration = duration
            self.fixes = fixes
            self.backoff = backoff
            self.waitsForGPSD = waitsForGPSD
        }
    }
}
