// fuzz-seeds: Fuzz/PushPayload/Seeds/* Tests/Regressions/PushPayload/*
import BackgroundPushes
import JSON
import FuzzSupport

/// Fuzzes the push payload reader (`PushPayload(bytes:file:)` and the JSON reader under it) and the rules
/// of `PushDelivery`: any bytes give a payload or a `PushPayloadError`, and any payload a delivery or a
/// `PushPayloadError`, never a crash, a hang or unbounded memory; and any JSON it
/// reads, written back as compact text, reads back as the same value.
@main enum FuzzPushPayload {
    static func main() {
        FuzzDriver.run { raw in
            let bytes = Array(raw)
            if let payload = try? PushPayload(bytes: bytes, file: "fuzz.apns") {
                _ = try? PushDelivery(payload: payload, headers: PushHeaders())
            }
            guard let value = try? JSONValue(parsing: bytes, file: "fuzz.apns") else { return }
            let again = try? JSONValue(parsing: Array(value.jsonText.utf8), file: "fuzz.apns")
            precondition(again == value, "the compact text of a JSON value does not read back as the same value")
        }
    }
}
