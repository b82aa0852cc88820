import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's delegate for a `Fetcher`: redirects counted, the body streamed and capped.
/// URLSession keeps its delegate strongly; the fetcher breaks the cycle in `invalidate()`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    weak var fetcher: Fetcher?

    func urlSession(_ session: URLSession, task: URLSessionTask,
                    willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let fetcher, let next = request.url else { return completionHandler(nil) }
        let follow = fetcher.withTransfer(task) { transfer, _ in
            if let refusal = transfer.refuseRedirect(to: next, limit: fetcher.config.maxRedirects) {
                transfer.failure = refusal
                return false
            }
            return true
        }
        completionHandler(follow == true ? request : nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let allow = fetcher?.withTransfer(dataTask) { transfer, seconds in
            transfer.response = response as? HTTPURLResponse
            transfer.firstAnswerSeconds = seconds
            transfer.lastActivitySeconds = seconds
            if response.expectedContentLength > Int64(transfer.cap) {
                transfer.failure = .overCap(limit: transfer.cap)
                return false
            }
            return true
        }
        completionHandler(allow == true ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if fetcher?.receive(data, for: dataTask) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        fetcher?.finish(task, error: error)
    }
}
