import CLITestSupport
import Foundation
import Testing

/// `reminders doctor` with no bus at all (against dunst, and a bus without a notification
/// server: DoctorTests in CLIDesktopTests).
@Suite(.serialized) struct DoctorTests: DoctorFixtures {
  @Test func noBusMeansFallbackAndExit1() throws {
    let bin = try home(nil)
    let (result, root) = try doctor(bin)
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    let bus = try #require(root["bus"] as? [String: Any])
    #expect(bus["answers"] as? Bool == false)
    #expect((bus["error"] as? String)?.contains("no session bus") == true)
    #expect(root["server"] is NSNull)
    let verdict = try #require(root["verdict"] as? [String: Any])
    #expect(verdict["delivery"] as? String == "fallback")
    #expect(verdict["exitCode"] as? Int == 1)
    let message = try #require(verdict["message"] as? String)
    #expect(
      message.hasPrefix(
        "reminders will fall back to the calendar file \(bin.home)/data/reminders/fallback.ics: no session bus"
      ))
    let text = try bin.run("doctor")
    #expect(text.status == 1)
    #expect(text.stdout.split(separator: "\n").last == "verdict: \(message)")
  }

  /// `dictionary.path` naming a folder or a named pipe stops no reminder (`run` never opens
  /// the dictionary, and exits 0): the verdict is the delivery's, with a note for `lookup`.
  @Test func aDictionaryThatCannotBeReadStopsNoReminder() throws {
    let bin = try home(nil)
    let fifo = bin.home + "/edict.fifo"
    try #require(mkfifo(fifo, 0o600) == 0)
    for path in [bin.home, fifo] {
      try bin.writeConfig("[dictionary]\npath = \"\(path)\"\n")
      let (result, root) = try doctor(bin)
      #expect(result.status == 1, "no bus: it falls back")
      let verdict = try #require(root["verdict"] as? [String: Any])
      #expect(verdict["delivery"] as? String == "fallback", "\(path)")
      let message = try #require(verdict["message"] as? String)
      #expect(!message.contains("stops"), "\(message)")
      #expect(message.contains("lookup and cards add FRONT cannot read the dictionary"), "\(message)")
      #expect(try bin.run("run", "--now", "2026-11-21T07:00:00+09:00").status == 0)
    }
  }

  /// Every file `run` reads: missing, private, shared, unparsable; doctor writes nothing.
  @Test func filesAreCheckedAndNothingIsWritten() throws {
    let bin = try home(nil)
    try bin.writeConfig("[fallback]\npath = \"\(bin.home)/calendar/mine.ics\"\n")
    chmod(bin.configPath, 0o644)
    try bin.writeDeck("{\"version\": 1, \"cards\": [}")
    chmod(bin.deckPath, 0o600)
    let before = bin.snapshot()
    let (result, root) = try doctor(bin)
    #expect(bin.snapshot() == before)
    #expect(result.status == 1)
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(
      files.map { $0["role"] as? String } == [
        "config", "deck", "ledger", "held", "fallback", "alarms", "dictionary",
      ])
    let config = files[0]
    #expect(config["parses"] as? Bool == true)
    #expect(config["mode"] as? String == "0644")
    #expect(config["private"] as? Bool == false)
    let deck = files[1]
    #expect(deck["readable"] as? Bool == true)
    #expect(deck["parses"] as? Bool == false)
    #expect(deck["mode"] as? String == "0600")
    #expect(deck["private"] as? Bool == true)
    #expect((deck["problem"] as? String)?.hasPrefix("\(bin.deckPath):1:") == true)
    #expect(files[2]["exists"] as? Bool == false)
    // The fallback path follows the config.
    #expect(files[4]["path"] as? String == "\(bin.home)/calendar/mine.ics")
    let verdict = try #require(root["verdict"] as? [String: Any])
    #expect(verdict["delivery"] as? String == "broken")
    #expect((verdict["message"] as? String)?.hasPrefix("reminders run stops on \(bin.deckPath):1:") == true)

    // The same deck, repaired: the verdict is about the bus again.
    try bin.writeDeck("{\"version\": 1, \"cards\": []}")
    let (_, repaired) = try doctor(bin)
    #expect((repaired["verdict"] as? [String: Any])?["delivery"] as? String == "fallback")
  }
}
