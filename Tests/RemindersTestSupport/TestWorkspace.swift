import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersStore
import TestFolders

/// A workspace whose files all live in a temporary folder (HOME and the XDG folders under it),
/// in a named day zone, with the notices it says kept for the test to read.
public final class TestWorkspace {
  public let folder: TemporaryFolder
  public let workspace: Workspace
  private let said: NoticeLog

  public init(
    zone: String = "Asia/Tokyo", language: Language = .en, configuration: Configuration = .standard
  ) throws {
    folder = try TemporaryFolder()
    let paths = try Paths(environment: ["HOME": folder.path], userHome: { nil })
    let log = NoticeLog()
    said = log
    workspace = Workspace(
      paths: paths, configuration: configuration, dayClock: DayClock(zone: TimeZone(identifier: zone)!),
      zoneName: zone, language: language, notices: { log.notices.append($0) })
  }

  /// What the use cases said on the way, oldest first.
  public var notices: [Workspace.Notice] { said.notices }

  public var dayClock: DayClock { workspace.dayClock }

  /// Replaces the deck on disk with `deck`.
  public func save(_ deck: Deck) throws {
    try workspace.deckStore.update(clock: dayClock) { $0.deck = deck }
  }

  /// The deck on disk, the journal applied.
  public func deck() throws -> Deck { try workspace.deckStore.load().deck }
}

/// The notices a test workspace was given.
final class NoticeLog {
  var notices: [Workspace.Notice] = []
}
