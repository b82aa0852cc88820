import CTurboJPEG
import Foundation
import ImageDecoding

// B10 (`liveblog bench`, `frame_p99_ms_decoding`): 200 real JPEG photos of 1280×720 decoded
// by libjpeg-turbo on the DecodeWorker's background threads while the reader scrolls; the frame
// times are those of `FrameBench` (B1's frame at 200×60), polled as the run loop polls.

/// A 1280×720 photo-like JPEG (gradients and noise, quality 85) encoded by libjpeg-turbo.
func benchPhotoJPEG(seed: Int, width: Int = 1280, height: Int = 720) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = Int(state >> 27)
            let i = (y * width + x) * 3
            rgb[i] = UInt8((x * 255 / width + seed * 37 + noise) & 0xFF)
            rgb[i + 1] = UInt8((y * 255 / height + noise) & 0xFF)
            rgb[i + 2] = UInt8(((x + y) * 255 / (width + height) + seed) & 0xFF)
        }
    }
    guard let handle = tjInitCompress() else { return [] }
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let ok = rgb.withUnsafeBufferPointer { source in
        tjCompress2(handle, source.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                    &buffer, &size, Int32(TJSAMP_420.rawValue), 85, 0)
    }
    defer { if let buffer { tjFree(buffer) } }
    guard ok == 0, let buffer else { return [] }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
}

/// B10: the 99th percentile frame time in ms while `photos` JPEGs decode, and the frames drawn.
func benchFramesWhileDecoding(posts: Int, photos: Int = 200) -> (p99: Double, frames: Int, decoded: Int) {
    let jpegs = (0..<8).map { benchPhotoJPEG(seed: $0) }
    let bench = FrameBench(posts: posts)
    for _ in 0..<64 { bench.benchOneFrame() }
    let worker = DecodeWorker<Int>(maxConcurrent: 2)
    for k in 0..<photos { worker.submit(key: k, data: jpegs[k % jpegs.count]) }
    var times: [Double] = []
    var decoded = 0
    let deadline = DispatchTime.now().uptimeNanoseconds + 120_000_000_000
    while decoded < photos, DispatchTime.now().uptimeNanoseconds < deadline {
        let start = DispatchTime.now().uptimeNanoseconds
        decoded += worker.poll().count
        bench.benchOneFrame()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        // The rest of a 60 Hz frame: the run loop sleeps until the next one.
        let spent = DispatchTime.now().uptimeNanoseconds - start
        if spent < 16_666_666 { usleep(UInt32((16_666_666 - spent) / 1000)) }
    }
    let sorted = times.sorted()
    let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    return (p99, times.count, decoded)
}
