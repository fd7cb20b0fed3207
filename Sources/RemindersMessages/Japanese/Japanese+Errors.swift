extension Japanese: ErrorsMessages {
  public var focusRunning: String { "集中セッションが進行中です（reminders focus stop で終了できます）" }
  public func folderMissing(path: String, folder: String) -> String {
    "\(path): フォルダ \(folder) がありません（reminders は頼まれていないフォルダを作りません）"
  }
  public func noSuchCollection(_ name: String, deck: String, nearest: String?, collections: Int) -> String {
    let hint =
      if let nearest { "。近いのは「\(nearest)」です" } else if collections > 0 {
        "（\(collections) 個のコレクションに近い名前はありません。reminders cards list で確認できます）"
      } else { "（どのカードにもコレクションがありません）" }
    return "\(deck) にコレクション「\(name)」はありません" + hint
  }

  public func focusLeftOut(_ error: String) -> String {
    error + "（集中セッションは無視します。reminders focus stop でこのファイルを脇に置きます）"
  }

  public func focusSetAside(_ error: String, as aside: String) -> String { error + "（\(aside) として脇に置きました）" }

  public func alarmsLeftOut(_ error: String) -> String {
    error + "（新しいアラームは鳴りません。鳴っているアラームは鳴り続けます。ファイルを直すか消してください）"
  }

  public func corrupt(place: String, reason: String) -> String { "\(place): 内容を読み取れません: \(reason)" }

  public func unusableTZ(_ value: String) -> String {
    "TZ=\(value): 使えないタイムゾーンです（Asia/Tokyo のようなゾーン名、/usr/share/zoneinfo の下のゾーンファイル、"
      + "UTC-9 のような固定の時差のいずれかを指定してください。設定の time.zone があればそちらを使います）"
  }

  public func badConfig(place: String, key: String?, reason: String) -> String {
    "\(place): 設定が正しくありません: " + [key, reason].compactMap { $0 }.joined(separator: ": ")
  }

  public func homeUnknown(userID: UInt32) -> String {
    "HOME が絶対パスに設定されておらず、ユーザーデータベースにも uid \(userID) のホームフォルダーがありません。"
      + "HOME にホームフォルダーを設定してください"
  }
  public func unreadable(path: String, problem: String) -> String { "\(path): 読めません: \(problem)" }
  public func cannotWrite(path: String, problem: String) -> String { "\(path): 書き込めません: \(problem)" }

  public var standardOutput: String { "標準出力" }

  public func locked(path: String, seconds: Int) -> String {
    "\(path): 別の reminders の処理が \(seconds) 秒を超えてロックを保持していました"
  }

  public func fileProblem(_ problem: FileTrouble) -> String {
    switch problem {
    case .missing: "ファイルがありません"
    case .noSpace(let system): "ディスクに空きがありません（\(system)）"
    case .denied(let system): "権限がありません（\(system)）"
    case .system(let system): system
    case .notRegularFile(let kind): "通常のファイルではありません（\(kindName(kind))）"
    case .danglingLink(let target): "\(target) へのシンボリックリンクですが、その置き場所のフォルダーがありません"
    }
  }

  /// `名前付きパイプ（FIFO）`.
  func kindName(_ kind: FileKindName) -> String {
    switch kind {
    case .regular: "通常のファイル"
    case .directory: "フォルダー"
    case .namedPipe: "名前付きパイプ（FIFO）"
    case .socket: "ソケット"
    case .characterDevice: "キャラクターデバイス"
    case .blockDevice: "ブロックデバイス"
    case .symbolicLink: "シンボリックリンク"
    case .unknown: "特殊なファイル"
    }
  }

}
