import Foundation
import RemindersApp
import RemindersGtk
import RemindersMessages
import RemindersReports
import RemindersStore

/// Settings (docs/app.md#settings): the settings a learner changes most, each written as `config
/// set` writes it — the App layer's `SettingsFile`: atomic, comments kept, the same refusals in
/// the same words (Reports' `SettingsErrorText`), shown under the rows.
@MainActor
final class SettingsPage {
  /// A row typed in, and the key it sets.
  struct Typed {
    let key: String
    let row: EntryRow
    let name: (any Catalogue) -> String
  }

  /// A row of choices, the key it sets and the values its choices write.
  struct Chosen {
    let key: String
    let row: ComboRow
    let name: (any Catalogue) -> String
    let values: [String]
    let choices: (any Catalogue) -> [String]
  }

  let root: Widget
  let reminders = PreferencesGroup(title: "")
  let study = PreferencesGroup(title: "")
  let display = PreferencesGroup(title: "")
  var typed: [Typed] = []
  /// What each typed row was last given from the file, to tell an edit from it.
  var shownText: [String: String] = [:]
  var chosen: [Chosen] = []
  /// What the last change did, or why it was refused: read out when it changes.
  let status = Label()
  var file: SettingsFile?
  var language: Language = .en
  /// Set while the rows are filled from the file, so that filling them writes nothing.
  var filling = false
  /// A change was written: the window reads the workspace again.
  let onChange: @MainActor () -> Void

  init(onChange: @escaping @MainActor () -> Void) {
    self.onChange = onChange
    let page = PreferencesPage()
    let column = Box(.vertical, spacing: 0)
    root = column
    for group in [reminders, study, display] { page.add(group) }
    func entry(_ key: String, _ group: PreferencesGroup, _ name: @escaping (any Catalogue) -> String) {
      let row = EntryRow(title: "", apply: "")
      group.add(row)
      typed.append(Typed(key: key, row: row, name: name))
    }
    func combo(
      _ key: String, _ group: PreferencesGroup, _ name: @escaping (any Catalogue) -> String, values: [String],
      choices: @escaping (any Catalogue) -> [String]
    ) {
      let row = ComboRow(title: "", choices: values)
      group.add(row)
      chosen.append(Chosen(key: key, row: row, name: name, values: values, choices: choices))
    }
    entry("daily.time", reminders) { $0.dailyTimeSetting }
    entry("daily.again", reminders) { $0.dailyAgainSetting }
    entry("window.start", reminders) { $0.windowStartSetting }
    entry("window.end", reminders) { $0.windowEndSetting }
    entry("quiet.hours", reminders) { $0.quietHoursSetting }
    entry("review.drip", reminders) { $0.dripSetting }
    combo("review.in", reminders, { $0.reviewInSetting }, values: ["popup", "terminal", "app"]) {
      [$0.popupChoice, $0.terminalChoice, $0.appChoice]
    }
    entry("study.new_per_day", study) { $0.newPerDaySetting }
    combo("study.scheduler", study, { $0.schedulerSetting }, values: ["ladder", "fsrs"]) {
      [$0.ladderChoice, $0.fsrsChoice]
    }
    entry("study.fsrs.desired_retention", study) { $0.retentionSetting }
    combo("language", display, { $0.languageSetting }, values: ["auto", "ja", "en"]) {
      [$0.automaticChoice, "日本語", "English"]
    }
    status.setTextAlignment(0)
    status.setMargins(12)
    status.isVisible = false
    column.append(page)
    column.append(status)
    page.expand(horizontally: true, vertically: true)
    for item in typed {
      let key = item.key
      item.row.onApply { [unowned self] in self.change(key, to: item.row.text) }
    }
    for item in chosen {
      let key = item.key
      let values = item.values
      item.row.onSelected { [unowned self] in
        guard !self.filling, values.indices.contains(item.row.selected) else { return }
        self.change(key, to: values[item.row.selected])
      }
    }
  }

  /// The rows, in `language`, with the values of `file` (the file's, else the defaults).
  func show(_ file: SettingsFile, language: Language) {
    self.file = file
    self.language = language
    let words = language.words
    reminders.setTitle(words.remindersGroup)
    study.setTitle(words.studyGroup)
    display.setTitle(words.displayGroup)
    filling = true
    defer { filling = false }
    let shown = (try? file.show()) ?? []
    func value(_ key: String) -> String? { shown.first { $0.key == key }?.typed }
    for item in typed {
      item.row.setTitle(item.name(words), apply: words.applyAction)
      // A row being typed in, or typed in and not applied (or refused), keeps what is typed: a
      // reading of the file after a change made elsewhere must not wipe it.
      let now = value(item.key) ?? ""
      let edited = shownText[item.key].map { item.row.text != $0 } ?? false
      if !item.row.hasFocus && !edited { item.row.text = now }
      shownText[item.key] = now
    }
    for item in chosen {
      item.row.setTitle(item.name(words))
      item.row.setChoices(item.choices(words))
      item.row.selected = item.values.firstIndex(of: value(item.key) ?? "") ?? 0
    }
  }

  /// `config set KEY VALUE`, from the page: the same change, or the same refusal.
  func change(_ key: String, to value: String) {
    guard let file else { return }
    let words = language.words
    do {
      let changes = try file.set(key, to: value)
      status.message =
        changes.isEmpty
        ? words.settingUnchanged(key, value: value, path: file.path)
        : changes.map { words.settingChanged($0.key, from: $0.before, to: $0.after) }.joined(separator: "\n")
      onChange()
    } catch let error as SettingsError {
      status.message = SettingsErrorText(language: language).text(error, path: file.path)
    } catch {
      status.message = ErrorWords(language: language).line(error)
    }
  }
}
