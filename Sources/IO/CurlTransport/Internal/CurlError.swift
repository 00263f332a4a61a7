import BackgroundTransfers
import CCurl

/// A `CURLcode` other than `CURLE_OK`, with the libcurl function that returned it, modelled on `Errno`:
/// the code is the `rawValue`, and the description is libcurl's own text (`curl_easy_strerror`) after the
/// function's name: "curl_easy_perform: Couldn't connect to server".
///
/// It stays inside the module: the transport's callers get a ``TransportError`` (a URLError name), made
/// from this by ``transportError(detail:)``.
struct CurlError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    var rawValue: UInt32
    /// The libcurl function that returned it ("" when made from a raw value).
    var function: String

    init(rawValue: UInt32) {
        self.rawValue = rawValue
        self.function = ""
    }

    init(_ code: CURLcode, function: StaticString) {
        self.rawValue = code.rawValue
        self.function = "\(function)"
    }

    var code: CURLcode { CURLcode(rawValue: rawValue) }

    /// libcurl's text for the code.
    var message: String { system_curl_easy_strerror(code) }

    var description: String { function.isEmpty ? message : "\(function): \(message)" }

    static func == (lhs: CurlError, rhs: CurlError) -> Bool { lhs.rawValue == rhs.rawValue }

    func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The URLError name of the failure, with `detail` (libcurl's error buffer when it filled it, else
    /// this error's description).
    func transportError(detail: String?) -> TransportError {
        let detail = detail.flatMap { $0.isEmpty ? nil : $0 } ?? description
        return TransportError(Self.urlErrorCodes[rawValue] ?? .unknown, detail)
    }

    private static let urlErrorCodes: [UInt32: TransportError.Code] = [
        CURLE_UNSUPPORTED_PROTOCOL.rawValue: .unsupportedURL,
        CURLE_URL_MALFORMAT.rawValue: .badURL,
        CURLE_COULDNT_RESOLVE_PROXY.rawValue: .cannotFindHost,
        CURLE_COULDNT_RESOLVE_HOST.rawValue: .cannotFindHost,
        CURLE_COULDNT_CONNECT.rawValue: .cannotConnectToHost,
        CURLE_OPERATION_TIMEDOUT.rawValue: .timedOut,
        CURLE_PARTIAL_FILE.rawValue: .networkConnectionLost,
        CURLE_GOT_NOTHING.rawValue: .networkConnectionLost,
        CURLE_SEND_ERROR.rawValue: .networkConnectionLost,
        CURLE_RECV_ERROR.rawValue: .networkConnectionLost,
        CURLE_HTTP2.rawValue: .networkConnectionLost,
        CURLE_HTTP2_STREAM.rawValue: .networkConnectionLost,
        CURLE_WEIRD_SERVER_REPLY.rawValue: .badServerResponse,
        CURLE_BAD_CONTENT_ENCODING.rawValue: .badServerResponse,
        CURLE_ABORTED_BY_CALLBACK.rawValue: .cancelled,
        CURLE_TOO_MANY_REDIRECTS.rawValue: .httpTooManyRedirects,
        CURLE_SSL_CONNECT_ERROR.rawValue: .secureConnectionFailed,
        CURLE_SSL_ENGINE_NOTFOUND.rawValue: .secureConnectionFailed,
        CURLE_SSL_CERTPROBLEM.rawValue: .secureConnectionFailed,
        CURLE_SSL_CIPHER.rawValue: .secureConnectionFailed,
        CURLE_SSL_CACERT_BADFILE.rawValue: .secureConnectionFailed,
        CURLE_SSL_SHUTDOWN_FAILED.rawValue: .secureConnectionFailed,
        CURLE_PEER_FAILED_VERIFICATION.rawValue: .serverCertificateUntrusted,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH.rawValue: .serverCertificateUntrusted,
        CURLE_SSL_INVALIDCERTSTATUS.rawValue: .serverCertificateUntrusted,
        CURLE_READ_ERROR.rawValue: .cannotOpenFile,
        CURLE_WRITE_ERROR.rawValue: .cannotWriteToFile,
    ]
}

/// Throws the ``CurlError`` of a code other than `CURLE_OK`.
func curlCheck(_ code: CURLcode, _ function: StaticString) throws(CurlError) {
    if code != CURLE_OK { throw CurlError(code, function: function) }
}
