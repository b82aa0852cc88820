import CSupport

/// The process heap after a bulk phase run on several threads (B6, B7): a parallel parse frees
/// its garbage in the middle of two malloc arenas, where glibc's automatic trim (which only
/// shortens an arena's top) does not reach; `trim` hands every whole free page back (about 5 MB
/// after 100 000 heavy posts).
public enum Heap {
    /// glibc's `malloc_trim(0)`; nothing elsewhere.
    public static func trim() { _ = lb_trim_heap() }
}
