package import BackgroundCore
package import BackgroundLocation
package import BackgroundScheduler
package import BackgroundTransfers
package import SQLiteStore

/// The state database's rows as values and back. Every value read is checked: one of the wrong storage
/// class or out of range is an ``InputError`` naming the database file, the table, the row and the column,
/// never a crash (`Fuzz/StateRows` feeds it arbitrary values).
package enum StateRows {
    /// The columns of `task_request` after `position`, in the order of ``values(of:)-(TaskRequest)``.
    package static let taskRequestColumns = ["identifier", "kind", "earliest_begin", "requires_network", "requires_external_power"]
    /// The columns of `transfer` after `id`, in the order of ``values(of:)-(PendingTransfer)``.
    package static let transferColumns = [
        "session", "kind", "method", "url", "file", "created_at", "earliest_begin", "expected_bytes", "bytes_done",
        "resume_offset", "resume_validator", "attempts", "waiting_reason", "retries", "retry_at", "outcome_status",
        "outcome_bytes", "outcome_error", "outcome_detail",
    ]

    /// The columns of `monitor_event`, in the order of ``values(of:condition:monitor:pending:position:)``.
    package static let monitorEventColumns = [
        "monitor", "pending", "position", "identifier", "latitude", "longitude", "radius", "state", "date", "diagnostics",
    ]

    /// One kept monitor event: a condition's last event (with its condition), or an event waiting for the
    /// monitor to open.
    package struct MonitorRow {
        package var monitor: String
        package var pending: Bool
        package var condition: LocationMonitor.CircularGeographicCondition?
        package var event: LocationMonitor.Event
    }

    /// The diagnostics of an event as bits, in this order.
    private static var diagnostics: [WritableKeyPath<LocationMonitor.Event, Bool>] { [
        \.conditionLimitExceeded, \.conditionUnsupported, \.persistenceUnavailable, \.insufficientlyInUse,
        \.accuracyLimited, \.authorizationDenied, \.serviceSessionRequired,
    ] }

    package static func values(
        of event: LocationMonitor.Event, condition: LocationMonitor.CircularGeographicCondition?, monitor: String, pending: Bool,
        position: Int
    ) -> [SQLiteValue] {
        let bits = diagnostics.enumerated().reduce(Int64(0)) { $0 | (event[keyPath: $1.element] ? 1 << $1.offset : 0) }
        return [
            .text(monitor), .integer(pending ? 1 : 0), .integer(Int64(position)), .text(event.identifier),
            condition.map { .real($0.latitude) } ?? .null, condition.map { .real($0.longitude) } ?? .null,
            condition.map { .real($0.radius) } ?? .null, .text(event.state.rawValue), time(event.date), .integer(bits),
        ]
    }

    /// The monitor event in `values` (the columns of ``monitorEventColumns``), read from the row `row`.
    package static func monitorEvent(_ values: [SQLiteValue], row: Int64, file: String) throws(InputError) -> MonitorRow {
        let reader = try Row(file: file, table: "monitor_event", row: row, columns: monitorEventColumns, values: values)
        let monitor = try reader.text(0, nonEmpty: true)
        let pending = try reader.flag(1)
        let identifier = try reader.text(3, nonEmpty: true)
        let stateName = try reader.text(7, nonEmpty: true)
        guard let state = LocationMonitor.Event.State(rawValue: stateName) else {
            throw reader.failure(7, "unknown state '\(stateName)' (expected unknown, satisfied, unsatisfied or unmonitored)")
        }
        guard let date = try reader.time(8) else { throw reader.failure(8, "expected a time, found null") }
        guard let bits = try reader.integer(9, atLeast: 0), bits < 1 << diagnostics.count else {
            throw reader.failure(9, "expected an integer of 0 to \((1 << diagnostics.count) - 1) (the diagnostics' bits)")
        }
        var event = LocationMonitor.Event(identifier: identifier, state: state, date: date)
        for (bit, path) in diagnostics.enumerated() where bits & (1 << bit) != 0 { event[keyPath: path] = true }
        let latitude = try reader.real(4, in: -90...90)
        let longitude = try reader.real(5, in: -180...180)
        let radius = try reader.real(6, in: 0...Double.greatestFiniteMagnitude)
        if radius == 0 { throw reader.failure(6, "a radius of 0 (expected more than 0 metres)") }
        var condition: LocationMonitor.CircularGeographicCondition?
        switch (pending, latitude, longitude, radius) {
        case (false, let latitude?, let longitude?, let radius?):
            condition = .init(center: (latitude, longitude), radius: radius)
        case (true, nil, nil, nil):
            condition = nil
        default:
            throw reader.failure(nil, pending
                ? "a pending event has no condition (expected latitude, longitude and radius null)"
                : "a condition's record needs its latitude, longitude and radius")
        }
        return MonitorRow(monitor: monitor, pending: pending, condition: condition, event: event)
    }

    package static func values(of request: TaskRequest) -> [SQLiteValue] {
        let processing = request.processing
        return [
            .text(request.identifier), .text(request.kind.rawValue), time(request.earliestBeginDate),
            .integer(processing?.requiresNetworkConnectivity == true ? 1 : 0),
            .integer(processing?.requiresExternalPower == true ? 1 : 0),
        ]
    }

    package static func values(of transfer: PendingTransfer) -> [SQLiteValue] {
        [
            .text(transfer.session), .text(transfer.kind.rawValue), .text(transfer.method), .text(transfer.url),
            .text(transfer.file), time(transfer.createdAt), time(transfer.earliestBegin),
            transfer.expectedBytes.map(SQLiteValue.integer) ?? .null, .integer(transfer.bytesDone),
            transfer.resume.map { .integer($0.offset) } ?? .null, transfer.resume.map { .text($0.validator) } ?? .null,
            .integer(Int64(transfer.attempts)), transfer.waitingReason.map(SQLiteValue.text) ?? .null,
            .integer(Int64(transfer.retries)), time(transfer.retryAt),
        ] + outcomeValues(transfer.outcome)
    }

    /// `outcome_status`, `outcome_bytes`, `outcome_error`, `outcome_detail`.
    private static func outcomeValues(_ outcome: TransferOutcome?) -> [SQLiteValue] {
        switch outcome {
        case .completed(let status, let bytes): [.integer(Int64(status)), .integer(bytes), .null, .null]
        case .failed(let error, let detail): [.null, .null, .text(error), detail.map(SQLiteValue.text) ?? .null]
        case nil: [.null, .null, .null, .null]
        }
    }

    /// The request in `values` (the columns of ``taskRequestColumns``), read from row `row` of `file`.
    package static func taskRequest(_ values: [SQLiteValue], row: Int64, file: String) throws(InputError) -> TaskRequest {
        let reader = try Row(file: file, table: "task_request", row: row, columns: taskRequestColumns, values: values)
        let identifier = try reader.text(0, nonEmpty: true)
        let begin = try reader.time(2)
        let network = try reader.flag(3)
        let power = try reader.flag(4)
        switch try reader.text(1, nonEmpty: true) {
        case TaskKind.refresh.rawValue:
            guard !network, !power else {
                throw reader.failure(network ? 3 : 4, "a refresh request has no requirements (expected 0)")
            }
            return TaskRequest(refresh: identifier, earliestBeginDate: begin)
        case TaskKind.processing.rawValue:
            return TaskRequest(processing: identifier, requiresNetworkConnectivity: network, requiresExternalPower: power, earliestBeginDate: begin)
        case let other:
            throw reader.failure(1, "unknown kind '\(other)' (expected refresh or processing)")
        }
    }

    /// The transfer in `values` (the columns of ``transferColumns``), read from the row with id `row`.
    package static func transfer(_ values: [SQLiteValue], row: Int64, file: String) throws(InputError) -> PendingTransfer {
        let reader = try Row(file: file, table: "transfer", row: row, columns: transferColumns, values: values)
        guard row >= 1, let id = Int(exactly: row) else { throw reader.failure(nil, "id \(row) is out of range (expected 1 or more)") }
        let session = try reader.text(0, nonEmpty: true)
        let kindName = try reader.text(1, nonEmpty: true)
        guard let kind = TransferKind(rawValue: kindName) else {
            throw reader.failure(1, "unknown kind '\(kindName)' (expected upload or download)")
        }
        let method = try reader.text(2, nonEmpty: true)
        let methods = kind == .upload ? ["PUT", "POST"] : ["GET"]
        guard methods.contains(method) else {
            throw reader.failure(2, "'\(method)' is not the method of a\(kind == .upload ? "n" : "") \(kind.rawValue) (expected \(methods.joined(separator: " or ")))")
        }
        let url = try reader.text(3, nonEmpty: true)
        guard TransferRequest.isWebURL(url) else {
            throw reader.failure(3, "'\(url)' is not an http or https URL")
        }
        let file = try reader.text(4, nonEmpty: true)
        guard file.hasPrefix("/") else { throw reader.failure(4, "'\(file)' is not an absolute path") }
        guard let createdAt = try reader.time(5) else { throw reader.failure(5, "expected a time, found null") }
        let offset = try reader.integer(9, atLeast: 0)
        let validator = try reader.optionalText(10)
        guard (offset == nil) == (validator == nil) else {
            throw reader.failure(offset == nil ? 9 : 10, "resume_offset and resume_validator are given together or not at all")
        }
        guard let bytesDone = try reader.integer(8, atLeast: 0) else { throw reader.failure(8, "expected an integer, found null") }
        guard let attempts = try reader.integer(11, atLeast: 0) else { throw reader.failure(11, "expected an integer, found null") }
        guard let retries = try reader.integer(13, atLeast: 0) else { throw reader.failure(13, "expected an integer, found null") }
        return PendingTransfer(
            id: id, session: session, kind: kind, method: method, url: url, file: file, createdAt: createdAt,
            earliestBegin: try reader.time(6), expectedBytes: try reader.integer(7, atLeast: 0), bytesDone: bytesDone,
            resume: offset.map { ResumePoint(offset: $0, validator: validator!) }, attempts: Int(attempts),
            waitingReason: try reader.optionalText(12), retries: Int(retries), retryAt: try reader.time(14),
            outcome: try outcome(reader))
    }

    /// The outcome in columns 15–18: a status (100–599) with its bytes, or an error name with its detail, or
    /// nothing at all.
    private static func outcome(_ reader: Row) throws(InputError) -> TransferOutcome? {
        let status = try reader.integer(15, atLeast: 100)
        let bytes = try reader.integer(16, atLeast: 0)
        let error = try reader.optionalText(17)
        let detail = try reader.optionalText(18)
        if let status {
            guard status <= 599 else { throw reader.failure(15, "\(status) is out of range (expected 100...599)") }
            guard let bytes else { throw reader.failure(16, "an outcome_status comes with its outcome_bytes") }
            guard error == nil, detail == nil else { throw reader.failure(17, "an outcome is a status or an error, not both") }
            return .completed(status: Int(status), bytes: bytes)
        }
        guard bytes == nil else { throw reader.failure(16, "outcome_bytes without an outcome_status") }
        guard let error else {
            guard detail == nil else { throw reader.failure(18, "outcome_detail without an outcome_error") }
            return nil
        }
        guard !error.isEmpty else { throw reader.failure(17, "is empty") }
        return .failed(error: error, detail: detail)
    }

    /// The counter's value, read from the `counter` row `next_transfer_id`.
    package static func counter(_ value: SQLiteValue, file: String) throws(InputError) -> Int {
        guard case .integer(let next) = value, next >= 1, let id = Int(exactly: next) else {
            throw InputError(
                file: file, place: .key("table counter, row next_transfer_id, column value"),
                message: "expected an integer of 1 or more, found \(Row.describe(value))")
        }
        return id
    }

    private static func time(_ time: SimTime?) -> SQLiteValue {
        time.map { .integer($0.nanosecondsSinceEpoch) } ?? .null
    }
}

/// One row being read: each accessor checks the value's storage class and range.
private struct Row {
    let file: String
    let table: String
    let row: Int64
    let columns: [String]
    let values: [SQLiteValue]

    init(file: String, table: String, row: Int64, columns: [String], values: [SQLiteValue]) throws(InputError) {
        (self.file, self.table, self.row, self.columns, self.values) = (file, table, row, columns, values)
        guard values.count == columns.count else {
            throw failure(nil, "has \(values.count) columns, expected \(columns.count) (\(columns.joined(separator: ", ")))")
        }
    }

    /// The error for `column` (or the whole row), naming the file, the table, the row and the column.
    func failure(_ column: Int?, _ message: String) -> InputError {
        let place = "table \(table), row \(row)" + (column.map { ", column \(columns[$0])" } ?? "")
        return InputError(file: file, place: .key(place), message: message)
    }

    func text(_ column: Int, nonEmpty: Bool) throws(InputError) -> String {
        guard let text = try optionalText(column) else { throw failure(column, "expected text, found null") }
        guard !nonEmpty || !text.isEmpty else { throw failure(column, "is empty") }
        return text
    }

    func optionalText(_ column: Int) throws(InputError) -> String? {
        switch values[column] {
        case .null: return nil
        case .text(let text): return text
        case let other: throw failure(column, "expected text, found \(Self.describe(other))")
        }
    }

    func integer(_ column: Int, atLeast minimum: Int64) throws(InputError) -> Int64? {
        switch values[column] {
        case .null: return nil
        case .integer(let value):
            guard value >= minimum else { throw failure(column, "\(value) is out of range (expected \(minimum) or more)") }
            return value
        case let other: throw failure(column, "expected an integer, found \(Self.describe(other))")
        }
    }

    func real(_ column: Int, in range: ClosedRange<Double>) throws(InputError) -> Double? {
        let value: Double
        switch values[column] {
        case .null: return nil
        case .real(let real): value = real
        case .integer(let integer): value = Double(integer)
        case let other: throw failure(column, "expected a number, found \(Self.describe(other))")
        }
        guard range.contains(value) else {
            throw failure(column, "\(value) is out of range (expected \(range.lowerBound)...\(range.upperBound))")
        }
        return value
    }

    func time(_ column: Int) throws(InputError) -> SimTime? {
        try integer(column, atLeast: .min).map(SimTime.init(nanosecondsSinceEpoch:))
    }

    func flag(_ column: Int) throws(InputError) -> Bool {
        guard case .integer(let value) = values[column], value == 0 || value == 1 else {
            throw failure(column, "expected 0 or 1, found \(Self.describe(values[column]))")
        }
        return value == 1
    }

    /// A value as a message shows it: `-5`, `the real 1.5`, `the text 'abc'`, `a blob of 3 bytes`, `null`.
    static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .integer(let value): "\(value)"
        case .real(let value): "the real \(value)"
        case .text(let text): "the text '\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))'"
        case .blob(let bytes): "a blob of \(bytes.count) bytes"
        case .null: "null"
        }
    }
}
