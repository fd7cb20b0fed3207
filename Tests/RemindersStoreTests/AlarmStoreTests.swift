import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// `alarms.json` (docs/alarms.md#alarm-list-and-the-file): read strictly, written atomically
/// (0600), unknown fields kept, a bad file never overwritten; the ledger's ring fields; `[alarm]`
/// in the config.
@Suite struct AlarmStoreTests {
  static let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

  static func folder() throws -> String {
    let path = try TemporaryFolder.make("reminders-alarms")
    return path
  }

  static let file = """
    {
      "alarms": [
        {"at": "07:00", "date": null, "days": ["mon", "fri"], "enabled": true, "id": "a1b2c3d4", "name": "Office",
         "place": {"latitude": 35.681236, "longitude": 139.767125}, "radius": 100,
         "setAt": "2026-11-01T09:00:00+09:00", "snoozeTone": "bell"},
        {"at": "18:30", "date": "2026-12-24", "enabled": false, "id": "e5f6a7b8", "name": "Station",
         "place": {"latitude": -33.8688, "longitude": 151.2093}, "radius": 250.5, "setAt": "2026-11-02T10:00:00+09:00"}
      ],
      "sharedWith": ["phone"],
      "version": 1
    }
    """

  @Test func readsAndRewritesKeepingUnknownFields() throws {
    let stored = try AlarmStore.decode(Array(AlarmStoreTests.file.utf8), path: "alarms.json")
    #expect(stored.alarms.count == 2)
    let office = stored.alarms[0]
    #expect(office.days == .weekdays([1, 5]) && office.time == WallTime("07:00") && office.radius == 100)
    #expect(office.place == GeoPoint(latitude: 35.681236, longitude: 139.767125))
    #expect(stored.alarms[1].days == .once(Day(iso: "2026-12-24")!) && !stored.alarms[1].enabled)
    let bytes = AlarmStore.encode(stored, clock: AlarmStoreTests.clock)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"snoozeTone\": \"bell\"") && text.contains("\"sharedWith\": [\"phone\"]"))
    #expect(try AlarmStore.decode(bytes, path: "alarms.json") == stored)
  }

  /// A file that does not parse or holds a wrong value: an error naming the file and the place,
  /// and `update` writes nothing.
  @Test(arguments: [
    ("{\"version\": 1, \"alarms\": [", "alarms.json:1:27: expected a number"),
    ("{\"version\": 2}", "alarms.json: version: expected 1"),
    ("{\"version\": 1, \"alarms\": {}}", "alarms.json: alarms: expected a list of alarms"),
    (
      "{\"version\": 1, \"alarms\": [{\"id\": \"a1\", \"name\": \"x\", \"at\": \"7h00\"}]}",
      "alarms.json: alarms[0].at: expected a time HH:MM"
    ),
    (
      "{\"version\": 1, \"alarms\": [{\"id\": \"a1\", \"name\": \"x\", \"at\": \"07:00\", \"days\": [\"mo\"]}]}",
      "alarms.json: alarms[0].days: expected a list of weekdays such as [\"mon\", \"tue\"]"
    ),
    (
      "{\"version\": 1, \"alarms\": [{\"id\": \"a1\", \"name\": \"x\", \"at\": \"07:00\", \"days\": [\"mon\"], \"place\": {\"latitude\": 95, \"longitude\": 0}}]}",
      "alarms.json: alarms[0].place: expected {\"latitude\": -90…90, \"longitude\": -180…180}"
    ),
  ])
  func badFilesAreRefused(text: String, message: String) throws {
    #expect(throws: StoreError.self) { try AlarmStore.decode(Array(text.utf8), path: "alarms.json") }
    do {
      _ = try AlarmStore.decode(Array(text.utf8), path: "alarms.json")
    } catch let error as StoreError {
      #expect(error.description == message)
    }
    let folder = try AlarmStoreTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = AlarmStore(path: folder + "/alarms.json", lockPath: folder + "/alarms.lock")
    try text.write(toFile: store.path, atomically: true, encoding: .utf8)
    #expect(throws: StoreError.self) {
      try store.update(clock: AlarmStoreTests.clock) { $0.alarms.removeAll() }
    }
    #expect(try String(contentsOfFile: store.path, encoding: .utf8) == text)
  }

  @Test func writesPrivatelyAndAtomically() throws {
    let folder = try AlarmStoreTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = AlarmStore(path: folder + "/data/alarms.json", lockPath: folder + "/state/alarms.lock")
    #expect(try store.load().alarms.isEmpty)
    let alarm = Alarm(
      id: "a1b2c3d4", name: "Gym", time: WallTime("06:15")!, days: .once(Day(iso: "2026-11-30")!),
      place: GeoPoint("35.5,139.5")!, radius: 50, setAt: Date(timeIntervalSince1970: 1_790_000_000))
    try store.update(clock: AlarmStoreTests.clock) { $0.alarms.append(alarm) }
    #expect(try store.load().alarms == [alarm])
    let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // Nothing changed: the file is not rewritten.
    let before = try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date
    usleep(20_000)
    try store.update(clock: AlarmStoreTests.clock) { _ in }
    #expect(
      try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date == before)
  }

  /// A ring's fields in the ledger round-trip; a sound that is not three whole numbers is refused.
  @Test func ringFieldsInTheLedger() throws {
    let entry = DeliveryLedger.Entry(
      reminderID: "alarm:a1b2c3d4:2026-11-23", deliveredAt: Date(timeIntervalSince1970: 1_795_000_000),
      channel: .popup, notificationID: 7, recallItemIDs: [], title: "Alarm: Office",
      stoppedAt: Date(timeIntervalSince1970: 1_795_000_300),
      sound: SoundProcess(pid: 42, group: 41, startTicks: 99),
      soundProblem: "none")
    let ledger = DeliveryLedger(entries: [entry])
    let bytes = LedgerStore.encode(ledger, extras: [:], entries: [:], clock: AlarmStoreTests.clock)
    #expect(try LedgerStore.decode(bytes, path: "ledger.json").0 == ledger)
    let bad = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
      of: "\"pid\": 42", with: "\"pid\": -1")
    #expect(throws: StoreError.self) { try LedgerStore.decode(Array(bad.utf8), path: "ledger.json") }
  }

  @Test func alarmConfig() throws {
    let config = try Configuration.parse(
      "[alarm]\nsound = [\"paplay\", \"/tmp/bell.oga\"]\nlocation_timeout = \"10s\"\n", path: "c.toml",
      home: "/h")
    #expect(config.alarmSound == ["paplay", "/tmp/bell.oga"] && config.locationTimeout == 10)
    #expect(try Configuration.parse("[alarm]\nsound = []\n", path: "c.toml", home: "/h").alarmSound == [])
    #expect(Configuration.standard.alarmSound == nil && Configuration.standard.locationTimeout == 30)
    for (text, key) in [
      ("[alarm]\nsound = \"paplay\"", "alarm.sound"), ("[alarm]\nsound = [\"\"]", "alarm.sound"),
      ("[alarm]\nsound = [1]", "alarm.sound"),
      ("[alarm]\nlocation_timeout = \"0s\"", "alarm.location_timeout"),
      ("[alarm]\nlocation_timeout = \"1h\"", "alarm.location_timeout"),
      ("[alarm]\nvolume = 3", "alarm.volume"),
    ] {
      #expect(throws: StoreError.self) { try Configuration.parse(text, path: "c.toml", home: "/h") }
      do {
        _ = try Configuration.parse(text, path: "c.toml", home: "/h")
      } catch let StoreError.badConfig(_, reported, _, _) {
        #expect(reported == key, "\(text)")
      }
    }
  }
}
