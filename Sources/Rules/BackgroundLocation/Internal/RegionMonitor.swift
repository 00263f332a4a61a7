import BackgroundCore

/// The region-monitoring rules on a stream of fixes: state determination, hysteresis, dwell, the limit.
///
/// A crossing is reported once fixes have stayed past the margin for the dwell time: by the first fix
/// at or after that time, or by ``confirmCrossings(at:)`` when the dwell ends (the owner schedules it at
/// ``nextDeadline()``), with the latest fix past the margin. Each fix costs a lookup in a ``RegionIndex`` (the regions the fix may have entered) plus a pass over
/// the few regions that need attention (inside, or with a crossing under way); regions far away and
/// outside are never touched.
final class RegionMonitor {
    /// What one fix (or the end of a dwell) decided about one region, with the fix that decided it.
    enum Change {
        case state(CircularRegion, RegionState)
        case enter(CircularRegion, LocationFix)
        case exit(CircularRegion, LocationFix)
    }

    private struct Slot {
        var region: CircularRegion
        var ordinal: Int
        var center: UnitVector
        var boundary2: Double
        var entry2: Double
        var exit2: Double
        var state: RegionState = .unknown
        /// When the fixes first went past the margin for a crossing that is not yet reported.
        var crossingSince: SimTime?
        /// The latest fix past the margin of that crossing.
        var crossingFix: LocationFix?
        /// Position in `attention`, or -1.
        var attentionPosition = -1
    }

    // Without dynamic exclusivity checks, like the manager's state: the monitor runs on every fix, on the
    // engine's owner only, and no access to its state spans a call out.
    private let configuration: LocationManagerConfiguration
    @exclusivity(unchecked) private var slots: [Slot] = []
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    @exclusivity(unchecked) private var nextOrdinal = 0
    /// Regions inside or with a crossing under way: checked on every fix.
    @exclusivity(unchecked) private var attention: [Int] = []
    /// Regions whose state the next fix determines.
    @exclusivity(unchecked) private var undetermined: [Int] = []
    @exclusivity(unchecked) private var index = RegionIndex([])
    @exclusivity(unchecked) private var indexIsStale = false
    @exclusivity(unchecked) private var changes: [(ordinal: Int, change: Change)] = []

    init(configuration: LocationManagerConfiguration) {
        self.configuration = configuration
    }

    /// How many regions are monitored.
    var count: Int { slots.count }

    var regions: [CircularRegion] { slots.sorted { $0.ordinal < $1.ordinal }.map(\.region) }

    func state(of identifier: String) -> RegionState? {
        positions[identifier].map { slots[$0].state }
    }

    /// Why a region cannot be monitored, or nil when it can.
    func problem(with region: CircularRegion) -> String? {
        let name = "region '\(region.identifier)'"
        guard region.latitude.isFinite, (-90...90).contains(region.latitude) else {
            return "\(name): latitude \(region.latitude) is outside -90...90"
        }
        guard region.longitude.isFinite, (-180...180).contains(region.longitude) else {
            return "\(name): longitude \(region.longitude) is outside -180...180"
        }
        guard region.radius.isFinite, region.radius > 0 else {
            return "\(name): radius \(region.radius) m must be greater than 0"
        }
        guard region.radius <= configuration.maximumRegionMonitoringDistance else {
            return "\(name): radius \(region.radius) m exceeds maximumRegionMonitoringDistance "
                + "(\(configuration.maximumRegionMonitoringDistance) m)"
        }
        if positions[region.identifier] == nil, slots.count >= configuration.regionLimit {
            return "\(name): an app can monitor at most \(configuration.regionLimit) regions; stop monitoring one first"
        }
        return nil
    }

    /// Starts monitoring a valid region (see ``problem(with:)``), replacing one with the same identifier.
    func add(_ region: CircularRegion) {
        remove(identifier: region.identifier)
        let entryMargin = min(configuration.entryHysteresis, region.radius / 2)
        slots.append(Slot(
            region: region, ordinal: nextOrdinal,
            center: Geodesy.unitVector(latitude: region.latitude, longitude: region.longitude),
            boundary2: Geodesy.squaredChord(forDistance: region.radius),
            entry2: Geodesy.squaredChord(forDistance: region.radius - entryMargin),
            exit2: Geodesy.squaredChord(forDistance: region.radius + configuration.exitHysteresis)
        ))
        nextOrdinal += 1
        positions[region.identifier] = slots.count - 1
        undetermined.append(slots.count - 1)
        indexIsStale = true
    }

    /// Stops monitoring a region; does nothing when it is not monitored.
    func remove(identifier: String) {
        guard let position = positions.removeValue(forKey: identifier) else { return }
        leaveAttention(position)
        undetermined.removeAll { $0 == position }
        let last = slots.count - 1
        if position != last {
            slots.swapAt(position, last)
            positions[slots[position].region.identifier] = position
            if slots[position].attentionPosition >= 0 { attention[slots[position].attentionPosition] = position }
            undetermined = undetermined.map { $0 == last ? position : $0 }
        }
        slots.removeLast()
        indexIsStale = true
    }

    /// Applies one fix (`point` is its unit vector); returns what it decided, in the order the regions were added.
    func evaluate(_ fix: LocationFix, at point: UnitVector, time: SimTime) -> ArraySlice<(ordinal: Int, change: Change)> {
        changes.removeAll(keepingCapacity: true)
        if slots.isEmpty { return changes[...] }
        if indexIsStale {
            index = RegionIndex(slots.map { (center: $0.center, reach2: $0.entry2) })
            indexIsStale = false
        }
        for position in undetermined {
            let inside = slots[position].center.squaredDistance(to: point) <= slots[position].boundary2
            slots[position].state = inside ? .inside : .outside
            if inside { enterAttention(position) }
            changes.append((slots[position].ordinal, .state(slots[position].region, slots[position].state)))
        }
        undetermined.removeAll(keepingCapacity: true)
        var i = 0
        while i < attention.count {
            let position = attention[i]
            if update(position, fix: fix, point: point, time: time) { i += 1 }
        }
        index.forEachContaining(point) { id in
            let position = Int(id)
            guard slots[position].state == .outside, slots[position].crossingSince == nil else { return }
            if crossed(position, fix: fix, at: time) { slots[position].state = .inside }
            enterAttention(position)
        }
        if changes.count > 1 { changes.sort { $0.ordinal < $1.ordinal } }
        return changes[...]
    }

    /// Re-checks a region needing attention; returns false when it left the attention list.
    private func update(_ position: Int, fix: LocationFix, point: UnitVector, time: SimTime) -> Bool {
        let d2 = slots[position].center.squaredDistance(to: point)
        switch slots[position].state {
        case .inside:
            guard d2 > slots[position].exit2 else {
                slots[position].crossingSince = nil
                slots[position].crossingFix = nil
                return true
            }
            guard crossed(position, fix: fix, at: time) else { return true }
            slots[position].state = .outside
        default:
            guard d2 <= slots[position].entry2 else {
                slots[position].crossingSince = nil
                slots[position].crossingFix = nil
                leaveAttention(position)
                return false
            }
            guard crossed(position, fix: fix, at: time) else { return true }
            slots[position].state = .inside
            return true
        }
        leaveAttention(position)
        return false
    }

    /// Notes a fix past the margin; true (and the crossing reported) once the dwell has passed.
    private func crossed(_ position: Int, fix: LocationFix, at time: SimTime) -> Bool {
        let since = slots[position].crossingSince ?? time
        guard time - since >= configuration.minimumDwell else {
            slots[position].crossingSince = since
            slots[position].crossingFix = fix
            return false
        }
        report(position, fix: fix)
        return true
    }

    private func report(_ position: Int, fix: LocationFix) {
        slots[position].crossingSince = nil
        slots[position].crossingFix = nil
        let region = slots[position].region
        let entering = slots[position].state != .inside
        if entering, region.notifyOnEntry { changes.append((slots[position].ordinal, .enter(region, fix))) }
        if !entering, region.notifyOnExit { changes.append((slots[position].ordinal, .exit(region, fix))) }
    }

    /// When the earliest crossing under way completes its dwell, or nil when none is under way.
    func nextDeadline() -> SimTime? {
        var earliest: SimTime?
        for position in attention {
            if let since = slots[position].crossingSince, earliest.map({ since < $0 }) ?? true { earliest = since }
        }
        return earliest.map { $0 + configuration.minimumDwell }
    }

    /// Reports every crossing whose dwell has ended by `time` (no fix contradicted it in the meantime).
    func confirmCrossings(at time: SimTime) -> ArraySlice<(ordinal: Int, change: Change)> {
        changes.removeAll(keepingCapacity: true)
        var i = 0
        while i < attention.count {
            let position = attention[i]
            guard let since = slots[position].crossingSince, let fix = slots[position].crossingFix,
                time - since >= configuration.minimumDwell
            else {
                i += 1
                continue
            }
            let entering = slots[position].state != .inside
            report(position, fix: fix)
            slots[position].state = entering ? .inside : .outside
            if entering { i += 1 } else { leaveAttention(position) }
        }
        if changes.count > 1 { changes.sort { $0.ordinal < $1.ordinal } }
        return changes[...]
    }

    private func enterAttention(_ position: Int) {
        guard slots[position].attentionPosition < 0 else { return }
        slots[position].attentionPosition = attention.count
        attention.append(position)
    }

    private func leaveAttention(_ position: Int) {
        let at = slots[position].attentionPosition
        guard at >= 0 else { return }
        let moved = attention.removeLast()
        if moved != position {
            attention[at] = moved
            slots[moved].attentionPosition = at
        }
        slots[position].attentionPosition = -1
    }
}
