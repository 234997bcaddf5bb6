import Testing
import CalGrid
@testable import CalGridJSON

/// The native format's `kind`: `"event"` makes an event, `"todo"` (or none) a todo; an event
/// with a completion or as a challenge, or another kind, is a located `invalidKind` issue.
@Suite struct EventJSONTests {
    func setIssue(_ text: String) -> ImportIssue? {
        var set = TodoSet()
        do throws(ImportError) { try set.importJSON(bytes: Array(text.utf8)) } catch {
            if case .invalidInput(let i) = error { #expect(set.isEmpty); return i }
        }
        return nil
    }

    @Test func kindReadsAndWritesBack() throws {
        var set = TodoSet()
        try set.importJSON(bytes: Array(#"""
        [{"id":"m","title":"standup","startDate":"2026-11-02","endDate":"2026-11-04","kind":"event"},
         {"id":"t","title":"report","kind":"todo","iscompleted":true},
         {"id":"n","title":"plain","kind":null}]
        """#.utf8))
        #expect(set.isEvent(at: 0) && !set.isEvent(at: 1) && !set.isEvent(at: 2))
        let text = String(decoding: set.exportJSONBytes(format: .jsonLines), as: UTF8.self)
        // Only an event says its kind; a todo's is the default.
        #expect(text.components(separatedBy: "\"kind\"").count == 2)
        #expect(text.hasPrefix(#"{"id":"m","title":"standup","startDate":"2026-11-02","endDate":"2026-11-04","kind":"event"}"#))
        var back = TodoSet()
        try back.importJSON(bytes: Array(text.utf8))
        #expect(back.drafts == set.drafts)
    }

    @Test func wrongKindsAreLocated() throws {
        let other = try #require(setIssue(#"[{"id":"a","title":"t"},{"id":"b","title":"t","kind":"meeting"}]"#))
        #expect(other.reason == .invalidKind && other.field == "kind" && other.recordIndex == 1)
        #expect(other.detail.contains(#"expected "event" or "todo""#))
        let number = try #require(setIssue(#"[{"id":"b","title":"t","kind":1}]"#))
        #expect(number.reason == .invalidKind)
        let done = try #require(setIssue(#"[{"id":"b","title":"t","startDate":"2026-11-02","kind":"event","iscompleted":true}]"#))
        #expect(done.reason == .invalidKind && done.field == "kind" && done.rejection == .eventNeverDone(position: 0, id: "b"))
        #expect(done.message.contains(TodoError.eventNeverDone(position: 0, id: "b").description))
        let ticked = try #require(setIssue(#"[{"id":"b","title":"t","startDate":"2026-11-02","endDate":"2026-11-02","kind":"event","completed":[false]}]"#))
        #expect(ticked.reason == .invalidKind)
        let challenge = try #require(setIssue(#"[{"id":"b","title":"t","kind":"event","isChallenge":true}]"#))
        #expect(challenge.reason == .invalidKind && challenge.rejection == .eventChallenge(position: 0, id: "b"))
    }
}
