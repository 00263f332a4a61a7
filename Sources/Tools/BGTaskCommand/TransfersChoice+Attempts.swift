package import BackgroundApp
import BackgroundTransfers
package import CommandLineSupport
import CurlTransport

extension TransfersChoice {
    /// The attempts `--transfers` chooses, for `bgtask simulate` and `bgloc replay|live --app` alike:
    /// simulated on virtual time (the manifest's `server:` list), or real HTTP over libcurl — as it happens
    /// when `live`, else on virtual time while the clock stands still.
    ///
    /// It lives here, not in CommandLineSupport with the option's type, because bgaudio shares that module
    /// and must not link libcurl; both tools that take `--transfers` build this module.
    package func attempts(live: Bool) -> TransferMode.Attempts {
        switch self {
        case .simulated: TransferMode.simulatedAttempts
        case .real: { engine, _ in RealTransfers(transport: CurlTransport(), engine: engine, mode: live ? .live : .virtual) }
        }
    }
}
