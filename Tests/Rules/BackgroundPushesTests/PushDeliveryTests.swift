import BackgroundCore
import BackgroundPushes
import Testing

@Suite struct PushDeliveryTests {
    static func payload(_ text: String) throws -> PushPayload { try PushPayload(bytes: Array(text.utf8), file: "p.apns") }

    struct Taken: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        var headers = PushHeaders()
        let type: PushDelivery.PushType
        let priority: Int
        let displays: Bool
        let wakes: Bool
        var testDescription: String { name }
    }

    static let taken: [Taken] = [
        Taken(name: "background push", text: #"{"aps":{"content-available":1}}"#, type: .background, priority: 5, displays: false, wakes: true),
        Taken(name: "alert", text: #"{"aps":{"alert":"Hi"}}"#, type: .alert, priority: 10, displays: true, wakes: false),
        Taken(name: "sound only", text: #"{"aps":{"sound":"default"}}"#, type: .alert, priority: 10, displays: true, wakes: false),
        Taken(name: "badge only, priority 5", text: #"{"aps":{"badge":2}}"#, headers: PushHeaders(priority: 5), type: .alert, priority: 5,
              displays: true, wakes: false),
        Taken(name: "alert and content-available", text: #"{"aps":{"alert":"Hi","content-available":1}}"#, type: .alert, priority: 10,
              displays: true, wakes: true),
        Taken(name: "other aps keys", text: #"{"aps":{"alert":{"title":"t"},"mutable-content":1,"thread-id":"a","category":"c","interruption-level":"time-sensitive","relevance-score":0.5}}"#,
              type: .alert, priority: 10, displays: true, wakes: false),
        Taken(name: "category beside content-available", text: #"{"aps":{"content-available":1,"category":"c"}}"#,
              type: .background, priority: 5, displays: false, wakes: true),
        Taken(name: "voip with an empty aps", text: #"{"aps":{}}"#, headers: PushHeaders(pushType: "voip"), type: .voip, priority: 10,
              displays: false, wakes: true),
        Taken(name: "voip with an alert shows nothing", text: #"{"aps":{"alert":"Call"}}"#, headers: PushHeaders(pushType: "voip"),
              type: .voip, priority: 10, displays: false, wakes: true),
    ]

    @Test(arguments: taken) func takesWellFormedPayloads(_ c: Taken) throws {
        let delivery = try PushDelivery(payload: Self.payload(c.text), headers: c.headers)
        #expect(delivery.pushType == c.type)
        #expect(delivery.priority == c.priority)
        #expect(delivery.displaysNotification == c.displays)
        #expect(delivery.wakesApp == c.wakes)
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
        Rejection(name: "no aps", text: #"{"content-available":1}"#, code: .badPayload,
                  line: #"p.apns: the payload has no 'aps' key; APNs delivers only payloads with an aps object, such as "aps": {"content-available": 1}"#),
        Rejection(name: "aps not an object", text: #"{"aps":1}"#, code: .badPayload,
                  line: #"p.apns: aps: 'aps' is not an object; APNs delivers only payloads with an aps object, such as "aps": {"content-available": 1}"#),
        Rejection(name: "content-available 0", text: #"{"aps":{"content-available":0}}"#, code: .badPayload,
                  line: #"p.apns: aps.content-available: is 0; a background push needs "content-available": 1"#),
        Rejection(name: "content-available true", text: #"{"aps":{"content-available":true}}"#, code: .badPayload,
                  line: #"p.apns: aps.content-available: is true; a background push needs "content-available": 1"#),
        Rejection(name: "nothing to show or wake", text: #"{"aps":{"category":"c"}}"#, code: .badPayload,
                  line: #"p.apns: aps.content-available: is missing; a background push needs "content-available": 1"#),
        Rejection(name: "alert type with nothing to show", text: #"{"aps":{"category":"c"}}"#, headers: PushHeaders(pushType: "alert"),
                  code: .badPayload, line: #"p.apns: aps: has no alert, sound or badge to show; add one, or send "content-available": 1 as a background push"#),
        Rejection(name: "background priority 10", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(priority: 10), code: .badPriority,
                  line: "p.apns: apns-priority: 10 is for pushes that alert, sound or badge, an error with content-available alone; use apns-priority 5 (priority: 5)"),
        Rejection(name: "background priority 1", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(priority: 1), code: .badPriority,
                  line: "p.apns: apns-priority: 1 never wakes the app; use apns-priority 5 (priority: 5)"),
        Rejection(name: "priority 7", text: #"{"aps":{"alert":"Hi"}}"#, headers: PushHeaders(priority: 7), code: .badPriority,
                  line: "p.apns: apns-priority: 7 is not an APNs priority (10, 5 or 1)"),
        Rejection(name: "alert type, content-available alone", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(pushType: "alert"),
                  code: .badPushType, line: "p.apns: apns-push-type: 'alert' is for notifications that alert, sound or badge; use apns-push-type background (pushType: background) for content-available alone"),
        Rejection(name: "background type with an alert", text: #"{"aps":{"content-available":1,"badge":3}}"#, headers: PushHeaders(pushType: "background"),
                  code: .badPushType, line: "p.apns: apns-push-type: 'background' is for pushes that show nothing, and aps.badge makes this one visible; use apns-push-type alert (pushType: alert)"),
        Rejection(name: "complication", text: #"{"aps":{"content-available":1}}"#, headers: PushHeaders(pushType: "complication"),
                  code: .badPushType, line: "p.apns: apns-push-type: 'complication' is not a push type bgkit delivers; use alert, background or voip"),
    ]

    @Test(arguments: rejections) func rejectsAsAPNsAnswersASender(_ c: Rejection) throws {
        let payload = try Self.payload(c.text)
        #expect {
            try PushDelivery(payload: payload, headers: c.headers)
        } throws: { error in
            guard let error = error as? PushPayloadError else { return false }
            return error.code == c.code && error.description == c.line
        }
    }

    @Test func takes4096BytesAndNotOneMoreBut5120ForVoIP() throws {
        func payload(_ size: Int) throws -> PushPayload {
            let head = #"{"aps":{"content-available":1},"pad":""#
            return try Self.payload(head + String(repeating: "x", count: size - head.utf8.count - 2) + "\"}")
        }
        #expect(try PushDelivery(payload: payload(4096), headers: PushHeaders()).wakesApp)
        #expect(throws: PushPayloadError(.payloadTooLarge, InputError(file: "p.apns",
            message: "the payload is 4097 bytes, more than APNs' 4096; send less and let the app fetch the rest"))) {
            try PushDelivery(payload: payload(4097), headers: PushHeaders())
        }
        #expect(try PushDelivery(payload: payload(5120), headers: PushHeaders(pushType: "voip")).pushType == .voip)
        #expect(throws: PushPayloadError(.payloadTooLarge, InputError(file: "p.apns",
            message: "the payload is 5121 bytes, more than APNs' 5120; send less and let the app fetch the rest"))) {
            try PushDelivery(payload: payload(5121), headers: PushHeaders(pushType: "voip"))
        }
    }
}
