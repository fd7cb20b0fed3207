import Foundation
import RemindersDictionary
import RemindersStore

/// The dictionary's candidates for a card's back (docs/dictionary.md): config `dictionary.path`
/// opened with its index in the cache folder, looked in for `word` (a conjugated word as its
/// dictionary form), at most config `dictionary.candidates` of them. `lookup`, `cards add FRONT`
/// and the app's Cards page all ask here.
public struct CardCandidates {
  public let workspace: Workspace

  public init(workspace: Workspace) { self.workspace = workspace }

  public func look(_ word: String) throws(DictionaryError) -> DictionaryLookup {
    let index = try EdictIndex.open(
      dictionary: workspace.configuration.dictionaryPath, cacheDir: workspace.paths.cacheDir)
    return DictionaryLookup.look(word, in: index, limit: workspace.configuration.candidates)
  }
}
