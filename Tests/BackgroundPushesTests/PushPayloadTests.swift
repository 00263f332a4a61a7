import BackgroundCore
import BackgroundPushes
import JSON
import BackgroundTestKit
import Testing

@Suite struct PushPayloadTests {
    @Test func acceptsABackgroundPushAndKeepsTheAppsData() throws {
        let push = try PushPayload(bytes: Array(#"{"aps":{"content-available":1},"action":"sync","ids":[1,2]}"#.utf8), file: "sync.apns")
        #expect(push.targetBundle == nil)
        #expect(push.size == 59)
        #expect(push.userInfo["action"] == .string("sync"))
        #expect(push.userInfo.jsonText == #"{"aps":{"content-available":1},"action":"sync","ids":[1,2]}"#)
        #expect(push.headers == PushHeaders(priority: 5, pushType: "background"))
    }

    @Test func simulatorTargetBundleSelectsTheAppAndIsNotDelivered() throws {
        let text = #"{"Simulator Target Bundle": "com.example.news", "aps": {"content-available": 1}, "k": "v"}"#
        let push = try PushPayload(bytes: Array(text.utf8), file: "news.apns")
        #expect(push.targetBundle == "com.example.news")
        #expect(push.userInfo.jsonText == #"{"aps":{"content-available":1},"k":"v"}"#)
        #expect(push.size == text.utf8.count)   // the file is what simctl measures
    }

    @Test func acceptsExactly4096BytesAndNotOneMore() throws {
        func payload(_ size: Int) -> [UInt8] {
            let head = #"{"aps":{"content-available":1},"pad":""#
            return Array((head + String(repeating: "x", count: size - head.utf8.count - 2) + "\"}").utf8)
        }
        #expect(try PushPayload(bytes: payload(4096), file: "f.apns").size == 4096)
        #expect(throws: PushPayloadError(.payloadTooLarge, InputError(file: "f.apns",
            message: "the payload is 4097 bytes, more than APNs' 4096; send less and let the app fetch the rest"))) {
            try PushPayload(bytes: payload(4097), file: "f.apns")
        }
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        var headers = PushHeaders()
        let code: PushPayloadError.Code
        let line: String
        var testDescription: String { name }
    }

    static let rejections: [Rejection] = [
        Rejection(name: "not JSON", text: #"{"aps": {"content-available": 1}"#, code: .badPayload,
                  line: "p.apns: byte 32: the text ends where ',' or '}' after the value of 'aps' was expected; fix the JSON there (RFC 8259)"),
        Rejection(name: "top level an array", text: #"[{"aps":{}}]"#, code: .badPayload,
                  line: #"p.apns: the payload is not a JSON object; write it as {"aps": {"content-available": 1}}"#),
        Rejection(name: "no aps", text: #"{"content-available":1}"#, code: .badPayload,
                  line: #"p.apns: the payload has no 'aps' key; a background push holds "aps": {"content-available": 1}"#),
        Rejection(name: "aps not an object", text: #"{"aps":1}"#, code: .badPayload,
                  line: #"p.apns: aps: 'aps' is not an object; a background push holds "aps": {"content-available": 1}"#),
        Rejection(name: "alert", text: #"{"aps":{"content-available":1,"alert":"Hi"}}"#, code: .badPayload,
                  line: #"p.apns: aps.alert: a background push holds only "content-available": 1 in aps, and 'alert' makes it a visible notification; remove it, or put app data beside aps"#),
        Rejection(name: "sound", text: #"{"aps":{"sound":"default","content-available":1}}"#, code: .badPayload,
                  line: #"p.apns: aps.sound: a background push holds only "content-available": 1 in aps, and 'sound' makes it a visible notification; remove it, or put app data beside aps"#),
        Rejection(name: "badge", text: #"{"aps":{"content-available":1,"badge":3}}"#, code: .badPayload,
                  line: #"p.apns: aps.badge: a background push holds only "content-available": 1 in aps, and 'badge' makes it a visible notification; remove it, or put app data beside aps"#),
        Rejection(name: "other aps key", text: #"{"aps":{"content-available":1,"category":"x"}}"#, code: .badPayload,
                  line: #"p.apns: aps.category: a background push holds only "content-available": 1 in aps, and 'category' has no place in one; remove it, or put app data beside aps"#),
        Rejection(name: "content-available 0", text: #"{"aps":{"content-available":0}}"#, code: .badPayload,
                  line: #"p.apns: aps.content-available: is 0; a background push needs "content-available": 1"#),
        Rejection(name: "content-available true", text: #"{"aps":{"content-available":true}}"#, code: .badPayload,
                  line: #"p.apns: aps.content-available: is true; a background push needs "content-available": 1"#),
        Rejection(name: "content-available missing", text: #"{"aps":{}}"#, code: .badPayload,
                  line: #"p.apns: aps.content-available: is missing; a background push needs "content-available": 1"#),
        Rejection(name: "target bundle not a string", text: #"{"Simulator Target Bundle":7,"aps":{"content-available":1}}"#,
                  code: .badPayload, line: "p.apns: Simulator Target Bundle: must be the app's bundle identifier, a non-empty string"),
        Rejection(name: "priority 10", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(priority: 10), code: .badPriority,
                  line: "p.apns: apns-priority: 10 is for pushes that alert, sound or badge, an error with content-available alone; use apns-priority 5 (priority: 5)"),
        Rejection(name: "priority 1", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(priority: 1), code: .badPriority,
                  line: "p.apns: apns-priority: 1 never wakes the app; use apns-priority 5 (priority: 5)"),
        Rejection(name: "priority 7", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(priority: 7), code: .badPriority,
                  line: "p.apns: apns-priority: 7 is not an APNs priority; use apns-priority 5 (priority: 5)"),
        Rejection(name: "push type alert", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(pushType: "alert"),
                  code: .badPushType, line: "p.apns: apns-push-type: 'alert' is not a background push; use apns-push-type background (pushType: background)"),
    ]

    @Test(arguments: rejections) func rejectsWithOneLineNamingThePlace(_ c: Rejection) {
        #expect {
            try PushPayload(bytes: Array(c.text.utf8), file: "p.apns", headers: c.headers)
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.code == c.code && error.description == c.line
        }
    }

    @Test func validatesAValueFromTheManifestBySizeOfItsJSON() throws {
        let value = JSONValue.object([.init("aps", .object([.init("content-available", .number(1))])), .init("action", .string("sync"))])
        let push = try PushPayload(value: value, file: "app.yaml")
        #expect(push.size == value.jsonText.utf8.count)
        let big = JSONValue.object([.init("aps", .object([.init("content-available", .number(1))])),
                                    .init("pad", .string(String(repeating: "x", count: 5000)))])
        #expect(throws: PushPayloadError.self) { try PushPayload(value: big, file: "app.yaml") }
    }

    @Test func readsFilesAndSaysWhyOneCannotBeRead() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("sync.apns", #"{"Simulator Target Bundle":"com.example.news","aps":{"content-available":1}}"#)
        #expect(try PushPayload.read(path: good).targetBundle == "com.example.news")

        let huge = try folder.write("huge.apns", String(repeating: " ", count: 1_000_000))
        #expect(throws: PushPayloadError(.payloadTooLarge, InputError(file: huge,
            message: "the payload is 1000000 bytes, more than APNs' 4096; send less and let the app fetch the rest"))) {
            try PushPayload.read(path: huge)
        }
        #expect(throws: PushPayloadError(.badPayload, InputError(file: folder.path + "/none.apns",
            message: "cannot be read (No such file or directory); check the path"))) {
            try PushPayload.read(path: folder.path + "/none.apns")
        }
        #expect(throws: PushPayloadError(.badPayload, InputError(file: folder.path,
            message: "cannot be read (a directory, not a payload file); check the path"))) {
            try PushPayload.read(path: folder.path)
        }
    }

    @Test func anEndlessInputIsRefusedAfterTheLimit() {
        #expect(throws: PushPayloadError(.payloadTooLarge, InputError(file: "/dev/zero",
            message: "the payload is more than APNs' 4096 bytes; send less and let the app fetch the rest"))) {
            try PushPayload.read(path: "/dev/zero")
        }
    }

    @Test func readsTheExpirationHeader() {
        #expect(PushHeaders.Expiration(headerValue: 0) == .immediately)
        #expect(PushHeaders.Expiration(headerValue: 1_767_225_600) == .at(.defaultStart))
        #expect(PushHeaders.Expiration(headerValue: .max) == .at(SimTime(nanosecondsSinceEpoch: .max)))
        #expect(PushHeaders.Expiration(headerValue: .min) == .at(SimTime(nanosecondsSinceEpoch: .min)))
    }

    /// The fuzz target's seeds are real simctl files: the background ones pass, the alert one is refused.
    @Test func fuzzSeedsGiveTheExpectedAnswers() throws {
        let seeds = TestSupport.packageRoot + "/Fuzz/PushPayload/Seeds/"
        #expect(try PushPayload.read(path: seeds + "background.apns").targetBundle == nil)
        #expect(try PushPayload.read(path: seeds + "simctl-target.apns").targetBundle == "com.example.news")
        #expect(try PushPayload.read(path: seeds + "nested.apns").userInfo["a"] != nil)
        #expect(throws: PushPayloadError.self) { try PushPayload.read(path: seeds + "alert.apns") }
    }
}
