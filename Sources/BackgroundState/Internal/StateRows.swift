package import BackgroundCore
package import BackgroundTasks
package import BackgroundTransfers
package import SQLiteStore

/// The state database's rows as values and back. Every value read is checked: one of the wrong storage
/// class or out of range is an ``InputError`` naming the database file, the table, the row and the column,
/// never a crash (`Fuzz/StateRows` feeds it arbitrary values).
package enum StateRows {
    /// The columns of `task_request` after `position`, in the order of ``values(of:)-(BGTaskRequest)``.
    package static let taskRequestColumns = ["identifier", "kind", "earliest_begin", "requires_network", "requires_external_power"]
    /// The columns of `transfer` after `id`, in the order of ``values(of:)-(PendingTransfer)``.
    package static let transferColumns = [
        "session", "kind", "method", "url", "file", "created_at", "earliest_begin", "expected_bytes", "bytes_done",
        "resume_offset", "resume_validator", "attempts", "waiting_reason",
    ]

    package static func values(of request: BGTaskRequest) -> [SQLiteValue] {
        let processing = request as? BGProcessingTaskRequest
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
        ]
    }

    /// The request in `values` (the columns of ``taskRequestColumns``), read from row `row` of `file`.
    package static func taskRequest(_ values: [SQLiteValue], row: Int64, file: String) throws(InputError) -> BGTaskRequest {
        let reader = try Row(file: file, table: "task_request", row: row, columns: taskRequestColumns, values: values)
        let identifier = try reader.text(0, nonEmpty: true)
        let begin = try reader.time(2)
        let network = try reader.flag(3)
        let power = try reader.flag(4)
        let request: BGTaskRequest
        switch try reader.text(1, nonEmpty: true) {
        case TaskKind.refresh.rawValue:
            guard !network, !power else {
                throw reader.failure(network ? 3 : 4, "a refresh request has no requirements (expected 0)")
            }
            request = BGAppRefreshTaskRequest(identifier: identifier)
        case TaskKind.processing.rawValue:
            let processing = BGProcessingTaskRequest(identifier: identifier)
            processing.requiresNetworkConnectivity = network
            processing.requiresExternalPower = power
            request = processing
        case let other:
            throw reader.failure(1, "unknown kind '\(other)' (expected refresh or processing)")
        }
        request.earliestBeginDate = begin
        return request
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
        guard url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else {
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
        return PendingTransfer(
            id: id, session: session, kind: kind, method: method, url: url, file: file, createdAt: createdAt,
            earliestBegin: try reader.time(6), expectedBytes: try reader.integer(7, atLeast: 0), bytesDone: bytesDone,
            resume: offset.map { ResumePoint(offset: $0, validator: validator!) }, attempts: Int(attempts),
            waitingReason: try reader.optionalText(12))
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
