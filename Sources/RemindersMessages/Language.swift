/// The language reminders speak.
public enum Language: String, Sendable, CaseIterable {
  case ja
  case en

  /// `ja` when the first set of `LC_ALL`, `LC_MESSAGES`, `LANG` starts with `ja`, else `en`.
  ///
  /// The caller passes the environment; the core reads none.
  public static func fromLocale(_ environment: [String: String]) -> Language {
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[key], !value.isEmpty { return value.hasPrefix("ja") ? .ja : .en }
    }
    return .en
  }
}

extension Language {
  /// Every text in this language.
  public var words: any Catalogue {
    switch self {
    case .ja: Japanese()
    case .en: English()
    }
  }
}
