import RemindersCore
import RemindersStore

extension Configuration {
  /// The config as far as a command that builds no `Invocation` can read it (help, the parser's
  /// messages, `config`, `timer`): the file the global options name, parsed; nil when it is
  /// missing, unreadable or broken (then every setting counts as its default).
  static func lenient(_ options: [GlobalOption: String], environment: [String: String]) -> Configuration? {
    guard
      let paths = try? Paths.forCommand(
        environment: environment, config: options[.config], deck: options[.deck], stateDir: options[.stateDir]
      ),
      let bytes = try? FileIO.read(paths.config)
    else { return nil }
    return try? Configuration.parse(bytes, path: paths.config, home: paths.home)
  }
}

extension Language {
  /// `resolve` for a command that builds no `Invocation`: it reads the config itself, and a
  /// config that is missing, unreadable or broken counts as `auto`.
  static func lenient(_ global: GlobalOptions, environment: [String: String]) -> Language {
    lenient(global.values, environment: environment)
  }

  /// `lenient` from the global options' values, however they were found (parsed, or read from
  /// the raw arguments when an error is said).
  static func lenient(_ options: [GlobalOption: String], environment: [String: String]) -> Language {
    // `--lang` named a language: no config to read.
    if let language = options[.lang].flatMap(Language.init(rawValue:)) { return language }
    return lenient(
      options, configuration: Configuration.lenient(options, environment: environment),
      environment: environment)
  }

  /// `lenient` for a config already read leniently.
  static func lenient(
    _ options: [GlobalOption: String], configuration: Configuration?, environment: [String: String]
  )
    -> Language
  {
    resolve(lang: options[.lang], configured: configuration?.language, environment: environment)
  }
}
