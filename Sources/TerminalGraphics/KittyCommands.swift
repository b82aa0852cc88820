/// Kitty graphics commands besides transmitting (kitty docs, "Terminal graphics protocol":
/// "Controlling displayed images", "Deleting images"). All with `q=2`: the terminal sends no reply
/// that would land in the input.
public enum KittyCommands {
    static func apc(_ keys: String) -> String { "\u{1B}_G" + keys + "\u{1B}\\" }

    /// Places image `id` (placement 1) at the cursor: the source rect (x, y, w, h) in the image's
    /// pixels, shown over `cols` × `rows` cells; an existing placement 1 of `id` moves here.
    public static func place(id: UInt32, x: Int, y: Int, w: Int, h: Int, cols: Int, rows: Int) -> String {
        apc("a=p,i=\(id),p=1,x=\(x),y=\(y),w=\(w),h=\(h),c=\(cols),r=\(rows),C=1,q=2")
    }

    /// Removes the placements of image `id`, keeping its data for a later `place`.
    public static func deletePlacements(id: UInt32) -> String { apc("a=d,d=i,i=\(id),q=2") }

    /// Removes image `id` and frees its data.
    public static func deleteImage(id: UInt32) -> String { apc("a=d,d=I,i=\(id),q=2") }

    /// Removes every image placement (at exit).
    public static let deleteAll = apc("a=d,d=A,q=2")
}
