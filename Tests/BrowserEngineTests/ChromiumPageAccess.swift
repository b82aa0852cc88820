import BrowserEngine

/// The tests of this target that open Chromium read its page directly; the program reads what
/// both engines answer through `EngineWebPage.driver` (`chromium` is nil in WebKit).
extension EngineWebPage {
    var engine: EnginePage {
        guard let c = chromium else { preconditionFailure("this test opens Chromium, not WebKit") }
        return c
    }
}
