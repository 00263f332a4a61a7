// fuzz-seeds: Fuzz/ControlRequest/Seeds/*
import AppControl
import FuzzSupport

/// Fuzzes the control socket's wire format (`ControlRequest.decode`, `ControlReply(line:)`): any bytes are a
/// request, incomplete or malformed, never a crash, a hang or unbounded memory; a request that decodes
/// encodes back to bytes that decode to the same request.
@main enum FuzzControlRequest {
    /// The standard app's verbs.
    static let verbs: [String: ControlRequest.Shape] = ["push": .payload, "simulate-launch": .name, "simulate-expiration": .name]

    static func main() {
        FuzzDriver.run { raw in
            let bytes = Array(raw)
            _ = ControlReply(line: bytes)
            guard case .request(let request) = ControlRequest.decode(bytes, verbs: verbs) else { return }
            precondition(
                ControlRequest.decode(request.encoded, verbs: verbs) == .request(request), "an encoded request does not decode to itself")
        }
    }
}
