import BackgroundCore
import BackgroundDevice
import BackgroundTestKit
import BackgroundTransfers

/// A session on virtual time with simulated attempts, a timeline that keeps its events, and a host that
/// logs what the session tells it and, when asked, wakes or relaunches the app into the background.
final class SessionFixture {
    let engine: EventEngine
    let timeline: Timeline
    let attempts: SimulatedTransfers
    let session: BackgroundSession
    let start: SimTime
    /// What the session told its host, in order.
    private(set) var delivered: [SessionEvent] = []
    /// Whether the host brings the app to the background when the session asks for it.
    var answersLaunches = true

    init(
        _ configuration: SessionConfiguration = SessionConfiguration(identifier: "com.example.transfers"),
        server: [ServerRule] = [], store: (any TransferStore)? = nil, rules: SessionRules = SessionRules(),
        discretion: SystemDiscretion? = nil, network: NetworkPath = NetworkPath(.wifi, externalPower: true), appState: LifecycleState = .foreground,
        start: SimTime = .defaultStart
    ) {
        self.start = start
        engine = EventEngine(start: start)
        timeline = Timeline(engine: engine, keepingEvents: true)
        attempts = SimulatedTransfers(engine: engine, server: server)
        session = BackgroundSession(
            configuration: configuration, engine: engine, timeline: timeline, attempts: attempts, store: store, rules: rules,
            discretion: discretion, network: network, appState: appState)
        session.addEventListener { [unowned self] event in
            delivered.append(event)
            if case .launchApp = event, answersLaunches { session.appDidChange(to: .background) }
        }
    }

    /// The transfer events so far, as "<seconds from the start> <event> <text detail>".
    var log: [String] {
        timeline.events.filter { $0.kind.name.hasPrefix("transfer.") || $0.kind.name == "session.events" }.map { event in
            "\(Self.seconds(event.time - start)) \(event.kind.name) \(event.kind.textDetail)"
        }
    }

    /// The lines of `log` for one event name.
    func lines(_ name: String) -> [String] { log.filter { $0.split(separator: " ")[1] == name } }

    /// Seconds as the log writes them: whole ones bare, others with their fraction.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value))s" : "\(value)s"
    }
}
