public import BackgroundCore

/// Where the device conditions come from: a scripted timeline on virtual time, or the machine itself.
///
/// A source reports on an ``EventEngine``: ``start(on:update:)`` calls `update` at once with the state at
/// the start, then again at the engine time of each change. `TaskScheduler` starts its source when it
/// is created and records every reported state as a `conditions` timeline event.
///
/// ```swift
/// let source = ScriptedConditions([.init(offset: .seconds(7200), change: ConditionsChange(network: DeviceConditions.Network.none))])
/// source.start(on: engine) { conditions in print(conditions.network) }
/// engine.run()   // prints wifi at the start, none two hours in
/// ```
public protocol DeviceConditionsSource: AnyObject {
    /// Starts reporting: `update` receives the conditions now, then each change when it happens on `engine`.
    func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void)
}
