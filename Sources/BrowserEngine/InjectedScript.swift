import EngineProcess
import Host
import LiveblogModel

/// The script injected at document start (Assets/embed/inject.js, X5) with its options: the
/// binding names, the hook, the page's selectors.
package enum InjectedScript {
    package static let channel = "__liveblogChannel"
    package static let bridge = "__liveblogBridge"
    /// engine-view.js's change notice (real time only): the layout and the geometry are read
    /// again only after one.
    package static let viewChanged = "__liveblogViewChanged"

    package static func source(assets: EmbedAssets, config: EngineConfig) -> String {
        let options: JSONValue = .obj(
            ("channel", .string(channel)), ("bridge", .string(bridge)),
            ("hook", hookSpec(config.hook, platform: config.device.platform)),
            ("elementSelector", .string(config.elementSelector)),
            ("postSelector", .string(config.postSelector)),
            ("postIdAttribute", .string(config.postIdAttribute)),
            ("highlightSelector", .string(config.highlightSelector)),
            ("chapterSelector", .string(config.chapterSelector)),
            ("scorerSelector", .string(config.scorerSelector)))
        return assets.text("inject.js").replacingOccurrences(of: "/*OPTIONS*/{}", with: ProtocolJSON.write(options))
    }

    /// The hook as the script's `makeHook` reads it.
    static func hookSpec(_ hook: EngineHook?, platform: Platform) -> JSONValue {
        switch hook {
        case nil: return .null
        case .shim: return .obj(("platform", .string(platform.webView.rawValue)))
        case let .custom(text, forward):
            return .obj(("text", .string(text)), ("forward", forward ? .string(platform.webView.rawValue) : .null))
        }
    }
}
