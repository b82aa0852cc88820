import CCurl
import Foundation

/// One libcurl easy handle for one hop of a `Transfer` (R1, R2, R6): a GET of the transfer's
/// current URL, http(s) only, no redirects followed by libcurl (the fetcher follows them, to
/// count and refuse loops), every encoding libcurl decodes accepted, and the body and headers
/// delivered to the transfer through the fetcher, under its lock, as they arrive.
final class CurlHandle {
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl's words for a failure (CURLOPT_ERRORBUFFER).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init?(for transfer: Transfer, config: FetchConfig) {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        lb_curl_set_string(easy, CURLOPT_URL, transfer.currentURL.absoluteString)
        lb_curl_set_pointer(easy, CURLOPT_PRIVATE, Unmanaged.passUnretained(transfer).toOpaque())
        lb_curl_set_callback(easy, CURLOPT_WRITEFUNCTION, CurlHandle.onBody)
        lb_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque())
        lb_curl_set_callback(easy, CURLOPT_HEADERFUNCTION, CurlHandle.onHeader)
        lb_curl_set_pointer(easy, CURLOPT_HEADERDATA, Unmanaged.passUnretained(transfer).toOpaque())
        lb_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        lb_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        lb_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        lb_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        lb_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")  // gzip, deflate, br, zstd: decoded by libcurl
        lb_curl_set_string(easy, CURLOPT_USERAGENT, config.userAgent)
        var lines: [String] = []
        if let etag = transfer.request.validators?.etag { lines.append("If-None-Match: \(etag)") }
        if let date = transfer.request.validators?.lastModified { lines.append("If-Modified-Since: \(date)") }
        for (name, value) in transfer.request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name): \(value)")
        }
        for line in lines where !line.contains("\r") && !line.contains("\n") {
            headerList = curl_slist_append(headerList, line)
        }
        if let headerList { lb_curl_set_list(easy, CURLOPT_HTTPHEADER, headerList) }
    }

    deinit {
        curl_easy_cleanup(easy)
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// What libcurl's code means for the fetch, or nil when it is CURLE_OK.
    func failure(_ code: CURLcode, url: URL) -> FetchError.Kind? {
        guard code != CURLE_OK else { return nil }
        let detail = String(cString: errorBuffer)
        return FetchError.kind(curlCode: code, detail: detail, url: url)
    }

    /// CURLOPT_WRITEFUNCTION: decoded body bytes; a count other than `size * count` stops the
    /// transfer at once (CURLE_WRITE_ERROR), which is how the cap is kept.
    static let onBody: lb_curl_data_callback = { data, size, count, user in
        let n = size * count
        guard let data, let user else { return n }
        let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
        guard let fetcher = transfer.fetcher else { return 0 }
        return fetcher.receive(UnsafeRawBufferPointer(start: data, count: n), for: transfer) ? n : 0
    }

    /// CURLOPT_HEADERFUNCTION: one header line (status lines included) at a time.
    static let onHeader: lb_curl_data_callback = { data, size, count, user in
        let n = size * count
        guard let data, let user else { return n }
        let transfer = Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue()
        guard let fetcher = transfer.fetcher else { return 0 }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: n), as: UTF8.self)
        return fetcher.receiveHeader(line, for: transfer) ? n : 0
    }
}
