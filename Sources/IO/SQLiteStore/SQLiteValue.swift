/// A value stored in or read from a column: SQLite's five storage classes.
package enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// The integer, or nil for any other class.
    package var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    /// The text, or nil for any other class.
    package var text: String? { if case .text(let value) = self { value } else { nil } }
}
