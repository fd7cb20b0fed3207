import Foundation
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// What the files of a workspace look like to `stat`: the desktop app reads its pages again when
/// this changes (a card answered in a terminal, a setting changed by `config set`), at the cost
/// of a few `stat` calls a second, never a read of the deck (docs/app.md, "Changes made elsewhere").
public struct WorkspaceStamp: Equatable, Sendable {
  /// A file as `stat` sees it; nil when it is not there.
  public struct File: Equatable, Sendable {
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64
    public var modifiedNanoseconds: Int64
  }

  public var files: [File?]

  /// The stamp of `paths` now.
  public init(paths: [String]) {
    files = paths.map { path in
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      return File(
        inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec),
        modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }
  }
}

extension Workspace {
  /// The files whose change changes what the app shows: the deck and its journal, the config, the
  /// ledger, the focus session and the alarms.
  public var watchedPaths: [String] {
    [
      paths.deck, deckStore.journal.path, paths.config, paths.ledger, focusStore.path, paths.alarms,
    ]
  }
}
