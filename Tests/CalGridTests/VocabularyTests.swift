import Testing
import CalGrid

/// The core's vocabulary: sentences that name fields by their one name and say nothing positional.
@Suite struct CoreVocabularyTests {
    @Test func errorSentencesNameFieldsByTheirName() {
        let s = CivilDate(_unchecked: 740_000), e = CivilDate(_unchecked: 739_990)
        let end = TodoError.endBeforeStart(position: 4, id: "x", start: s, end: e).description
        #expect(end == "endDate " + e.iso8601 + " is before startDate " + s.iso8601)
        #expect(TodoError.completedDaysWithoutSpan(position: 0, id: "x").description.contains("startDate and endDate"))
        #expect(TodoError.completedDaysCountMismatch(position: 0, id: "x", expected: 3, actual: 1).description
                == "1 completion flag for 3 repeat days")
        #expect(TodoError.idTooLong(position: 0, byteCount: 300).description.contains("300"))
        #expect(TodoError.reminderOutOfRange(position: 0, id: "x", minutes: 1440).description.contains("1440"))
        // No position leaks into a sentence: the layers add where, each in its own numbering.
        let all: [TodoError] = [.emptyID(position: 7), .idTooLong(position: 7, byteCount: 300), .duplicateID(position: 7, id: "a"),
                                .endBeforeStart(position: 7, id: "a", start: s, end: e),
                                .completedDaysCountMismatch(position: 7, id: "a", expected: 2, actual: 1),
                                .completedDaysWithoutSpan(position: 7, id: "a"), .emptyRepetition(position: 7, id: "a"),
                                .reminderOutOfRange(position: 7, id: "a", minutes: -5), .unknownID("a"),
                                .dayNotTracked(position: 7, day: s), .capacityExceeded]
        for x in all {
            #expect(!x.description.isEmpty && !x.description.contains("7"), "\(x.description)")
        }
    }

    @Test func invertedRangeReadsAsDates() {
        #expect(DateError.invertedRange(first: 740_000, last: 739_990).description
                == "the range ends on " + CivilDate(_unchecked: 739_990).iso8601 + ", before it starts on "
                + CivilDate(_unchecked: 740_000).iso8601)
        #expect(DateError.invertedRange(first: .max, last: .min).description.contains("day \(Int32.min)"))
    }

    @Test func fieldNamesAreUnique() {
        #expect(Set(TodoField.allCases.map(\.nameText)).count == TodoField.allCases.count)
        #expect(TodoError.reminderOutOfRange(position: 0, id: "", minutes: 0).field?.nameText == "reminderTime")
    }
}
