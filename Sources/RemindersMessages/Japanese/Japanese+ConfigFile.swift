extension Japanese: ConfigFileMessages {
  public func configProblem(_ problem: ConfigProblem) -> String {
    switch problem {
    case .notUTF8: "UTF-8 のテキストではありません"
    case .controlCharacter(let byte):
      "TOML のテキストに\(byte == 0 ? " NUL バイト" : "制御文字")（U+\(ConfigWords.code(byte))）は書けません"
    case .tableName: "「[」の後にはテーブル名（英字、数字、「_」、「-」、または引用符で囲んだ名前）を書きます"
    case .arrayValue: "配列の中には値か「]」を書きます"
    case .syntax(let problem): "TOML として読めません: " + tomlProblem(problem)

    case .unknownKey: "不明なキーです"
    case .notTable(let name): "テーブル [\(name)] として書きます"
    case .notString: "引用符で囲んだ文字列を指定します"
    case .notFlag: "true か false を指定します"
    case .emptyPath: "ファイルのパスを指定します（空ではなく）"

    case .language(let got): "ja、en、auto のどれかを指定します（\(got) ではなく）"
    case .timeZone(let got): "不明なタイムゾーンです: \(got)（Asia/Tokyo のような IANA の名前を指定します）"
    case .time(let got, let orOff):
      "00:00 から 23:59 までの時刻 HH:MM\(orOff ? " か off" : "") を指定します（\(got) ではなく）"
    case .duration(let got, let orOff):
      "10m、3h、1h30m のような時間の長さ\(orOff ? "か off" : "")を指定します（\(got) ではなく）"
    case .windowEnd(let end, let start): "\(end) が window.start の \(start) より後ではありません"
    case .quietHoursList: "[\"12:00-13:00\"] のようなリストを指定します"
    case .quietRange(let got): "両端の異なる範囲 \"HH:MM-HH:MM\" を指定します（\(got) ではなく）"
    case .quietCoversWindow: "静かな時間が時間帯の全体を覆っていて、リマインダーが一度も出られません"
    case .dailyAfterWindow(let time, let windowEnd):
      "\(time) は window.end の \(windowEnd) と同じかそれより後なので、毎日のリマインダーがその日のうちに出られません"
        + "（reminders config set daily.time \(time) --move-window で時間帯を動かせます）"
    case .dripTooShort: "1m 以上の時間の長さか off を指定します"
    case .locationTimeout: "1s から 10m までの時間の長さを指定します"

    case .wholeNumber(let from, let to, let example): "\(from) から \(to) までの整数を指定します（例: \(example)）"
    case .zeroOrMore(let example): "0 以上の整数を指定します（例: \(example)）"
    case .oneOrMore: "1 以上の整数を指定します"
    case .minutes(let example): "0 より大きい分数を指定します（例: \(example)）"
    case .newCards(let example):
      "1 日の新しいカードの枚数を 0 以上の整数で指定します\(example.map { "（例: \($0)）" } ?? "")"
    case .days(let from, let to, let example): "\(from) から \(to) までの日数を整数で指定します（例: \(example)）"

    case .terminalCommand:
      "残りの引数を端末で実行するコマンドを文字列のリストで指定します（例: [\"foot\"] や [\"xterm\", \"-e\"]）"
    case .reviewPlace: "\"popup\"、\"terminal\" か \"app\" を指定します"
    case .soundCommand:
      "音を 1 回鳴らすコマンドを文字列のリストで指定します（例: [\"paplay\", "
        + "\"/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga\"]）。鳴らさないときは [] です"

    case .ankiCollection:
      "Anki のコレクションのパスを指定します（例: \"~/.local/share/Anki2/User 1/collection.anki2\"）"
    case .ankiDecks: "最上位のデッキ名のリストを指定します（例: [\"日本語\"]）"
    case .commandWithSpaces(let words):
      "文字列は 1 つのプログラム名として扱います。引数のあるコマンドはリストで書きます（例: [\(ConfigWords.list(words))]）"
    case .ankiCommand: "Anki を起動するコマンドを文字列か文字列のリストで指定します（例: [\"anki\"]）"

    case .calendarURLMissing: "CalDAV カレンダーのアドレスを指定します（例: \"\(ConfigWords.calendarExample)\"）"
    case .calendarURL(let got):
      "\"\(ConfigWords.calendarExample)\" のようなアドレスを、ユーザー・パスワード・クエリを含めずに指定します（\(got) ではなく）"
    case .plainHTTP: "http:// はこのマシンの上（127.0.0.1、::1、localhost）でだけ使えます。https:// を使ってください"
    case .notHTTPS(let got): "https://（このマシンの上なら http://）のアドレスを指定します（\(got) ではなく）"
    case .passwordCommand:
      "パスワードを出力するコマンドを文字列のリストで指定します（例: [\"secret-tool\", \"lookup\", \"service\", \"reminders\"]）"
    case .emptyUserName: "ユーザー名を指定します（空ではなく）"
    case .passwordCommandMissing: "calendar.username には、そのパスワードを出力するコマンド（calendar.password_command）も必要です"
    case .userNameMissing: "calendar.password_command には、それがパスワードであるユーザー名（calendar.username）も必要です"

    case .newPerCollectionTable: "{ \"JLPT N5\" = 10 } のようなテーブルを指定します"
    case .scheduler(let got): "ladder か fsrs を指定します（\(got) ではなく）"
    case .parametersList: "21 個の数のリストを指定します（例: FSRS-6 の既定値 [0.212, 1.2931, …]）"
    case .notNumber(let got): "数を指定します（\(got) ではなく）"
    case .numberCount(let expected, let got): "\(expected) 個の数を指定します（\(got) 個ではなく）"
    case .numberRange(let lower, let upper, let got): "\(lower) から \(upper) までの数を指定します（\(got) ではなく）"
    case .retention(let got): "0 より大きく 1 より小さい数を指定します（例: 0.9。\(got) ではなく）"
    case .fittedDay(let got): "\"2026-12-03\" のような日付を指定します（\(got) ではなく）"
    case .stepsList: "[\"1m\", \"10m\"] のような時間の長さのリストを指定します。なしにするときは [] です"
    case .step(let got): "1m、10m、1d のような時間の長さを指定します（\(got) ではなく）"
    case .maximumInterval(let upTo, let got): "1 から \(upTo) までの日数を整数で指定します（\(got) ではなく）"
    }
  }

  /// Where the text stops being TOML.
  func tomlProblem(_ problem: TOMLProblem) -> String {
    switch problem {
    case .key: "キー（英字、数字、「_」、「-」、または引用符で囲んだ名前）が必要です"
    case .multiLineKey: "キーは 1 行で書きます（複数行の文字列はキーになりません）"
    case .equals: "キーの後に「=」が必要です"
    case .value(let got?):
      "値（引用符で囲んだ文字列、数値、true、false、日付、[リスト]、{ テーブル }）が必要です（\(got) ではなく）"
    case .value(nil): "値が必要です"
    case .lineEnd: "ここで行を終えます（1 行に書けるのは「キー = 値」か「[テーブル]」を 1 つです）"
    case .headerClose(let arrayOfTables): "テーブル名の後に「\(arrayOfTables ? "]]" : "]")」が必要です"
    case .arraySeparator: "配列の項目の後には「,」か「]」を書きます"
    case .inlineTableSeparator: "インラインテーブルの項目の後には、同じ行に「,」か「}」を書きます"
    case .unclosedString: "ここから始まる文字列を閉じる引用符がありません"
    case .closingQuotes: "複数行の文字列の終わりの引用符は 5 つまでです"
    case .escape:
      "バックスラッシュの後には \\b、\\t、\\n、\\f、\\r、\\\"、\\\\、\\uXXXX、\\UXXXXXXXX のどれかを書きます"
    case .unicodeEscape: "\\u（4 桁）や \\U（8 桁）の後には Unicode の文字を表す 16 進数を書きます"
    case .number(let got):
      "7、-1_000、0x1F、1.5、6e-3 のような数値を書きます（先頭に余分な 0 は付けません。\(got) ではなく）"
    case .integerRange(let got):
      "整数は -9223372036854775808 から 9223372036854775807 までです（\(got) ではなく）"
    case .dateTime(let got):
      "1979-05-27、07:32:00、1979-05-27T07:32:00+09:00 のような実在する日付や時刻を書きます（\(got) ではなく）"
    case .nesting(let levels): "リストとインラインテーブルの入れ子は \(levels) 段までです"
    case .duplicateKey(let key): "\(key) はすでに設定されています（キーは 1 回だけ書きます）"
    case .duplicateTable(let name): "[\(name)] はすでに定義されています（テーブルは 1 回だけ書きます）"
    case .closedTable(let name): "\(name) はすでに値、インラインテーブル、またはテーブルとして定義されているので、追加できません"
    case .notArrayOfTables(let name): "\(name) はすでに値かテーブルなので、[[\(name)]] にはできません"
    }
  }
}
