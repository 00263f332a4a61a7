// fuzz-seeds: Fuzz/StateRows/Seeds/*
import BackgroundState
import FuzzSupport
import SQLiteStore

/// Fuzzes the state database's row decoder (the rows `AppStateDatabase` reads back): any values in any
/// storage class give a task request, a transfer, a counter or an `InputError`, never a crash; and a row
/// that decodes, encoded again, decodes to the same value.
///
/// The input's first byte picks the table, its second is the row's id (a signed byte); the rest is a list of
/// values, each a tag byte (its value modulo 5: integer, real, text, blob, null) and its bytes: 8
/// little-endian bytes for a number, a length byte and that many bytes for text (as UTF-8, repaired) and
/// blobs. Seeds: Fuzz/StateRows/Seeds, one row of each table in this form.
@main enum FuzzStateRows {
    static func main() {
        FuzzDriver.run { raw in
            var bytes = raw.makeIterator()
            guard let table = bytes.next(), let id = bytes.next() else { return }
            let row = Int64(Int8(bitPattern: id))
            var values: [SQLiteValue] = []
            while let tag = bytes.next() {
                switch tag % 5 {
                case 0: values.append(.integer(Int64(bitPattern: number(&bytes))))
                case 1: values.append(.real(Double(bitPattern: number(&bytes))))
                case 2: values.append(.text(String(decoding: chunk(&bytes), as: UTF8.self)))
                case 3: values.append(.blob(chunk(&bytes)))
                default: values.append(.null)
                }
            }
            switch table % 3 {
            case 0:
                guard let request = try? StateRows.taskRequest(values, row: row, file: "fuzz.db") else { return }
                let again = try? StateRows.taskRequest(StateRows.values(of: request), row: row, file: "fuzz.db")
                precondition(again.map(StateRows.values(of:)) == StateRows.values(of: request), "a task request does not read back")
            case 1:
                guard let transfer = try? StateRows.transfer(values, row: row, file: "fuzz.db") else { return }
                let again = try? StateRows.transfer(StateRows.values(of: transfer), row: row, file: "fuzz.db")
                precondition(again == transfer, "a transfer does not read back as the same value")
            default:
                _ = try? StateRows.counter(values.first ?? .null, file: "fuzz.db")
            }
        }
    }

    private static func number(_ bytes: inout UnsafeRawBufferPointer.Iterator) -> UInt64 {
        (0..<8).reduce(0) { value, shift in value | UInt64(bytes.next() ?? 0) << (8 * shift) }
    }

    private static func chunk(_ bytes: inout UnsafeRawBufferPointer.Iterator) -> [UInt8] {
        let count = Int(bytes.next() ?? 0)
        return (0..<count).compactMap { _ in bytes.next() }
    }
}
