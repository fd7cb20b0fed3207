import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// `reminders config`: the settings of the config file, shown and changed (docs/configuration.md).
///
/// It reads the file itself rather than through `Invocation`: a file that every other command
/// refuses (a daily time after the window) must still be shown and put right here.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .config, name: "config", subcommands: [PathCommand.self, Show.self, Set.self, Unset.self])

  struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration.described(.configPath, name: "path")
    @OptionGroup var global: GlobalOptions

    func run() throws { print(try ConfigCommand.file(global).path) }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration.described(.configShow, name: "show")
    @OptionGroup var global: GlobalOptions
    @Flag(help: .catalogue(.jsonInsteadOfTable)) var json = false

    func run() throws {
      let environment = ProcessInfo.processInfo.environment
      let file = try ConfigCommand.file(global)
      // The language once: it reads the config file (a long one costs its reading each time).
      let language = ConfigCommand.language(global)
      let words = language.words
      let fromEnvironment: Swift.Set<String> = (environment["TZ"] ?? "").isEmpty ? [] : ["time.zone"]
      let settings = try ConfigCommand.saying(language, path: file.path) {
        try file.show(environment: fromEnvironment)
      }
      let zone =
        (try? DayZone.resolve(configured: nil, environment: environment).name) ?? TimeZone.current.identifier
      func value(_ shown: SettingsFile.Shown) -> String {
        guard let value = shown.value else {
          return shown.key == "time.zone" && shown.source == .environment
            ? (environment["TZ"] ?? "") : words.runtimeDefault(shown.key, zone: zone)
        }
        return value + (shown.movedTo.map { " " + words.movedByWindow(to: $0.description) } ?? "")
      }
      func source(_ source: SettingsFile.Source) -> SettingSourceWord {
        switch source {
        case .standard: .standard
        case .file: .file
        case .environment: .environment
        }
      }
      if json {
        let rows: [OrderedJSON] = settings.map { shown in
          .object([
            ("key", .string(shown.key)),
            ("value", .string(value(shown))),
            ("source", .string(shown.source.rawValue)),
            ("movedTo", shown.movedTo.map { .string($0.description) } ?? .null),
          ])
        }
        print(OrderedJSON.object([("path", .string(file.path)), ("settings", .array(rows))]).rendered())
        return
      }
      print(file.path)
      var rows = [words.settingsColumns]
      for shown in settings {
        rows.append([shown.key, value(shown), words.settingSource(source(shown.source))])
      }
      print(TextTable.render(rows), terminator: "")
    }
  }

  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration.described(.configSet, name: "set")
    @OptionGroup var global: GlobalOptions
    @Argument(help: .catalogue(.settingKey, valueName: "key")) var key: String
    @Argument(help: .catalogue(.settingValue, valueName: "value")) var value: String
    @Flag(help: .catalogue(.moveWindow)) var moveWindow = false

    func run() throws {
      let file = try ConfigCommand.file(global)
      // The language once: it reads the config file (a long one costs its reading each time).
      let language = ConfigCommand.language(global)
      let words = language.words
      let changes = try ConfigCommand.saying(language, path: file.path) {
        try file.set(key, to: value, moveWindow: moveWindow)
      }
      ConfigCommand.report(changes, key: key, file: file, words: words)
    }
  }

  struct Unset: ParsableCommand {
    static let configuration = CommandConfiguration.described(.configUnset, name: "unset")
    @OptionGroup var global: GlobalOptions
    @Argument(help: .catalogue(.settingKey, valueName: "key")) var key: String

    func run() throws {
      let file = try ConfigCommand.file(global)
      // The language once: it reads the config file (a long one costs its reading each time).
      let language = ConfigCommand.language(global)
      let words = language.words
      let changes = try ConfigCommand.saying(language, path: file.path) {
        try file.unset(key)
      }
      ConfigCommand.report(changes, key: key, file: file, words: words)
    }
  }

  static func file(_ global: GlobalOptions) throws -> SettingsFile {
    let paths = try Paths.forCommand(
      environment: ProcessInfo.processInfo.environment, config: global.config, deck: global.deck,
      stateDir: global.stateDir, lang: global.lang)
    return SettingsFile(path: paths.config, home: paths.home)
  }

  static func language(_ global: GlobalOptions) -> Language {
    Language.lenient(global, environment: ProcessInfo.processInfo.environment)
  }

  /// What changed, a line each, and where; or that nothing did. Values and the path as a
  /// terminal shows them (`VisibleCharacters`): a value may hold any character TOML allows.
  static func report(_ changes: [SettingsFile.Change], key: String, file: SettingsFile, words: any Catalogue)
  {
    let shown = { (text: String) in VisibleCharacters.of(text) }
    guard !changes.isEmpty else {
      let current = try? file.show().first { $0.key == key.lowercased() }
      print(
        words.settingUnchanged(
          key.lowercased(), value: current?.source == .file ? current?.value.map(shown) : nil,
          path: shown(file.path)))
      return
    }
    for change in changes {
      print(words.settingChanged(change.key, from: change.before.map(shown), to: change.after.map(shown)))
    }
    print(words.settingsSaved(in: shown(file.path)))
  }

  /// `body`, its refusals in words (Reports' `SettingsErrorText`, as the app says them) with
  /// their exit codes: 64 for a key, a value or a change the file refuses.
  static func saying<T>(_ language: Language, path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SettingsError {
      let text = SettingsErrorText(language: language).text(error, path: path)
      if case .refused = error { throw CommandFailure(text, code: ExitStatus.usage) }
      throw UsageError(text)
    }
  }
}
