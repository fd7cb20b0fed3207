import RemindersCore
import RemindersStore

extension Language {
  /// `resolve` for a command that builds no `Invocation`: it reads the config itself, and a
  /// config that is missing, unreadable or broken counts as `auto`.
  static func lenient(_ global: GlobalOptions, environment: [String: String]) -> Language {
    lenient(global.values, environment: environment)
  }

  /// `lenient` from the global options' values, however they were found (parsed, or read from
  /// the raw arguments when an error is said).
  static func lenient(_ options: [GlobalOption: String], environment: [String: String]) -> Language {
    if let language = options[.lang].flatMap(Language.init(rawValue:)) { return language }
    let configured: LanguageSetting? = {
      guard
        let paths = try? Paths.forCommand(
          environment: environment, config: options[.config], deck: options[.deck],
          stateDir: options[.stateDir]),
        let bytes = try? FileIO.read(paths.config),
        let configuration = try? Configuration.parse(bytes, path: paths.config, home: paths.home)
      else { return nil }
      return configuration.language
    }()
    return resolve(lang: nil, configured: configured, environment: environment)
  }
}
