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
    /// Lines counted up to this file offset (see `place(atOffset:)`).
    private var countedOffset = 0
    private var line = 1
    private var lineStartOffset = 0
    /// Whether the last byte counted was a CR (so an LF right after it ends no new line).
    private var afterCR = false

    init(path: String, capacity: Int) throws(InputError) {
        self.path = path
        self.capacity = capacity
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            throw InputError(file: path, message: "cannot open the file: \(Errno(errno).description)")
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
        if keep > 0 {
            (bytes + 0).update(from: bytes + keep, count: end - keep)
            end -= keep
            position -= keep
            bufferOffset += keep
        }
        while true {
            let n = read(descriptor, bytes + end, capacity - end)
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, message: "cannot read the file: \(Errno(errno).description)")
            }
            if n == 0 {
                atEOF = true
                return keep > 0 ? keep : nil
            }
            end += n
            return keep
        }
    }

    /// The file offset of `bytes[index]` (an index moves at every refill; an offset never does).
    func offset(of index: Int) -> Int { bufferOffset + index }

    /// Line and column (1-based, column in bytes) of `bytes[index]`.
    mutating func place(at index: Int) -> InputError.Place { place(atOffset: bufferOffset + index) }

    /// Line and column (1-based, column in bytes) of the byte at file offset `offset`. Lines end in LF,
    /// CRLF or a lone CR (as XML reads them), so files with old Mac line ends get true line numbers too.
    ///
    /// Lines are counted only when a place is asked for (an error, a point's place), never on the way: from
    /// the last place asked for when `offset` is not before it, else from the start of the file. Bytes that
    /// already left the buffer are read again with pread(2).
    mutating func place(atOffset offset: Int) -> InputError.Place {
        if offset < countedOffset {
            (countedOffset, line, lineStartOffset, afterCR) = (0, 1, 0, false)
        }
        var reread: UnsafeMutablePointer<UInt8>?
        defer { reread?.deallocate() }
        while countedOffset < offset {
            if countedOffset >= bufferOffset {
                let count = min(offset, bufferOffset + end) - countedOffset
                guard count > 0 else { break }
                countLines(bytes + (countedOffset - bufferOffset), count)
            } else {
                let chunk = reread ?? .allocate(capacity: 64 * 1024)
                reread = chunk
                let n = pread(descriptor, chunk, min(64 * 1024, min(offset, bufferOffset) - countedOffset), off_t(countedOffset))
                guard n > 0 else { break }
                countLines(chunk, n)
            }
        }
        return .line(line, column: max(1, offset - lineStartOffset + 1))
    }

    /// Counts the line ends of the `count` bytes at `p`, which are the file's bytes from `countedOffset` on.
    private mutating func countLines(_ p: UnsafePointer<UInt8>, _ count: Int) {
        var i = 0
        while i < count {
            // Eight bytes at a time past runs without CR or LF (most of a line), one at a time near them.
            if i + 8 <= count {
                let word = ByteScan.word(p + i)
                if ByteScan.equal(word, 10) | ByteScan.equal(word, 13) == 0 {
                    afterCR = false
                    i += 8
                    continue
                }
            }
            let c = p[i]
            if c == 10 || c == 13 {
                if c == 13 || !afterCR { line += 1 }
                lineStartOffset = countedOffset + i + 1
            }
            afterCR = c == 13
            i += 1
        }
        countedOffset += count
    }
}
