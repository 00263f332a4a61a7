/// Whether this test process runs under AddressSanitizer (`make check-sanitizers`, CI's second pass). There,
/// the sanitizer's own interceptors of `clock_gettime` and `dispatch_after` take the place of CVirtualClock's
/// weak definitions, so the app's code sees the wall clock and its delayed blocks real time: the device's
/// clock cannot reach app code in such a build (docs/guides/your-own-code.md, "Time": "Under a sanitizer"), and
/// the suites that depend on it are disabled there with ``reason``. The plain run (`make test`) runs them.
package enum AddressSanitizer {
    package static let isOn = TestSupport.sanitizers.contains("address")
    package static let reason = "under AddressSanitizer its interceptors of clock_gettime and dispatch_after replace the device's clock"
}
