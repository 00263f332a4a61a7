/// The engine's queue: timed actions in order of time, then of insertion, each removable at once.
///
/// A binary min-heap of small nodes (time, sequence, slot) over a table of slots holding the actions
/// and each node's place in the heap, so that cancelling or moving an entry reaches it directly: a
/// cancelled action (and whatever its closure holds) leaves the heap when it is cancelled, not when its
/// deadline would have come, so a timer moved by a cancel and a new schedule leaves nothing of its old
/// entry behind (STYLE.md §11, "a timer moved is a timer moved"). Slots are reused, so the queue's memory
/// follows what is pending, whatever the rate of cancels.
///
/// A handle packs the slot (the low ``slotBits`` bits) with the entry's sequence, so a handle of an entry
/// that ran or was cancelled matches nothing once its slot is reused.
struct ActionQueue {
    private struct Node {
        var time: SimTime
        var sequence: UInt64
        var slot: Int32

        func precedes(_ other: Node) -> Bool {
            time == other.time ? sequence < other.sequence : time < other.time
        }
    }

    private struct Slot {
        var action: (() -> Void)?
        var sequence: UInt64
        var position: Int
    }

    static let slotBits: UInt64 = 24
    private var heap = ContiguousArray<Node>()
    private var slots = ContiguousArray<Slot>()
    private var freeSlots = ContiguousArray<Int32>()

    var count: Int { heap.count }
    var first: (time: SimTime, sequence: UInt64)? { heap.first.map { ($0.time, $0.sequence) } }

    /// Queues `action` at `time` with `sequence` (unique and increasing); returns its handle.
    mutating func insert(at time: SimTime, sequence: UInt64, _ action: @escaping () -> Void) -> UInt64 {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[Int(slot)] = Slot(action: action, sequence: sequence, position: heap.count)
        } else {
            precondition(slots.count < 1 << Self.slotBits, "more than 16 million actions pending")
            slot = Int32(slots.count)
            slots.append(Slot(action: action, sequence: sequence, position: heap.count))
        }
        heap.append(Node(time: time, sequence: sequence, slot: slot))
        siftUp(heap.count - 1)
        return sequence << Self.slotBits | UInt64(slot)
    }

    /// Removes and returns the first action with its time.
    mutating func popFirst() -> (time: SimTime, action: () -> Void)? {
        guard let node = heap.first else { return nil }
        let action = release(node.slot)
        removeNode(at: 0)
        return (node.time, action)
    }

    /// Removes the entry of `handle` at once; false when it already ran or was removed.
    @discardableResult
    mutating func remove(_ handle: UInt64) -> Bool {
        guard let slot = liveSlot(handle) else { return false }
        let position = slots[Int(slot)].position
        _ = release(slot)
        removeNode(at: position)
        return true
    }

    private func liveSlot(_ handle: UInt64) -> Int32? {
        let slot = Int(handle & (1 << Self.slotBits - 1))
        guard slot < slots.count, slots[slot].action != nil,
              slots[slot].sequence == handle >> Self.slotBits else { return nil }
        return Int32(slot)
    }

    private mutating func release(_ slot: Int32) -> () -> Void {
        let action = slots[Int(slot)].action!
        slots[Int(slot)].action = nil
        freeSlots.append(slot)
        return action
    }

    private mutating func removeNode(at position: Int) {
        let last = heap.removeLast()
        guard position < heap.count else { return }
        place(last, at: position)
        siftUp(position)
        siftDown(slots[Int(last.slot)].position)
    }

    private mutating func place(_ node: Node, at position: Int) {
        heap[position] = node
        slots[Int(node.slot)].position = position
    }

    private mutating func siftUp(_ start: Int) {
        var position = start
        let node = heap[position]
        while position > 0 {
            let parent = (position - 1) / 2
            guard node.precedes(heap[parent]) else { break }
            place(heap[parent], at: position)
            position = parent
        }
        place(node, at: position)
    }

    private mutating func siftDown(_ start: Int) {
        var position = start
        let node = heap[position]
        while true {
            var child = 2 * position + 1
            guard child < heap.count else { break }
            if child + 1 < heap.count, heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(node) else { break }
            place(heap[child], at: position)
            position = child
        }
        place(node, at: position)
    }
}
