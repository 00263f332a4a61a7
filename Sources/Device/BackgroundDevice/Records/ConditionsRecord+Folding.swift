public import BackgroundCore

extension ConditionsRecord: FoldableRecord {
    /// A change of the battery's level alone is a step: the text timeline shows it under `--events
    /// conditions` only, and reports leave it out (issue 35).
    public func isStep(after previous: ConditionsRecord) -> Bool {
        var same = conditions
        same.battery = previous.conditions.battery
        return same == previous.conditions && conditions.battery != previous.conditions.battery
    }
}
