import BackgroundCore
import Glibc

/// A file read in fixed-size chunks with read(2) into one buffer allocated once, so a parser's memory stays
/// constant whatever the file's size; it also keeps track of line and column for error messages.
///
/// Parsers work directly on `bytes[position..<end]`. When they need more, `refill(keeping:)` moves the bytes
/// from `keeping` on to the front of the buffer (a token that crossed the chunk boundary stays whole) and
/// reads more after them; the returned shift tells the caller how far its indices moved.
///
/// A non-copyable struct, not a class, so the parsers' hot loops pay no dynamic exclusivity checks.
struct ChunkedInput: ~Copyable {
    let path: String
    let capacity: Int
    let bytes: UnsafeMutablePointer<UInt8>
    var position = 0
    var end = 0
    private(set) var atEOF = false
    private let descriptor: Int32
    /// The file offset of `bytes[0]`.
    private var bufferOffset = 0
    /// Lines counted up to `bytes[countedTo]`.
    private var countedTo = 0
    private var line = 1
    private var lineStartOffset = 0
    /// Whether the last byte counted was a CR (so an LF right after it ends no new line).
    private var afterCR = false

    init(path: String, capacity: Int) throws(InputError) {
        self.path = path
        self.capacity = capacity
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            throw InputError(file: path, message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(descriptor)
            throw InputError(file: path, message: "is a directory, not a trace file")
        }
        bytes = .allocate(capacity: capacity)
    }

    deinit {
        Glibc.close(descriptor)
        bytes.deallocate()
    }

    /// Bytes read so far from the file.
    var bytesRead: Int { bufferOffset + end }

    /// Moves `bytes[keeping..<end]` to the front and reads more after it. Returns how far indices moved
    /// (subtract it from every index the caller holds), or nil at the end of the file (nothing moved).
    /// - Throws: when the buffer is full of one token (`keeping == 0` and `end == capacity`) or read fails.
    mutating func refill(keeping keep: Int, tooLong: @autoclosure () -> String) throws(InputError) -> Int? {
        if atEOF { return nil }
        if keep == 0, end == capacity {
            throw InputError(file: path, place: place(at: 0), message: tooLong())
        }
        _ = place(at: keep)  // count the lines of the bytes about to leave the buffer
        if keep > 0 {
            (bytes + 0).update(from: bytes + keep, count: end - keep)
            end -= keep
            position -= keep
            countedTo -= keep
            bufferOffset += keep
        }
        while true {
            let n = read(descriptor, bytes + end, capacity - end)
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                atEOF = true
                return keep > 0 ? keep : nil
            }
            end += n
            return keep
        }
    }

    /// Line and column (1-based, column in bytes) of `bytes[index]`; indices must not go backwards past
    /// the last one asked for (earlier ones answer with that one's line). Lines end in LF, CRLF or a lone
    /// CR (as XML reads them), so files with old Mac line ends get true line numbers too.
    mutating func place(at index: Int) -> InputError.Place {
        if index > countedTo {
            var p = countedTo
            // Eight bytes at a time past runs without CR or LF (most of a line), one at a time near them.
            while p < index {
                if p + 8 <= index, !Self.hasLineEnd(UnsafeRawPointer(bytes + p).loadUnaligned(as: UInt64.self)) {
                    afterCR = false
                    p += 8
                    continue
                }
                let c = bytes[p]
                if c == 10 || c == 13 {
                    if c == 13 || !afterCR { line += 1 }
                    lineStartOffset = bufferOffset + p + 1
                }
                afterCR = c == 13
                p += 1
            }
            countedTo = index
        }
        return .line(line, column: max(1, bufferOffset + index - lineStartOffset + 1))
    }

    /// Whether any of the eight bytes of `word` is CR or LF (the classic "has a zero byte" test on `word`
    /// XOR each).
    @inline(__always) private static func hasLineEnd(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lf = word ^ (ones &* 10)
        let cr = word ^ (ones &* 13)
        return ((lf &- ones) & ~lf & highs) | ((cr &- ones) & ~cr & highs) != 0
    }
}
