import BackgroundTestKit
import Combine
import Testing
import UIKit

/// An app whose background service uses Combine's timed publishers: a timer publisher on the main run loop,
/// and a subject debounced on the main queue and on the main run loop.
final class CombineTimersApp: UIResponder, UIApplicationDelegate {
    var ticks: [Date] = []
    var debouncedOnQueue: [(Int, Date)] = []
    var debouncedOnRunLoop: [(Int, Date)] = []
    let changes = PassthroughSubject<Int, Never>()
    var cancellables = Set<AnyCancellable>()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Timer.publish(every: 60, on: .main, in: .common)
            .autoconnect()
            .sink { date in MainActor.assumeIsolated { self.ticks.append(date) } }
            .store(in: &cancellables)
        changes.debounce(for: .seconds(30), scheduler: DispatchQueue.main)
            .sink { value in MainActor.assumeIsolated { self.debouncedOnQueue.append((value, Date())) } }
            .store(in: &cancellables)
        changes.debounce(for: .seconds(45), scheduler: RunLoop.main)
            .sink { value in MainActor.assumeIsolated { self.debouncedOnRunLoop.append((value, Date())) } }
            .store(in: &cancellables)
        changes.send(1)
        changes.send(2)
        return true
    }
}

/// Under AddressSanitizer its interceptors of clock_gettime and dispatch_after replace the device's clock (as
/// AppCodeTests' suites say), so this suite runs in the plain run only.
@Suite(
    .serialized,
    .disabled(if: TestSupport.sanitizers.contains("address"), "AddressSanitizer's interceptors replace the device's clock")
) @MainActor struct DeviceClockTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func timersAndDebounceRunOnTheDevicesClock() async throws {
        let device = try EmulatedDevice(manifest: "app: com.example.combine")
        let app = CombineTimersApp()
        let wall = ContinuousClock.now
        try await device.launch(app)
        try await device.run(for: .seconds(3600))
        #expect(ContinuousClock.now - wall < .seconds(30))
        #expect(app.ticks == (1...60).map { Self.start + Double($0 * 60) })
        #expect(app.debouncedOnQueue.map(\.0) == [2])
        #expect(app.debouncedOnQueue.map(\.1) == [Self.start + 30])
        #expect(app.debouncedOnRunLoop.map(\.0) == [2])
        #expect(app.debouncedOnRunLoop.map(\.1) == [Self.start + 45])
    }
}
