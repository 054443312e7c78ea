import Foundation
import Testing

@testable import InAppEngine

@Suite struct TextRulesTests {
    @Test func placeholdersResolveAndUnresolvedOnesAreRemoved() {
        let values = ["player_name": "Sara", "evil": "{points}"]
        #expect(Personalization.resolve("Thanks, {player_name}!", values: values) == "Thanks, Sara!")
        #expect(Personalization.resolve("You earned {points} points.", values: values) == "You earned  points.")
        #expect(Personalization.resolve("{evil}", values: values) == "{points}")
        #expect(Personalization.resolve("a { b } {} {x", values: values) == "a { b } {} {x")
        #expect(Personalization.containsPlaceholder("Hi {name}"))
        #expect(!Personalization.containsPlaceholder("Hi {}"))
    }

    @Test func quietHoursAreHalfOpenAndMaySpanMidnight() {
        let night = QuietHours(start: 22 * 60, end: 7 * 60)
        #expect(night.contains(secondsOfDay: 22 * 3600))
        #expect(night.contains(secondsOfDay: 0))
        #expect(night.contains(secondsOfDay: 7 * 3600 - 0.001))
        #expect(!night.contains(secondsOfDay: 7 * 3600))
        #expect(!night.contains(secondsOfDay: 22 * 3600 - 1))
        let day = QuietHours(start: 9 * 60, end: 17 * 60)
        #expect(day.contains(secondsOfDay: 9 * 3600))
        #expect(!day.contains(secondsOfDay: 17 * 3600))
        #expect(!QuietHours(start: 60, end: 60).contains(secondsOfDay: 60 * 60))
        #expect(night.label == "22:00-07:00")
        #expect(QuietHours.minutes("24:00") == nil)
        #expect(QuietHours.minutes("7:00") == nil)
    }

    @Test func localTimeOfDayUsesTheOffset() {
        let time = EngineTime(uptime: 0, utc: Date(timeIntervalSince1970: 20 * 3600), utcOffset: 2 * 3600)
        #expect(time.localSecondsOfDay == 22 * 3600)
        let west = EngineTime(uptime: 0, utc: Date(timeIntervalSince1970: 3600), utcOffset: -2 * 3600)
        #expect(west.localSecondsOfDay == 23 * 3600)
    }

    @Test func sequentialEventIdsAreDistinctUUIDs() {
        var ids = SequentialEventIds()
        let first = ids.nextId()
        let second = ids.nextId()
        #expect(first.uuidString.lowercased() == "00000000-0000-4000-8000-000000000001")
        #expect(second.uuidString.lowercased() == "00000000-0000-4000-8000-000000000002")
    }

    @Test func numericStringsMustLookLikeDecimals() {
        #expect(JSONValue.string("1e3").numericValue == 1000)
        #expect(JSONValue.string("-2.5").numericValue == -2.5)
        #expect(JSONValue.string("0x10").numericValue == nil)
        #expect(JSONValue.string("inf").numericValue == nil)
        #expect(JSONValue.string(" 1").numericValue == nil)
        #expect(JSONValue.string("").numericValue == nil)
    }
}

@Suite struct JSONValueTests {
    @Test func zeroAndOneStayNumbersAndBooleansStayBooleans() {
        #expect(
            JSONValue.parse("[0,1,true,false,1.5,null]")
                == .array([.number(0), .number(1), .bool(true), .bool(false), .number(1.5), .null]))
        #expect(JSONValue.parse(#"{"a":{"b":"c"}}"#)?["a"]?["b"] == .string("c"))
        #expect(JSONValue.parse("{") == nil)
    }
}
