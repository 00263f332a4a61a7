import ArgumentParser

/// `--transfers simulated|real`: how an app's background transfers happen (CONTRACTS.md section 5).
package enum TransfersChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// No byte moves: a transfer takes its size over the network's bandwidth on virtual time, and the
    /// manifest's `server:` list says what the server answers. The default of `replay` and `simulate`.
    case simulated
    /// Real HTTP(S) over libcurl: on virtual time while the clock stands still, live as it happens. The
    /// default of `live`.
    case real
}
