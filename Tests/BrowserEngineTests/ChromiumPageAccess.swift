import BrowserEngine
import Chromium

/// The tests of this target that open Chromium read its page directly; the program reads what
/// both engines answer through `EngineWebPage.driver`, and names neither engine.
extension EngineWebPage {
    var engine: EnginePage {
        guard let c = driver as? EnginePage else { preconditionFailure("this test opens Chromium, not WebKit") }
        return c
    }
}
