import BackgroundTransfers
@testable import CurlTransport
import Testing

/// libcurl is loaded on the first transfer (dlopen), not linked: its absence is a transfer error that says
/// what to install.
struct CurlLibraryTests {
    @Test func libcurlIsLoadedOnFirstUseAndItsAbsenceSaysWhatToInstall() throws {
        // Loaded: the real library has every function (again and again: the first load's table stays).
        #expect(CurlLibrary.load("libcurl.so.4") == nil)
        #expect(CurlLibrary.unavailable == nil)
        // Absent: the error names the library and the package to install.
        let absent = try #require(CurlLibrary.load("libcurl-absent.so.9"))
        #expect(absent.code == .unknown)
        #expect(absent.detail.contains("libcurl-absent.so.9"), "\(absent.detail)")
        #expect(absent.detail.contains("apt-get install libcurl4"), "\(absent.detail)")
        // Present but not libcurl: a library without curl_easy_init is refused, not called.
        let notCurl = try #require(CurlLibrary.load("libm.so.6"))
        #expect(notCurl.detail.contains("libm.so.6 lacks a function bgkit needs"), "\(notCurl.detail)")
        // The loaded table is still libcurl's: its own text for a code.
        #expect(CurlError(rawValue: 7).message == "Couldn't connect to server")
    }
}
