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
        #expect(push.headers == PushHeaders(priority: nil, pushType: nil))
    }

    @Test func simulatorTargetBundleSelectsTheAppAndIsNotDelivered() throws {
        let text = #"{"Simulator Target Bundle": "com.example.news", "aps": {"content-available": 1}, "k": "v"}"#
        let push = try PushPayload(bytes: Array(text.utf8), file: "news.apns")
        #expect(push.targetBundle == "com.example.news")
        #expect(push.userInfo.jsonText == #"{"aps":{"content-available":1},"k":"v"}"#)
        #expect(push.size == text.utf8.count)   // the file is what simctl measures
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let line: String
        var testDescription: String { name }
    }

    /// Only what is not a JSON object is refused when read; the rest is judged when sent (PushDeliveryTests).
    static let refusals: [Refusal] = [
        Refusal(name: "not JSON", text: #"{"aps": {"content-available": 1}"#,
                line: "p.apns:1:33: byte 32: the text ends where ',' or '}' after the value of 'aps' was expected; fix the JSON there (RFC 8259)"),
        Refusal(name: "a trailing comma on line 3", text: "{\n  \"aps\": {\"alert\": \"héllo\"},\n}",
                line: "p.apns:3:1: byte 32: a comma before '}'; remove the trailing comma (RFC 8259)"),
        Refusal(name: "top level an array", text: #"[{"aps":{}}]"#,
                line: #"p.apns: the payload is not a JSON object; write it as {"aps": {"content-available": 1}}"#),
    ]

    @Test(arguments: refusals) func refusesWhatIsNotAJSONObject(_ c: Refusal) {
        #expect {
            try PushPayload(bytes: Array(c.text.utf8), file: "p.apns")
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.code == .badPayload && error.description == c.line
        }
    }

    @Test func readsAnyObjectAndLeavesTheRulesToTheSending() throws {
        let alert = try PushPayload(bytes: Array(#"{"aps":{"alert":"Hi","category":"c"}}"#.utf8), file: "a.apns")
        #expect(alert.userInfo["aps"]?["alert"] == .string("Hi"))
        #expect(try PushPayload(bytes: Array(#"{"no":"aps"}"#.utf8), file: "n.apns").userInfo["no"] == .string("aps"))
        let odd = try PushPayload(bytes: Array(#"{"Simulator Target Bundle":7,"aps":{}}"#.utf8), file: "o.apns")
        #expect(odd.targetBundle == nil)
        #expect(odd.userInfo.jsonText == #"{"aps":{}}"#)
    }

    @Test func measuresAValueFromTheManifestByItsJSON() throws {
        let value = JSONValue.object([.init("aps", .object([.init("content-available", .number(1))])), .init("action", .string("sync"))])
        let push = try PushPayload(value: value, file: "app.yaml")
        #expect(push.size == value.jsonText.utf8.count)
        let big = JSONValue.object([.init("aps", .object([.init("content-available", .number(1))])),
                                    .init("pad", .string(String(repeating: "x", count: 5000)))])
        #expect(try PushPayload(value: big, file: "app.yaml").size == 5040)
        #expect(throws: PushPayloadError.self) { try PushPayload(value: .array([]), file: "app.yaml") }
    }

    @Test func readsFilesAndSaysWhyOneCannotBeRead() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("sync.apns", #"{"Simulator Target Bundle":"com.example.news","aps":{"content-available":1}}"#)
        #expect(try PushPayload.read(path: good).targetBundle == "com.example.news")

        let fiveKB = try folder.write("5k.apns", #"{"aps":{"content-available":1},"pad":""# + String(repeating: "x", count: 5000) + "\"}")
        #expect(try PushPayload.read(path: fiveKB).size == 5040)   // read; refused when sent
        let huge = try folder.write("huge.apns", String(repeating: " ", count: 1_000_000))
        #expect(throws: PushPayloadError(.payloadTooLarge, InputError(file: huge,
            message: "the file is 1000000 bytes, not a push payload (APNs takes at most 4096 bytes, 5120 for VoIP)"))) {
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
            message: "the file is more than 65536 bytes, not a push payload (APNs takes at most 4096 bytes, 5120 for VoIP)"))) {
            try PushPayload.read(path: "/dev/zero")
        }
    }

    @Test func readsTheExpirationHeader() {
        #expect(PushHeaders.Expiration(headerValue: 0) == .immediately)
        #expect(PushHeaders.Expiration(headerValue: 1_767_225_600) == .at(.defaultStart))
        #expect(PushHeaders.Expiration(headerValue: .max) == .at(SimTime(nanosecondsSinceEpoch: .max)))
        #expect(PushHeaders.Expiration(headerValue: .min) == .at(SimTime(nanosecondsSinceEpoch: .min)))
    }

    /// The fuzz target's seeds are real simctl files: all read, the alert one is a notification shown.
    @Test func fuzzSeedsGiveTheExpectedAnswers() throws {
        let seeds = TestSupport.packageRoot + "/Fuzz/PushPayload/Seeds/"
        #expect(try PushPayload.read(path: seeds + "background.apns").targetBundle == nil)
        #expect(try PushPayload.read(path: seeds + "simctl-target.apns").targetBundle == "com.example.news")
        #expect(try PushPayload.read(path: seeds + "nested.apns").userInfo["a"] != nil)
        let alert = try PushDelivery(payload: PushPayload.read(path: seeds + "alert.apns"), headers: PushHeaders())
        #expect(alert.displaysNotification && !alert.wakesApp)
    }
}
