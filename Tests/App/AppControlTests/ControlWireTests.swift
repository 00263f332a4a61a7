import AppControl
import BackgroundCore
import Testing

/// The control socket's wire format (docs/CONTROL.md): what `bgtask` writes reads back as the same request,
/// a request cut short is incomplete, and any other bytes are malformed with a reason, never a crash.
@Suite struct ControlWireTests {
    /// The standard app's verbs (its tasks' and pushes' modes bring them).
    static let verbs: [String: ControlRequest.Shape] = ["push": .payload, "simulate-launch": .name, "simulate-expiration": .name]

    static let requests: [ControlRequest] = try! [
        ControlRequest(verb: "simulate-launch", bundle: "com.example.news", argument: .name("com.example.news.refresh")),
        ControlRequest(verb: "simulate-expiration", bundle: ControlRequest.anyBundle, argument: .name("sync")),
        ControlRequest(verb: "push", bundle: "com.example.news", argument: .payload(Array(#"{"aps":{"content-available":1},"n":"a\nb"}"#.utf8))),
        ControlRequest(verb: "push", bundle: "a", argument: .payload([])),
    ]

    @Test(arguments: requests) func aRequestReadsBackAsItself(request: ControlRequest) {
        #expect(ControlRequest.decode(request.encoded, verbs: Self.verbs) == .request(request))
        #expect(ControlRequest.decode(request.encoded + Array("trailing".utf8), verbs: Self.verbs) == .request(request), "bytes after it are ignored")
        for cut in 0..<request.encoded.count {
            #expect(ControlRequest.decode(Array(request.encoded[..<cut]), verbs: Self.verbs) == .incomplete, "cut at \(cut)")
        }
    }

    @Test func theLinesAreThoseOfTheDocs() throws {
        let launch = try ControlRequest(verb: "simulate-launch", bundle: "com.example.news", argument: .name("com.example.news.refresh"))
        #expect(String(decoding: launch.encoded, as: UTF8.self) == "simulate-launch com.example.news com.example.news.refresh\n")
        let push = try ControlRequest(verb: "push", bundle: "com.example.news", argument: .payload(Array(#"{"aps":{"content-available":1}}"#.utf8)))
        #expect(String(decoding: push.encoded, as: UTF8.self) == "push com.example.news 31\n{\"aps\":{\"content-available\":1}}")
        #expect(String(decoding: ControlReply.ok("launched sync").encoded, as: UTF8.self) == "ok launched sync\n")
        #expect(String(decoding: ControlReply.error("no task\nhere").encoded, as: UTF8.self) == "error no task here\n")
    }

    @Test(arguments: [
        ("launch a b\n", "unknown request 'launch'; expected push, simulate-expiration or simulate-launch"),
        ("simulate-launch a\n", "the request line has 2 fields; it is VERB BUNDLE ARGUMENT"),
        ("simulate-launch a b c\n", "the request line has 4 fields; it is VERB BUNDLE ARGUMENT"),
        ("simulate-launch  a\n", "the bundle identifier '' cannot be sent: it is 1 to 255 printable ASCII characters without spaces"),
        ("simulate-launch a b\r\n", "the request line has byte 13 at 19; it is printable ASCII"),
        ("push a 4097\n", "the push's length '4097' is not a number of bytes up to 4096"),
        ("push a -1\n", "the push's length '-1' is not a number of bytes up to 4096"),
        ("push a 99999999999999999999\n", "the push's length '99999999999999999999' is not a number of bytes up to 4096"),
        ("\u{7F}\n", "the request line has byte 127 at 0; it is printable ASCII"),
    ])
    func malformedRequestsSayWhy(text: String, reason: String) {
        #expect(ControlRequest.decode(Array(text.utf8), verbs: Self.verbs) == .malformed(reason))
    }

    @Test func aLineWithoutItsNewlineIsMalformedPastTheLimit() {
        #expect(ControlRequest.decode(Array(repeating: UInt8(ascii: "a"), count: 1023), verbs: Self.verbs) == .incomplete)
        #expect(ControlRequest.decode(Array(repeating: UInt8(ascii: "a"), count: 1024), verbs: Self.verbs) == .malformed("the request line is longer than 1024 bytes"))
    }

    @Test func namesThatCannotBeWrittenAreRefusedBeforeSending() {
        #expect(throws: ControlError.self) { try ControlRequest(verb: "simulate-launch", bundle: "com.example news", argument: .name("x")) }
        #expect(throws: ControlError.self) { try ControlRequest(verb: "simulate-launch", bundle: "a", argument: .name(String(repeating: "x", count: 256))) }
        #expect(throws: ControlError.self) { try ControlRequest(verb: "push", bundle: "a", argument: .payload(Array(repeating: 32, count: 4097))) }
        #expect(throws: ControlError.self) { try ControlRequest(verb: "simulate launch", bundle: "a", argument: .name("x")) }
    }

    @Test(arguments: ["ok", "okay fine", "error", "", "OK done", "ok \u{FFFD}\n"])
    func replyLinesOutsideTheProtocolAreNotReplies(line: String) {
        #expect(ControlReply(line: Array(line.utf8)) == nil)
    }

    @Test func replyLinesReadBack() {
        #expect(ControlReply(line: Array("ok launched sync".utf8)) == .ok("launched sync"))
        #expect(ControlReply(line: Array("error ".utf8)) == .error(""))
        #expect(ControlReply(line: [0x6F, 0x6B, 0x20, 0xFF]) == nil, "not UTF-8")
    }

    /// Random bytes, and valid requests with bytes changed, cut or added: each is a request, incomplete or
    /// malformed, never a crash; what decodes encodes back to bytes that decode to the same request.
    @Test func anyBytesDecodeWithoutACrash() {
        var random = SplitMix64(seed: 17)
        let alphabet = Array("push simulate-launch simulate-expiration 0123456789 -\n{}".utf8)
        var decoded = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = Self.requests[Int(random.next() % UInt64(Self.requests.count))].encoded
                for _ in 0...(random.next() % 4) {
                    let at = Int(random.next() % UInt64(bytes.count + 1))
                    let byte = random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : alphabet[Int(random.next() % UInt64(alphabet.count))]
                    switch random.next() % 3 {
                    case 0 where at < bytes.count: bytes[at] = byte
                    case 1 where at < bytes.count: bytes.removeSubrange(at...)
                    default: bytes.insert(byte, at: at)
                    }
                }
            } else {
                bytes = (0..<(random.next() % 64)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            }
            if case .request(let request) = ControlRequest.decode(bytes, verbs: Self.verbs) {
                decoded += 1
                #expect(ControlRequest.decode(request.encoded, verbs: Self.verbs) == .request(request))
            }
        }
        #expect(decoded > 0, "some mutations still make requests")
    }
}
