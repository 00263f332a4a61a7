import BackgroundTestKit
import BackgroundTransfers
import Foundation
import Synchronization

/// `count` bytes that differ from one position to the next (so a misplaced range shows), the same every run.
func pattern(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
    var state = seed
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            buffer[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        initialized = count
    }
}

/// The bytes of the file at `path`, or nil when there is none.
func bytes(at path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// The last progress an attempt reported.
final class ProgressLog: Sendable {
    private let last = Mutex<TransferProgress?>(nil)

    var latest: TransferProgress? { last.withLock { $0 } }

    var callback: @Sendable (TransferProgress) -> Void {
        { [self] progress in last.withLock { $0 = progress } }
    }
}

/// The error an attempt that must fail threw.
func failure(_ attempt: () async throws(TransportError) -> TransferResponse) async -> TransportError? {
    do {
        _ = try await attempt()
        return nil
    } catch {
        return error
    }
}
